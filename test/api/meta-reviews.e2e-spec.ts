/**
 * Meta-reviews (issue 25 item 4): assigning a meta-reviewer (role 'meta': one per paper and round, in the
 * track, no conflict, outside the §9 review limits), the meta-review "after the discussion" (every review of
 * the round submitted), draft and submit with the recommendation among the statuses, the chairs' views (the
 * paper, the decision-making page, the release flag) and the authors' view (the text to the authors only,
 * once released). Every caller out of reach gets the same 404 as a missing paper.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { META_REVIEW_MESSAGES, PAPER_MESSAGES, type ReportDto } from '@symposium/domain';
import { papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import {
  bidsTable,
  metaReviewsTable,
  reviewRequestsTable,
} from '../../apps/api/src/modules/reviews/reviews.table.js';
import { statusesTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { REVIEW, setupReviews, type Person, type ReviewsEnv } from './reviews.helpers.js';

describe('meta-reviews', () => {
  let env: ReviewsEnv;
  let track: number;
  let otherTrack: number;
  let author: Person;
  let paper: number;
  let otherPaper: number;
  let r1: Person;
  let r2: Person;
  let meta: Person;
  let otherMeta: Person;
  let conflicted: Person;
  let outsider: Person; // reviewer of another track
  let trackChair: Person;
  let otherTrackChair: Person;
  let accept: number;
  let reject: number;

  const assign = (p: number, t: number, r: Person, extra: object = {}) =>
    env.t
      .call('post', '/api/chair/review_requests', env.chair.auth)
      .send({ track: t, paper: p, reviewer: r.id, ...extra });
  const submitReview = async (p: number, r: Person) => {
    const res = await env.t.call('put', `/api/reviewer/papers/${p}`, r.auth).send(REVIEW);
    expect(res.status).toBe(200);
  };
  const page = (p: number, r: Person) => env.t.call('get', `/api/reviewer/papers/${p}/meta_review`, r.auth);
  const draft = (p: number, r: Person, body: object) =>
    env.t.call('put', `/api/reviewer/papers/${p}/meta_review`, r.auth).send(body);
  const submit = (p: number, r: Person, body: object) =>
    env.t.call('post', `/api/reviewer/papers/${p}/meta_review/submit`, r.auth).send(body);
  const metaRows = () => env.t.db.select().from(metaReviewsTable);

  beforeAll(async () => {
    env = await setupReviews();
    track = await env.track();
    otherTrack = await env.track();
    author = await env.person();
    paper = await env.paper(track, [author.id], { title: 'Meta-reviewed paper' });
    otherPaper = await env.paper(track, [(await env.person()).id]);
    r1 = await env.reviewer([track]);
    r2 = await env.reviewer([track]);
    meta = await env.reviewer([track], { firstName: 'Meta', lastName: 'Reviewer' });
    otherMeta = await env.reviewer([track]);
    conflicted = await env.reviewer([track]);
    outsider = await env.reviewer([otherTrack]);
    trackChair = await env.trackChair([track]);
    otherTrackChair = await env.trackChair([otherTrack]);
    const n = Date.now();
    [accept, reject] = (
      await env.t.db
        .insert(statusesTable)
        .values([
          { text: `Meta accept ${n}`, position: 90, isAccepted: true },
          { text: `Meta reject ${n}`, position: 91 },
        ])
        .returning()
    ).map((s) => s.id) as [number, number];
    for (const r of [r1, r2]) expect((await assign(paper, track, r)).status).toBe(201);
    await env.t.db.insert(bidsTable).values({ reviewerId: conflicted.id, paperId: paper, bid: 'conflict' });
  });
  afterAll(() => env.close());

  describe('assignment', () => {
    it('assigns one meta-reviewer per paper and round, shown with role meta', async () => {
      const res = await assign(paper, track, meta, { role: 'meta' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ role: 'meta', reviewer: meta.id, round: 1 });
      const [row] = await env.t.db
        .select()
        .from(reviewRequestsTable)
        .where(eq(reviewRequestsTable.id, res.body._id));
      expect(row!.role).toBe('meta');
      const second = await assign(paper, track, otherMeta, { role: 'meta' });
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(META_REVIEW_MESSAGES.alreadyMeta);
      // regular reviewers keep their role; the lists show it
      const list = await env.t.call('get', `/api/chair/review_requests?paper=${paper}`, env.chair.auth);
      expect(list.body.data.map((r: { role: string }) => r.role).sort()).toEqual([
        'meta',
        'reviewer',
        'reviewer',
      ]);
      const own = await env.t.call('get', '/api/reviewer/review_requests', meta.auth);
      expect(own.body.data).toEqual([expect.objectContaining({ paper, role: 'meta' })]);
    });

    it('refuses a conflicted meta-reviewer, one outside the track, a regular reviewer of the paper, a bad role', async () => {
      expect((await assign(otherPaper, track, conflicted, { role: 'meta' })).status).toBe(201); // no conflict there
      const c = await assign(paper, track, conflicted, { role: 'meta' });
      expect(c.status).toBe(409);
      expect(c.body.code).toBe('reviews.conflict_of_interest');
      expect((await assign(paper, track, outsider, { role: 'meta' })).status).toBe(400);
      expect((await assign(paper, track, r1, { role: 'meta' })).status).toBe(409);
      expect((await assign(paper, track, otherMeta, { role: 'chair' })).status).toBe(400);
      const author2 = await env.reviewer([track]);
      const own = await env.paper(track, [author2.id]);
      expect((await assign(own, track, author2, { role: 'meta' })).status).toBe(400);
    });

    it('does not count the meta request in the §9 per-paper limit', async () => {
      // paper has 2 reviewers and a meta-reviewer: a third regular reviewer still fits
      const third = await env.reviewer([track]);
      expect((await assign(paper, track, third)).status).toBe(201);
      const rows = await env.t.db
        .select()
        .from(reviewRequestsTable)
        .where(eq(reviewRequestsTable.paperId, paper));
      await env.t.db
        .delete(reviewRequestsTable)
        .where(eq(reviewRequestsTable.id, rows.find((r) => r.reviewerId === third.id)!.id));
    });

    it('offers meta-reviewers for a paper whose reviews are full, and none once it has one', async () => {
      const full = await env.paper(track, [(await env.person()).id]);
      const three = [await env.reviewer([track]), await env.reviewer([track]), await env.reviewer([track])];
      for (const r of three) expect((await assign(full, track, r)).status).toBe(201);
      const candidates = (role?: string) =>
        env.t.call(
          'get',
          `/api/chair/review_requests/candidates/${full}?round=1${role ? `&role=${role}` : ''}`,
          env.chair.auth,
        );
      const byId = (body: { _id: number; eligible: boolean; reasons: string[] }[], id: number) =>
        body.find((c) => c._id === id)!;
      // as a reviewer the paper is full; as its meta-reviewer, not (the §9 limits do not count meta requests)
      expect(byId((await candidates()).body, otherMeta.id).eligible).toBe(false);
      expect(byId((await candidates('meta')).body, otherMeta.id)).toMatchObject({
        eligible: true,
        reasons: [],
      });
      // its reviewers stay out in either role
      expect(byId((await candidates('meta')).body, three[0]!.id).eligible).toBe(false);
      expect((await assign(full, track, otherMeta, { role: 'meta' })).status).toBe(201);
      const after = byId((await candidates('meta')).body, r1.id);
      expect(after.reasons).toContain(META_REVIEW_MESSAGES.alreadyMeta);
      expect((await candidates('chair')).status).toBe(400);
      await env.t.db.delete(reviewRequestsTable).where(eq(reviewRequestsTable.paperId, full));
    });

    it('a track chair assigns in their track only; the meta-reviewer cannot write a regular review', async () => {
      const p = await env.paper(track, [(await env.person()).id]);
      expect(
        (
          await env.t
            .call('post', '/api/cochair/review_requests', otherTrackChair.auth)
            .send({ track, paper: p, reviewer: otherMeta.id, role: 'meta' })
        ).status,
      ).toBe(404);
      expect(
        (
          await env.t
            .call('post', '/api/cochair/review_requests', trackChair.auth)
            .send({ track, paper: p, reviewer: otherMeta.id, role: 'meta' })
        ).status,
      ).toBe(201);
      const review = await env.t.call('put', `/api/reviewer/papers/${p}`, otherMeta.auth).send(REVIEW);
      expect(review.status).toBe(404);
    });
  });

  describe('automatic meta assignment', () => {
    it('proposes one meta-reviewer per paper under the meta load, and applies it with role meta', async () => {
      const t2 = await env.track();
      const papers = [];
      for (let i = 0; i < 3; i++) papers.push(await env.paper(t2, [(await env.person()).id]));
      const a = await env.reviewer([t2]);
      const b = await env.reviewer([t2]);
      const bidder = await env.reviewer([t2]);
      // the bidder is eager on the first paper and in conflict with the second
      await env.t.db.insert(bidsTable).values([
        { reviewerId: bidder.id, paperId: papers[0]!, bid: 'eager' },
        { reviewerId: bidder.id, paperId: papers[1]!, bid: 'conflict' },
      ]);
      // a regular reviewer of the third paper is not its meta-reviewer
      expect((await assign(papers[2]!, t2, a)).status).toBe(201);
      const proposal = await env.t
        .call('post', '/api/chair/review_requests/auto/meta_proposal', env.chair.auth)
        .send({ track: t2, metaLoad: 1 });
      expect(proposal.status).toBe(200);
      const pairs = proposal.body as { paper: number; reviewer: number; load: number }[];
      expect(pairs).toHaveLength(3);
      expect(pairs[0]).toMatchObject({ paper: papers[0], reviewer: bidder.id, load: 1 });
      expect(pairs[1]!.reviewer).not.toBe(bidder.id);
      expect(pairs[2]!.reviewer).not.toBe(a.id);
      expect(new Set(pairs.map((p) => p.reviewer)).size).toBe(3); // metaLoad 1: three different people
      // the load limit also holds on apply: one reviewer for two papers with metaLoad 1
      const over = await env.t.call('post', '/api/chair/review_requests/auto/apply', env.chair.auth).send({
        track: t2,
        role: 'meta',
        metaLoad: 1,
        assignments: [
          { paper: papers[0], reviewer: b.id },
          { paper: papers[1], reviewer: b.id },
        ],
      });
      expect(over.status).toBe(200);
      expect(over.body.saved).toBe(1);
      expect(over.body.errors).toEqual([
        expect.objectContaining({
          paper: papers[1],
          message: expect.stringContaining('meta-reviews 1 paper'),
        }),
      ]);
      expect(over.body.data[0]).toMatchObject({ role: 'meta', paper: papers[0] });
      // the paper with a meta-reviewer is no longer proposed
      const again = await env.t
        .call('post', '/api/chair/review_requests/auto/meta_proposal', env.chair.auth)
        .send({ track: t2, metaLoad: 1 });
      expect(again.body.map((p: { paper: number }) => p.paper)).not.toContain(papers[0]);
      expect(
        (
          await env.t
            .call('post', '/api/cochair/review_requests/auto/meta_proposal', otherTrackChair.auth)
            .send({ track: t2 })
        ).status,
      ).toBe(404);
      expect(
        (
          await env.t
            .call('post', '/api/chair/review_requests/auto/meta_proposal', env.chair.auth)
            .send({ track: t2, metaLoad: 0 })
        ).status,
      ).toBe(400);
    });
    it('covers every paper that any assignment can cover, where taking the best bid first would not', async () => {
      const t3 = await env.track();
      const first = await env.paper(t3, [(await env.person()).id]);
      const second = await env.paper(t3, [(await env.person()).id]);
      const eager = await env.reviewer([t3]);
      const other = await env.reviewer([t3]);
      // eager wants the first paper; other may only take the first (a conflict with the second). One paper
      // each (metaLoad 1): paper by paper, eager would take the first and leave the second with nobody.
      await env.t.db.insert(bidsTable).values([
        { reviewerId: eager.id, paperId: first, bid: 'eager' },
        { reviewerId: other.id, paperId: second, bid: 'conflict' },
      ]);
      const proposal = await env.t
        .call('post', '/api/chair/review_requests/auto/meta_proposal', env.chair.auth)
        .send({ track: t3, metaLoad: 1 });
      expect(proposal.status).toBe(200);
      expect(proposal.body).toEqual([
        expect.objectContaining({ paper: first, reviewer: other.id, load: 1 }),
        expect.objectContaining({ paper: second, reviewer: eager.id, load: 1 }),
      ]);
      // with room for two each, the eager bid is honoured and both papers are still covered
      const roomy = await env.t
        .call('post', '/api/chair/review_requests/auto/meta_proposal', env.chair.auth)
        .send({ track: t3, metaLoad: 2 });
      expect(roomy.body).toEqual([
        expect.objectContaining({ paper: first, reviewer: eager.id, load: 1 }),
        expect.objectContaining({ paper: second, reviewer: eager.id, load: 2 }),
      ]);
    });
  });

  describe('writing', () => {
    it('is closed until every review of the round is submitted', async () => {
      const before = await page(paper, meta);
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({
        open: false,
        submittedReviews: 0,
        expectedReviews: 2,
        reviews: [],
        metaReview: null,
      });
      expect(before.body.statuses).toEqual(
        expect.arrayContaining([expect.objectContaining({ _id: accept })]),
      );
      await submitReview(paper, r1);
      const res = await draft(paper, meta, { recommendation: accept, committeeText: 'Early' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(META_REVIEW_MESSAGES.notOpen);
      expect(await metaRows()).toHaveLength(0);
      await submitReview(paper, r2);
      const after = await page(paper, meta);
      expect(after.body).toMatchObject({ open: true, submittedReviews: 2, expectedReviews: 2 });
      expect(after.body.reviews[0]).toEqual(
        expect.objectContaining({ alias: 'Reviewer 1', quality: 8, commentsChair: 'Accept.' }),
      );
      expect(JSON.stringify(after.body.reviews)).not.toContain(String(r1.id));
    });

    it('lets the meta-reviewer read the discussion once the request is accepted, named Meta-reviewer', async () => {
      const [request] = await env.t.db
        .select()
        .from(reviewRequestsTable)
        .where(and(eq(reviewRequestsTable.paperId, paper), eq(reviewRequestsTable.role, 'meta')));
      const thread = () => env.t.call('get', `/api/reviewer/discussion/${paper}`, meta.auth);
      if (request!.waiting) {
        // not yet accepted: the discussion is out of reach, as for a reviewer who has not reviewed
        expect((await thread()).status).toBe(404);
        const accepted = await env.t
          .call('put', `/api/reviewer/review_requests/${request!.id}`, meta.auth)
          .send({ action: 'accept' });
        expect(accepted.status).toBe(200);
      }
      const posted = await env.t
        .call('post', `/api/reviewer/discussion/${paper}`, r1.auth)
        .send({ text: 'Meta, what do you think?', visibility: 'reviewers' });
      expect(posted.status).toBe(201);
      const res = await thread();
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).toContain('Meta, what do you think?');
      const mine = await env.t
        .call('post', `/api/reviewer/discussion/${paper}`, meta.auth)
        .send({ text: 'I lean to accept.', visibility: 'reviewers' });
      expect(mine.status).toBe(201);
      const seenByR1 = await env.t.call('get', `/api/reviewer/discussion/${paper}`, r1.auth);
      const comment = (seenByR1.body.comments as { text: string; author: string }[]).find(
        (c) => c.text === 'I lean to accept.',
      );
      expect(comment?.author).toBe('Meta-reviewer');
    });

    it('saves a draft, validates the recommendation, then submits', async () => {
      const bad = await draft(paper, meta, { recommendation: 999999, committeeText: 'x' });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(META_REVIEW_MESSAGES.recommendationUnknown);
      const saved = await draft(paper, meta, { committeeText: 'Both reviews agree.' });
      expect(saved.status).toBe(200);
      expect(saved.body.metaReview).toMatchObject({
        submitted: false,
        committeeText: 'Both reviews agree.',
        recommendation: null,
      });
      const requestOf = async () =>
        (
          await env.t.db
            .select()
            .from(reviewRequestsTable)
            .where(eq(reviewRequestsTable.id, saved.body.request._id))
        )[0]!;
      // a draft leaves the request open
      expect(await requestOf()).toMatchObject({ waiting: false, reviewed: false });
      const incomplete = await submit(paper, meta, { committeeText: 'Both reviews agree.' });
      expect(incomplete.status).toBe(400);
      expect(JSON.stringify(incomplete.body)).toContain(META_REVIEW_MESSAGES.recommendationRequired);
      const noText = await submit(paper, meta, { recommendation: accept, committeeText: '  ' });
      expect(noText.status).toBe(400);
      expect(JSON.stringify(noText.body)).toContain(META_REVIEW_MESSAGES.committeeRequired);
      const ok = await submit(paper, meta, {
        recommendation: accept,
        committeeText: 'Both reviews agree: accept.',
        authorText: 'The committee values the clear evaluation.',
      });
      expect(ok.status).toBe(200);
      expect(ok.body.metaReview).toMatchObject({
        submitted: true,
        recommendation: accept,
        recommendationText: expect.stringContaining('Meta accept'),
      });
      const [row] = await metaRows();
      expect(row).toMatchObject({
        paperId: paper,
        reviewerId: meta.id,
        trackId: track,
        round: 1,
        recommendationStatusId: accept,
        committeeText: 'Both reviews agree: accept.',
        authorText: 'The committee values the clear evaluation.',
        releaseToAuthors: true,
      });
      expect(row!.submittedAt).not.toBeNull();
      // the submitted meta-review completes its request, as a submitted review does: the chairs' list shows it
      // under "Reviewed" and the report's reviewer load counts it submitted
      expect(await requestOf()).toMatchObject({ id: row!.requestId, reviewed: true });
      const listed = await env.t.call(
        'get',
        `/api/chair/review_requests?paper=${paper}&state=reviewed`,
        env.chair.auth,
      );
      expect(listed.status).toBe(200);
      expect(listed.body.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ _id: row!.requestId, role: 'meta', state: 'reviewed' }),
        ]),
      );
      const report = await env.t
        .call('post', '/api/chair/reports/generate', env.chair.auth)
        .send({ category: 'Paper' });
      expect(report.status).toBe(201);
      const load = (report.body as ReportDto).summary.tables.find(
        (t) => t.title === 'Reviewer load and completion',
      )!;
      const metaLoad = load.rows.find((r) => r[1] === meta.email)!;
      expect(metaLoad[6]).toBeGreaterThanOrEqual(1); // submitted
      // a submitted meta-review is not turned back into a draft; it can be submitted again
      expect((await draft(paper, meta, { committeeText: 'x' })).status).toBe(409);
      const again = await submit(paper, meta, {
        recommendation: reject,
        committeeText: 'On reflection: reject.',
        authorText: 'The committee values the clear evaluation.',
      });
      expect(again.status).toBe(200);
      expect((await metaRows())[0]).toMatchObject({
        recommendationStatusId: reject,
        committeeText: 'On reflection: reject.',
      });
      const [request] = await env.t.db
        .select()
        .from(reviewRequestsTable)
        .where(eq(reviewRequestsTable.id, row!.requestId));
      expect(request!.waiting).toBe(false);
    });

    it('is 404 for everyone but the meta-reviewer, a conflicted one included', async () => {
      // a person without the reviewer role is refused by the role guard before any paper is looked up
      expect((await page(paper, author)).status).toBe(403);
      for (const who of [r1, otherMeta, outsider, conflicted]) {
        const res = await page(paper, who);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(PAPER_MESSAGES.notFound);
        expect((await submit(paper, who, { recommendation: accept, committeeText: 'x' })).status).toBe(404);
      }
      // the meta-reviewer who later declares a conflict loses access
      await env.t.db
        .insert(bidsTable)
        .values({ reviewerId: conflicted.id, paperId: otherPaper, bid: 'conflict' });
      expect((await page(otherPaper, conflicted)).status).toBe(404);
      expect((await page(999999, meta)).status).toBe(404);
    });
  });

  describe('chairs', () => {
    it('read the meta-review of a paper and beside the scores on the decision-making page', async () => {
      for (const [prefix, who] of [
        ['chair', env.chair],
        ['cochair', trackChair],
      ] as const) {
        const one = await env.t.call('get', `/api/${prefix}/reviews/paper/${paper}/meta_reviews`, who.auth);
        expect(one.status).toBe(200);
        expect(one.body).toEqual([
          expect.objectContaining({
            paper,
            reviewerName: 'Meta Reviewer',
            submitted: true,
            recommendation: reject,
            committeeText: 'On reflection: reject.',
          }),
        ]);
        const many = await env.t
          .call('post', `/api/${prefix}/reviews/papers/meta_reviews`, who.auth)
          .send({ ids: [paper, otherPaper] });
        expect(many.status).toBe(200);
        expect(Object.keys(many.body)).toEqual([String(paper)]);
        expect(many.body[paper]).toEqual([
          expect.objectContaining({
            recommendation: reject,
            recommendationText: expect.stringContaining('Meta reject'),
            committeeText: 'On reflection: reject.',
          }),
        ]);
      }
      const other = await env.t.call(
        'get',
        `/api/cochair/reviews/paper/${paper}/meta_reviews`,
        otherTrackChair.auth,
      );
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(PAPER_MESSAGES.notFound);
      const otherMany = await env.t
        .call('post', '/api/cochair/reviews/papers/meta_reviews', otherTrackChair.auth)
        .send({ ids: [paper] });
      expect(otherMany.body).toEqual({});
    });

    it('withhold or release the text to the authors; the authors see only that text, only once released', async () => {
      const url = `/api/author/papers/${paper}/meta_review`;
      expect((await env.t.call('get', url, author.auth)).status).toBe(404); // reviews not released
      await env.t.db
        .update(papersTable)
        .set({ authorViewReviewEnabled: true })
        .where(eq(papersTable.id, paper));
      const seen = await env.t.call('get', url, author.auth);
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual([{ round: 1, text: 'The committee values the clear evaluation.' }]);
      expect(JSON.stringify(seen.body)).not.toContain('reject');
      for (const who of [r1, meta, trackChair])
        expect((await env.t.call('get', url, who.auth)).status).toBe(404);
      const [row] = await metaRows();
      const cut = await env.t
        .call('put', `/api/cochair/reviews/paper/${paper}/meta_reviews/${row!.id}`, trackChair.auth)
        .send({ releaseToAuthors: false });
      expect(cut.status).toBe(200);
      expect(cut.body.releaseToAuthors).toBe(false);
      expect((await env.t.call('get', url, author.auth)).body).toEqual([]);
      expect(
        (
          await env.t
            .call('put', `/api/cochair/reviews/paper/${paper}/meta_reviews/${row!.id}`, otherTrackChair.auth)
            .send({ releaseToAuthors: true })
        ).status,
      ).toBe(404);
      expect(
        (
          await env.t
            .call('put', `/api/chair/reviews/paper/${otherPaper}/meta_reviews/${row!.id}`, env.chair.auth)
            .send({ releaseToAuthors: true })
        ).status,
      ).toBe(404);
      expect(
        (
          await env.t
            .call('put', `/api/chair/reviews/paper/${paper}/meta_reviews/${row!.id}`, env.chair.auth)
            .send({ releaseToAuthors: 'yes' })
        ).status,
      ).toBe(400);
      expect(
        (
          await env.t
            .call('put', `/api/chair/reviews/paper/${paper}/meta_reviews/${row!.id}`, env.chair.auth)
            .send({ releaseToAuthors: true })
        ).status,
      ).toBe(200);
      expect((await env.t.call('get', url, author.auth)).body).toHaveLength(1);
    });
  });

  it('migration 0021 makes a request whose meta-review was submitted before it "reviewed", not a draft', async () => {
    const p1 = await env.paper(track, [(await env.person()).id]);
    const p2 = await env.paper(track, [(await env.person()).id]);
    const now = new Date();
    const requests = await env.t.db
      .insert(reviewRequestsTable)
      .values(
        [p1, p2].map((p) => ({
          trackId: track,
          paperId: p,
          reviewerId: otherMeta.id,
          role: 'meta' as const,
          waiting: false,
          replyDueAt: now,
          dueAt: now,
        })),
      )
      .returning();
    await env.t.db.insert(metaReviewsTable).values(
      requests.map((r, i) => ({
        requestId: r.id,
        paperId: r.paperId,
        reviewerId: r.reviewerId,
        trackId: track,
        round: 1,
        submittedAt: i === 0 ? now : null,
      })),
    );
    const migration = readFileSync(
      new URL('../../apps/api/drizzle/0021_meta_request_reviewed.sql', import.meta.url),
      'utf8',
    );
    await env.t.db.execute(sql.raw(migration));
    const after = await env.t.db
      .select({ id: reviewRequestsTable.id, reviewed: reviewRequestsTable.reviewed })
      .from(reviewRequestsTable)
      .where(
        inArray(
          reviewRequestsTable.id,
          requests.map((r) => r.id),
        ),
      );
    expect(Object.fromEntries(after.map((r) => [r.id, r.reviewed]))).toEqual({
      [requests[0]!.id]: true,
      [requests[1]!.id]: false,
    });
  });
});
