import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../database/database.js';
import { emptyTables, openWith } from '../../database/test-database.js';
import { ReportsRepository } from './reports.repository.js';
import { reportsTable } from './reports.table.js';

const summary = { figures: [] } as unknown as Parameters<ReportsRepository['insert']>[0]['summary'];

describe('ReportsRepository (stored reports)', () => {
  let h: DatabaseHandle;
  let repo: ReportsRepository;

  beforeAll(async () => {
    ({ handle: h, repo } = await openWith((db) => new ReportsRepository(db)));
  });
  afterAll(() => h.close());
  beforeEach(() => emptyTables(h.db, reportsTable));

  const store = (createdBy: number | null, trackIds: number[] | null, at: string) =>
    repo
      .insert({
        category: 'Paper',
        trackIds,
        summary,
        xlsx: Buffer.from(`xlsx by ${createdBy} for ${trackIds}`),
        size: 10,
        createdBy,
      })
      .then(async (r) => {
        await h.db.execute(
          // a fixed creation time, so the order is known
          sql`update reports set created_at = ${at}::timestamptz where id = ${r.id}`,
        );
        return r;
      });

  it('answers the stored row without its xlsx, and the xlsx on its own', async () => {
    const r = await store(1, null, '2026-01-01T00:00:00Z');
    expect(r).not.toHaveProperty('xlsx');
    expect(r).toMatchObject({ category: 'Paper', trackIds: null, size: 10, createdBy: 1 });
    expect((await repo.xlsxOf(r.id, { scope: null }))?.toString()).toBe('xlsx by 1 for null');
    expect(await repo.xlsxOf(r.id + 1000, { scope: null })).toBeUndefined();
  });

  it('shows chairs every report, newest first', async () => {
    const old = await store(1, null, '2026-01-01T00:00:00Z');
    const mid = await store(2, [1], '2026-02-01T00:00:00Z');
    const recent = await store(3, [2], '2026-03-01T00:00:00Z');
    expect((await repo.list({ scope: null })).map((r) => r.id)).toEqual([recent.id, mid.id, old.id]);
    expect(await repo.find(old.id, { scope: null })).toMatchObject({ id: old.id });
  });

  it('shows a track chair only the reports they generated within their tracks', async () => {
    const all = await store(7, null, '2026-01-01T00:00:00Z'); // every track: not theirs to see
    const mine = await store(7, [1, 2], '2026-02-01T00:00:00Z');
    const wider = await store(7, [1, 3], '2026-03-01T00:00:00Z'); // track 3 is not theirs
    const other = await store(8, [1], '2026-04-01T00:00:00Z'); // someone else's
    const filter = { createdBy: 7, scope: [1, 2] };
    expect((await repo.list(filter)).map((r) => r.id)).toEqual([mine.id]);
    expect(await repo.find(mine.id, filter)).toMatchObject({ id: mine.id });
    for (const hidden of [all, wider, other]) {
      expect(await repo.find(hidden.id, filter)).toBeUndefined();
      expect(await repo.xlsxOf(hidden.id, filter)).toBeUndefined();
    }
  });
});
