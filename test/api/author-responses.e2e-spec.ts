/**
 * Author responses (issue 25): the window (opensAt ≤ now < closesAt on the server's clock, checked one minute
 * either side), the limit in words and in characters (exactly at it and one over), drafts and submissions,
 * what each caller may read, and the activity log.
 */
import { and, eq } from 'drizzle-orm';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import { papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { bidsTable, reviewRoundsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { setupReviews, type Person, type ReviewsEnv } from './reviews.helpers.js';

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

const REVIEW = {
  quality: 9,
  contribution: 8,
  originality: 7,
  final: 2,
  comments: { author: 'Please shorten section 3.', chair: 'Borderline; only for the chairs.' },
};

describe('author responses', () => {
  let env: ReviewsEnv;
  let track: number;
  let otherTrack: number;
  let author: Person;
  let coAuthor: Person;
  let stranger: Person;
  let paper: number;
  let otherPaper: number;
  let reviewer: Person;
  let otherReviewer: Person;
  let otherTrackChair: Person;
  let trackChair: Person;

  const url = (p = paper, round = 1) => `/api/author/papers/${p}/responses/${round}`;
  const setRound = (values: Partial<typeof reviewRoundsTable.$inferInsert>, trackId = track, number = 1) =>
    env.t.db
      .update(reviewRoundsTable)
      .set(values)
      .where(and(eq(reviewRoundsTable.trackId, trackId), eq(reviewRoundsTable.number, number)));
  const openWindow = (limit = 10, unit: 'words' | 'characters' = 'words') =>
    setRound({
      responseOpensAt: minutesFromNow(-60),
      responseClosesAt: minutesFromNow(60),
      responseLimit: limit,
      responseLimitUnit: unit,
    });
  const assign = async (p: number, r: Person) => {
    const res = await env.t
      .call('post', '/api/chair/review_requests', env.chair.auth)
      .send({ track, paper: p, reviewer: r.id });
    expect(res.status).toBe(201);
    await env.t
      .call('put', `/api/reviewer/review_requests/${res.body._id}`, r.auth)
      .send({ action: 'accept' });
  };

  beforeAll(async () => {
    env = await setupReviews();
    track = await env.track();
    otherTrack = await env.track();
    author = await env.person();
    coAuthor = await env.person();
    stranger = await env.person();
    paper = await env.paper(track, [author.id, coAuthor.id], { title: 'Responded paper' });
    otherPaper = await env.paper(track, [stranger.id]);
    reviewer = await env.reviewer([track]);
    otherReviewer = await env.reviewer([track]);
    trackChair = await env.trackChair([track]);
    otherTrackChair = await env.trackChair([otherTrack]);
    await assign(paper, reviewer);
    await assign(otherPaper, otherReviewer);
    const review = await env.t.call('put', `/api/reviewer/papers/${paper}`, reviewer.auth).send(REVIEW);
    expect(review.status).toBe(200);
  });
  afterAll(async () => {
    await env.close();
  });

  it('answers a round without a response phase with state none and refuses a draft there', async () => {
    const res = await env.t.call('get', url(), author.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      paper,
      round: 1,
      roundName: 'R1',
      limit: null,
      state: 'none',
      response: null,
    });
    expect(res.body.reviews).toEqual([]);
    const put = await env.t.call('put', url(), author.auth).send({ text: 'hello' });
    expect([put.status, put.body.code, put.body.message]).toEqual([
      409,
      'reviews.response_none',
      'No author response in this round',
    ]);
    expect((await env.t.call('get', `/api/author/papers/${paper}/responses`, author.auth)).body).toEqual([]);
  });

  it('refuses a response one minute before the window opens and accepts one at one minute after', async () => {
    await setRound({
      responseOpensAt: minutesFromNow(1),
      responseClosesAt: minutesFromNow(60),
      responseLimit: 10,
      responseLimitUnit: 'words',
    });
    const early = await env.t.call('put', url(), author.auth).send({ text: 'too early' });
    expect([early.status, early.body.code]).toEqual([409, 'reviews.response_not_open']);
    expect(early.body.message).toMatch(/^The author response window opens on .+ \(UTC\)$/);
    const phase = await env.t.call('get', url(), author.auth);
    expect(phase.body).toMatchObject({ state: 'before', limit: 10, unit: 'words', response: null });
    expect(phase.body.reviews).toEqual([]);
    await setRound({ responseOpensAt: minutesFromNow(-1) });
    const ok = await env.t.call('put', url(), author.auth).send({ text: 'A first draft.' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      state: 'open',
      response: { text: 'A first draft.', submitted: false, submittedAt: null },
    });
  });

  it('shows the authors the submitted reviews while the window is open: scores and comments to the authors only', async () => {
    await openWindow();
    const res = await env.t.call('get', url(), coAuthor.auth);
    expect(res.status).toBe(200);
    expect(res.body.reviews).toEqual([
      {
        number: 1,
        round: 1,
        quality: 9,
        contribution: 8,
        originality: 7,
        final: 2,
        decision: 'accept after revision',
        comments: { author: 'Please shorten section 3.' },
      },
    ]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(REVIEW.comments.chair);
    expect(text).not.toContain(reviewer.email);
    const list = await env.t.call('get', `/api/author/papers/${paper}/responses`, author.auth);
    expect(list.body.map((p: { round: number }) => p.round)).toEqual([1]);
  });

  it('accepts a submission exactly at the word limit and refuses one word over, writing nothing', async () => {
    await openWindow(10, 'words');
    const over = await env.t.call('post', `${url()}/submit`, author.auth).send({ text: words(11) });
    expect([over.status, over.body.code, over.body.message]).toEqual([
      400,
      'reviews.response_too_long',
      'The response is 11 words long; the limit is 10 words',
    ]);
    expect((await env.t.call('get', url(), author.auth)).body.response.text).toBe('A first draft.');
    const ok = await env.t.call('post', `${url()}/submit`, author.auth).send({ text: words(10) });
    expect(ok.status).toBe(200);
    expect(ok.body.response).toMatchObject({ text: words(10), submitted: true });
    expect(ok.body.response.submittedAt).toEqual(expect.any(String));
  });

  it('accepts a submission exactly at the character limit (CRLF counted as one) and refuses one over', async () => {
    await openWindow(5, 'characters');
    const over = await env.t.call('post', `${url()}/submit`, coAuthor.auth).send({ text: 'abcdef' });
    expect([over.status, over.body.message]).toEqual([
      400,
      'The response is 6 characters long; the limit is 5 characters',
    ]);
    const ok = await env.t.call('post', `${url()}/submit`, coAuthor.auth).send({ text: 'ab\r\nc😀' });
    expect(ok.status).toBe(200);
    expect(ok.body.response).toMatchObject({ text: 'ab\nc😀', submitted: true });
  });

  it('refuses an empty submission, a draft over a submitted response and a missing text', async () => {
    await openWindow(100, 'words');
    const empty = await env.t.call('post', `${url()}/submit`, author.auth).send({ text: '  \n ' });
    expect([empty.status, empty.body.message]).toEqual([
      400,
      'Please write the response before submitting it',
    ]);
    const draft = await env.t.call('put', url(), author.auth).send({ text: 'back to draft' });
    expect([draft.status, draft.body.code]).toEqual([409, 'reviews.response_submitted']);
    const missing = await env.t.call('put', url(), author.auth).send({});
    expect(missing.status).toBe(400);
    const tooLong = await env.t.call('put', url(), author.auth).send({ text: 'x'.repeat(100_001) });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'reviews.response_too_long']);
  });

  it('lets authors re-submit until one minute before the window closes, then reads it only', async () => {
    await openWindow(100, 'words');
    await setRound({ responseClosesAt: minutesFromNow(1) });
    const ok = await env.t
      .call('post', `${url()}/submit`, author.auth)
      .send({ text: 'We *thank* the reviewers.' });
    expect(ok.status).toBe(200);
    await setRound({ responseClosesAt: minutesFromNow(-1) });
    const late = await env.t.call('post', `${url()}/submit`, author.auth).send({ text: 'Too late.' });
    expect([late.status, late.body.code]).toEqual([409, 'reviews.response_closed']);
    expect(late.body.message).toMatch(/^The author response window closed on .+ \(UTC\)$/);
    const read = await env.t.call('get', url(), author.auth);
    expect(read.body).toMatchObject({
      state: 'closed',
      response: { text: 'We *thank* the reviewers.', submitted: true },
    });
    // after the window, reviews follow the release rule: not released, not shown
    expect(read.body.reviews).toEqual([]);
    await env.t.db
      .update(papersTable)
      .set({ authorViewReviewEnabled: true })
      .where(eq(papersTable.id, paper));
    expect((await env.t.call('get', url(), author.auth)).body.reviews).toHaveLength(1);
    await env.t.db
      .update(papersTable)
      .set({ authorViewReviewEnabled: false })
      .where(eq(papersTable.id, paper));
  });

  it('records every submission in the activity log', async () => {
    const rows = await env.t.db
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.action, 'response.submit'), eq(auditLogTable.paperId, paper)));
    expect(rows.length).toBe(3);
    expect(rows.map((r) => r.actorId).sort()).toEqual([author.id, author.id, coAuthor.id].sort());
  });

  it('answers an unknown round, a malformed one and a stranger’s paper like a missing one', async () => {
    const unknown = await env.t.call('get', url(paper, 7), author.auth);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'reviews.round_not_found']);
    expect((await env.t.call('get', `/api/author/papers/${paper}/responses/0`, author.auth)).status).toBe(
      404,
    );
    expect((await env.t.call('get', `/api/author/papers/${paper}/responses/abc`, author.auth)).status).toBe(
      404,
    );
    const missing = await env.t.call('get', url(999_999), author.auth);
    for (const [method, path] of [
      ['get', url()],
      ['put', url()],
      ['post', `${url()}/submit`],
      ['get', `/api/author/papers/${paper}/responses`],
    ] as const) {
      const res = await env.t.call(method, path, stranger.auth).send({ text: 'x' });
      expect([path, res.status, res.body]).toEqual([path, 404, missing.body]);
    }
    // the paper's reviewer is no author of it either
    expect((await env.t.call('get', url(), reviewer.auth)).status).toBe(404);
  });

  describe('who reads submitted responses', () => {
    let draftPaper: number;
    beforeAll(async () => {
      await openWindow(100, 'words');
      draftPaper = await env.paper(track, [author.id]);
      await assign(draftPaper, reviewer);
      await env.t.call('put', url(draftPaper), author.auth).send({ text: 'A secret draft.' }).expect(200);
    });

    it('shows the paper’s reviewer and the chairs the submitted response, never a draft', async () => {
      const expected = [
        expect.objectContaining({ paper, round: 1, roundName: 'R1', text: 'We *thank* the reviewers.' }),
      ];
      const byReviewer = await env.t.call('get', `/api/reviewer/papers/${paper}/responses`, reviewer.auth);
      expect([byReviewer.status, byReviewer.body]).toEqual([200, expected]);
      const byChair = await env.t.call('get', `/api/chair/reviews/paper/${paper}/responses`, env.chair.auth);
      expect([byChair.status, byChair.body]).toEqual([200, expected]);
      const byTrackChair = await env.t.call(
        'get',
        `/api/cochair/reviews/paper/${paper}/responses`,
        trackChair.auth,
      );
      expect([byTrackChair.status, byTrackChair.body]).toEqual([200, expected]);
      for (const [path, who] of [
        [`/api/reviewer/papers/${draftPaper}/responses`, reviewer],
        [`/api/chair/reviews/paper/${draftPaper}/responses`, env.chair],
      ] as const) {
        const res = await env.t.call('get', path, who.auth);
        expect([res.status, res.body]).toEqual([200, []]);
      }
    });

    it('answers a reviewer of another paper and a track chair of another track like a missing paper', async () => {
      const missing = await env.t.call('get', `/api/reviewer/papers/999999/responses`, otherReviewer.auth);
      const other = await env.t.call('get', `/api/reviewer/papers/${paper}/responses`, otherReviewer.auth);
      expect([other.status, other.body]).toEqual([404, missing.body]);
      const cochair = await env.t.call(
        'get',
        `/api/cochair/reviews/paper/${paper}/responses`,
        otherTrackChair.auth,
      );
      expect(cochair.status).toBe(404);
      const asAuthor = await env.t.call('get', `/api/reviewer/papers/${paper}/responses`, author.auth);
      expect(asAuthor.status).toBe(403);
    });

    it('hides the responses from a reviewer and a chair with a conflict of interest, like a missing paper', async () => {
      const conflicted = await env.reviewer([track]);
      await assign(paper, conflicted);
      const path = `/api/reviewer/papers/${paper}/responses`;
      expect((await env.t.call('get', path, conflicted.auth)).status).toBe(200);
      await env.t.db.insert(bidsTable).values({ reviewerId: conflicted.id, paperId: paper, bid: 'conflict' });
      const missing = await env.t.call('get', `/api/reviewer/papers/999999/responses`, conflicted.auth);
      const res = await env.t.call('get', path, conflicted.auth);
      expect([res.status, res.body]).toEqual([404, missing.body]);
      // a chair who is an author of the paper
      const own = await env.paper(track, [env.chair.id]);
      expect(
        (await env.t.call('get', `/api/chair/reviews/paper/${own}/responses`, env.chair.auth)).status,
      ).toBe(404);
    });

    it('hides the responses from a reviewer who declined', async () => {
      const p = await env.paper(track, [author.id]);
      const res = await env.t
        .call('post', '/api/chair/review_requests', env.chair.auth)
        .send({ track, paper: p, reviewer: otherReviewer.id });
      await env.t
        .call('put', `/api/reviewer/review_requests/${res.body._id}`, otherReviewer.auth)
        .send({ action: 'decline' });
      expect(
        (await env.t.call('get', `/api/reviewer/papers/${p}/responses`, otherReviewer.auth)).status,
      ).toBe(404);
    });
  });
});
