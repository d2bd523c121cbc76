/**
 * POST /api/{chair|cochair}/reviews/papers: the submitted reviews of a page of papers in one call (the
 * decision table), keyed by paper id; drafts, deleted papers and papers outside a track chair's tracks have
 * no entry.
 */
import { setupReviews, type Person, type ReviewsEnv } from './reviews.helpers.js';

describe('reviews of several papers at once', () => {
  let env: ReviewsEnv;
  let trackA: number;
  let trackB: number;
  let reviewedA: number;
  let draftA: number;
  let reviewedB: number;
  let deletedA: number;
  let trackChairA: Person;

  const review = async (paper: number, track: number, final = 1) => {
    const reviewer = await env.reviewer([track]);
    const res = await env.t.call('post', '/api/chair/submit_review_request', env.chair.auth).send({
      paper,
      reviewer: reviewer.id,
      quality: 7,
      contribution: 6,
      originality: 5,
      final,
      comments: { author: 'To the authors.', chair: 'To the chair.' },
    });
    expect(res.status).toBe(201);
    return reviewer;
  };

  beforeAll(async () => {
    env = await setupReviews();
    trackA = await env.track();
    trackB = await env.track();
    const author = await env.person();
    reviewedA = await env.paper(trackA, [author.id]);
    draftA = await env.paper(trackA, [author.id]);
    reviewedB = await env.paper(trackB, [author.id]);
    deletedA = await env.paper(trackA, [author.id]);
    await review(reviewedA, trackA, 1);
    await review(reviewedA, trackA, 0);
    await review(reviewedB, trackB, 2);
    await review(deletedA, trackA, 1);
    await env.t.call('put', `/api/chair/papers/${deletedA}`, env.chair.auth).send({ isDeleted: true });
    // a draft only: the reviewer saved without submitting
    const drafter = await env.reviewer([trackA]);
    const req = await env.t
      .call('post', '/api/chair/review_requests', env.chair.auth)
      .send({ track: trackA, paper: draftA, reviewer: drafter.id, isCameraReady: false });
    expect(req.status).toBe(201);
    const draft = await env.t
      .call('put', `/api/reviewer/papers/${draftA}`, drafter.auth)
      .send({ draft: true, quality: 3, comments: { author: 'half', chair: '' } });
    expect(draft.status).toBeLessThan(300);
    trackChairA = await env.trackChair([trackA]);
  });
  afterAll(async () => {
    await env.close();
  });

  it('answers the submitted reviews of each paper keyed by id, for a chair', async () => {
    const res = await env.t
      .call('post', '/api/chair/reviews/papers', env.chair.auth)
      .send({ ids: [reviewedA, draftA, reviewedB, deletedA, 999999] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).map(Number).sort()).toEqual([reviewedA, reviewedB].sort());
    expect(res.body[reviewedA]).toHaveLength(2);
    expect(res.body[reviewedA].map((r: { final: number }) => r.final).sort()).toEqual([0, 1]);
    expect(res.body[reviewedB][0]).toMatchObject({ quality: 7, contribution: 6, originality: 5, final: 2 });
  });

  it("keeps a track chair to their tracks (another track's paper has no entry)", async () => {
    const res = await env.t
      .call('post', '/api/cochair/reviews/papers', trackChairA.auth)
      .send({ ids: [reviewedA, reviewedB] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).map(Number)).toEqual([reviewedA]);
  });

  it.each([
    ['no ids', {}],
    ['ids that are not numbers', { ids: ['1'] }],
    ['a negative id', { ids: [-1] }],
    ['too many ids', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }],
  ])('refuses %s with 400', async (_label, body) => {
    const res = await env.t.call('post', '/api/chair/reviews/papers', env.chair.auth).send(body);
    expect(res.status).toBe(400);
  });
});
