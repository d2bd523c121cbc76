/**
 * Review rounds (issue 25): the rounds API of a track (list, create, update, delete; chairs and the track's
 * track chairs), requests in a round (manual save and on-behalf submit, limits per round, due date of the
 * round, one request per paper, reviewer and round), the automatic assignment of a later round limited to
 * papers of some statuses, and the round in the request lists.
 */
import { eq } from 'drizzle-orm';
import { ROUND_MESSAGES } from '@symposium/domain';
import { reviewRequestsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { setupReviews, type Person, type ReviewsEnv } from './reviews.helpers.js';

const REVIEW = {
  quality: 7,
  contribution: 6,
  originality: 8,
  final: 1,
  comments: { author: 'Clear and useful.', chair: 'Solid work.' },
};

describe('review rounds', () => {
  let env: ReviewsEnv;
  let track: number;
  let otherTrack: number;
  let cochair: Person;
  let otherCochair: Person;
  let author: Person;

  beforeAll(async () => {
    env = await setupReviews();
    track = await env.track();
    otherTrack = await env.track();
    cochair = await env.trackChair([track]);
    otherCochair = await env.trackChair([otherTrack]);
    author = await env.person();
  });
  afterAll(async () => {
    await env.close();
  });

  const rounds = (t: number, who: Person = env.chair, prefix = 'chair') =>
    env.t.call('get', `/api/${prefix}/review_rounds/${t}`, who.auth);
  const create = (t: number, body: Record<string, unknown>, who: Person = env.chair, prefix = 'chair') =>
    env.t.call('post', `/api/${prefix}/review_rounds/${t}`, who.auth).send(body);
  const update = (
    t: number,
    n: number | string,
    body: Record<string, unknown>,
    who: Person = env.chair,
    prefix = 'chair',
  ) => env.t.call('put', `/api/${prefix}/review_rounds/${t}/${n}`, who.auth).send(body);
  const remove = (t: number, n: number | string, who: Person = env.chair, prefix = 'chair') =>
    env.t.call('delete', `/api/${prefix}/review_rounds/${t}/${n}`, who.auth);
  const save = (body: Record<string, unknown>, who: Person = env.chair, prefix = 'chair') =>
    env.t.call('post', `/api/${prefix}/review_requests`, who.auth).send(body);

  describe('the rounds API', () => {
    it('lists R1, which every track has from its creation', async () => {
      const res = await rounds(track);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          track,
          number: 1,
          name: 'R1',
          reviewDueAt: null,
          responseOpensAt: null,
          responseClosesAt: null,
          responseLimit: null,
          responseLimitUnit: 'words',
          requests: 0,
        },
      ]);
    });

    it('creates the next round with a trimmed name, dates and limit; refuses a taken name ignoring case', async () => {
      const res = await create(track, {
        name: '  Second round ',
        reviewDueAt: '2027-03-01T12:00:00.000Z',
        responseOpensAt: '2027-03-05T00:00:00.000Z',
        responseClosesAt: '2027-03-10T00:00:00.000Z',
        responseLimit: 500,
        responseLimitUnit: 'words',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        track,
        number: 2,
        name: 'Second round',
        reviewDueAt: '2027-03-01T12:00:00.000Z',
        responseOpensAt: '2027-03-05T00:00:00.000Z',
        responseClosesAt: '2027-03-10T00:00:00.000Z',
        responseLimit: 500,
        responseLimitUnit: 'words',
        requests: 0,
      });
      const taken = await create(track, { name: 'SECOND ROUND' });
      expect([taken.status, taken.body.message]).toEqual([409, ROUND_MESSAGES.nameTaken]);
      const takenR1 = await create(track, { name: 'r1' });
      expect(takenR1.status).toBe(409);
      // the same name in another track is fine
      expect((await create(otherTrack, { name: 'Second round' })).status).toBe(201);
      expect((await rounds(track)).body.map((r: { name: string }) => r.name)).toEqual(['R1', 'Second round']);
    });

    it('refuses bad input with a clear 400 and writes nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '   ' }, ROUND_MESSAGES.nameRequired],
        [{}, ROUND_MESSAGES.nameRequired],
        [{ name: 'x'.repeat(101) }, ROUND_MESSAGES.nameTooLong],
        [{ name: 'R9', reviewDueAt: 'tomorrow' }, ROUND_MESSAGES.dateInvalid],
        [{ name: 'R9', responseLimit: 0 }, ROUND_MESSAGES.limitPositive],
        [{ name: 'R9', responseLimit: 2.5 }, ROUND_MESSAGES.limitPositive],
        [{ name: 'R9', responseLimitUnit: 'pages' }, ROUND_MESSAGES.unitInvalid],
        [
          {
            name: 'R9',
            responseOpensAt: '2027-03-10T00:00:00.000Z',
            responseClosesAt: '2027-03-10T00:00:00.000Z',
          },
          ROUND_MESSAGES.windowOrder,
        ],
        [{ name: 'R9', responseOpensAt: '2027-03-10T00:00:00.000Z' }, ROUND_MESSAGES.windowIncomplete],
      ];
      for (const [body, message] of cases) {
        const res = await create(track, body);
        expect([res.status, res.body.message]).toEqual([400, message]);
      }
      expect((await rounds(track)).body).toHaveLength(2);
    });

    it('updates name, due date, window and limit; null clears; the window must close after it opens', async () => {
      const res = await update(track, 2, {
        name: 'R2',
        responseLimit: 2000,
        responseLimitUnit: 'characters',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        number: 2,
        name: 'R2',
        responseLimit: 2000,
        responseLimitUnit: 'characters',
        responseOpensAt: '2027-03-05T00:00:00.000Z',
      });
      const early = await update(track, 2, { responseClosesAt: '2027-03-04T00:00:00.000Z' });
      expect([early.status, early.body.message]).toEqual([400, ROUND_MESSAGES.windowOrder]);
      const taken = await update(track, 2, { name: 'r1' });
      expect([taken.status, taken.body.message]).toEqual([409, ROUND_MESSAGES.nameTaken]);
      const cleared = await update(track, 2, { responseLimit: null, reviewDueAt: null });
      expect(cleared.body).toMatchObject({ responseLimit: null, reviewDueAt: null, name: 'R2' });
      const back = await update(track, 2, { reviewDueAt: '2027-03-01T12:00:00.000Z' });
      expect(back.body.reviewDueAt).toBe('2027-03-01T12:00:00.000Z');
      const missing = await update(track, 9, { name: 'R9' });
      expect([missing.status, missing.body.message]).toEqual([404, ROUND_MESSAGES.notFound]);
      expect((await update(track, 'abc', { name: 'R9' })).status).toBe(404);
    });

    it('lets the track chair of the track read and write its rounds; another track answers 404', async () => {
      expect((await rounds(track, cochair, 'cochair')).status).toBe(200);
      const created = await create(track, { name: 'R3' }, cochair, 'cochair');
      expect([created.status, created.body.number]).toEqual([201, 3]);
      expect((await update(track, 3, { name: 'Third' }, cochair, 'cochair')).status).toBe(200);
      expect((await remove(track, 3, cochair, 'cochair')).status).toBe(200);
      for (const res of [
        await rounds(track, otherCochair, 'cochair'),
        await create(track, { name: 'R4' }, otherCochair, 'cochair'),
        await update(track, 2, { name: 'Nope' }, otherCochair, 'cochair'),
        await remove(track, 2, otherCochair, 'cochair'),
        await rounds(999_999),
      ])
        expect([res.status, res.body.message]).toEqual([404, 'Track not found']);
      // a track chair on the chair prefix, a reviewer, an author: refused by the role guard
      const reviewer = await env.reviewer([track]);
      expect((await rounds(track, cochair, 'chair')).status).toBe(403);
      expect((await rounds(track, reviewer, 'chair')).status).toBe(403);
      expect((await rounds(track, author, 'cochair')).status).toBe(403);
      expect((await rounds(track)).body).toHaveLength(2);
    });

    it('never deletes R1 nor a round with requests (409 with a clear message)', async () => {
      const r1 = await remove(track, 1);
      expect([r1.status, r1.body.message]).toEqual([400, ROUND_MESSAGES.firstUndeletable]);
      const tmp = await create(track, { name: 'Temporary' });
      const paper = await env.paper(track, [author.id]);
      const reviewer = await env.reviewer([track]);
      const saved = await save({ track, paper, reviewer: reviewer.id, round: tmp.body.number });
      expect([saved.status, saved.body.round, saved.body.roundName]).toEqual([201, 3, 'Temporary']);
      const busy = await remove(track, 3);
      expect([busy.status, busy.body.message]).toEqual([409, ROUND_MESSAGES.hasRequests]);
      expect((await rounds(track)).body.find((r: { number: number }) => r.number === 3).requests).toBe(1);
      await env.t.call('delete', `/api/chair/review_requests/${saved.body._id}`, env.chair.auth).expect(200);
      const gone = await remove(track, 3);
      expect([gone.status, gone.body.message]).toEqual([200, ROUND_MESSAGES.deleted]);
      expect((await remove(track, 3)).status).toBe(404);
    });
  });

  describe('requests in a round', () => {
    let paper: number;
    let reviewers: Person[];

    beforeAll(async () => {
      paper = await env.paper(track, [author.id]);
      reviewers = [];
      for (let i = 0; i < 5; i++) reviewers.push(await env.reviewer([track]));
    });

    it('saves in R1 by default; an unknown round is refused and nothing is written', async () => {
      const r1 = await save({ track, paper, reviewer: reviewers[0]!.id });
      expect([r1.status, r1.body.round, r1.body.roundName]).toEqual([201, 1, 'R1']);
      const before = await env.t.db
        .select()
        .from(reviewRequestsTable)
        .where(eq(reviewRequestsTable.paperId, paper));
      const unknown = await save({ track, paper, reviewer: reviewers[1]!.id, round: 7 });
      expect([unknown.status, unknown.body.message]).toEqual([400, ROUND_MESSAGES.unknownRound]);
      const zero = await save({ track, paper, reviewer: reviewers[1]!.id, round: 0 });
      expect(zero.status).toBe(400);
      const after = await env.t.db
        .select()
        .from(reviewRequestsTable)
        .where(eq(reviewRequestsTable.paperId, paper));
      expect(after.length).toBe(before.length);
    });

    it('counts the 3-per-paper limit within a round: R2 adds reviewers to a paper with 3 R1 requests', async () => {
      await save({ track, paper, reviewer: reviewers[1]!.id }).expect(201);
      await save({ track, paper, reviewer: reviewers[2]!.id }).expect(201);
      const full = await save({ track, paper, reviewer: reviewers[3]!.id });
      expect(full.status).toBe(409);
      const r2 = await save({ track, paper, reviewer: reviewers[3]!.id, round: 2 });
      expect([r2.status, r2.body.round, r2.body.roundName]).toEqual([201, 2, 'R2']);
      // the round's review due date is the request's due date
      expect(r2.body.dueAt).toBe('2027-03-01T12:00:00.000Z');
      // an R1 reviewer may be asked again in R2, but only once per round
      const again = await save({ track, paper, reviewer: reviewers[0]!.id, round: 2 });
      expect(again.status).toBe(201);
      const twice = await save({ track, paper, reviewer: reviewers[0]!.id, round: 2 });
      expect([twice.status, twice.body.message]).toEqual([409, 'User is already a reviewer for this paper!']);
      // candidates in R2: the paper has 2 of 3, the R2 reviewers are already assigned in R2
      const cands = await env.t.call(
        'get',
        `/api/chair/review_requests/candidates/${paper}?round=2`,
        env.chair.auth,
      );
      expect(cands.status).toBe(200);
      const byId = new Map(cands.body.map((c: { _id: number }) => [c._id, c]));
      expect(byId.get(reviewers[0]!.id)).toMatchObject({ alreadyAssigned: true });
      expect(byId.get(reviewers[4]!.id)).toMatchObject({ alreadyAssigned: false, eligible: true });
    });

    it('counts the per-reviewer limit within a round', async () => {
      const busy = await env.reviewer([track]);
      for (let i = 0; i < 10; i++) {
        const p = await env.paper(track, [author.id]);
        await save({ track, paper: p, reviewer: busy.id }).expect(201);
      }
      const p = await env.paper(track, [author.id]);
      expect((await save({ track, paper: p, reviewer: busy.id })).status).toBe(409);
      expect((await save({ track, paper: p, reviewer: busy.id, round: 2 })).status).toBe(201);
    });

    it('submits a review on behalf in a round', async () => {
      const p = await env.paper(track, [author.id]);
      const res = await env.t
        .call('post', '/api/chair/submit_review_request', env.chair.auth)
        .send({ ...REVIEW, paper: p, reviewer: reviewers[4]!.id, round: 2 });
      expect(res.status).toBe(201);
      expect(res.body.request).toMatchObject({ round: 2, roundName: 'R2', reviewed: true });
      const unknown = await env.t
        .call('post', '/api/chair/submit_review_request', env.chair.auth)
        .send({ ...REVIEW, paper: p, reviewer: reviewers[3]!.id, round: 5 });
      expect([unknown.status, unknown.body.message]).toEqual([400, ROUND_MESSAGES.unknownRound]);
    });

    it('filters the request lists by round and shows the round to the reviewer', async () => {
      const r2 = await env.t.call('get', `/api/chair/review_requests?track=${track}&round=2`, env.chair.auth);
      expect(r2.status).toBe(200);
      expect(r2.body.data.length).toBeGreaterThanOrEqual(3);
      expect(
        r2.body.data.every(
          (r: { round: number; roundName: string }) => r.round === 2 && r.roundName === 'R2',
        ),
      ).toBe(true);
      const co = await env.t.call('get', `/api/cochair/review_requests?round=2`, cochair.auth);
      expect(co.body.count).toBe(r2.body.count);
      const other = await env.t.call('get', `/api/cochair/review_requests?round=2`, otherCochair.auth);
      expect(other.body.count).toBe(0);
      expect((await env.t.call('get', '/api/chair/review_requests?round=0', env.chair.auth)).status).toBe(
        400,
      );
      const mine = await env.t.call('get', '/api/reviewer/review_requests', reviewers[3]!.auth);
      expect(mine.status).toBe(200);
      expect(mine.body.data.map((r: { round: number; roundName: string }) => [r.round, r.roundName])).toEqual(
        [[2, 'R2']],
      );
    });

    it('keeps requests written without a round (as before the migration) in R1', async () => {
      const p = await env.paper(track, [author.id]);
      const reviewer = await env.reviewer([track]);
      const now = new Date();
      const [row] = await env.t.db
        .insert(reviewRequestsTable)
        .values({ trackId: track, paperId: p, reviewerId: reviewer.id, replyDueAt: now, dueAt: now })
        .returning();
      expect(row!.round).toBe(1);
      const res = await env.t.call('get', `/api/chair/review_requests/${row!.id}`, env.chair.auth);
      expect([res.body.round, res.body.roundName]).toEqual([1, 'R1']);
    });
  });

  describe('automatic assignment in a round', () => {
    let autoTrack: number;
    let borderline: number;
    let papers: number[];
    let reviewers: Person[];

    beforeAll(async () => {
      autoTrack = await env.track();
      borderline = (
        await env.t
          .call('post', '/api/chair/status', env.chair.auth)
          .send({ text: `Borderline ${autoTrack}` })
      ).body._id;
      const accept = (
        await env.t.call('post', '/api/chair/status', env.chair.auth).send({ text: `Accept ${autoTrack}` })
      ).body._id;
      papers = [
        await env.paper(autoTrack, [author.id], { statusId: borderline }),
        await env.paper(autoTrack, [author.id], { statusId: accept }),
        await env.paper(autoTrack, [author.id], { statusId: borderline }),
      ];
      reviewers = [];
      for (let i = 0; i < 4; i++) reviewers.push(await env.reviewer([autoTrack]));
      await create(autoTrack, { name: 'R2' }).expect(201);
      // R1 full for every paper
      for (const p of papers)
        for (let i = 0; i < 3; i++)
          await save({ track: autoTrack, paper: p, reviewer: reviewers[i]!.id }).expect(201);
    });

    type Proposal = { papers: { paperId: number; existing: number[]; proposed: { reviewerId: number }[] }[] };

    it('proposes R2 only for the papers of the statuses asked, counting R2 requests only', async () => {
      const r1 = await env.t
        .call('post', '/api/chair/review_requests/auto/proposal', env.chair.auth)
        .send({ track: autoTrack });
      expect((r1.body as Proposal).papers.every((p) => p.proposed.length === 0)).toBe(true);
      const res = await env.t
        .call('post', '/api/chair/review_requests/auto/proposal', env.chair.auth)
        .send({ track: autoTrack, round: 2, statuses: [borderline] });
      expect(res.status).toBe(200);
      const body = res.body as Proposal;
      expect(body.papers.map((p) => p.paperId).sort()).toEqual([papers[0], papers[2]].sort());
      for (const p of body.papers) {
        expect(p.existing).toEqual([]);
        expect(p.proposed.length).toBe(3);
      }
    });

    it('applies R2 pairs, refusing a paper outside the status filter; refuses a filter on R1 and an unknown round', async () => {
      const res = await env.t.call('post', '/api/chair/review_requests/auto/apply', env.chair.auth).send({
        track: autoTrack,
        round: 2,
        statuses: [borderline],
        assignments: [
          { paper: papers[0], reviewer: reviewers[3]!.id },
          { paper: papers[1], reviewer: reviewers[3]!.id },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.saved).toBe(1);
      expect(res.body.data[0]).toMatchObject({ paper: papers[0], round: 2, roundName: 'R2' });
      expect(res.body.errors).toEqual([
        expect.objectContaining({ paper: papers[1], message: ROUND_MESSAGES.statusMismatch }),
      ]);
      const onR1 = await env.t
        .call('post', '/api/chair/review_requests/auto/proposal', env.chair.auth)
        .send({ track: autoTrack, statuses: [borderline] });
      expect([onR1.status, onR1.body.message]).toEqual([400, ROUND_MESSAGES.statusFilterFirstRound]);
      const unknown = await env.t.call('post', '/api/chair/review_requests/auto/apply', env.chair.auth).send({
        track: autoTrack,
        round: 4,
        assignments: [{ paper: papers[0], reviewer: reviewers[3]!.id }],
      });
      expect([unknown.status, unknown.body.message]).toEqual([400, ROUND_MESSAGES.unknownRound]);
    });
  });
});
