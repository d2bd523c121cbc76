/**
 * Issue 25: anyone with a conflict of interest on a paper never sees its reviews — the same check as the
 * discussion, the author responses and the meta-reviews (ReviewConflictsService), on every chair route that
 * shows a review: the paper's reviews (404 as for a missing paper), the decision-making page's reviews (no entry,
 * as for a paper without reviews), a request's review and evaluation, the request list's evaluation, and the
 * html review export. Here the track chair is a co-author of one paper of their track, and of the same
 * organization as the author of another; the chair (no conflict) sees everything.
 */
import { and, eq } from 'drizzle-orm';
import { reviewRequestsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { REVIEW, setupReviews, type Person, type ReviewsEnv } from './reviews.helpers.js';

describe('a conflicted chair does not see the reviews', () => {
  let env: ReviewsEnv;
  let trackChair: Person;
  let own: number; // co-authored by the track chair
  let sameOrg: number; // by an author of the track chair's organization
  let clear: number;
  const requestOf: Record<number, number> = {};

  beforeAll(async () => {
    env = await setupReviews();
    const track = await env.track();
    trackChair = await env.person({
      organization: 'Institute of Shared Affiliation',
      roles: { coChair: { is: true, tracks: [track] } },
    });
    const author = await env.person();
    const colleague = await env.person({ organization: 'Institute of Shared Affiliation' });
    own = await env.paper(track, [author.id, trackChair.id]);
    sameOrg = await env.paper(track, [colleague.id]);
    clear = await env.paper(track, [(await env.person()).id]);
    const reviewer = await env.reviewer([track]);
    for (const p of [own, sameOrg, clear]) {
      const res = await env.t
        .call('post', '/api/chair/review_requests', env.chair.auth)
        .send({ track, paper: p, reviewer: reviewer.id });
      expect(res.status).toBe(201);
      requestOf[p] = res.body._id;
      const review = await env.t
        .call('put', `/api/reviewer/papers/${p}`, reviewer.auth)
        .send({ ...REVIEW, comments: { author: `Review of paper ${p}.`, chair: 'Accept.' } });
      expect(review.status).toBe(200);
    }
    const rows = await env.t.db
      .select()
      .from(reviewRequestsTable)
      .where(and(eq(reviewRequestsTable.reviewerId, reviewer.id), eq(reviewRequestsTable.reviewed, true)));
    expect(rows).toHaveLength(3);
  });
  afterAll(() => env.close());

  it("answers the paper's reviews with the missing paper's 404", async () => {
    const missing = await env.t.call('get', '/api/cochair/reviews/paper/999999', trackChair.auth);
    expect(missing.status).toBe(404);
    for (const p of [own, sameOrg]) {
      const res = await env.t.call('get', `/api/cochair/reviews/paper/${p}`, trackChair.auth);
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: missing.body });
    }
    const ok = await env.t.call('get', `/api/cochair/reviews/paper/${clear}`, trackChair.auth);
    expect(ok.status).toBe(200);
    expect(JSON.stringify(ok.body)).toContain(`Review of paper ${clear}.`);
    for (const p of [own, sameOrg, clear]) {
      const chair = await env.t.call('get', `/api/chair/reviews/paper/${p}`, env.chair.auth);
      expect([p, chair.status, chair.body.length]).toEqual([p, 200, 1]);
    }
  });

  it("leaves the conflicted papers out of the decision-making page's reviews", async () => {
    const ids = [own, sameOrg, clear];
    const res = await env.t.call('post', '/api/cochair/reviews/papers', trackChair.auth).send({ ids });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).map(Number)).toEqual([clear]);
    const chair = await env.t.call('post', '/api/chair/reviews/papers', env.chair.auth).send({ ids });
    expect(
      Object.keys(chair.body)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...ids].sort((a, b) => a - b));
  });

  it('shows the request but neither its review nor its evaluation', async () => {
    for (const p of [own, sameOrg]) {
      const res = await env.t.call('get', `/api/cochair/review_requests/${requestOf[p]}`, trackChair.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ paper: p, state: 'reviewed', evaluation: -1, review: null });
      const list = await env.t.call('get', `/api/cochair/review_requests?paper=${p}`, trackChair.auth);
      expect(list.body.data.map((r: { evaluation: number }) => r.evaluation)).toEqual([-1]);
    }
    const ok = await env.t.call('get', `/api/cochair/review_requests/${requestOf[clear]}`, trackChair.auth);
    expect(ok.body.review).toMatchObject({ paper: clear });
    expect(ok.body.evaluation).toBeGreaterThan(0);
    const chair = await env.t.call('get', `/api/chair/review_requests/${requestOf[own]}`, env.chair.auth);
    expect(chair.body.review).toMatchObject({ paper: own });
  });

  it('exports the conflicted papers without their reviews', async () => {
    const res = await env.t
      .call('post', '/api/cochair/papers/export/htmlreview/', trackChair.auth)
      .send({ ids: [own, sameOrg, clear] });
    expect(res.status).toBe(200);
    expect(res.text).toContain(`Review of paper ${clear}.`);
    for (const p of [own, sameOrg]) {
      expect(res.text).not.toContain(`Review of paper ${p}.`);
      expect(res.text).toMatch(
        new RegExp(`id="paper-${p}"[\\s\\S]*?Reviews not shown: you have a conflict of interest`),
      );
    }
    const chair = await env.t
      .call('post', '/api/chair/papers/export/htmlreview/', env.chair.auth)
      .send({ ids: [own, sameOrg, clear] });
    for (const p of [own, sameOrg, clear]) expect(chair.text).toContain(`Review of paper ${p}.`);
  });
});
