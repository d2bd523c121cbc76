import type { DatabaseHandle } from '../../database/database.js';
import { openWith } from '../../database/test-database.js';
import { MailSendRepository } from './mail-send.repository.js';

describe('MailSendRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: MailSendRepository;
  const send = (createdBy: number, idempotencyKey: string) => ({
    createdBy,
    role: 'chair',
    idempotencyKey,
    request: { to: 'all' },
    templateId: null,
    subject: 'Hello',
    count: 3,
  });

  beforeAll(async () => ({ handle, repo } = await openWith((db) => new MailSendRepository(db))));
  afterAll(() => handle.close());

  it('inserts a send in the transaction and finds it by sender and key', async () => {
    const created = await handle.db.transaction((tx) => repo.insertSend(send(1, 'key-1'), tx));
    expect(created).toEqual({ id: expect.any(Number), ...send(1, 'key-1'), createdAt: expect.any(Date) });
    expect(await repo.findByKey(1, 'key-1')).toEqual(created);
  });

  it('a key belongs to its sender: another sender with the same key finds nothing and may use it', async () => {
    expect(await repo.findByKey(2, 'key-1')).toBeUndefined();
    expect(await repo.findByKey(1, 'key-2')).toBeUndefined();
    await handle.db.transaction((tx) => repo.insertSend(send(2, 'key-1'), tx));
    expect((await repo.findByKey(2, 'key-1'))!.createdBy).toBe(2);
  });

  it('the same sender and key twice is a unique conflict, and the transaction leaves nothing', async () => {
    await expect(handle.db.transaction((tx) => repo.insertSend(send(1, 'key-1'), tx))).rejects.toThrow();
    await expect(
      handle.db.transaction(async (tx) => {
        await repo.insertSend(send(3, 'key-3'), tx);
        expect(await repo.findByKey(3, 'key-3', tx)).toBeDefined();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await repo.findByKey(3, 'key-3')).toBeUndefined();
  });
});
