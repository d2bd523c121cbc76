import { asc, eq } from 'drizzle-orm';
import { TRACK_MESSAGES, type TrackDto } from '@symposium/domain';
import { subjectAreasTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { TracksService } from '../../apps/api/src/modules/tracks/tracks.service.js';
import { createTestApp, type TestApp } from '../support/app.js';

type Auth = [string, string];

describe('tracks API', () => {
  let t: TestApp;
  let chair: Auth;
  let admin: Auth;
  let author: Auth;
  let reviewer: Auth;
  let session: Auth;
  let cochair: Auth;
  let main: TrackDto;
  let posters: TrackDto;

  const create = (body: object, as: Auth = chair) => t.call('post', '/api/chair/tracks', as).send(body);
  const update = (id: number | string, body: object, as: Auth = chair) =>
    t.call('put', `/api/chair/tracks/${id}`, as).send(body);
  const areasOf = (trackId: number) =>
    t.db
      .select()
      .from(subjectAreasTable)
      .where(eq(subjectAreasTable.trackId, trackId))
      .orderBy(asc(subjectAreasTable.position));
  const rowOf = async (id: number) =>
    (await t.db.select().from(tracksTable).where(eq(tracksTable.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    chair = (await t.user({ roles: { chair: { is: true } } })).auth;
    admin = (await t.user({ roles: { admin: { is: true } } })).auth;
    author = (await t.user()).auth;
    reviewer = (await t.user({ roles: { reviewer: { is: true, tracks: [1], count: 0 } } })).auth;
    session = (await t.user({ roles: { sessionChair: { sessions: [1] } } })).auth;
    main = (
      await create({ name: 'Main Track', subjectAreas: [{ name: 'AI' }, { name: 'Databases' }] }).expect(201)
    ).body as TrackDto;
    posters = (await create({ name: 'Posters' }).expect(201)).body as TrackDto;
    cochair = (await t.user({ roles: { coChair: { is: true, tracks: [posters._id] } } })).auth;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('creating a track', () => {
    it('gives a new track the §4/§9 defaults, its subject areas in order, and the end position', async () => {
      const res = await create({
        name: '  Industry  ',
        subjectAreas: [{ name: 'Cloud' }, { name: ' Edge ' }],
      }).expect(201);
      const track = res.body as TrackDto;
      expect(track).toMatchObject({
        name: 'Industry',
        position: 2,
        activities: {
          canSubmitPaper: { status: true, deadline: null },
          canEditPaper: { status: false, deadline: null },
          canSubmitCameraReady: { status: true, deadline: null },
          canSubmitPresentationReady: { status: true, deadline: null },
        },
        submissionProperties: {
          welcomeMessage: '',
          abstractLength: 5000,
          minFilesLimit: 1,
          maxFilesLimit: 1,
          questions: [],
        },
        cameraReadySubmissionProperties: {
          welcomeMessage: '',
          fileSizeLimit: 40,
          allowedFiles: ['doc', 'docx', 'pdf'],
          questions: [],
        },
        presentationReadySubmissionProperties: { welcomeMessage: '', fileSizeLimit: 40, questions: [] },
      });
      expect(track.subjectAreas.map((a) => a.name)).toEqual(['Cloud', 'Edge']);
      const row = await rowOf(track._id);
      expect([row.name, row.position, row.abstractLength, row.canEditPaper]).toEqual([
        'Industry',
        2,
        5000,
        false,
      ]);
      expect((await areasOf(track._id)).map((a) => [a.name, a.position])).toEqual([
        ['Cloud', 0],
        ['Edge', 1],
      ]);
    });

    it('stores every part given: activities with UTC deadlines, properties and questions', async () => {
      const res = await create({
        name: 'Workshop',
        activities: {
          canSubmitPaper: { status: false, deadline: '2031-05-01T14:00+02:00' },
          canEditPaper: { status: true, deadline: '2031-06-01' },
        },
        submissionProperties: {
          welcomeMessage: 'Welcome',
          abstractLength: 300,
          minFilesLimit: 0,
          maxFilesLimit: 3,
          questions: [{ title: 'Student paper?', isRequired: true, choices: ['Yes', 'No'] }],
        },
        cameraReadySubmissionProperties: { fileSizeLimit: 10, allowedFiles: ['PDF'] },
        presentationReadySubmissionProperties: { welcomeMessage: 'Slides', fileSizeLimit: 100 },
      }).expect(201);
      const track = res.body as TrackDto;
      expect(track.activities.canSubmitPaper).toEqual({
        status: false,
        deadline: '2031-05-01T12:00:00.000Z',
      });
      expect(track.activities.canEditPaper).toEqual({ status: true, deadline: '2031-06-01T00:00:00.000Z' });
      expect(track.activities.canSubmitCameraReady).toEqual({ status: true, deadline: null });
      expect(track.submissionProperties).toEqual({
        welcomeMessage: 'Welcome',
        abstractLength: 300,
        minFilesLimit: 0,
        maxFilesLimit: 3,
        questions: [
          {
            title: 'Student paper?',
            isRequired: true,
            isComment: false,
            isTextArea: false,
            choices: ['Yes', 'No'],
          },
        ],
      });
      expect(track.cameraReadySubmissionProperties.allowedFiles).toEqual(['pdf']);
      expect(track.presentationReadySubmissionProperties).toEqual({
        welcomeMessage: 'Slides',
        fileSizeLimit: 100,
        questions: [],
      });
      const row = await rowOf(track._id);
      expect(row.canSubmitPaperDeadline?.toISOString()).toBe('2031-05-01T12:00:00.000Z');
      expect(row.submissionQuestions[0]!.title).toBe('Student paper?');
      expect(await t.call('get', `/api/chair/tracks/${track._id}`, chair).expect(200)).toHaveProperty(
        'body',
        track,
      );
    });

    it.each([
      [{}, 'missing'],
      [{ name: '   ' }, 'blank'],
      [{ name: 42 }, 'not text'],
      [{ name: null }, 'null'],
    ])(
      "refuses a track without a name ('Please fill in the track name') when the name is %j (%s)",
      async (body: object, _label: string) => {
        const res = await create(body).expect(400);
        expect(res.body.message).toBe('Please fill in the track name');
      },
    );

    it("refuses a name already used by another track, ignoring case ('A track with this name already exists')", async () => {
      const before = (await t.db.select().from(tracksTable)).length;
      const res = await create({ name: 'main TRACK ' }).expect(409);
      expect(res.body).toMatchObject({
        code: 'tracks.name_taken',
        message: 'A track with this name already exists',
      });
      expect(await t.db.select().from(tracksTable)).toHaveLength(before);
    });

    it.each([
      [{ submissionProperties: { abstractLength: 49 } }, TRACK_MESSAGES.abstractLength],
      [{ submissionProperties: { abstractLength: 100001 } }, TRACK_MESSAGES.abstractLength],
      [{ submissionProperties: { abstractLength: '5000' } }, TRACK_MESSAGES.abstractLength],
      [{ submissionProperties: { abstractLength: 1e15 } }, TRACK_MESSAGES.abstractLength],
      [{ submissionProperties: { minFilesLimit: -1 } }, TRACK_MESSAGES.minFilesLimit],
      [{ submissionProperties: { minFilesLimit: 3, maxFilesLimit: 2 } }, TRACK_MESSAGES.maxFilesLimit],
      [{ submissionProperties: { minFilesLimit: 2 } }, TRACK_MESSAGES.maxFilesLimit],
      [{ cameraReadySubmissionProperties: { fileSizeLimit: 0 } }, TRACK_MESSAGES.fileSizeLimit],
      [{ presentationReadySubmissionProperties: { fileSizeLimit: 1001 } }, TRACK_MESSAGES.fileSizeLimit],
      [{ cameraReadySubmissionProperties: { allowedFiles: [] } }, TRACK_MESSAGES.allowedFiles],
      [{ cameraReadySubmissionProperties: { allowedFiles: ['.exe!'] } }, TRACK_MESSAGES.allowedFiles],
      [{ cameraReadySubmissionProperties: { allowedFiles: 'pdf' } }, TRACK_MESSAGES.allowedFiles],
      [{ activities: { canSubmitPaper: { deadline: 'tomorrow' } } }, TRACK_MESSAGES.deadline],
      [{ activities: { canSubmitPaper: { deadline: '2031-05-01T12:00' } } }, TRACK_MESSAGES.deadline],
      [{ activities: { canSubmitPaper: { deadline: '2031-02-30' } } }, TRACK_MESSAGES.deadline],
      [{ activities: { canSubmitPaper: { deadline: 1234567890 } } }, TRACK_MESSAGES.deadline],
      [{ subjectAreas: [{ name: ' ' }] }, TRACK_MESSAGES.subjectAreaName],
      [{ subjectAreas: [{ name: 'AI' }, { name: 'ai' }] }, TRACK_MESSAGES.subjectAreaDuplicate],
      [{ subjectAreas: [{ _id: 1, name: 'Taken from another track' }] }, TRACK_MESSAGES.subjectAreaUnknown],
      [{ submissionProperties: { questions: [{ title: ' ' }] } }, TRACK_MESSAGES.questionTitle],
    ])('refuses invalid settings %j with 400 and the message', async (settings, message) => {
      const before = (await t.db.select().from(tracksTable)).length;
      const res = await create({ name: 'Invalid', ...settings }).expect(400);
      expect(res.body.message).toBe(message);
      expect(await t.db.select().from(tracksTable)).toHaveLength(before);
    });

    it.each([
      { name: 'X', unknown: true },
      { name: 'X', activities: 'open' },
      { name: 'X', activities: { canFly: { status: true } } },
      { name: 'X', activities: { canSubmitPaper: { status: 'yes' } } },
      { name: 'X', subjectAreas: 'AI' },
      { name: 'X', subjectAreas: [{ name: 'AI', extra: 1 }] },
      { name: 'X', subjectAreas: [{ _id: 'one', name: 'AI' }] },
      { name: 'X', submissionProperties: { questions: [{ title: 'Q', choices: 'a,b' }] } },
      { name: 'X', submissionProperties: { questions: 'none' } },
      { name: 'X', submissionProperties: { questions: [{ title: 'Q', isRequired: 'true' }] } },
      { name: 'X'.repeat(201) },
    ])('answers 400, never 500, to malformed bodies: %j', async (body) => {
      const res = await create(body);
      expect(res.status).toBe(400);
    });

    it('answers 400 to a JSON body that is not an object', async () => {
      const res = await t
        .call('post', '/api/chair/tracks', chair)
        .set('Content-Type', 'application/json')
        .send('[1]');
      expect(res.status).toBe(400);
    });
  });

  describe('reading tracks', () => {
    it('lists every track by position, with subject areas in order, for chairs, authors, reviewers and session chairs', async () => {
      const all = (await t.call('get', '/api/chair/tracks', chair).expect(200)).body as TrackDto[];
      expect(all.length).toBeGreaterThanOrEqual(2);
      expect(all.map((x) => x.position)).toEqual([...all.map((x) => x.position)].sort((a, b) => a - b));
      expect(all[0]!.subjectAreas.map((a) => a.name)).toEqual(['AI', 'Databases']);
      for (const [prefix, auth] of [
        ['author', author],
        ['reviewer', reviewer],
        ['session', session],
      ] as const) {
        const res = await t.call('get', `/api/${prefix}/tracks`, auth).expect(200);
        // The same tracks, less the chairs' review settings (discussionBeforeReview).
        expect(res.body).toEqual(
          all.map(({ discussionBeforeReview, ...rest }) => (void discussionBeforeReview, rest)),
        );
        await t.call('get', `/api/${prefix}/tracks/${main._id}`, auth).expect(200);
      }
    });

    it('gets one track', async () => {
      const res = await t.call('get', `/api/author/tracks/${main._id}`, author).expect(200);
      expect(res.body).toMatchObject({ _id: main._id, name: 'Main Track' });
    });

    it("answers 404 'Track not found' for a missing track", async () => {
      const res = await t.call('get', '/api/chair/tracks/99999', chair).expect(404);
      expect(res.body).toMatchObject({
        statusCode: 404,
        code: 'tracks.not_found',
        message: 'Track not found',
      });
    });

    it.each(['abc', '0', '-1', '1e3', '1.5', '99999999999', '0x10', '%20'])(
      'answers a malformed track id %s like a missing track (404)',
      async (id) => {
        const res = await t.call('get', `/api/chair/tracks/${id}`, chair);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'tracks.not_found', message: TRACK_MESSAGES.notFound });
        expect((await update(id, { name: 'Y' })).status).toBe(404);
      },
    );

    it('refuses anonymous callers', async () => {
      await t.http().get('/api/author/tracks').expect(401);
    });
  });

  describe('track chairs', () => {
    it('see only the tracks of roles.coChair.tracks', async () => {
      const res = await t.call('get', '/api/cochair/tracks', cochair).expect(200);
      expect((res.body as TrackDto[]).map((x) => x._id)).toEqual([posters._id]);
      await t.call('get', `/api/cochair/tracks/${posters._id}`, cochair).expect(200);
    });

    it('get the same 404 for a track outside their tracks as for a missing one', async () => {
      const outside = await t.call('get', `/api/cochair/tracks/${main._id}`, cochair).expect(404);
      const missing = await t.call('get', '/api/cochair/tracks/99999', cochair).expect(404);
      expect(outside.body).toEqual(missing.body);
    });

    it('cannot create or update tracks, neither under the chair prefix (403) nor their own (no such route)', async () => {
      await create({ name: 'By a track chair' }, cochair).expect(403);
      await update(posters._id, { name: 'Renamed' }, cochair).expect(403);
      await t.call('put', '/api/chair/tracks/sort', cochair, { ids: [] }).expect(403);
      await t.call('post', '/api/cochair/tracks', cochair, { name: 'X' }).expect(404);
      await t.call('put', `/api/cochair/tracks/${posters._id}`, cochair, { name: 'X' }).expect(404);
      expect((await rowOf(posters._id)).name).toBe('Posters');
    });

    it('are not limited when they are chairs or admins', async () => {
      const all = (await t.call('get', '/api/chair/tracks', chair)).body as TrackDto[];
      const res = await t.call('get', '/api/cochair/tracks', admin).expect(200);
      expect((res.body as TrackDto[]).map((x) => x._id)).toEqual(all.map((x) => x._id));
      await t.call('get', `/api/cochair/tracks/${main._id}`, chair).expect(200);
    });
  });

  describe('permissions', () => {
    it('refuses authors, reviewers and session chairs on the chair routes (403)', async () => {
      for (const auth of [author, reviewer, session]) {
        await create({ name: 'Nope' }, auth).expect(403);
        await update(main._id, { name: 'Nope' }, auth).expect(403);
        await t.call('get', '/api/chair/tracks', auth).expect(403);
        await t.call('get', '/api/cochair/tracks', auth).expect(403);
      }
      expect((await rowOf(main._id)).name).toBe('Main Track');
    });

    it('lets an admin create tracks', async () => {
      await create({ name: 'Admin track' }, admin).expect(201);
    });
  });

  describe('updating a track', () => {
    let track: TrackDto;
    beforeAll(async () => {
      track = (
        await create({
          name: 'Editable',
          activities: { canSubmitPaper: { deadline: '2031-01-01T00:00:00Z' } },
          subjectAreas: [{ name: 'One' }, { name: 'Two' }, { name: 'Three' }],
        }).expect(201)
      ).body as TrackDto;
    });

    it('changes only the parts given and keeps the rest', async () => {
      const res = await update(track._id, {
        submissionProperties: { abstractLength: 800 },
        activities: { canEditPaper: { status: true } },
      }).expect(200);
      const after = res.body as TrackDto;
      expect(after.submissionProperties.abstractLength).toBe(800);
      expect(after.submissionProperties.maxFilesLimit).toBe(1);
      expect(after.activities.canEditPaper).toEqual({ status: true, deadline: null });
      expect(after.activities.canSubmitPaper.deadline).toBe('2031-01-01T00:00:00.000Z');
      expect(after.subjectAreas.map((a) => a.name)).toEqual(['One', 'Two', 'Three']);
      expect(after.name).toBe('Editable');
      expect((await rowOf(track._id)).abstractLength).toBe(800);
    });

    it('clears a deadline given as null', async () => {
      const res = await update(track._id, { activities: { canSubmitPaper: { deadline: null } } }).expect(200);
      expect(res.body.activities.canSubmitPaper).toEqual({ status: true, deadline: null });
      expect((await rowOf(track._id)).canSubmitPaperDeadline).toBeNull();
    });

    it('renames a track, and refuses a name another track has', async () => {
      await update(track._id, { name: 'Edited' }).expect(200);
      expect((await rowOf(track._id)).name).toBe('Edited');
      await update(track._id, { name: 'edited' }).expect(200);
      const res = await update(track._id, { name: 'POSTERS' }).expect(409);
      expect(res.body.message).toBe('A track with this name already exists');
      expect((await rowOf(track._id)).name).toBe('edited');
    });

    it('replaces subject areas with the given ordered list: keeps ids, renames, moves, deletes and adds', async () => {
      const [one, two, three] = track.subjectAreas;
      const res = await update(track._id, {
        subjectAreas: [
          { _id: three!._id, name: 'Three' },
          { name: 'Four' },
          { _id: one!._id, name: 'One (renamed)' },
        ],
      }).expect(200);
      const areas = (res.body as TrackDto).subjectAreas;
      expect(areas.map((a) => a.name)).toEqual(['Three', 'Four', 'One (renamed)']);
      expect(areas[0]!._id).toBe(three!._id);
      expect(areas[2]!._id).toBe(one!._id);
      const rows = await areasOf(track._id);
      expect(rows.map((r) => [r.id, r.name, r.position])).toEqual([
        [three!._id, 'Three', 0],
        [areas[1]!._id, 'Four', 1],
        [one!._id, 'One (renamed)', 2],
      ]);
      expect(rows.find((r) => r.id === two!._id)).toBeUndefined();
    });

    it('moves a subject area up, and deletes all with an empty list', async () => {
      const areas = (await t.call('get', `/api/chair/tracks/${track._id}`, chair)).body.subjectAreas as {
        _id: number;
        name: string;
      }[];
      const moved = [areas[1]!, areas[0]!, areas[2]!];
      const res = await update(track._id, { subjectAreas: moved }).expect(200);
      expect(res.body.subjectAreas).toEqual(moved);
      await update(track._id, { subjectAreas: [] }).expect(200);
      expect(await areasOf(track._id)).toEqual([]);
    });

    it('refuses a subject area id of another track and changes nothing (one transaction)', async () => {
      await update(track._id, { subjectAreas: [{ name: 'Kept' }] }).expect(200);
      const foreign = main.subjectAreas[0]!._id;
      const res = await update(track._id, {
        name: 'Should not be saved',
        subjectAreas: [{ name: 'New' }, { _id: foreign, name: 'Stolen' }],
      }).expect(400);
      expect(res.body.message).toBe(TRACK_MESSAGES.subjectAreaUnknown);
      expect((await areasOf(track._id)).map((a) => a.name)).toEqual(['Kept']);
      expect((await areasOf(main._id)).map((a) => a.name)).toEqual(['AI', 'Databases']);
      expect((await rowOf(track._id)).name).toBe('edited');
    });

    it('checks the minimum and maximum number of files against the stored values', async () => {
      const res = await update(track._id, { submissionProperties: { minFilesLimit: 2 } }).expect(400);
      expect(res.body.message).toBe(TRACK_MESSAGES.maxFilesLimit);
      await update(track._id, { submissionProperties: { minFilesLimit: 2, maxFilesLimit: 5 } }).expect(200);
      const row = await rowOf(track._id);
      expect([row.minFilesLimit, row.maxFilesLimit]).toEqual([2, 5]);
    });

    it('refuses a blank name and unknown fields', async () => {
      expect((await update(track._id, { name: '' }).expect(400)).body.message).toBe(
        'Please fill in the track name',
      );
      await update(track._id, { position: 3 }).expect(400);
      await update(track._id, { _id: track._id }).expect(400);
    });

    it("answers 404 'Track not found' for a missing track", async () => {
      const res = await update(99999, { name: 'Ghost' }).expect(404);
      expect(res.body.message).toBe('Track not found');
    });
  });

  describe('sorting tracks', () => {
    it('sets position to the index of each id', async () => {
      const ids = ((await t.call('get', '/api/chair/tracks', chair)).body as TrackDto[]).map((x) => x._id);
      const reversed = [...ids].reverse();
      const res = await t.call('put', '/api/chair/tracks/sort', chair, { ids: reversed }).expect(200);
      expect((res.body as TrackDto[]).map((x) => [x._id, x.position])).toEqual(
        reversed.map((id, i) => [id, i]),
      );
      const rows = await t.db.select().from(tracksTable);
      for (const [i, id] of reversed.entries()) expect(rows.find((r) => r.id === id)!.position).toBe(i);
      const list = (await t.call('get', '/api/author/tracks', author)).body as TrackDto[];
      expect(list.map((x) => x._id)).toEqual(reversed);
    });

    it('puts a new track at the end after sorting', async () => {
      const count = (await t.db.select().from(tracksTable)).length;
      const res = await create({ name: 'Last one' }).expect(201);
      expect(res.body.position).toBe(count);
    });

    it.each([
      ['a track missing', (ids: number[]) => ids.slice(1)],
      ['a track twice', (ids: number[]) => [...ids.slice(1), ids[1]!]],
      ['an unknown track', (ids: number[]) => [...ids.slice(1), 99999]],
      ['an empty list', () => []],
    ])('refuses a list with %s (400) and keeps the positions', async (_label, make) => {
      const before = await t.db.select().from(tracksTable).orderBy(asc(tracksTable.id));
      const ids = before.map((r) => r.id);
      const res = await t.call('put', '/api/chair/tracks/sort', chair, { ids: make(ids) }).expect(400);
      expect(res.body.message).toBe(TRACK_MESSAGES.sortIncomplete);
      const after = await t.db.select().from(tracksTable).orderBy(asc(tracksTable.id));
      expect(after.map((r) => r.position)).toEqual(before.map((r) => r.position));
    });

    it.each([{}, { ids: 'all' }, { ids: [1, 'two'] }, { ids: [0] }, { ids: [1.5] }, { ids: [1], extra: 1 }])(
      'answers 400 to the malformed body %j',
      async (body) => {
        await t.call('put', '/api/chair/tracks/sort', chair, body).expect(400);
      },
    );

    it('is refused to authors (403)', async () => {
      await t.call('put', '/api/chair/tracks/sort', author, { ids: [] }).expect(403);
    });
  });

  describe('the review setting "discussion before review" (issue 25)', () => {
    it('is off on a new track, and chairs and track chairs read it', async () => {
      const track = (await create({ name: 'Discussion early' }).expect(201)).body as TrackDto;
      expect(track.discussionBeforeReview).toBe(false);
      expect((await rowOf(track._id)).discussionBeforeReview).toBe(false);
      const read = await t.call('get', `/api/chair/tracks/${track._id}`, chair).expect(200);
      expect(read.body.discussionBeforeReview).toBe(false);
      const list = await t.call('get', '/api/cochair/tracks', cochair).expect(200);
      expect(list.body.map((x: TrackDto) => [x._id, x.discussionBeforeReview])).toEqual([
        [posters._id, false],
      ]);
    });

    it('a chair turns it on and off; other settings keep their values', async () => {
      const before = await rowOf(posters._id);
      const on = await update(posters._id, { discussionBeforeReview: true }).expect(200);
      expect(on.body.discussionBeforeReview).toBe(true);
      expect((await rowOf(posters._id)).discussionBeforeReview).toBe(true);
      const cochairView = await t.call('get', `/api/cochair/tracks/${posters._id}`, cochair).expect(200);
      expect(cochairView.body.discussionBeforeReview).toBe(true);
      // Leaving it out of an update keeps it; the other columns are untouched by the switch.
      await update(posters._id, { name: 'Posters' }).expect(200);
      const kept = await rowOf(posters._id);
      expect(kept.discussionBeforeReview).toBe(true);
      const same = { discussionBeforeReview: false, updatedAt: null };
      expect({ ...kept, ...same }).toEqual({ ...before, ...same });
      await update(posters._id, { discussionBeforeReview: false }).expect(200);
      expect((await rowOf(posters._id)).discussionBeforeReview).toBe(false);
    });

    it('can be set when creating a track', async () => {
      const track = (await create({ name: 'Open discussion', discussionBeforeReview: true }).expect(201))
        .body as TrackDto;
      expect(track.discussionBeforeReview).toBe(true);
      expect((await rowOf(track._id)).discussionBeforeReview).toBe(true);
    });

    it.each(['yes', 1, null, 'true', {}])('refuses %j with 400 and writes nothing', async (value) => {
      const res = await update(posters._id, { name: 'Renamed', discussionBeforeReview: value }).expect(400);
      expect(JSON.stringify(res.body)).toContain('discussionBeforeReview must be true or false');
      const row = await rowOf(posters._id);
      expect([row.name, row.discussionBeforeReview]).toEqual(['Posters', false]);
    });

    it('only chairs change it: track chairs, reviewers and authors are refused', async () => {
      await update(posters._id, { discussionBeforeReview: true }, cochair).expect(403);
      await update(posters._id, { discussionBeforeReview: true }, reviewer).expect(403);
      await update(posters._id, { discussionBeforeReview: true }, author).expect(403);
      expect((await rowOf(posters._id)).discussionBeforeReview).toBe(false);
    });

    it('is not in the answers of authors, reviewers and session chairs', async () => {
      await update(posters._id, { discussionBeforeReview: true }).expect(200);
      for (const [who, path] of [
        [author, '/api/author/tracks'],
        [reviewer, '/api/reviewer/tracks'],
        [session, '/api/session/tracks'],
      ] as const) {
        const res = await t.call('get', path, who).expect(200);
        expect(res.body.some((x: object) => 'discussionBeforeReview' in x)).toBe(false);
      }
      await update(posters._id, { discussionBeforeReview: false }).expect(200);
    });
  });

  describe('TracksService for other modules', () => {
    it('finds a track by id and lists the ids by position', async () => {
      const service = t.app.get(TracksService);
      expect((await service.findById(main._id))?.name).toBe('Main Track');
      expect(await service.findById(99999)).toBeUndefined();
      const ids = ((await t.call('get', '/api/chair/tracks', chair)).body as TrackDto[]).map((x) => x._id);
      expect(await service.listIds()).toEqual(ids);
    });
  });
});
