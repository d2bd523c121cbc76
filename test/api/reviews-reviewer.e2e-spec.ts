/**
 * The reviewer console (own requests, accept / decline, assigned papers, drafts and submitted reviews, bids,
 * declared conflicts) and the authors' view of their reviews.
 */
import { eq } from 'drizzle-orm';
import { papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { statusesTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import {
  bidsTable,
  reviewRequestsTable,
  reviewsTable,
} from '../../apps/api/src/modules/reviews/reviews.table.js';
import { setupReviews, type Person, type ReviewsEnv } from './reviews.helpers.js';

const REVIEW = {
  quality: 9,
  contribution: 8,
  originality: 7,
  final: 2,
  comments: { author: 'Please shorten section 3.', chair: 'Borderline; the authors know the field.' },
};

describe('reviewer console and author view', () => {
  let env: ReviewsEnv;
  let track: number;
  let otherTrack: number;
  let author: Person;
  let paper: number;
  let reviewer: Person;
  let other: Person;
  let requestId: number;
  let otherRequestId: number;

  const assign = async (p: number, r: Person) => {
    const res = await env.t
      .call('post', '/api/chair/review_requests', env.chair.auth)
      .send({ track, paper: p, reviewer: r.id });
    expect(res.status).toBe(201);
    return res.body._id as number;
  };

  beforeAll(async () => {
    env = await setupReviews();
    track = await env.track();
    otherTrack = await env.track();
    author = await env.person();
    paper = await env.paper(track, [author.id], { title: 'Reviewed paper' });
    reviewer = await env.reviewer([track]);
    other = await env.reviewer([track]);
    requestId = await assign(paper, reviewer);
    otherRequestId = await assign(paper, other);
  });
  afterAll(async () => {
    await env.close();
  });

  it('lists only the reviewer’s own requests, the total in X-Total-Count, without other reviewers', async () => {
    const res = await env.t.call('get', '/api/reviewer/review_requests', reviewer.auth);
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.body.count).toBe(1);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        _id: requestId,
        paperTitle: 'Reviewed paper',
        state: 'waiting',
        dueAt: expect.any(String),
      }),
    ]);
    expect(res.body.data[0].reviewerEmail).toBeUndefined();
    const one = await env.t.call('get', `/api/reviewer/review_requests/${requestId}`, reviewer.auth);
    expect(one.body._id).toBe(requestId);
  });

  it('refuses another reviewer’s request exactly like a missing one', async () => {
    const missing = await env.t.call('get', '/api/reviewer/review_requests/999999', reviewer.auth);
    const others = await env.t.call('get', `/api/reviewer/review_requests/${otherRequestId}`, reviewer.auth);
    const answer = await env.t
      .call('put', `/api/reviewer/review_requests/${otherRequestId}`, reviewer.auth)
      .send({ action: 'decline' });
    expect(missing.status).toBe(404);
    expect(others.body).toEqual(missing.body);
    expect(answer.body).toEqual(missing.body);
    const [row] = await env.t.db
      .select()
      .from(reviewRequestsTable)
      .where(eq(reviewRequestsTable.id, otherRequestId));
    expect(row!.waiting).toBe(true);
  });

  it('accepts a request; answering again the other way is refused', async () => {
    const bad = await env.t
      .call('put', `/api/reviewer/review_requests/${requestId}`, reviewer.auth)
      .send({ action: 'maybe' });
    expect(bad.status).toBe(400);
    const res = await env.t
      .call('put', `/api/reviewer/review_requests/${requestId}`, reviewer.auth)
      .send({ action: 'accept' });
    expect(res.body).toMatchObject({
      state: 'accepted',
      waiting: false,
      declined: false,
      respondedAt: expect.any(String),
    });
    const again = await env.t
      .call('put', `/api/reviewer/review_requests/${requestId}`, reviewer.auth)
      .send({ action: 'decline' });
    expect([again.status, again.body.message]).toEqual([
      409,
      'This review request has already been answered',
    ]);
  });

  it('shows only assigned papers, without authors', async () => {
    const res = await env.t.call('get', `/api/reviewer/papers/${paper}`, reviewer.auth);
    expect(res.status).toBe(200);
    expect(res.body.paper).toEqual({
      _id: paper,
      title: 'Reviewed paper',
      abstract: { text: expect.any(String) },
      track,
      trackName: expect.any(String),
      isCameraReady: false,
      files: [],
    });
    expect(JSON.stringify(res.body)).not.toContain(author.email);
    const notAssigned = await env.paper(track, [(await env.person()).id]);
    const refused = await env.t.call('get', `/api/reviewer/papers/${notAssigned}`, reviewer.auth);
    const missing = await env.t.call('get', '/api/reviewer/papers/999999', reviewer.auth);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(missing.body);
    const put = await env.t.call('put', `/api/reviewer/papers/${notAssigned}`, reviewer.auth).send(REVIEW);
    expect(put.body).toEqual(missing.body);
  });

  it('keeps a draft, then checks the §5 rules and submits', async () => {
    const draft = await env.t
      .call('put', `/api/reviewer/papers/${paper}`, reviewer.auth)
      .send({ quality: 5, draft: true });
    expect(draft.status).toBe(200);
    expect(draft.body.review).toMatchObject({ draft: true, quality: 5, final: -2, contribution: null });
    expect(draft.body.request).toMatchObject({ reviewed: false, evaluation: -1 });

    const put = (body: Record<string, unknown>) =>
      env.t.call('put', `/api/reviewer/papers/${paper}`, reviewer.auth).send(body);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...REVIEW, quality: 11 }, 'Quality must be a whole number from 0 to 10'],
      [{ ...REVIEW, contribution: -1 }, 'Contribution must be a whole number from 0 to 10'],
      [{ ...REVIEW, originality: undefined }, 'Originality must be a whole number from 0 to 10'],
      [{ ...REVIEW, final: -2 }, 'Please choose a final decision'],
      [{ ...REVIEW, final: 3 }, 'Please choose a final decision'],
      [{ ...REVIEW, comments: { chair: 'x' } }, 'Please write your comments to the authors'],
      [
        { ...REVIEW, comments: { author: 'x', chair: '  ' } },
        'Please write your comments to the track chair',
      ],
      [
        { ...REVIEW, comments: { author: 'x'.repeat(1001), chair: 'x' } },
        'Comments to authors must be at most 1000 characters',
      ],
      [
        { ...REVIEW, comments: { author: 'x', chair: 'x'.repeat(1001) } },
        'Comments to the track chair must be at most 1000 characters',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const ok = await put({ ...REVIEW, comments: { author: 'x'.repeat(1000), chair: REVIEW.comments.chair } });
    expect(ok.status).toBe(200);
    expect(ok.body.request).toMatchObject({ reviewed: true, state: 'reviewed', evaluation: 24 });
    expect(ok.body.review).toMatchObject({ draft: false, final: 2, decision: 'accept after revision' });
    const backToDraft = await put({ quality: 1, draft: true });
    expect([backToDraft.status, backToDraft.body.message]).toEqual([
      409,
      'This review has already been submitted and cannot go back to a draft',
    ]);
  });

  it('lets a declined reviewer no longer review', async () => {
    const p = await env.paper(track, [(await env.person()).id]);
    const id = await assign(p, other);
    await env.t.call('put', `/api/reviewer/review_requests/${id}`, other.auth).send({ action: 'decline' });
    expect((await env.t.call('get', `/api/reviewer/papers/${p}`, other.auth)).status).toBe(404);
  });

  it('shows authors their reviews only once enabled: label, no chair comments, no reviewer identity', async () => {
    const url = `/api/author/papers/${paper}/reviews`;
    const closed = await env.t.call('get', url, author.auth);
    expect([closed.status, closed.body.message]).toEqual([
      404,
      'The reviews of this paper are not available',
    ]);
    await env.t.db
      .update(papersTable)
      .set({ authorViewReviewEnabled: true })
      .where(eq(papersTable.id, paper));
    const res = await env.t.call('get', url, author.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        number: 1,
        isCameraReady: false,
        quality: 9,
        contribution: 8,
        originality: 7,
        final: 2,
        decision: 'accept after revision',
        comments: { author: 'x'.repeat(1000) },
      },
    ]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(REVIEW.comments.chair);
    expect(text).not.toContain(reviewer.email);
    expect(text).not.toContain(String(reviewer.id) + ',');
    // another author, or the reviewer as an author: like a missing paper
    const stranger = await env.t.call('get', url, reviewer.auth);
    const missing = await env.t.call('get', '/api/author/papers/999999/reviews', author.auth);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual(missing.body);
    // a draft is not shown
    const [rows] = [await env.t.db.select().from(reviewsTable).where(eq(reviewsTable.paperId, paper))];
    expect(rows.length).toBe(1);
  });

  it('bids on the papers of the reviewer’s tracks, never on their own or other tracks', async () => {
    const bidder = await env.reviewer([track]);
    const own = await env.paper(track, [bidder.id]);
    const elsewhere = await env.paper(otherTrack, [(await env.person()).id]);
    const list = await env.t.call('get', '/api/reviewer/bids', bidder.auth);
    expect(list.status).toBe(200);
    const ids = list.body.map((b: { paper: number }) => b.paper);
    expect(ids).toContain(paper);
    expect(ids).not.toContain(own);
    expect(ids).not.toContain(elsewhere);
    const saved = await env.t
      .call('put', '/api/reviewer/bids', bidder.auth)
      .send({ bids: [{ paper, bid: 'eager' }] });
    expect(saved.body.find((b: { paper: number }) => b.paper === paper).bid).toBe('eager');
    const invalid = await env.t
      .call('put', '/api/reviewer/bids', bidder.auth)
      .send({ bids: [{ paper, bid: 'maybe' }] });
    expect([invalid.status, invalid.body.message]).toEqual([400, 'Invalid bid']);
    const ownBid = await env.t
      .call('put', '/api/reviewer/bids', bidder.auth)
      .send({ bids: [{ paper: own, bid: 'eager' }] });
    expect([ownBid.status, ownBid.body.message]).toEqual([400, 'An author cannot bid on his own paper!']);
    const outside = await env.t
      .call('put', '/api/reviewer/bids', bidder.auth)
      .send({ bids: [{ paper: elsewhere, bid: 'willing' }] });
    expect(outside.status).toBe(404);
    // a 'conflict' bid is a declared conflict: the chair cannot assign and sees why
    const target = await env.paper(track, [(await env.person()).id]);
    await env.t
      .call('put', '/api/reviewer/bids', bidder.auth)
      .send({ bids: [{ paper: target, bid: 'conflict' }] });
    const cand = await env.t.call('get', `/api/chair/review_requests/candidates/${target}`, env.chair.auth);
    const me = cand.body.find((c: { _id: number }) => c._id === bidder.id);
    expect(me).toMatchObject({ bid: 'conflict', eligible: false });
    expect(me.conflicts).toEqual([
      { kind: 'declared', evidence: 'The reviewer declared a conflict with this paper' },
    ]);
    const refused = await env.t
      .call('post', '/api/chair/review_requests', env.chair.auth)
      .send({ track, paper: target, reviewer: bidder.id });
    expect(refused.status).toBe(409);
    // cleared bid
    const cleared = await env.t
      .call('put', '/api/reviewer/bids', bidder.auth)
      .send({ bids: [{ paper: target, bid: null }] });
    expect(cleared.body.find((b: { paper: number }) => b.paper === target).bid).toBeNull();
  });

  it('closes bidding on a paper once it has a decision: not listed, a bid on it refused and nothing stored', async () => {
    const bidder = await env.reviewer([track]);
    const open = await env.paper(track, [(await env.person()).id]);
    const decided = await env.paper(track, [(await env.person()).id]);
    const listed = async () =>
      (await env.t.call('get', '/api/reviewer/bids', bidder.auth)).body.map(
        (b: { paper: number }) => b.paper,
      ) as number[];
    expect(await listed()).toEqual(expect.arrayContaining([open, decided]));
    const statuses = await env.t.db.select().from(statusesTable);
    // The default status is "no decision yet": a paper in it stays open for bids.
    const awaiting = statuses.find((s) => s.isDefault)!;
    const [accept] = await env.t.db
      .insert(statusesTable)
      .values({ text: `Accept ${Date.now()}`, isAccepted: true, position: 99 })
      .returning();
    await env.t.db.update(papersTable).set({ statusId: awaiting.id }).where(eq(papersTable.id, open));
    await env.t.db.update(papersTable).set({ statusId: accept!.id }).where(eq(papersTable.id, decided));
    const now = await listed();
    expect(now).toContain(open);
    expect(now).not.toContain(decided);
    const refused = await env.t.call('put', '/api/reviewer/bids', bidder.auth).send({
      bids: [
        { paper: open, bid: 'eager' },
        { paper: decided, bid: 'eager' },
      ],
    });
    expect([refused.status, refused.body.message]).toEqual([
      400,
      'Bidding is closed for this paper: it already has a decision',
    ]);
    const stored = await env.t.db.select().from(bidsTable).where(eq(bidsTable.reviewerId, bidder.id));
    expect(stored).toEqual([]);
  });

  it('declares conflicts with people by e-mail', async () => {
    const r = await env.reviewer([track]);
    const colleague = await env.person({ firstName: 'Carla', lastName: 'Costa' });
    const res = await env.t
      .call('put', '/api/reviewer/conflicts', r.auth)
      .send({ conflicts: [{ email: ` ${colleague.email.toUpperCase()} `.trim(), reason: 'same lab' }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { userId: colleague.id, name: 'Carla Costa', email: colleague.email, reason: 'same lab' },
    ]);
    const unknown = await env.t
      .call('put', '/api/reviewer/conflicts', r.auth)
      .send({ conflicts: [{ email: 'nobody@nowhere.org' }] });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'User not found']);
    const self = await env.t
      .call('put', '/api/reviewer/conflicts', r.auth)
      .send({ conflicts: [{ email: r.email }] });
    expect(self.status).toBe(400);
    const list = await env.t.call('get', '/api/reviewer/conflicts', r.auth);
    expect(list.body).toHaveLength(1);
  });
});
