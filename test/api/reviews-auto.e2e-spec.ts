/**
 * Automatic assignment over HTTP: the proposal built from the database for a track (conflicted pairs never
 * proposed, existing requests kept, the §9 counts), and applying an edited proposal with the manual checks.
 */
import { eq } from 'drizzle-orm';
import { reviewRequestsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { setupReviews, type Person, type ReviewsEnv } from './reviews.helpers.js';

interface Proposal {
  papers: {
    paperId: number;
    target: number;
    existing: number[];
    proposed: { reviewerId: number; bid?: string }[];
    short: number;
    shortReason?: string;
  }[];
  conflicts: { paperId: number; reviewerId: number }[];
  fairness: { load: { max: number } };
}

describe('automatic assignment', () => {
  let env: ReviewsEnv;
  let track: number;
  let otherTrack: number;
  let papers: number[];
  let reviewers: Person[];
  let conflicted: Person;

  beforeAll(async () => {
    env = await setupReviews();
    track = await env.track();
    otherTrack = await env.track();
    const author = await env.person({ organization: 'Conflict Institute' });
    papers = [];
    for (let i = 0; i < 4; i++) papers.push(await env.paper(track, [author.id]));
    reviewers = [];
    for (let i = 0; i < 4; i++) reviewers.push(await env.reviewer([track]));
    conflicted = await env.reviewer([track], { organization: 'Conflict Institute' });
    await env.t
      .http()
      .put('/api/reviewer/bids')
      .set(...reviewers[0]!.auth)
      .send({ bids: [{ paper: papers[0], bid: 'eager' }] });
    // an existing request is kept and counted
    await env.t
      .call('post', '/api/chair/review_requests', env.chair.auth)
      .send({ track, paper: papers[1], reviewer: reviewers[3]!.id });
  });
  afterAll(async () => {
    await env.close();
  });

  it('proposes min(3, eligible) reviewers per paper, never a conflicted pair, keeping existing requests', async () => {
    const res = await env.t
      .call('post', '/api/chair/review_requests/auto/proposal', env.chair.auth)
      .send({ track });
    expect(res.status).toBe(200);
    const body = res.body as Proposal;
    expect(body.papers.map((p) => p.paperId).sort()).toEqual([...papers].sort());
    for (const p of body.papers) {
      expect(p.existing.length + p.proposed.length).toBe(3);
      expect(p.proposed.map((r) => r.reviewerId)).not.toContain(conflicted.id);
    }
    const p1 = body.papers.find((p) => p.paperId === papers[1])!;
    expect(p1.existing).toEqual([reviewers[3]!.id]);
    expect(p1.proposed.map((r) => r.reviewerId)).not.toContain(reviewers[3]!.id);
    const p0 = body.papers.find((p) => p.paperId === papers[0])!;
    expect(p0.proposed).toEqual(
      expect.arrayContaining([expect.objectContaining({ reviewerId: reviewers[0]!.id, bid: 'eager' })]),
    );
    expect(body.conflicts.some((c) => c.reviewerId === conflicted.id)).toBe(true);
    expect(body.fairness.load.max).toBeLessThanOrEqual(10);
  });

  it('counts the papers left without eligible reviewers when another track used up the reviewers, and names the limit and the reviewers', async () => {
    const trackA = await env.track('Cap Track A');
    const trackB = await env.track('Cap Track B');
    const both = [
      await env.reviewer([trackA, trackB], { firstName: 'Rita', lastName: 'Full' }),
      await env.reviewer([trackA, trackB], { firstName: 'Sam', lastName: 'Full' }),
      await env.reviewer([trackA, trackB], { firstName: 'Uma', lastName: 'Full' }),
    ];
    const author = await env.person();
    for (let i = 0; i < 10; i++) await env.paper(trackA, [author.id]);
    const inB = [await env.paper(trackB, [author.id]), await env.paper(trackB, [author.id])];
    // track A's run takes all 3 × 10 reviews the three reviewers may give (§9: 10 each, every track)
    const a = (
      await env.t.call('post', '/api/chair/review_requests/auto/proposal', env.chair.auth, { track: trackA })
    ).body as Proposal;
    const pairs = a.papers.flatMap((p) =>
      p.proposed.map((r) => ({ paper: p.paperId, reviewer: r.reviewerId })),
    );
    expect(pairs).toHaveLength(30);
    const applied = await env.t
      .call('post', '/api/chair/review_requests/auto/apply', env.chair.auth)
      .send({ track: trackA, assignments: pairs });
    expect(applied.body.saved).toBe(30);

    const res = await env.t
      .call('post', '/api/chair/review_requests/auto/proposal', env.chair.auth)
      .send({ track: trackB });
    expect(res.status).toBe(200);
    const body = res.body as Proposal & {
      fairness: { papersShort: number; reviewsShort: number };
      feasibility: { fewEligible: { paperId: number; message: string }[] };
    };
    expect(body.fairness.papersShort).toBe(2);
    expect(body.fairness.reviewsShort).toBe(6);
    const names = 'Rita Full (10 of 10), Sam Full (10 of 10), Uma Full (10 of 10)';
    for (const id of inB) {
      const paper = body.papers.find((p) => p.paperId === id)!;
      expect(paper.proposed).toEqual([]);
      expect(paper.short).toBe(3);
      expect(paper.shortReason).toBe(
        `paper ${id} has no eligible reviewer: 3 reviewers of track Cap Track B have reached the limit of 10 ` +
          `reviews per reviewer (counted over every track): ${names}`,
      );
    }
    expect(body.feasibility.fewEligible.map((f) => f.paperId).sort()).toEqual([...inB].sort());
    // nothing was written by the proposal
    const requestsOfB = await env.t.db
      .select()
      .from(reviewRequestsTable)
      .where(eq(reviewRequestsTable.trackId, trackB));
    expect(requestsOfB).toEqual([]);
    for (const r of both)
      expect(
        (await env.t.db.select().from(reviewRequestsTable).where(eq(reviewRequestsTable.reviewerId, r.id)))
          .length,
      ).toBe(10);
  });

  it('applies an edited proposal with the manual checks and counts N of M', async () => {
    const proposal = (
      await env.t.call('post', '/api/chair/review_requests/auto/proposal', env.chair.auth, { track })
    ).body as Proposal;
    const pairs = proposal.papers.flatMap((p) =>
      p.proposed.map((r) => ({ paper: p.paperId, reviewer: r.reviewerId })),
    );
    const edited = [...pairs, { paper: papers[2]!, reviewer: conflicted.id }];
    const before = (await env.outbox()).length;
    const res = await env.t
      .call('post', '/api/chair/review_requests/auto/apply', env.chair.auth)
      .send({ track, assignments: edited });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`${pairs.length} of ${edited.length} review requests saved successfully.`);
    expect(res.body.saved).toBe(pairs.length);
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        paper: papers[2],
        reviewer: conflicted.id,
        message: expect.stringMatching(/^Conflict of interest: Same organization/),
      }),
    ]);
    expect((await env.outbox()).length).toBe(before + pairs.length);
    const stored = await env.t.db
      .select()
      .from(reviewRequestsTable)
      .where(eq(reviewRequestsTable.trackId, track));
    expect(stored.length).toBe(pairs.length + 1);
    const empty = await env.t
      .call('post', '/api/chair/review_requests/auto/apply', env.chair.auth)
      .send({ track, assignments: [] });
    expect([empty.status, empty.body.message]).toEqual([
      400,
      'Selecting reviewers needs at least one paper and one reviewer',
    ]);
  });

  it('reports each pair whose paper is of another track, deleted or missing, and saves the others', async () => {
    const fresh = await env.paper(track, []);
    const elsewhere = await env.paper(otherTrack, []);
    const deleted = await env.paper(track, [], { isDeleted: true });
    const reviewer = reviewers[1]!.id;
    const res = await env.t.call('post', '/api/chair/review_requests/auto/apply', env.chair.auth).send({
      track,
      assignments: [
        { paper: elsewhere, reviewer },
        { paper: fresh, reviewer },
        { paper: deleted, reviewer },
        { paper: 2_000_000_000, reviewer },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('1 of 4 review requests saved successfully.');
    expect(res.body.data.map((r: { paper: number }) => r.paper)).toEqual([fresh]);
    expect(res.body.errors).toEqual(
      [elsewhere, deleted, 2_000_000_000].map((paper) => ({
        paper,
        reviewer,
        message: 'The paper could not be obtained',
      })),
    );
  });

  it('refuses an apply larger than the per-call limit with 413, saving nothing', async () => {
    const before = (await env.outbox()).length;
    const assignments = Array.from({ length: 10_000 }, (_, i) => ({
      paper: papers[i % papers.length]!,
      reviewer: reviewers[i % reviewers.length]!.id,
    }));
    const res = await env.t
      .call('post', '/api/chair/review_requests/auto/apply', env.chair.auth)
      .send({ track, assignments });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      'At most 1000 review requests can be saved in one call (this one has 10000).',
    );
    expect(res.body.details).toEqual({ limit: 1000 });
    expect((await env.outbox()).length).toBe(before);
  });

  it('keeps track chairs to their tracks', async () => {
    const tc = await env.trackChair([otherTrack]);
    const res = await env.t
      .call('post', '/api/cochair/review_requests/auto/proposal', tc.auth)
      .send({ track });
    expect(res.status).toBe(404);
    const apply = await env.t
      .call('post', '/api/cochair/review_requests/auto/apply', tc.auth)
      .send({ track, assignments: [{ paper: papers[0], reviewer: reviewers[1]!.id }] });
    expect(apply.status).toBe(404);
  });
});
