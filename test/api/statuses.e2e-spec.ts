import { asc, eq } from 'drizzle-orm';
import { STATUS_MESSAGES, type StatusDto } from '@symposium/domain';
import { StatusesService } from '../../apps/api/src/modules/tracks/statuses.service.js';
import { statusesTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { createTestApp, type TestApp } from '../support/app.js';

type Auth = [string, string];

describe('paper statuses API', () => {
  let t: TestApp;
  let chair: Auth;
  let cochair: Auth;
  let author: Auth;
  let reviewer: Auth;
  let defaultStatus: StatusDto;

  const create = (body: object, as: Auth = chair) => t.call('post', '/api/chair/status', as).send(body);
  const update = (id: number | string, body: object, as: Auth = chair) =>
    t.call('put', `/api/chair/status/${id}`, as).send(body);
  const rows = () =>
    t.db.select().from(statusesTable).orderBy(asc(statusesTable.position), asc(statusesTable.id));
  const rowOf = async (id: number) =>
    (await t.db.select().from(statusesTable).where(eq(statusesTable.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp();
    chair = (await t.user({ roles: { chair: { is: true } } })).auth;
    cochair = (await t.user({ roles: { coChair: { is: true, tracks: [1] } } })).auth;
    author = (await t.user()).auth;
    reviewer = (await t.user({ roles: { reviewer: { is: true, tracks: [1], count: 0 } } })).auth;
    defaultStatus = ((await t.call('get', '/api/chair/status', chair).expect(200)).body as StatusDto[])[0]!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts with the default status Awaiting Decision', async () => {
    const res = await t.call('get', '/api/chair/status', chair).expect(200);
    expect(res.body).toEqual([
      { _id: defaultStatus._id, text: 'Awaiting Decision', position: 1, isDefault: true, isAccepted: false },
    ]);
  });

  describe('creating', () => {
    it('adds a status after the last one (position last+1), not accepted unless said', async () => {
      const accept = (await create({ text: 'Accept', isAccepted: true }).expect(201)).body as StatusDto;
      expect(accept).toMatchObject({ text: 'Accept', position: 2, isDefault: false, isAccepted: true });
      const reject = (await create({ text: '  Reject  ' }).expect(201)).body as StatusDto;
      expect(reject).toMatchObject({ text: 'Reject', position: 3, isDefault: false, isAccepted: false });
      expect(await rowOf(reject._id)).toMatchObject({ text: 'Reject', position: 3, isAccepted: false });
    });

    it.each([{}, { text: '' }, { text: '   ' }, { text: 5 }, { text: null }])(
      "refuses a status without text ('Please fill in the status text'): %j",
      async (body) => {
        const before = (await rows()).length;
        const res = await create(body).expect(400);
        expect(res.body.message).toBe('Please fill in the status text');
        expect(await rows()).toHaveLength(before);
      },
    );

    it("refuses a text another status has, ignoring case ('A status with this text already exists')", async () => {
      const res = await create({ text: 'accept' }).expect(409);
      expect(res.body).toMatchObject({ code: 'statuses.text_taken', message: STATUS_MESSAGES.textTaken });
      await create({ text: 'AWAITING DECISION ' }).expect(409);
    });

    it.each([
      { text: 'X', isAccepted: 'yes' },
      { text: 'X', isDefault: true },
      { text: 'X', position: 1 },
      { text: 'X'.repeat(201) },
    ])('answers 400, never 500, to malformed bodies: %j', async (body) => {
      await create(body).expect(400);
    });
  });

  describe('reading', () => {
    it('lists by position and gets one, for chairs and track chairs', async () => {
      const all = (await t.call('get', '/api/chair/status', chair).expect(200)).body as StatusDto[];
      expect(all.map((s) => s.text)).toEqual(['Awaiting Decision', 'Accept', 'Reject']);
      expect((await t.call('get', '/api/cochair/status', cochair).expect(200)).body).toEqual(all);
      const one = await t.call('get', `/api/cochair/status/${all[1]!._id}`, cochair).expect(200);
      expect(one.body).toEqual(all[1]);
      await t.call('get', `/api/chair/status/${all[1]!._id}`, chair).expect(200);
    });

    it("answers 404 'Status not found' for a missing status and 400 for a malformed id", async () => {
      const res = await t.call('get', '/api/chair/status/99999', chair).expect(404);
      expect(res.body).toMatchObject({ code: 'statuses.not_found', message: 'Status not found' });
      for (const id of ['abc', '0', '-3', '2.5', '1e2', '12345678901'])
        expect((await t.call('get', `/api/cochair/status/${id}`, cochair)).body).toMatchObject({
          statusCode: 404,
          code: 'statuses.not_found',
          message: 'Status not found',
        });
    });
  });

  describe('updating', () => {
    it('changes the text and the accepted flag', async () => {
      const accept = (await rows()).find((r) => r.text === 'Accept')!;
      const res = await update(accept.id, { text: 'Accept with Revision', isAccepted: false }).expect(200);
      expect(res.body).toMatchObject({
        _id: accept.id,
        text: 'Accept with Revision',
        isAccepted: false,
        position: 2,
      });
      expect(await rowOf(accept.id)).toMatchObject({ text: 'Accept with Revision', isAccepted: false });
      await update(accept.id, { isAccepted: true }).expect(200);
      expect(await rowOf(accept.id)).toMatchObject({ text: 'Accept with Revision', isAccepted: true });
    });

    it('refuses a blank text and a text another status has', async () => {
      const reject = (await rows()).find((r) => r.text === 'Reject')!;
      expect((await update(reject.id, { text: ' ' }).expect(400)).body.message).toBe(
        'Please fill in the status text',
      );
      expect((await update(reject.id, { text: 'accept with revision' }).expect(409)).body.message).toBe(
        STATUS_MESSAGES.textTaken,
      );
      await update(reject.id, { text: 'REJECT' }).expect(200);
      expect((await rowOf(reject.id))!.text).toBe('REJECT');
    });

    it('answers 404 for a missing status or a malformed id, 400 for malformed bodies', async () => {
      expect((await update(99999, { text: 'Ghost' }).expect(404)).body.message).toBe('Status not found');
      expect((await update('abc', { text: 'X' }).expect(404)).body.message).toBe('Status not found');
      await update(defaultStatus._id, { isAccepted: 'no' }).expect(400);
      await update(defaultStatus._id, { isDefault: false }).expect(400);
    });
  });

  describe('deleting', () => {
    it('deletes a status', async () => {
      const temp = (await create({ text: 'Temporary' }).expect(201)).body as StatusDto;
      const res = await t.call('delete', `/api/chair/status/${temp._id}`, chair).expect(200);
      expect(res.body).toEqual({ ok: true });
      expect(await rowOf(temp._id)).toBeUndefined();
      await t.call('get', `/api/chair/status/${temp._id}`, chair).expect(404);
    });

    it("refuses to delete the default status ('Awaiting Decision status can not be deleted')", async () => {
      const res = await t.call('delete', `/api/chair/status/${defaultStatus._id}`, chair).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        code: 'statuses.default_undeletable',
        message: 'Awaiting Decision status can not be deleted',
      });
      expect(await rowOf(defaultStatus._id)).toBeDefined();
    });

    it('answers 404 for a missing status and for a malformed id', async () => {
      await t.call('delete', '/api/chair/status/99999', chair).expect(404);
      await t.call('delete', '/api/chair/status/x', chair).expect(404);
    });
  });

  describe('sorting', () => {
    it('sets position to index + 1', async () => {
      const ids = (await rows()).map((r) => r.id);
      const order = [ids[2]!, ids[0]!, ids[1]!];
      const res = await t.call('put', '/api/chair/status/sort', chair, { ids: order }).expect(200);
      expect((res.body as StatusDto[]).map((s) => [s._id, s.position])).toEqual([
        [order[0], 1],
        [order[1], 2],
        [order[2], 3],
      ]);
      expect((await rows()).map((r) => [r.id, r.position])).toEqual(order.map((id, i) => [id, i + 1]));
    });

    it('puts a new status after the last one after sorting', async () => {
      const res = await create({ text: 'Withdrawn' }).expect(201);
      expect(res.body.position).toBe(4);
    });

    it('refuses a list that does not have every status exactly once, and keeps the positions', async () => {
      const before = await rows();
      const ids = before.map((r) => r.id);
      for (const bad of [ids.slice(1), [...ids, ids[0]!], [...ids.slice(1), 99999], []]) {
        const res = await t.call('put', '/api/chair/status/sort', chair, { ids: bad }).expect(400);
        expect(res.body.message).toBe(STATUS_MESSAGES.sortIncomplete);
      }
      expect(await rows()).toEqual(before);
      for (const body of [{}, { ids: 'x' }, { ids: ['a'] }, { ids: [-1] }])
        await t.call('put', '/api/chair/status/sort', chair, body).expect(400);
    });
  });

  describe('permissions', () => {
    it('lets track chairs read but not create, update, delete or sort statuses', async () => {
      await create({ text: 'By a track chair' }, cochair).expect(403);
      await update(defaultStatus._id, { text: 'Renamed' }, cochair).expect(403);
      await t.call('delete', `/api/chair/status/${defaultStatus._id}`, cochair).expect(403);
      await t.call('put', '/api/chair/status/sort', cochair, { ids: [] }).expect(403);
      await t.call('post', '/api/cochair/status', cochair, { text: 'X' }).expect(404);
      await t.call('put', `/api/cochair/status/${defaultStatus._id}`, cochair, { text: 'X' }).expect(404);
      await t.call('delete', `/api/cochair/status/${defaultStatus._id}`, cochair).expect(404);
      expect((await rowOf(defaultStatus._id))!.text).toBe('Awaiting Decision');
    });

    it('refuses authors and reviewers (403) and anonymous callers (401)', async () => {
      for (const auth of [author, reviewer]) {
        await t.call('get', '/api/chair/status', auth).expect(403);
        await t.call('get', '/api/cochair/status', auth).expect(403);
        await create({ text: 'Nope' }, auth).expect(403);
      }
      await t.http().get('/api/chair/status').expect(401);
    });
  });

  it('gives other modules the default status through StatusesService', async () => {
    const service = t.app.get(StatusesService);
    expect(await service.getDefault()).toEqual({ ...defaultStatus, position: expect.any(Number) });
    expect((await service.findById(defaultStatus._id))?.isDefault).toBe(true);
    expect(await service.findById(99999)).toBeUndefined();
  });
});
