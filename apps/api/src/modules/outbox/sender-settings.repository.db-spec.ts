import type { DatabaseHandle } from '../../database/database.js';
import { openWith } from '../../database/test-database.js';
import { SenderSettingsRepository } from './sender-settings.repository.js';

describe('SenderSettingsRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: SenderSettingsRepository;

  beforeAll(async () => ({ handle, repo } = await openWith((db) => new SenderSettingsRepository(db))));
  afterAll(() => handle.close());

  it('upsert creates a row with defaults for what the patch leaves out, then changes only what a patch gives', async () => {
    const created = await repo.upsert('conference', { senderName: 'Symposium', cc: ['a@x.org'] });
    expect(created).toEqual({
      owner: 'conference',
      senderName: 'Symposium',
      replyTo: '',
      cc: ['a@x.org'],
      bcc: [],
      signature: '',
      updatedAt: expect.any(Date),
    });
    const changed = await handle.db.transaction((tx) =>
      repo.upsert('conference', { signature: 'Chairs' }, tx),
    );
    expect(changed).toEqual({ ...created, signature: 'Chairs', updatedAt: expect.any(Date) });
  });

  it('findMany answers the rows of the given owners only, and nothing for no owners', async () => {
    await repo.upsert('user:5', { replyTo: 'five@x.org' });
    await repo.upsert('user:6', { replyTo: 'six@x.org' });
    const rows = await repo.findMany(['conference', 'user:5', 'user:404']);
    expect(rows.map((r) => r.owner).sort()).toEqual(['conference', 'user:5']);
    expect(await repo.findMany([])).toEqual([]);
  });
});
