import type { DatabaseHandle } from '../../database/database.js';
import { openWith } from '../../database/test-database.js';
import { StatusesRepository } from './statuses.repository.js';

describe('StatusesRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: StatusesRepository;

  beforeAll(async () => ({ handle, repo } = await openWith((db) => new StatusesRepository(db))));
  afterAll(() => handle.close());

  it('starts with the migrated default status, found as the default and by id', async () => {
    const [only] = await repo.list();
    expect(only).toMatchObject({ text: 'Awaiting Decision', isDefault: true, isAccepted: false });
    expect(await repo.findDefault()).toEqual(only);
    expect(await repo.findById(only!.id)).toEqual(only);
    expect(await repo.findById(9999)).toBeUndefined();
  });

  it('nextPosition is one after the last position; insert answers the new row', async () => {
    const next = await repo.nextPosition();
    const accepted = await repo.insert({ text: 'Accepted', isAccepted: true, position: next });
    expect(accepted).toEqual({
      id: expect.any(Number),
      text: 'Accepted',
      isAccepted: true,
      isDefault: false,
      position: next,
    });
    expect(await repo.nextPosition()).toBe(next + 1);
  });

  it('lists by position, then id', async () => {
    const a = await repo.insert({ text: 'Rejected', isAccepted: false, position: 0 });
    const b = await repo.insert({ text: 'Shortlisted', isAccepted: false, position: 0 });
    const texts = (await repo.list()).map((s) => s.text);
    expect(texts.slice(0, 2)).toEqual([a.text, b.text]);
    expect(texts).toContain('Accepted');
  });

  it('findByText ignores case and surrounding spaces, and can leave one id out', async () => {
    const accepted = (await repo.findByText('  accepted '))!;
    expect(accepted.text).toBe('Accepted');
    expect(await repo.findByText('ACCEPTED', accepted.id)).toBeUndefined();
    expect(await repo.findByText('Nope')).toBeUndefined();
  });

  it('status texts are unique ignoring case', async () => {
    await expect(repo.insert({ text: 'accepted', isAccepted: false, position: 9 })).rejects.toThrow();
  });

  it('update changes the row and answers it; undefined for an unknown id; delete removes it', async () => {
    const s = await repo.insert({ text: 'Tmp', isAccepted: false, position: 50 });
    expect(await repo.update(s.id, { text: 'Tmp 2', isAccepted: true })).toEqual({
      ...s,
      text: 'Tmp 2',
      isAccepted: true,
    });
    expect(await repo.update(9999, { text: 'x' })).toBeUndefined();
    await repo.delete(s.id);
    expect(await repo.findById(s.id)).toBeUndefined();
  });

  it('lockAll locks the table inside a transaction, whose writes then commit', async () => {
    const created = await handle.db.transaction(async (tx) => {
      await repo.lockAll(tx);
      return repo.insert({ text: 'Locked', isAccepted: false, position: await repo.nextPosition(tx) }, tx);
    });
    expect(await repo.findById(created.id)).toEqual(created);
  });
});
