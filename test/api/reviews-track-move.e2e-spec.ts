/**
 * A paper moved to another track — by the chair's edit or by a bulk edit — takes its review requests and
 * reviews with it (migration 0006 trigger), so the new track's chairs see them and the old track's do not.
 */
import { eq } from 'drizzle-orm';
import { reviewRequestsTable, reviewsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { setupReviews, type ReviewsEnv } from './reviews.helpers.js';

describe('review requests follow their paper to another track', () => {
  let env: ReviewsEnv;
  beforeAll(async () => {
    env = await setupReviews();
  });
  afterAll(async () => {
    await env.close();
  });

  async function requestFor(track: number) {
    const author = await env.person();
    const paper = await env.paper(track, [author.id]);
    const reviewer = await env.reviewer([track]);
    const res = await env.t
      .call('post', '/api/chair/review_requests', env.chair.auth)
      .send({ track, paper, reviewer: reviewer.id, isCameraReady: false });
    expect(res.status).toBe(201);
    const submitted = await env.t.call('post', '/api/chair/submit_review_request', env.chair.auth).send({
      paper,
      reviewer: reviewer.id,
      quality: 5,
      contribution: 5,
      originality: 5,
      final: 1,
      comments: { author: 'Fine.', chair: 'Fine.' },
    });
    expect(submitted.status).toBe(201);
    return { paper, requestId: res.body._id as number };
  }

  const tracksOf = async (paper: number) => ({
    requests: (
      await env.t.db.select().from(reviewRequestsTable).where(eq(reviewRequestsTable.paperId, paper))
    ).map((r) => r.trackId),
    reviews: (await env.t.db.select().from(reviewsTable).where(eq(reviewsTable.paperId, paper))).map(
      (r) => r.trackId,
    ),
  });

  it("moves with the chair's track change", async () => {
    const from = await env.track();
    const to = await env.track();
    const { paper } = await requestFor(from);
    const res = await env.t.call('put', `/api/chair/papers/${paper}`, env.chair.auth).send({ track: to });
    expect(res.status).toBe(200);
    const after = await tracksOf(paper);
    expect(after.requests).toEqual([to]);
    expect(after.reviews).toEqual([to]);
  });

  it('moves with a bulk track change, and only for the moved papers', async () => {
    const from = await env.track();
    const to = await env.track();
    const moved = await requestFor(from);
    const stays = await requestFor(from);
    const res = await env.t
      .call('post', '/api/chair/papers/bulk', env.chair.auth)
      .send({ ids: [moved.paper], op: 'set', field: 'track', value: to });
    expect(res.status).toBe(200);
    expect(res.body.nModified).toBe(1);
    expect((await tracksOf(moved.paper)).requests).toEqual([to]);
    expect((await tracksOf(stays.paper)).requests).toEqual([from]);
  });
});
