import { asc, inArray } from 'drizzle-orm';
import type { DatabaseHandle } from '../../database/database.js';
import {
  emptyTables,
  openWith,
  seedPaper,
  seedStatus,
  seedSubjectArea,
  seedTrack,
} from '../../database/test-database.js';
import { PaperQueryRepository } from './paper-query.repository.js';
import { papersTable } from './papers.table.js';

describe('PaperQueryRepository (the bulk edit)', () => {
  let h: DatabaseHandle;
  let repo: PaperQueryRepository;

  beforeAll(async () => {
    ({ handle: h, repo } = await openWith(() => new PaperQueryRepository()));
  });
  afterAll(() => h.close());
  beforeEach(() => emptyTables(h.db, papersTable));

  const rows = (ids: number[]) =>
    h.db.select().from(papersTable).where(inArray(papersTable.id, ids)).orderBy(asc(papersTable.id));

  it('sets a flag on the selected papers, counting only the ones it changes', async () => {
    const track = await seedTrack(h.db);
    const [a, b, c] = [
      await seedPaper(h.db, { trackId: track.id }),
      await seedPaper(h.db, { trackId: track.id, isCameraReady: true }),
      await seedPaper(h.db, { trackId: track.id }),
    ];
    const n = await h.db.transaction((tx) =>
      repo.bulkUpdate(null, { ids: [a.id, b.id] }, { op: 'set', field: 'isCameraReady', value: true }, tx),
    );
    expect(n).toBe(1);
    expect((await rows([a.id, b.id, c.id])).map((r) => r.isCameraReady)).toEqual([true, true, false]);
    expect((await rows([a.id]))[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(a.updatedAt.getTime());
  });

  it('leaves papers outside the scope alone', async () => {
    const [mine, other] = [await seedTrack(h.db), await seedTrack(h.db)];
    const [a, b] = [
      await seedPaper(h.db, { trackId: mine.id }),
      await seedPaper(h.db, { trackId: other.id }),
    ];
    const n = await h.db.transaction((tx) =>
      repo.bulkUpdate([mine.id], { ids: [a.id, b.id] }, { op: 'set', field: 'isDeleted', value: true }, tx),
    );
    expect(n).toBe(1);
    expect((await rows([a.id, b.id])).map((r) => r.isDeleted)).toEqual([true, false]);
  });

  it('appends a pushed note on a new line, and replaces notes that differ', async () => {
    const track = await seedTrack(h.db);
    const [empty, noted] = [
      await seedPaper(h.db, { trackId: track.id }),
      await seedPaper(h.db, { trackId: track.id, notes: 'first' }),
    ];
    const ids = [empty.id, noted.id];
    await h.db.transaction((tx) =>
      repo.bulkUpdate(null, { ids }, { op: 'push', field: 'notes', value: 'second' }, tx),
    );
    expect((await rows(ids)).map((r) => r.notes)).toEqual(['second', 'first\nsecond']);
    const n = await h.db.transaction((tx) =>
      repo.bulkUpdate(null, { ids }, { op: 'set', field: 'notes', value: 'second' }, tx),
    );
    expect(n).toBe(1);
    expect((await rows(ids)).map((r) => r.notes)).toEqual(['second', 'second']);
  });

  it('moves papers to a track, keeping a subject area only if that track has it', async () => {
    const [from, to] = [await seedTrack(h.db), await seedTrack(h.db)];
    const fromArea = await seedSubjectArea(h.db, from.id);
    const toArea = await seedSubjectArea(h.db, to.id);
    const [a, b] = [
      await seedPaper(h.db, { trackId: from.id, primarySubjectAreaId: fromArea }),
      await seedPaper(h.db, { trackId: from.id, primarySubjectAreaId: toArea }),
    ];
    const n = await h.db.transaction((tx) =>
      repo.bulkUpdate(null, { ids: [a.id, b.id] }, { op: 'set', field: 'track', value: to.id }, tx),
    );
    expect(n).toBe(2);
    expect((await rows([a.id, b.id])).map((r) => [r.trackId, r.primarySubjectAreaId])).toEqual([
      [to.id, null],
      [to.id, toArea],
    ]);
  });

  it('sets a status, stamping acceptWithRevisionTimestamp when asked', async () => {
    const track = await seedTrack(h.db);
    const [plain, revision] = [await seedStatus(h.db), await seedStatus(h.db, 'Accept with Revision')];
    const [a, b] = [
      await seedPaper(h.db, { trackId: track.id }),
      await seedPaper(h.db, { trackId: track.id }),
    ];
    await h.db.transaction((tx) =>
      repo.bulkUpdate(
        null,
        { ids: [a.id] },
        { op: 'set', field: 'status', value: plain, stampAcceptWithRevision: false },
        tx,
      ),
    );
    await h.db.transaction((tx) =>
      repo.bulkUpdate(
        null,
        { ids: [b.id] },
        { op: 'set', field: 'status', value: revision, stampAcceptWithRevision: true },
        tx,
      ),
    );
    const [ra, rb] = await rows([a.id, b.id]);
    expect([ra!.statusId, ra!.acceptWithRevisionTimestamp]).toEqual([plain, null]);
    expect(rb!.statusId).toBe(revision);
    expect(rb!.acceptWithRevisionTimestamp).toBeInstanceOf(Date);
  });
});
