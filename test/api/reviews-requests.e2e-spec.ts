/**
 * Chairs' and track chairs' review requests: save with the §8 checks, conflicts of interest with their
 * evidence, the §9 limits, the invitation in the outbox, query / get / update / delete / bulk delete,
 * candidates, and reviews submitted on behalf.
 */
import { eq } from 'drizzle-orm';
import { reviewRequestsTable, reviewsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { setupReviews, type Person, type ReviewsEnv } from './reviews.helpers.js';

const REVIEW = {
  quality: 7,
  contribution: 6,
  originality: 8,
  final: 1,
  comments: { author: 'Clear and useful.', chair: 'Solid work.' },
};

describe('review requests (chair and track chair)', () => {
  let env: ReviewsEnv;
  let track: number;
  let otherTrack: number;
  let author: Person;
  let paper: number;

  beforeAll(async () => {
    env = await setupReviews();
    track = await env.track();
    otherTrack = await env.track();
    author = await env.person();
    paper = await env.paper(track, [author.id]);
  });
  afterAll(async () => {
    await env.close();
  });

  const save = (body: Record<string, unknown>, who: Person = env.chair, prefix = 'chair') =>
    env.t.call('post', `/api/${prefix}/review_requests`, who.auth).send(body);

  it('saves a request, waiting with evaluation -1, and writes the invitation to the outbox', async () => {
    const reviewer = await env.reviewer([track], { firstName: 'Rita', lastName: 'Reis' });
    const before = (await env.outbox()).length;
    const res = await save({ track, paper, reviewer: reviewer.id, isCameraReady: false });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      track,
      paper,
      reviewer: reviewer.id,
      isCameraReady: false,
      waiting: true,
      declined: false,
      reviewed: false,
      evaluation: -1,
      state: 'waiting',
      reviewerName: 'Rita Reis',
    });
    const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
    expect(days(res.body.invitedAt, res.body.replyDueAt)).toBe(5);
    expect(days(res.body.invitedAt, res.body.dueAt)).toBe(14);
    const mails = await env.outbox();
    expect(mails.length).toBe(before + 1);
    const mail = mails[mails.length - 1]!;
    expect(mail.to).toEqual([reviewer.email]);
    expect(mail.text).toContain('within 5 days');
    expect(mail.text).toContain('within 14 days');
    expect(mail.text).toContain('about 15 minutes');
    expect(mail.text).toContain(`/ViewReviewRequest/${res.body._id}`);
  });

  it('refuses with the §8 messages', async () => {
    const reviewer = await env.reviewer([track]);
    const notReviewer = await env.person();
    const otherTrackReviewer = await env.reviewer([otherTrack]);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ track, paper, reviewer: 999999 }, 404, 'User not found'],
      [{ track, paper, reviewer: notReviewer.id }, 400, "User isn't a reviewer!"],
      [{ track, paper, reviewer: otherTrackReviewer.id }, 400, "User isn't allowed to review this track!"],
    ];
    for (const [body, status, message] of cases) {
      const res = await save(body);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    // an author who is also a reviewer of the track
    const authorReviewer = await env.reviewer([track]);
    const ownPaper = await env.paper(track, [authorReviewer.id]);
    const own = await save({ track, paper: ownPaper, reviewer: authorReviewer.id });
    expect([own.status, own.body.message]).toEqual([400, 'An author cannot review his own paper!']);
    // twice the same pair
    expect((await save({ track, paper: ownPaper, reviewer: reviewer.id })).status).toBe(201);
    const twice = await save({ track, paper: ownPaper, reviewer: reviewer.id });
    expect([twice.status, twice.body.message]).toEqual([409, 'User is already a reviewer for this paper!']);
    // the camera-ready request of the same pair is another request
    expect((await save({ track, paper: ownPaper, reviewer: reviewer.id, isCameraReady: true })).status).toBe(
      201,
    );
    // the track must be the paper's
    const mismatch = await save({ track: otherTrack, paper: ownPaper, reviewer: otherTrackReviewer.id });
    expect([mismatch.status, mismatch.body.message]).toEqual([
      400,
      "The track does not match the paper's track",
    ]);
    // a paper that does not exist
    expect((await save({ track, paper: 999999, reviewer: reviewer.id })).status).toBe(404);
    // nothing was half written
    const rows = await env.t.db
      .select()
      .from(reviewRequestsTable)
      .where(eq(reviewRequestsTable.paperId, ownPaper));
    expect(rows.length).toBe(2);
  });

  it('refuses conflicted pairs and says why (organization, e-mail domain, co-authorship, declaration)', async () => {
    const a = await env.person({
      firstName: 'Ana',
      lastName: 'Silva',
      organization: 'Univ. of Porto',
      email: `ana.${Date.now()}@fe.up.pt`,
    });
    const p = await env.paper(track, [a.id]);
    const sameOrg = await env.reviewer([track], { organization: 'University of  Porto' });
    const sameDomain = await env.reviewer([track], { email: `rui.${Date.now()}@up.pt` });
    const gmailAuthor = await env.person({ email: `a.${Date.now()}@gmail.com` });
    const gmailReviewer = await env.reviewer([track], { email: `r.${Date.now()}@gmail.com` });
    const p2 = await env.paper(track, [gmailAuthor.id]);
    const coauthor = await env.reviewer([track]);
    await env.paper(otherTrack, [coauthor.id, a.id], { title: 'Older joint work' });
    const declarer = await env.reviewer([track]);
    const declared = await env.t
      .call('put', '/api/reviewer/conflicts', declarer.auth)
      .send({ conflicts: [{ email: a.email, reason: 'my former student' }] });
    expect(declared.status).toBe(200);

    const expectConflict = async (reviewer: number, kind: string, evidence: RegExp) => {
      const res = await save({ track, paper: p, reviewer });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('reviews.conflict_of_interest');
      expect(res.body.message).toMatch(/^Conflict of interest: /);
      expect(res.body.details.conflicts).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind, authorId: a.id, evidence: expect.stringMatching(evidence) }),
        ]),
      );
    };
    await expectConflict(sameOrg.id, 'organization', /Same organization as Ana Silva/);
    await expectConflict(sameDomain.id, 'emailDomain', /Same e-mail domain as Ana Silva: up\.pt/);
    await expectConflict(
      coauthor.id,
      'coauthorship',
      /Co-authored paper #\d+ "Older joint work" with Ana Silva/,
    );
    await expectConflict(declarer.id, 'declared', /declared a conflict with Ana Silva: my former student/);
    // a shared public mail provider is no conflict
    expect((await save({ track, paper: p2, reviewer: gmailReviewer.id })).status).toBe(201);

    // the candidates list shows the same reasons
    const res = await env.t.call('get', `/api/chair/review_requests/candidates/${p}`, env.chair.auth);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((c: { _id: number }) => [c._id, c]));
    expect(byId.get(sameOrg.id)).toMatchObject({
      eligible: false,
      conflicts: [expect.objectContaining({ kind: 'organization' })],
    });
    expect(byId.get(coauthor.id)).toMatchObject({ eligible: false });
    expect(byId.get(gmailReviewer.id)).toMatchObject({ eligible: true, conflicts: [], bid: null });
    expect(byId.get(gmailReviewer.id)).toMatchObject({ load: { total: 1, cameraReady: 0 } });
  });

  it('counts at most 3 requests per paper and 10 per reviewer, camera-ready apart, declined not counted', async () => {
    const p = await env.paper(track, [(await env.person()).id]);
    const reviewers = [];
    for (let i = 0; i < 5; i++) reviewers.push(await env.reviewer([track]));
    for (let i = 0; i < 3; i++)
      expect((await save({ track, paper: p, reviewer: reviewers[i]!.id })).status).toBe(201);
    const fourth = await save({ track, paper: p, reviewer: reviewers[3]!.id });
    expect([fourth.status, fourth.body.message]).toEqual([
      409,
      'This paper already has the maximum of 3 reviewers',
    ]);
    expect((await save({ track, paper: p, reviewer: reviewers[3]!.id, isCameraReady: true })).status).toBe(
      201,
    );
    // a declined request frees its place
    const first = await env.t.db
      .select()
      .from(reviewRequestsTable)
      .where(eq(reviewRequestsTable.reviewerId, reviewers[0]!.id));
    const decline = await env.t
      .http()
      .put(`/api/reviewer/review_requests/${first[0]!.id}`)
      .set(...reviewers[0]!.auth)
      .send({ action: 'decline' });
    expect(decline.body.state).toBe('declined');
    expect((await save({ track, paper: p, reviewer: reviewers[4]!.id })).status).toBe(201);

    const busy = await env.reviewer([track]);
    for (let i = 0; i < 10; i++) {
      const q = await env.paper(track, [(await env.person()).id]);
      expect((await save({ track, paper: q, reviewer: busy.id })).status).toBe(201);
    }
    const q = await env.paper(track, [(await env.person()).id]);
    const eleventh = await save({ track, paper: q, reviewer: busy.id });
    expect([eleventh.status, eleventh.body.message]).toEqual([
      409,
      'This reviewer already has the maximum of 10 review requests',
    ]);
    expect((await save({ track, paper: q, reviewer: busy.id, isCameraReady: true })).status).toBe(201);
  });

  it('queries with cp, pg and filters, the total in X-Total-Count', async () => {
    const r = await env.reviewer([otherTrack]);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await env.paper(otherTrack, [(await env.person()).id]);
      ids.push((await save({ track: otherTrack, paper: p, reviewer: r.id })).body._id);
    }
    const page = await env.t.call(
      'get',
      `/api/chair/review_requests?userId=${r.id}&cp=2&pg=2`,
      env.chair.auth,
    );
    expect(page.status).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.body.count).toBe(3);
    expect(page.body.data.map((d: { _id: number }) => d._id)).toEqual([ids[0]]);
    const byTrack = await env.t.call(
      'get',
      `/api/chair/review_requests?track=${otherTrack}&state=waiting`,
      env.chair.auth,
    );
    expect(
      byTrack.body.data.every(
        (d: { track: number; state: string }) => d.track === otherTrack && d.state === 'waiting',
      ),
    ).toBe(true);
    const bad = await env.t.call('get', '/api/chair/review_requests?state=lost', env.chair.auth);
    expect(bad.status).toBe(400);
    const tooBig = await env.t.call('get', '/api/chair/review_requests?pg=101', env.chair.auth);
    expect(tooBig.status).toBe(400);
  });

  it('gets, updates, deletes and bulk deletes; track chairs only inside their tracks (404 alike)', async () => {
    const r1 = await env.reviewer([track]);
    const r2 = await env.reviewer([track]);
    const p = await env.paper(track, [(await env.person()).id]);
    const created = (await save({ track, paper: p, reviewer: r1.id })).body;
    const get = await env.t.call('get', `/api/chair/review_requests/${created._id}`, env.chair.auth);
    expect(get.body).toMatchObject({ _id: created._id, review: null });

    // reassign: same checks, a new invitation
    const before = (await env.outbox()).length;
    const moved = await env.t
      .call('put', `/api/chair/review_requests/${created._id}`, env.chair.auth)
      .send({ reviewer: r2.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ reviewer: r2.id, state: 'waiting' });
    expect((await env.outbox()).length).toBe(before + 1);
    const declined = await env.t
      .call('put', `/api/chair/review_requests/${created._id}`, env.chair.auth)
      .send({ declined: true });
    expect(declined.body.state).toBe('declined');
    const reopened = await env.t
      .call('put', `/api/chair/review_requests/${created._id}`, env.chair.auth)
      .send({ declined: false });
    expect(reopened.body).toMatchObject({ state: 'waiting', respondedAt: null });
    await env.t
      .call('put', `/api/chair/review_requests/${created._id}`, env.chair.auth)
      .send({ declined: true });

    // track chairs
    const inside = await env.trackChair([track]);
    const outside = await env.trackChair([otherTrack]);
    const ok = await env.t.call('get', `/api/cochair/review_requests/${created._id}`, inside.auth);
    expect(ok.status).toBe(200);
    const missing = await env.t.call('get', '/api/cochair/review_requests/999999', outside.auth);
    for (const res of [
      await env.t.call('get', `/api/cochair/review_requests/${created._id}`, outside.auth),
      await env.t
        .call('put', `/api/cochair/review_requests/${created._id}`, outside.auth)
        .send({ declined: false }),
      await env.t.call('delete', `/api/cochair/review_requests/${created._id}`, outside.auth),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    const outsideSave = await save({ track, paper: p, reviewer: r1.id }, outside, 'cochair');
    const missingPaper = await save({ track, paper: 999999, reviewer: r1.id }, outside, 'cochair');
    expect(outsideSave.status).toBe(404);
    expect(outsideSave.body).toEqual(missingPaper.body);
    const cand = await env.t.call('get', `/api/cochair/review_requests/candidates/${p}`, outside.auth);
    expect(cand.status).toBe(404);
    const list = await env.t.call('get', '/api/cochair/review_requests', outside.auth);
    expect(list.body.data.every((d: { track: number }) => d.track === otherTrack)).toBe(true);
    const insideSave = await save({ track, paper: p, reviewer: r1.id }, inside, 'cochair');
    expect(insideSave.status).toBe(201);

    // delete one, bulk delete by paper (a filter is required)
    expect(
      (await env.t.call('delete', `/api/cochair/review_requests/${created._id}`, inside.auth)).status,
    ).toBe(200);
    expect(
      (await env.t.call('get', `/api/chair/review_requests/${created._id}`, env.chair.auth)).status,
    ).toBe(404);
    const noFilter = await env.t.call('delete', '/api/chair/review_requests', env.chair.auth);
    expect([noFilter.status, noFilter.body.message]).toEqual([
      400,
      'Please give at least one filter to delete review requests',
    ]);
    const outsideBulk = await env.t.call('delete', `/api/cochair/review_requests?paper=${p}`, outside.auth);
    expect(outsideBulk.body).toEqual({ deleted: 0 });
    const bulk = await env.t.call('delete', `/api/chair/review_requests?paper=${p}`, env.chair.auth);
    expect(bulk.body).toEqual({ deleted: 1 });
  });

  it('submits a full review on behalf of a user (comments up to 5000) and track chairs their own', async () => {
    const r = await env.reviewer([track]);
    const p = await env.paper(track, [(await env.person()).id]);
    const long = 'x'.repeat(5000);
    const res = await env.t
      .call('post', '/api/chair/submit_review_request', env.chair.auth)
      .send({ ...REVIEW, paper: p, reviewer: r.id, comments: { author: long, chair: long } });
    expect(res.status).toBe(201);
    expect(res.body.request).toMatchObject({
      reviewed: true,
      waiting: false,
      evaluation: 21,
      state: 'reviewed',
    });
    expect(res.body.review).toMatchObject({
      submittedBy: env.chair.id,
      source: 'chair',
      draft: false,
      decision: 'accept',
    });
    const [stored] = await env.t.db.select().from(reviewsTable).where(eq(reviewsTable.paperId, p));
    expect(stored).toMatchObject({
      quality: 7,
      contribution: 6,
      originality: 8,
      final: 1,
      commentsAuthor: long,
    });

    const tooLong = await env.t
      .call('post', '/api/chair/submit_review_request', env.chair.auth)
      .send({ ...REVIEW, paper: p, reviewer: r.id, comments: { author: `${long}x`, chair: 'ok' } });
    expect([tooLong.status, tooLong.body.message]).toEqual([
      400,
      'Comments to authors must be at most 5000 characters',
    ]);
    const incomplete = await env.t
      .call('post', '/api/chair/submit_review_request', env.chair.auth)
      .send({ ...REVIEW, final: -2, paper: p, reviewer: r.id });
    expect([incomplete.status, incomplete.body.message]).toEqual([400, 'Please choose a final decision']);
    const badScore = await env.t
      .call('post', '/api/chair/submit_review_request', env.chair.auth)
      .send({ ...REVIEW, quality: 11, paper: p, reviewer: r.id });
    expect([badScore.status, badScore.body.message]).toEqual([
      400,
      'Quality must be a whole number from 0 to 10',
    ]);

    const tc = await env.trackChair([track]);
    const own = await env.t
      .call('post', '/api/cochair/submit_review_request', tc.auth)
      .send({ ...REVIEW, paper: p });
    expect(own.status).toBe(201);
    expect(own.body.review).toMatchObject({ reviewer: tc.id, submittedBy: null, source: 'reviewer' });
    const onBehalf = await env.t
      .call('post', '/api/cochair/submit_review_request', tc.auth)
      .send({ ...REVIEW, paper: p, reviewer: r.id });
    expect([onBehalf.status, onBehalf.body.message]).toEqual([
      403,
      'Track chairs submit their own reviews only',
    ]);
    const chairView = await env.t.call('get', `/api/chair/reviews/paper/${p}`, env.chair.auth);
    expect(chairView.body.map((v: { reviewer: number }) => v.reviewer).sort()).toEqual([r.id, tc.id].sort());
    expect(chairView.body[0].comments.chair).toBeDefined();
  });
});
