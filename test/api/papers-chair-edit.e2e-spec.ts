/**
 * GET and PUT /api/{chair|cochair}/papers/:paperId, POST /bulk and POST /email/:paperId: the stored rows,
 * Accept with Revision stamping, registration numbers, restore, and the track chair's reach.
 */
import {
  CHAIR_PAPER_MESSAGES,
  PAPER_MESSAGES,
  REGISTRATION_MESSAGES,
  STATUS_MESSAGES,
} from '@symposium/domain';
import { desc, inArray } from 'drizzle-orm';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { setupChair, type ChairEnv } from './papers-chair.helpers.js';

describe('chair paper edit, bulk edit and e-mail', () => {
  let env: ChairEnv;

  beforeAll(async () => {
    env = await setupChair();
  });
  afterAll(async () => {
    await env.close();
  });

  const get = (id: number | string, who = env.chair, prefix = 'chair') =>
    env.t.call('get', `/api/${prefix}/papers/${id}`, who.auth);
  const put = (id: number | string, body: unknown, who = env.chair, prefix = 'chair') =>
    env.t.call('put', `/api/${prefix}/papers/${id}`, who.auth).send(body as object);
  const bulk = (body: unknown, who = env.chair, prefix = 'chair') =>
    env.t.call('post', `/api/${prefix}/papers/bulk`, who.auth).send(body as object);

  describe('GET /papers/:paperId', () => {
    it('answers the chair view of a paper, deleted ones included', async () => {
      const p = await env.paper({ title: 'Deleted one', isDeleted: true, acceptanceLetterEnabled: true });
      const res = await get(p.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        _id: p.id,
        title: 'Deleted one',
        isDeleted: true,
        trackName: 'Algorithms',
        statusText: 'Awaiting Decision',
        acceptanceLetterEnabled: true,
        authorViewReviewEnabled: false,
      });
    });
    it('answers 404 for a missing paper and a malformed id', async () => {
      for (const id of ['999999', 'abc', '1e3', '-1']) {
        const res = await get(id);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(PAPER_MESSAGES.notFound);
      }
    });
    it('answers a track chair for another track exactly like a missing paper', async () => {
      const mine = await env.paper();
      const other = await env.paper({ trackId: env.trackB });
      expect((await get(mine.id, env.cochair, 'cochair')).status).toBe(200);
      const res = await get(other.id, env.cochair, 'cochair');
      const missing = await get(999999, env.cochair, 'cochair');
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    });
  });

  describe('PUT /papers/:paperId', () => {
    it('updates the fields and answers the paper; the row is stored', async () => {
      const p = await env.paper();
      const res = await put(p.id, {
        title: '  Faster graph algorithms  ',
        abstract: { text: 'A new abstract that is certainly longer than fifty characters in all.' },
        notes: 'check the proofs',
        submittedCameraReady: true,
        isCameraReady: true,
        submittedPresentationReady: true,
        isPresentationReady: true,
        acceptanceLetterEnabled: true,
        authorViewReviewEnabled: true,
        status: env.status.accept,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: 'Faster graph algorithms',
        statusText: 'Accept',
        notes: 'check the proofs',
      });
      const row = await env.row(p.id);
      expect(row).toMatchObject({
        title: 'Faster graph algorithms',
        abstractText: 'A new abstract that is certainly longer than fifty characters in all.',
        notes: 'check the proofs',
        submittedCameraReady: true,
        isCameraReady: true,
        submittedPresentationReady: true,
        isPresentationReady: true,
        acceptanceLetterEnabled: true,
        authorViewReviewEnabled: true,
        statusId: env.status.accept,
        acceptWithRevisionTimestamp: null,
      });
    });

    it.each([
      [{ title: '' }, PAPER_MESSAGES.titleRequired],
      [{ title: 'x'.repeat(151) }, PAPER_MESSAGES.titleTooLong],
      [{ title: 'Research on graphs' }, PAPER_MESSAGES.titleForbidden],
      [{ title: 'A literature review of graphs' }, PAPER_MESSAGES.titleForbidden],
      [{ abstract: { text: 'too short' } }, PAPER_MESSAGES.abstractTooShort],
    ])('checks %j with the §5 message', async (body, message) => {
      const p = await env.paper({ title: 'Unchanged' });
      const res = await put(p.id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect((await env.row(p.id)).title).toBe('Unchanged');
    });

    it('checks the abstract against the track abstractLength', async () => {
      const p = await env.paper();
      const res = await put(p.id, { abstract: { text: 'y'.repeat(5001) } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please write at most 5000 characters on the abstract');
    });

    it('stamps acceptWithRevisionTimestamp when the status text includes Accept with Revision', async () => {
      const p = await env.paper();
      const before = Date.now();
      const res = await put(p.id, { status: env.status.revision });
      expect(res.status).toBe(200);
      const row = await env.row(p.id);
      expect(row.statusId).toBe(env.status.revision);
      expect(row.acceptWithRevisionTimestamp!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(res.body.acceptWithRevisionTimestamp).toBe(row.acceptWithRevisionTimestamp!.toISOString());
      // another status keeps the stamp; a status without the text does not stamp
      const q = await env.paper();
      await put(q.id, { status: env.status.reject }).expect(200);
      expect((await env.row(q.id)).acceptWithRevisionTimestamp).toBeNull();
    });

    it('refuses a status that does not exist', async () => {
      const p = await env.paper();
      const res = await put(p.id, { status: 999999 });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(STATUS_MESSAGES.notFound);
      expect((await env.row(p.id)).statusId).toBe(env.status.awaiting);
    });

    it('changes the track, clearing a subject area the new track does not have', async () => {
      const p = await env.paper({ trackId: env.trackB, primarySubjectAreaId: env.areasB[0] });
      const res = await put(p.id, { track: env.trackA });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        track: env.trackA,
        trackName: 'Algorithms',
        primarySubjectArea: null,
      });
      const row = await env.row(p.id);
      expect([row.trackId, row.primarySubjectAreaId]).toEqual([env.trackA, null]);
    });

    it('sets a subject area of the track and refuses one of another track', async () => {
      const p = await env.paper();
      const res = await put(p.id, { track: env.trackB, primarySubjectArea: env.areasB[1] });
      expect(res.status).toBe(200);
      expect((await env.row(p.id)).primarySubjectAreaId).toBe(env.areasB[1]);
      const bad = await put(p.id, { track: env.trackA, primarySubjectArea: env.areasB[1] });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(PAPER_MESSAGES.subjectArea);
      expect((await env.row(p.id)).trackId).toBe(env.trackB);
    });

    it('refuses a track that does not exist', async () => {
      const p = await env.paper();
      const res = await put(p.id, { track: 999999 });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PAPER_MESSAGES.trackNotFound);
    });

    it('lets a track chair move papers only between their own tracks', async () => {
      const cochair2 = await env.t.user({
        roles: { coChair: { is: true, tracks: [env.trackA, env.trackB] } },
      });
      const p = await env.paper();
      const refused = await put(p.id, { track: env.trackB }, env.cochair, 'cochair');
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(PAPER_MESSAGES.trackNotFound);
      expect((await env.row(p.id)).trackId).toBe(env.trackA);
      await put(p.id, { track: env.trackB }, cochair2, 'cochair').expect(200);
      expect((await env.row(p.id)).trackId).toBe(env.trackB);
      // now outside the first track chair's reach: same answer as a missing paper
      const gone = await put(p.id, { notes: 'x' }, env.cochair, 'cochair');
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(PAPER_MESSAGES.notFound);
      expect((await env.row(p.id)).notes).toBe('');
    });

    it('stores a registration and refuses a registration number already in use with 409', async () => {
      const p = await env.paper();
      const q = await env.paper();
      const res = await put(p.id, {
        registration: { author: env.alice.id, id: ' 7777-A ', amount: 250, extra: 'student' },
      });
      expect(res.status).toBe(200);
      expect((await env.row(p.id)).registration).toEqual({
        author: env.alice.id,
        id: '7777-A',
        amount: 250,
        extra: 'student',
      });
      const taken = await put(q.id, { registration: { id: '7777-A' } });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe(CHAIR_PAPER_MESSAGES.registrationInUse);
      expect((await env.row(q.id)).registration).toBeNull();
      // the same paper may keep its number; null removes the registration
      await put(p.id, { registration: { id: '7777-A', amount: 300 } }).expect(200);
      expect((await env.row(p.id)).registration).toMatchObject({
        id: '7777-A',
        amount: 300,
        extra: 'student',
      });
      await put(p.id, { registration: null }).expect(200);
      expect((await env.row(p.id)).registration).toBeNull();
      await put(q.id, { registration: { id: '7777-A' } }).expect(200);
    });

    it('refuses a registration id outside the §5 rule and changes nothing', async () => {
      const p = await env.paper();
      for (const id of ['12', 'REG-77', '1234-ABC', 'TR1', 'CK123']) {
        const res = await put(p.id, { registration: { id } });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(REGISTRATION_MESSAGES.invalidId);
      }
      expect((await env.row(p.id)).registration).toBeNull();
      for (const id of ['1234', 'TR123-4', 'CK01', 'Waived', 'Volunteer', '']) {
        await put(p.id, { registration: { id } }).expect(200);
        await put(p.id, { registration: null }).expect(200);
      }
    });

    it('refuses a registration author who does not exist', async () => {
      const p = await env.paper();
      const res = await put(p.id, { registration: { author: 999999, id: '5555' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PAPER_MESSAGES.authorNotFound);
    });

    it('restores a deleted paper', async () => {
      const p = await env.paper({ isDeleted: true });
      const res = await put(p.id, { isDeleted: false });
      expect(res.status).toBe(200);
      expect(res.body.isDeleted).toBe(false);
      expect((await env.row(p.id)).isDeleted).toBe(false);
    });

    it.each([
      [{ isDeleted: 'no' }],
      [{ status: 'accept' }],
      [{ track: 0 }],
      [{ title: 5 }],
      [{ registration: 'R-1' }],
      [{ registration: { amount: -5 } }],
      [{ abstract: 'text' }],
      [{ _id: 5 }],
      [{ createdBy: 1 }],
    ])('refuses %j with 400', async (body) => {
      const p = await env.paper();
      const res = await put(p.id, body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    });
  });

  describe('POST /papers/bulk', () => {
    const fresh = async (n: number, row: Parameters<ChairEnv['paper']>[0] = {}) => {
      const out = [];
      for (let i = 0; i < n; i++) out.push(await env.paper({ title: `Bulk ${Date.now()} ${i}`, ...row }));
      return out.map((p) => p.id);
    };

    it('sets the status of the given papers and counts the modified ones', async () => {
      const ids = await fresh(3);
      await env.t.db
        .update(papersTable)
        .set({ statusId: env.status.accept })
        .where(inArray(papersTable.id, ids));
      const again = await fresh(2);
      const res = await bulk({
        ids: [...ids, ...again],
        op: 'set',
        field: 'status',
        value: env.status.reject,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ nModified: 5 });
      for (const id of [...ids, ...again]) expect((await env.row(id)).statusId).toBe(env.status.reject);
      // unchanged papers are not counted
      expect((await bulk({ ids, op: 'set', field: 'status', value: env.status.reject })).body).toEqual({
        nModified: 0,
      });
    });

    it('stamps Accept with Revision when the bulk sets such a status', async () => {
      const ids = await fresh(2);
      const res = await bulk({ ids, op: 'set', field: 'status', value: env.status.revision });
      expect(res.body).toEqual({ nModified: 2 });
      for (const id of ids) expect((await env.row(id)).acceptWithRevisionTimestamp).toBeInstanceOf(Date);
    });

    it('selects by filters and search (deleted papers left out)', async () => {
      const tag = `Tagged${Date.now()}`;
      const [a, b] = await fresh(2, { title: `${tag} paper` });
      const [c] = await fresh(1, { title: `${tag} deleted`, isDeleted: true });
      const res = await bulk({
        filters: [{ name: 'track', value: env.trackA }],
        search: tag,
        op: 'set',
        field: 'acceptanceLetterEnabled',
        value: true,
      });
      expect(res.body).toEqual({ nModified: 2 });
      expect((await env.row(a!)).acceptanceLetterEnabled).toBe(true);
      expect((await env.row(b!)).acceptanceLetterEnabled).toBe(true);
      expect((await env.row(c!)).acceptanceLetterEnabled).toBe(false);
    });

    it.each([
      ['submittedCameraReady', 'submittedCameraReady'],
      ['submittedPresentationReady', 'submittedPresentationReady'],
      ['acceptanceLetterEnabled', 'acceptanceLetterEnabled'],
      ['authorViewReviewEnabled', 'authorViewReviewEnabled'],
      ['isDeleted', 'isDeleted'],
      ['isCameraReady', 'isCameraReady'],
    ] as const)('sets the flag %s', async (field, column) => {
      const ids = await fresh(2);
      const res = await bulk({ ids, op: 'set', field, value: true });
      expect(res.body).toEqual({ nModified: 2 });
      for (const id of ids) expect((await env.row(id))[column]).toBe(true);
      expect((await bulk({ ids, op: 'set', field, value: false })).body).toEqual({ nModified: 2 });
      for (const id of ids) expect((await env.row(id))[column]).toBe(false);
    });

    it('restores deleted papers given by id (delete = false)', async () => {
      const ids = await fresh(2, { isDeleted: true });
      expect((await bulk({ ids, op: 'set', field: 'isDeleted', value: false })).body).toEqual({
        nModified: 2,
      });
      for (const id of ids) expect((await env.row(id)).isDeleted).toBe(false);
    });

    it('moves papers to another track (paper), clearing subject areas it does not have', async () => {
      const ids = await fresh(2, { trackId: env.trackB, primarySubjectAreaId: env.areasB[0] });
      const res = await bulk({ ids, op: 'set', field: 'track', value: env.trackA });
      expect(res.body).toEqual({ nModified: 2 });
      for (const id of ids)
        expect(await env.row(id)).toMatchObject({ trackId: env.trackA, primarySubjectAreaId: null });
    });

    it('sets notes, or pushes a line onto them', async () => {
      const [a, b] = await fresh(2);
      expect((await bulk({ ids: [a], op: 'set', field: 'notes', value: 'first' })).body).toEqual({
        nModified: 1,
      });
      expect((await bulk({ ids: [a, b], op: 'push', field: 'notes', value: 'second' })).body).toEqual({
        nModified: 2,
      });
      expect((await env.row(a!)).notes).toBe('first\nsecond');
      expect((await env.row(b!)).notes).toBe('second');
    });

    it.each([
      [{ op: 'unset', field: 'notes', value: 'x' }, 'must be set or push'],
      [{ op: 'set', field: 'password', value: 'x' }, 'The bulk edit field must be one of'],
      [{ op: 'set', field: 'title', value: 'x' }, 'The bulk edit field must be one of'],
      [{ op: 'push', field: 'status', value: 1 }, 'Only notes can be pushed'],
      [{ op: 'set', field: 'isDeleted', value: 'true' }, 'Please choose true or false'],
      [{ op: 'set', field: 'status', value: 999999 }, STATUS_MESSAGES.notFound],
      [{ op: 'set', field: 'status', value: null }, 'Please choose a status'],
      [{ op: 'set', field: 'track', value: '1' }, 'Please choose a track'],
      [{ op: 'set', field: 'track', value: 999999 }, PAPER_MESSAGES.trackNotFound],
      [{ op: 'set', field: 'notes', value: 7 }, 'The note must be text'],
      [{ op: 'push', field: 'notes', value: '  ' }, 'Please write the note to add'],
      [{ op: 'set', field: 'isDeleted', value: true, ids: 'all' }, 'list of paper ids'],
      [{ op: 'set', field: 'isDeleted', value: true, ids: [1.5] }, 'list of paper ids'],
      [{ op: 'set', field: 'isDeleted', value: true, filters: [{ name: 'x', value: 1 }] }, 'Unknown filter'],
    ])('refuses %j with 400, changing nothing', async (body, message) => {
      const [id] = await fresh(1);
      const res = await bulk({ ids: [id], ...body });
      expect(res.status).toBe(res.body.message === PAPER_MESSAGES.trackNotFound ? 404 : 400);
      expect(res.body.message).toContain(message);
      const row = await env.row(id!);
      expect([row.isDeleted, row.notes, row.statusId]).toEqual([false, '', env.status.awaiting]);
    });

    it('limits a track chair to their tracks: ids outside modify nothing, a track outside is refused', async () => {
      const [mine] = await fresh(1);
      const [other] = await fresh(1, { trackId: env.trackB });
      const res = await bulk(
        { ids: [other], op: 'set', field: 'isDeleted', value: true },
        env.cochair,
        'cochair',
      );
      expect(res.body).toEqual({ nModified: 0 });
      expect((await env.row(other!)).isDeleted).toBe(false);
      const both = await bulk(
        { ids: [mine, other], op: 'set', field: 'notes', value: 'seen' },
        env.cochair,
        'cochair',
      );
      expect(both.body).toEqual({ nModified: 1 });
      expect((await env.row(other!)).notes).toBe('');
      const move = await bulk(
        { ids: [mine], op: 'set', field: 'track', value: env.trackB },
        env.cochair,
        'cochair',
      );
      expect(move.status).toBe(404);
      expect((await env.row(mine!)).trackId).toBe(env.trackA);
      // by filters: only the track chair's papers match
      const tag = `Scoped${Date.now()}`;
      const [x] = await fresh(1, { title: tag });
      const [y] = await fresh(1, { title: tag, trackId: env.trackB });
      const byFilter = await bulk(
        { search: tag, op: 'set', field: 'authorViewReviewEnabled', value: true },
        env.cochair,
        'cochair',
      );
      expect(byFilter.body).toEqual({ nModified: 1 });
      expect((await env.row(x!)).authorViewReviewEnabled).toBe(true);
      expect((await env.row(y!)).authorViewReviewEnabled).toBe(false);
    });
  });

  describe('POST /papers/email/:paperId', () => {
    const email = (id: number | string, body: unknown, who = env.chair, prefix = 'chair') =>
      env.t.call('post', `/api/${prefix}/papers/email/${id}`, who.auth).send(body as object);

    it('puts one message to every author of the paper in the outbox', async () => {
      const p = await env.paper({}, [env.alice.id, env.bob.id]);
      const res = await email(p.id, { subject: 'Your paper', text: 'Please update the abstract.' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      const [row] = await env.t.db.select().from(outboxTable).orderBy(desc(outboxTable.id)).limit(1);
      expect(row).toMatchObject({
        to: [env.alice.email, env.bob.email],
        subject: 'Your paper',
        text: 'Please update the abstract.',
        createdBy: env.chair.id,
      });
    });

    it('refuses an empty subject or text, and papers outside the track chair’s tracks', async () => {
      const p = await env.paper();
      const count = async () => (await env.t.db.select().from(outboxTable)).length;
      const before = await count();
      expect((await email(p.id, { subject: ' ', text: 'x' })).body.message).toBe('Please write a subject');
      expect((await email(p.id, { subject: 'x' })).body.message).toBe('Please write the message');
      expect((await email(p.id, { subject: 1, text: 'x' })).status).toBe(400);
      const other = await env.paper({ trackId: env.trackB });
      const res = await email(other.id, { subject: 'x', text: 'y' }, env.cochair, 'cochair');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PAPER_MESSAGES.notFound);
      expect(await count()).toBe(before);
    });
  });
});
