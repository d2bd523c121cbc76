import type { DatabaseHandle } from '../../database/database.js';
import {
  emptyTables,
  openWith,
  seedPaper,
  seedTrack,
  seedUser,
  type SeededPaper,
  type SeededUser,
} from '../../database/test-database.js';
import { ReviewsRepository } from './reviews.repository.js';
import {
  bidsTable,
  conflictOverridesTable,
  declaredConflictsTable,
  reviewRequestsTable,
  type NewReviewRequestRow,
  type NewReviewRow,
} from './reviews.table.js';

describe('ReviewsRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: ReviewsRepository;
  let t1: number;
  let t2: number;
  let p1: SeededPaper;
  let p2: SeededPaper;
  let p3: SeededPaper;
  let r1: SeededUser;
  let r2: SeededUser;
  let chair: SeededUser;
  const due = new Date('2026-06-01T00:00:00Z');
  const request = (
    paper: SeededPaper,
    reviewer: SeededUser,
    extra: Partial<NewReviewRequestRow> = {},
  ): NewReviewRequestRow => ({
    trackId: paper.trackId,
    paperId: paper.id,
    reviewerId: reviewer.id,
    replyDueAt: due,
    dueAt: due,
    ...extra,
  });
  const review = (requestId: number, extra: Partial<NewReviewRow> = {}): NewReviewRow => ({
    requestId,
    trackId: p1.trackId,
    paperId: p1.id,
    reviewerId: r1.id,
    ...extra,
  });
  const tx = <T>(
    work: (ex: Parameters<Parameters<DatabaseHandle['db']['transaction']>[0]>[0]) => Promise<T>,
  ) => handle.db.transaction(work);

  beforeAll(async () => {
    ({ handle, repo } = await openWith((db) => new ReviewsRepository(db)));
    t1 = (await seedTrack(handle.db)).id;
    t2 = (await seedTrack(handle.db)).id;
    p1 = await seedPaper(handle.db, { trackId: t1 });
    p2 = await seedPaper(handle.db, { trackId: t1 });
    p3 = await seedPaper(handle.db, { trackId: t2 });
    r1 = await seedUser(handle.db, { isReviewer: true });
    r2 = await seedUser(handle.db, { isReviewer: true });
    chair = await seedUser(handle.db, { isChair: true });
  });
  afterAll(() => handle.close());
  beforeEach(() =>
    emptyTables(handle.db, reviewRequestsTable, bidsTable, declaredConflictsTable, conflictOverridesTable),
  );

  describe('review requests', () => {
    it('insertRequest applies the defaults (waiting, evaluation -1); found by id and by pair', async () => {
      const q = await repo.insertRequest(request(p1, r1));
      expect(q).toMatchObject({
        waiting: true,
        declined: false,
        reviewed: false,
        evaluation: -1,
        isCameraReady: false,
      });
      expect(await repo.findRequest(q.id)).toEqual(q);
      expect(await repo.findRequest(q.id + 100)).toBeUndefined();
      expect(await repo.findPair(p1.id, r1.id, false)).toEqual(q);
      expect(await repo.findPair(p1.id, r1.id, true)).toBeUndefined();
    });

    it('one request per paper, reviewer and kind (a camera-ready one is another kind)', async () => {
      await repo.insertRequest(request(p1, r1));
      await repo.insertRequest(request(p1, r1, { isCameraReady: true }));
      await expect(repo.insertRequest(request(p1, r1))).rejects.toThrow();
      expect((await repo.requestsOfReviewerForPaper(r1.id, p1.id)).map((q) => q.isCameraReady)).toEqual([
        false,
        true,
      ]);
    });

    it('insertRequests answers the rows in the order given; nothing for none', async () => {
      const rows = await tx((ex) =>
        repo.insertRequests([request(p2, r1), request(p1, r2), request(p3, r1)], ex),
      );
      expect(rows.map((q) => [q.paperId, q.reviewerId])).toEqual([
        [p2.id, r1.id],
        [p1.id, r2.id],
        [p3.id, r1.id],
      ]);
      expect(await tx((ex) => repo.insertRequests([], ex))).toEqual([]);
      expect((await repo.findRequests([rows[2]!.id, rows[0]!.id])).map((q) => q.id)).toEqual([
        rows[0]!.id,
        rows[2]!.id,
      ]);
      expect(await repo.findRequests([])).toEqual([]);
      expect((await repo.requestsOfPapers([p1.id, p3.id])).map((q) => q.paperId).sort()).toEqual(
        [p1.id, p3.id].sort(),
      );
      expect(await repo.requestsOfPapers([])).toEqual([]);
    });

    it('updateRequest changes the row (undefined when unknown); deleteRequest removes it', async () => {
      const q = await repo.insertRequest(request(p1, r1));
      expect(await repo.updateRequest(q.id, { waiting: false, declined: true })).toMatchObject({
        id: q.id,
        waiting: false,
        declined: true,
      });
      expect(await repo.updateRequest(q.id + 100, { waiting: false })).toBeUndefined();
      await repo.deleteRequest(q.id);
      expect(await repo.findRequest(q.id)).toBeUndefined();
    });

    it('the §9 loads count requests not declined: per paper and kind (one left out), per reviewer and kind', async () => {
      const a = await repo.insertRequest(request(p1, r1));
      await repo.insertRequest(request(p1, r2, { declined: true, waiting: false }));
      await repo.insertRequest(request(p1, r2, { isCameraReady: true }));
      await repo.insertRequest(request(p2, r1, { reviewed: true, waiting: false }));
      expect(await repo.paperLoad(p1.id, false)).toBe(1);
      expect(await repo.paperLoad(p1.id, false, handle.db, a.id)).toBe(0);
      expect(await repo.paperLoad(p1.id, true)).toBe(1);
      expect(await repo.reviewerLoads([r1.id, r2.id, chair.id])).toEqual(
        new Map([
          [r1.id, { total: 2, cameraReady: 0, reviewed: 1 }],
          [r2.id, { total: 0, cameraReady: 1, reviewed: 0 }],
          [chair.id, { total: 0, cameraReady: 0, reviewed: 0 }],
        ]),
      );
      expect(await repo.reviewerLoads([])).toEqual(new Map());
    });

    describe('query and bulk delete', () => {
      let ids: Record<string, number>;
      beforeEach(async () => {
        const rows = await tx((ex) =>
          repo.insertRequests(
            [
              request(p1, r1), // pending answer: waiting
              request(p2, r1, { waiting: false }), // accepted, not reviewed
              request(p3, r1, { waiting: false, declined: true }),
              request(p1, r2, { waiting: false, reviewed: true, declined: true }), // reviewed wins
              request(p1, r2, { isCameraReady: true }),
            ],
            ex,
          ),
        );
        ids = {
          waiting: rows[0]!.id,
          pending: rows[1]!.id,
          declined: rows[2]!.id,
          reviewed: rows[3]!.id,
          camera: rows[4]!.id,
        };
      });
      const query = async (
        f: Parameters<ReviewsRepository['queryRequests']>[0],
        page = { offset: 0, limit: 50 },
      ) => {
        const r = await repo.queryRequests(f, page);
        return { count: r.count, ids: r.rows.map((q) => q.id) };
      };

      it('newest first with the total; pages', async () => {
        expect(await query({ scope: null })).toEqual({
          count: 5,
          ids: [ids.camera, ids.reviewed, ids.declined, ids.pending, ids.waiting],
        });
        expect(await query({ scope: null }, { offset: 1, limit: 2 })).toEqual({
          count: 5,
          ids: [ids.reviewed, ids.declined],
        });
      });

      it('the scope limits to its tracks; an empty scope matches nothing', async () => {
        expect((await query({ scope: [t2] })).ids).toEqual([ids.declined]);
        expect(await query({ scope: [] })).toEqual({ count: 0, ids: [] });
      });

      it('each state: reviewed first, then declined, then waiting, else accepted', async () => {
        expect((await query({ scope: null, state: 'reviewed' })).ids).toEqual([ids.reviewed]);
        expect((await query({ scope: null, state: 'declined' })).ids).toEqual([ids.declined]);
        expect((await query({ scope: null, state: 'waiting' })).ids).toEqual([ids.camera, ids.waiting]);
        expect((await query({ scope: null, state: 'accepted' })).ids).toEqual([ids.pending]);
      });

      it('filters by reviewer, paper, track and kind', async () => {
        expect((await query({ scope: null, userId: r2.id })).ids).toEqual([ids.camera, ids.reviewed]);
        expect((await query({ scope: null, paper: p1.id, isCameraReady: false })).ids).toEqual([
          ids.reviewed,
          ids.waiting,
        ]);
        expect((await query({ scope: [t1, t2], track: t1, userId: r1.id })).ids).toEqual([
          ids.pending,
          ids.waiting,
        ]);
      });

      it('deleteRequests removes what the filter matches and counts it', async () => {
        expect(await repo.deleteRequests({ scope: [t1], userId: r1.id })).toBe(2);
        expect(await repo.deleteRequests({ scope: [] })).toBe(0);
        expect((await query({ scope: null })).ids).toEqual([ids.camera, ids.reviewed, ids.declined]);
      });
    });
  });

  describe('reviews', () => {
    it('saveReview inserts, then updates the review of the same request; deleteReviewOf removes it', async () => {
      const q = await repo.insertRequest(request(p1, r1));
      expect(await repo.findReviewOf(q.id)).toBeUndefined();
      const draft = await tx((ex) => repo.saveReview(review(q.id, { quality: 5 }), ex));
      expect(draft).toMatchObject({
        requestId: q.id,
        quality: 5,
        final: -2,
        draft: true,
        source: 'reviewer',
      });
      const done = await tx((ex) =>
        repo.saveReview(review(q.id, { quality: 7, final: 1, draft: false, submittedAt: due }), ex),
      );
      expect(done).toMatchObject({ id: draft.id, quality: 7, final: 1, draft: false });
      expect(await repo.findReviewOf(q.id)).toEqual(done);
      await tx((ex) => repo.deleteReviewOf(q.id, ex));
      expect(await repo.findReviewOf(q.id)).toBeUndefined();
    });

    it('scores out of range are refused by the database', async () => {
      const q = await repo.insertRequest(request(p1, r1));
      await expect(tx((ex) => repo.saveReview(review(q.id, { quality: 11 }), ex))).rejects.toThrow();
      await expect(tx((ex) => repo.saveReview(review(q.id, { final: 3 }), ex))).rejects.toThrow();
    });

    it('submitted reviews of papers (no drafts) by paper then oldest; a paper’s reviews with or without drafts', async () => {
      const [a, b, c, d] = await tx((ex) =>
        repo.insertRequests([request(p1, r1), request(p1, r2), request(p2, r1), request(p2, r2)], ex),
      );
      await tx((ex) =>
        repo.insertReviews(
          [
            review(a!.id, { draft: false, submittedAt: new Date('2026-02-02T00:00:00Z') }),
            review(b!.id, { reviewerId: r2.id, draft: false, submittedAt: new Date('2026-02-01T00:00:00Z') }),
            review(c!.id, { paperId: p2.id, draft: false, submittedAt: new Date('2026-01-01T00:00:00Z') }),
            review(d!.id, { paperId: p2.id, reviewerId: r2.id }),
          ],
          ex,
        ),
      );
      expect((await repo.submittedReviewsOfPapers([p2.id, p1.id])).map((r) => r.requestId)).toEqual([
        b!.id,
        a!.id,
        c!.id,
      ]);
      expect(await repo.submittedReviewsOfPapers([])).toEqual([]);
      expect((await repo.reviewsOfPaper(p2.id, { includeDrafts: false })).map((r) => r.requestId)).toEqual([
        c!.id,
      ]);
      expect((await repo.reviewsOfPaper(p2.id, { includeDrafts: true })).map((r) => r.requestId)).toEqual([
        c!.id,
        d!.id,
      ]);
    });

    it('a request deleted takes its review with it', async () => {
      const q = await repo.insertRequest(request(p1, r1));
      await tx((ex) => repo.saveReview(review(q.id), ex));
      await repo.deleteRequest(q.id);
      expect(await repo.findReviewOf(q.id)).toBeUndefined();
    });
  });

  describe('bids, declared conflicts, conflict overrides', () => {
    it('setBid creates, changes and (null) removes a bid; read by reviewer and by paper', async () => {
      await tx((ex) => repo.setBid(r1.id, p1.id, 'eager', ex));
      await tx((ex) => repo.setBid(r1.id, p2.id, 'willing', ex));
      await tx((ex) => repo.setBid(r2.id, p1.id, 'conflict', ex));
      await tx((ex) => repo.setBid(r1.id, p1.id, 'notWilling', ex));
      const pairs = (rows: { reviewerId: number; paperId: number; bid: string }[]) =>
        rows.map((b) => `${b.reviewerId}/${b.paperId}/${b.bid}`).sort();
      expect(pairs(await repo.bidsOf(r1.id))).toEqual(
        [`${r1.id}/${p1.id}/notWilling`, `${r1.id}/${p2.id}/willing`].sort(),
      );
      expect(pairs(await repo.bidsOnPaper(p1.id))).toEqual(
        [`${r1.id}/${p1.id}/notWilling`, `${r2.id}/${p1.id}/conflict`].sort(),
      );
      await tx((ex) => repo.setBid(r1.id, p1.id, null, ex));
      expect(pairs(await repo.bidsOnPapers([p1.id, p2.id]))).toEqual(
        [`${r1.id}/${p2.id}/willing`, `${r2.id}/${p1.id}/conflict`].sort(),
      );
      expect(await repo.bidsOnPapers([])).toEqual([]);
    });

    it('replaceDeclaredConflicts replaces the whole list of one reviewer', async () => {
      await tx((ex) =>
        repo.replaceDeclaredConflicts(
          r1.id,
          [
            { userId: chair.id, reason: 'colleague' },
            { userId: r2.id, reason: '' },
          ],
          ex,
        ),
      );
      await tx((ex) => repo.replaceDeclaredConflicts(r2.id, [{ userId: chair.id, reason: 'x' }], ex));
      await tx((ex) => repo.replaceDeclaredConflicts(r1.id, [{ userId: r2.id, reason: 'student' }], ex));
      const rows = await repo.declaredConflictsOf([r1.id, r2.id]);
      expect(rows.map((c) => [c.reviewerId, c.userId, c.reason]).sort()).toEqual(
        [
          [r1.id, r2.id, 'student'],
          [r2.id, chair.id, 'x'],
        ].sort(),
      );
      await tx((ex) => repo.replaceDeclaredConflicts(r2.id, [], ex));
      expect(await repo.declaredConflictsOf([r2.id])).toEqual([]);
      expect(await repo.declaredConflictsOf([])).toEqual([]);
    });

    it('conflict overrides: one per pair (saved again replaces), filtered by papers and reviewers, deleted once', async () => {
      await repo.saveConflictOverride({ paperId: p1.id, reviewerId: r1.id, reason: 'a', chairId: chair.id });
      const again = await repo.saveConflictOverride({
        paperId: p1.id,
        reviewerId: r1.id,
        reason: 'b',
        chairId: chair.id,
      });
      expect(again).toMatchObject({ paperId: p1.id, reviewerId: r1.id, reason: 'b', chairId: chair.id });
      await repo.saveConflictOverride({ paperId: p2.id, reviewerId: r2.id, reason: 'c', chairId: chair.id });
      expect((await repo.conflictOverrides([p1.id, p2.id])).length).toBe(2);
      expect((await repo.conflictOverrides([p1.id, p2.id], [r2.id])).map((o) => o.reason)).toEqual(['c']);
      expect(await repo.conflictOverrides([p1.id], [])).toEqual([]);
      expect(await repo.conflictOverrides([])).toEqual([]);
      expect(await repo.deleteConflictOverride(p1.id, r1.id)).toBe(true);
      expect(await repo.deleteConflictOverride(p1.id, r1.id)).toBe(false);
    });
  });

  it('lockAssignment takes its advisory locks inside the transaction (any order, duplicates)', async () => {
    await tx(async (ex) => {
      await repo.lockAssignment([p2.id, p1.id, p2.id], [r1.id], ex);
      await repo.lockAssignment([p1.id], [r1.id], ex); // re-entrant within the transaction
    });
  });
});
