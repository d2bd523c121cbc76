import { eq, inArray } from 'drizzle-orm';
import type { DatabaseHandle } from '../../database/database.js';
import { openWith } from '../../database/test-database.js';
import { ActivityRepository } from './activity.repository.js';
import { auditLogTable } from './activity.table.js';

describe('ActivityRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: ActivityRepository;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ handle, repo } = await openWith((db) => new ActivityRepository(db)));
    const rows = await handle.db
      .insert(auditLogTable)
      .values([
        { at: new Date('2026-03-01T10:00:00Z'), actorId: 1, action: 'paper.submit', paperId: 10, trackId: 1 },
        {
          at: new Date('2026-03-02T10:00:00Z'),
          actorId: 2,
          action: 'paper.withdraw',
          paperId: 11,
          trackId: 2,
        },
        {
          at: new Date('2026-03-02T10:00:00Z'),
          actorId: 1,
          action: 'review.submit',
          paperId: 10,
          trackId: 1,
        },
        { at: new Date('2026-03-03T00:00:00Z'), actorId: 3, action: 'papers.import' },
        { at: new Date('2026-03-04T10:00:00Z'), actorId: 2, action: 'paper_x.edit' },
      ])
      .returning({ id: auditLogTable.id, action: auditLogTable.action });
    for (const r of rows) ids[r.action] = r.id;
  });
  afterAll(() => handle.close());

  const all = { offset: 0, limit: 100 };
  const actions = async (q: Parameters<ActivityRepository['list']>[0], page = all) =>
    (await repo.list(q, page)).map((r) => r.action);

  it('lists newest first, and by id (newest first) among entries of the same instant', async () => {
    expect(await actions({})).toEqual([
      'paper_x.edit',
      'papers.import',
      'review.submit',
      'paper.withdraw',
      'paper.submit',
    ]);
    expect(await repo.count({})).toBe(5);
  });

  it('pages with offset and limit', async () => {
    expect(await actions({}, { offset: 1, limit: 2 })).toEqual(['papers.import', 'review.submit']);
    expect(await actions({}, { offset: 5, limit: 2 })).toEqual([]);
  });

  it('filters by exact action, or by group prefix without matching other groups or LIKE wildcards', async () => {
    expect(await actions({ action: { exact: 'paper.submit' } })).toEqual(['paper.submit']);
    // 'paper' matches 'paper.%' only: not 'papers.import', and '_' in 'paper_x' is not a wildcard
    expect(await actions({ action: { group: 'paper' } })).toEqual(['paper.withdraw', 'paper.submit']);
    expect(await repo.count({ action: { group: 'paper' } })).toBe(2);
    expect(await actions({ action: { group: 'paper_' } })).toEqual([]);
  });

  it('filters by actors; an empty actor list matches nothing', async () => {
    expect(await actions({ actorIds: [2] })).toEqual(['paper_x.edit', 'paper.withdraw']);
    expect(await actions({ actorIds: [] })).toEqual([]);
    expect(await repo.count({ actorIds: [] })).toBe(0);
  });

  it('filters by paper and track, and combines filters with and', async () => {
    expect(await actions({ paperId: 10 })).toEqual(['review.submit', 'paper.submit']);
    expect(await actions({ trackId: 2 })).toEqual(['paper.withdraw']);
    expect(await actions({ paperId: 10, actorIds: [1], action: { group: 'review' } })).toEqual([
      'review.submit',
    ]);
  });

  it('filters by time: from included, until excluded', async () => {
    const q = { from: new Date('2026-03-02T10:00:00Z'), until: new Date('2026-03-03T00:00:00Z') };
    expect(await actions(q)).toEqual(['review.submit', 'paper.withdraw']);
    expect(await repo.count(q)).toBe(2);
  });

  it('answers whole rows', async () => {
    const [row] = await repo.list({ action: { exact: 'paper.submit' } }, all);
    expect(row).toEqual({
      id: ids['paper.submit'],
      at: new Date('2026-03-01T10:00:00Z'),
      actorId: 1,
      subjectId: null,
      action: 'paper.submit',
      details: {},
      impersonatorId: null,
      trackId: 1,
      paperId: 10,
      summary: '',
    });
  });
  it('insertCounted runs a change and writes its entry in one statement, with the count in summary and details', async () => {
    const change = (action: string) =>
      handle.db
        .update(auditLogTable)
        .set({ summary: 'touched' })
        .where(eq(auditLogTable.action, action))
        .returning({ id: auditLogTable.id });
    const row = {
      actorId: 9,
      impersonatorId: 4,
      action: 'test.counted',
      trackId: 2,
      details: { why: 'a test' },
    };
    const count = { summaryPrefix: 'Touched', noun: ['entry', 'entries'] as [string, string], countKey: 'n' };
    expect(await repo.insertCounted(change('papers.import'), row, count)).toBe(1);
    expect(await repo.insertCounted(change('nothing.matches'), row, count)).toBe(0);
    const written = await handle.db
      .select()
      .from(auditLogTable)
      .where(eq(auditLogTable.action, 'test.counted'))
      .orderBy(auditLogTable.id);
    expect(
      written.map((r) => [r.actorId, r.impersonatorId, r.trackId, r.paperId, r.summary, r.details]),
    ).toEqual([
      [9, 4, 2, null, 'Touched 1 entry', { why: 'a test', n: 1 }],
      [9, 4, 2, null, 'Touched 0 entries', { why: 'a test', n: 0 }],
    ]);
    const [imported] = await handle.db
      .select()
      .from(auditLogTable)
      .where(eq(auditLogTable.action, 'papers.import'));
    expect(imported!.summary).toBe('touched');
    await handle.db.delete(auditLogTable).where(
      inArray(
        auditLogTable.id,
        written.map((r) => r.id),
      ),
    );
  });
});
