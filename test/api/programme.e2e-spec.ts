/**
 * The programme API (spec §3, §5 "Sessions and other", §7 days/events/sessions/rooms, §8 messages): rooms,
 * days, events, the three kinds of session, event links, session links, hasSession, the session chair's
 * papers, clashes, publication with change notices, and calendars.
 */
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import {
  DAY_COLORS,
  DEFAULT_DESK_TEXT,
  PROGRAMME_MESSAGES as M,
  type ClashDto,
  type DayDto,
  type EventDto,
  type EventSessionsResult,
  type ProgrammeView,
  type RoomDto,
  type TechnicalSessionDto,
  type TutorialDto,
} from '@symposium/domain';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import {
  daysTable,
  programmeSettingsTable,
  sessionPapersTable,
  sessionsTable,
} from '../../apps/api/src/modules/programme/programme.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { chairRoles, createTestApp, type TestApp } from '../support/app.js';
import { seedPaper } from '../../apps/api/src/database/test-database.js';

type Auth = [string, string];
type User = Awaited<ReturnType<TestApp['user']>>;
const ABSTRACT = 'This abstract describes the paper in more than fifty characters, as required.';

describe('programme API', () => {
  let t: TestApp;
  let chair: User;
  let cochair: User;
  let author: User;
  let coauthor: User;
  let sessionChair: User;
  let otherChair: User;
  let trackId: number;
  let tutorialTrackId: number;
  let acceptedId: number;
  let rejectedId: number;
  const papers: number[] = [];

  const as = (u: User | Auth) => (Array.isArray(u) ? u : u.auth);
  const get = (path: string, u: User | Auth = chair) =>
    t
      .http()
      .get(path)
      .set(...as(u));
  const post = (path: string, body: object, u: User | Auth = chair) =>
    t
      .http()
      .post(path)
      .set(...as(u))
      .send(body);
  const put = (path: string, body: object, u: User | Auth = chair) =>
    t
      .http()
      .put(path)
      .set(...as(u))
      .send(body);
  const del = (path: string, u: User | Auth = chair) =>
    t
      .http()
      .delete(path)
      .set(...as(u));

  async function paper(
    title: string,
    track: number,
    statusId: number | null,
    authors: number[],
  ): Promise<number> {
    const overrides = {
      title,
      abstractText: ABSTRACT,
      trackId: track,
      statusId,
      primaryAuthorId: authors[0] ?? null,
    };
    return (await seedPaper(t.db, overrides, authors)).id;
  }

  const signInAgain = async (u: User): Promise<User> => {
    const login = await t
      .http()
      .post('/api/auth/login')
      .send({ email: u.email, password: u.password })
      .expect(200);
    return { ...u, auth: ['Authorization', `Bearer ${login.body.accessToken as string}`] };
  };

  beforeAll(async () => {
    t = await createTestApp();
    chair = await t.user({ roles: chairRoles(), firstName: 'Carla', lastName: 'Chair' });
    const [track] = await t.db.insert(tracksTable).values({ name: 'Main track', position: 0 }).returning();
    const [tutorials] = await t.db.insert(tracksTable).values({ name: 'Tutorials', position: 1 }).returning();
    trackId = track!.id;
    tutorialTrackId = tutorials!.id;
    cochair = await t.user({ roles: { coChair: { is: true, tracks: [trackId] } } });
    author = await t.user({ firstName: 'Ana', lastName: 'Author' });
    coauthor = await t.user({ firstName: 'Cora', lastName: 'Coauthor' });
    sessionChair = await t.user({ firstName: 'Sam', lastName: 'Sessions' });
    otherChair = await t.user({ firstName: 'Oscar', lastName: 'Other' });
    const [accepted] = await t.db
      .insert(statusesTable)
      .values({ text: 'Accept', position: 2, isAccepted: true })
      .returning();
    const [rejected] = await t.db
      .insert(statusesTable)
      .values({ text: 'Reject', position: 3, isAccepted: false })
      .returning();
    acceptedId = accepted!.id;
    rejectedId = rejected!.id;
    papers.push(
      await paper('Greedy colouring of sparse graphs', trackId, acceptedId, [author.id, coauthor.id]),
    ); // 0
    papers.push(await paper('Edge colouring in linear time', trackId, acceptedId, [coauthor.id])); // 1
    papers.push(await paper('A rejected paper', trackId, rejectedId, [author.id])); // 2
    papers.push(await paper('Planar separators revisited', trackId, acceptedId, [otherChair.id])); // 3
    papers.push(await paper('Tutorial on matchings', tutorialTrackId, acceptedId, [author.id])); // 4
    papers.push(await paper('A poster on bipartite matchings', trackId, acceptedId, [coauthor.id])); // 5
  });
  afterAll(async () => {
    await t.close();
  });

  describe('rooms', () => {
    it('creates, lists, updates and deletes rooms; names are unique ignoring case', async () => {
      const a = (await post('/api/chair/rooms', { name: ' Room A ', capacity: 80 }).expect(201))
        .body as RoomDto;
      expect(a).toEqual({ _id: a._id, name: 'Room A', capacity: 80 });
      expect((await post('/api/chair/rooms', { name: 'room a' }).expect(409)).body.message).toBe(
        M.roomNameTaken,
      );
      const b = (await post('/api/chair/rooms', { name: 'Temp' }).expect(201)).body as RoomDto;
      expect(b.capacity).toBeNull();
      expect(
        (await put(`/api/chair/rooms/${b._id}`, { name: 'Room B', capacity: null }).expect(200)).body,
      ).toEqual({
        _id: b._id,
        name: 'Room B',
        capacity: null,
      });
      const list = (await get('/api/chair/rooms').expect(200)).body as RoomDto[];
      expect(list.map((r) => r.name)).toEqual(['Room A', 'Room B']);
      await del(`/api/chair/rooms/${b._id}`).expect(200);
      expect((await get(`/api/chair/rooms/${b._id}`).expect(404)).body.message).toBe(M.roomNotFound);
    });

    it.each([
      {},
      { name: '' },
      { name: '   ' },
      { name: 5 },
      { name: 'X', capacity: 0 },
      { name: 'X', capacity: 1.5 },
    ])('refuses a bad room and stores nothing: %j', async (body) => {
      const before = ((await get('/api/chair/rooms')).body as RoomDto[]).length;
      const res = await post('/api/chair/rooms', body).expect(400);
      expect([M.roomName, M.roomCapacity]).toContain(res.body.message);
      expect(((await get('/api/chair/rooms')).body as RoomDto[]).length).toBe(before);
    });

    it('is for chairs only: track chairs, authors and session chairs get 403', async () => {
      for (const u of [cochair, author]) await get('/api/chair/rooms', u).expect(403);
    });
  });

  describe('days and events', () => {
    it('saves a day in m/d/yyyy with the default desk text and the first colour, in date order', async () => {
      const d2 = (await post('/api/chair/days', { date: '9/15/2027', desk: 'Desk from 8:00' }).expect(201))
        .body as DayDto;
      const d1 = (await post('/api/chair/days', { date: '09/14/2027' }).expect(201)).body as DayDto;
      expect(d2).toEqual({
        _id: d2._id,
        date: '9/15/2027',
        desk: 'Desk from 8:00',
        color: DAY_COLORS[0],
        events: [],
      });
      expect(d1).toMatchObject({ date: '9/14/2027', desk: DEFAULT_DESK_TEXT, color: DAY_COLORS[1] });
      const list = (await get('/api/chair/days').expect(200)).body as DayDto[];
      expect(list.map((d) => d.date)).toEqual(['9/14/2027', '9/15/2027']);
      const [row] = await t.db.select().from(daysTable).where(eq(daysTable.id, d1._id));
      expect(row!.date).toBe('2027-09-14');
    });

    it.each([
      ['2027-09-16', M.dayDateFormat],
      ['9/16', M.dayDateFormat],
      ['9/16/27', M.dayDateFormat],
      ['2/30/2027', M.dayDateInvalid],
      ['13/1/2027', M.dayDateInvalid],
      ['0/1/2027', M.dayDateInvalid],
    ])('refuses the date %s', async (date, message) => {
      expect((await post('/api/chair/days', { date }).expect(400)).body.message).toBe(message);
    });

    it('refuses a second day on the same date and a colour outside the list', async () => {
      expect((await post('/api/chair/days', { date: '9/14/2027' }).expect(409)).body.message).toBe(
        M.dayDateTaken,
      );
      expect(
        (await post('/api/chair/days', { date: '9/20/2027', color: 'pink' }).expect(400)).body.message,
      ).toBe(M.dayColor);
    });

    it('saves events with types and times, in start then type order, and refuses bad times', async () => {
      const [day] = (await get('/api/chair/days')).body as DayDto[];
      const e1 = (
        await post(`/api/chair/days/${day!._id}/events`, {
          type: 'TechnicalSession',
          start: '10:30',
          end: '12:30',
        }).expect(201)
      ).body as EventDto;
      const e0 = (
        await post(`/api/chair/days/${day!._id}/events`, {
          type: 'KeynoteSession',
          start: '08:00',
          end: '10:00',
          description: 'Opening',
        }).expect(201)
      ).body as EventDto;
      expect(e1).toMatchObject({
        day: day!._id,
        type: 'TechnicalSession',
        start: '10:30',
        end: '12:30',
        sessions: [],
      });
      const events = (await get(`/api/chair/days/${day!._id}/events`).expect(200)).body as EventDto[];
      expect(events.map((e) => e._id)).toEqual([e0._id, e1._id]);
      for (const [body, message] of [
        [{ type: 'Party', start: '08:00', end: '09:00' }, M.eventType],
        [{ type: 'Other', start: '8:00', end: '09:00' }, M.eventTime],
        [{ type: 'Other', start: '25:00', end: '26:00' }, M.eventTime],
        [{ type: 'Other', start: '10:00', end: '10:00' }, M.eventEndBeforeStart],
        [{ type: 'Other', start: '22:00', end: '19:00' }, M.eventEndBeforeStart],
      ] as const)
        expect((await post(`/api/chair/days/${day!._id}/events`, body).expect(400)).body.message).toBe(
          message,
        );
      expect(
        (await put(`/api/chair/days/${day!._id}/events/${e0._id}`, { end: '07:00' }).expect(400)).body
          .message,
      ).toBe(M.eventEndBeforeStart);
      expect(
        (await put(`/api/chair/days/${day!._id}/events/${e0._id}`, { end: '10:30' }).expect(200)).body.end,
      ).toBe('10:30');
      expect((await get(`/api/chair/days/${day!._id}/events/999999`).expect(404)).body.message).toBe(
        M.eventNotFound,
      );
      expect((await get(`/api/chair/days/abc/events`).expect(404)).body.message).toBe(M.dayNotFound);
    });
  });

  describe('sessions', () => {
    let roomA: number;
    beforeAll(async () => {
      roomA = ((await get('/api/chair/rooms')).body as RoomDto[])[0]!._id;
    });

    it('creates a technical session with ordered papers and makes its responsables session chairs', async () => {
      const res = await post('/api/chair/technical_sessions', {
        _id: 1,
        title: 'Graph colouring',
        responsables: [sessionChair.id],
        room: roomA,
        papers: [papers[1], papers[0]],
        link: 'https://meet.example.org/s1',
      }).expect(201);
      const s = res.body as TechnicalSessionDto;
      expect(s).toMatchObject({
        _id: 1,
        title: 'Graph colouring',
        room: { _id: roomA, name: 'Room A' },
        track: trackId,
        event: { has: false, reference: null },
        link: 'https://meet.example.org/s1',
      });
      expect(s.papers.map((p) => p._id)).toEqual([papers[1], papers[0]]);
      expect(s.papers[1]!.authors.map((a) => a.lastName)).toEqual(['Author', 'Coauthor']);
      expect(s.responsables.map((r) => r._id)).toEqual([sessionChair.id]);
      const [u] = await t.db.select().from(usersTable).where(eq(usersTable.id, sessionChair.id));
      expect(u!.sessionChairSessions).toEqual([1]);
    });

    it.each([
      [{ title: 'X', responsables: [1], room: 1, papers: [] }, M.papers],
      [{ responsables: [1], room: 1, papers: [1] }, M.sessionTitle],
      [{ title: 'X', responsables: [], room: 1, papers: [1] }, M.responsables],
      [{ title: 'X', responsables: [1], papers: [1] }, M.room],
      [{ title: '  ', responsables: [1], room: 1, papers: [1] }, M.sessionTitle],
    ])('refuses a technical session missing a §5 field: %j', async (body, message) => {
      const res = await post('/api/chair/technical_sessions', { _id: 50, ...body }).expect(400);
      expect(res.body.message).toBe(message);
      expect(await t.db.select().from(sessionsTable).where(eq(sessionsTable.number, 50))).toHaveLength(0);
    });

    it('refuses a taken number, a taken title, an unaccepted paper and a paper already scheduled', async () => {
      const base = { title: 'Other', responsables: [otherChair.id], room: roomA, papers: [papers[3]] };
      expect(
        (await post('/api/chair/technical_sessions', { ...base, _id: 1 }).expect(409)).body.message,
      ).toBe(M.sessionNumberTaken);
      expect(
        (
          await post('/api/chair/technical_sessions', { ...base, _id: 2, title: 'graph COLOURING' }).expect(
            409,
          )
        ).body.message,
      ).toBe(M.sessionTitleTaken);
      expect(
        (await post('/api/chair/technical_sessions', { ...base, _id: 2, papers: [papers[2]] }).expect(400))
          .body.message,
      ).toContain(M.paperNotAccepted);
      const scheduled = await post('/api/chair/technical_sessions', {
        ...base,
        _id: 2,
        papers: [papers[3], papers[0]],
      }).expect(409);
      expect(scheduled.body.message).toBe(`Paper ${papers[0]} is already scheduled in Technical session 1`);
      expect(
        (
          await post('/api/chair/technical_sessions', {
            ...base,
            _id: 2,
            papers: [papers[3], papers[3]],
          }).expect(400)
        ).body.message,
      ).toBe(M.paperDuplicate);
      // nothing of the refused sessions was written, and the other user did not become a session chair
      expect(await t.db.select().from(sessionsTable).where(eq(sessionsTable.number, 2))).toHaveLength(0);
      const [u] = await t.db.select().from(usersTable).where(eq(usersTable.id, otherChair.id));
      expect(u!.sessionChairSessions).toEqual([]);
    });

    it('changing the responsables moves the session between users in the same write', async () => {
      await post('/api/chair/technical_sessions', {
        _id: 2,
        title: 'Separators',
        responsables: [otherChair.id, sessionChair.id],
        room: roomA,
        papers: [papers[3]],
      }).expect(201);
      await put('/api/chair/technical_sessions/2', { responsables: [sessionChair.id] }).expect(200);
      const rows = await t.db.select().from(usersTable);
      expect(rows.find((r) => r.id === sessionChair.id)!.sessionChairSessions.sort()).toEqual([1, 2]);
      expect(rows.find((r) => r.id === otherChair.id)!.sessionChairSessions).toEqual([]);
      await put('/api/chair/technical_sessions/2', { responsables: [otherChair.id] }).expect(200);
      const again = await t.db.select().from(usersTable);
      expect(again.find((r) => r.id === sessionChair.id)!.sessionChairSessions).toEqual([1]);
      expect(again.find((r) => r.id === otherChair.id)!.sessionChairSessions).toEqual([2]);
    });

    it('creates poster sessions and tutorials with their own numbers and rules', async () => {
      await post('/api/chair/poster_sessions', { _id: 1, paper: papers[5], room: roomA }).expect(201);
      expect(
        (await post('/api/chair/poster_sessions', { _id: 2, room: roomA }).expect(400)).body.message,
      ).toBe(M.paper);
      expect(
        (await post('/api/chair/tutorials', { _id: 1, paper: papers[4], room: roomA }).expect(400)).body
          .message,
      ).toBe(M.presenter);
      const tut = (
        await post('/api/chair/tutorials', {
          _id: 1,
          paper: papers[4],
          room: roomA,
          presenter: author.id,
        }).expect(201)
      ).body as TutorialDto;
      expect(tut).toMatchObject({
        _id: 1,
        paper: { _id: papers[4] },
        presenter: { _id: author.id },
        track: tutorialTrackId,
      });
      expect((await get('/api/chair/tutorials/9').expect(404)).body.message).toBe(M.tutorialNotFound);
      expect((await get('/api/chair/poster_sessions/9').expect(404)).body.message).toBe(M.sessionNotFound);
    });

    it('says what to do while no tutorials track is chosen, then answers the track the chair chose (issue 21 item 19)', async () => {
      // A track named 'Tutorials' is no longer taken by its name: the chair chooses.
      expect((await get('/api/chair/programme/tutorial_track').expect(404)).body).toMatchObject({
        code: 'programme.no_tutorial_track',
        message: M.noTutorialTrack,
      });
      expect(M.noTutorialTrack).toContain('choose the track of the tutorials under "Tutorials track"');
      const bad = await t
        .call('put', '/api/chair/programme/tutorial_track', chair.auth, { track: 999999 })
        .expect(400);
      expect(bad.body.message).toBe(M.builderTrack);
      expect(await t.db.select().from(programmeSettingsTable)).toEqual([{ id: 1, tutorialTrackId: null }]);
      const chosen = await t
        .call('put', '/api/chair/programme/tutorial_track', chair.auth, { track: tutorialTrackId })
        .expect(200);
      expect(chosen.body).toEqual({
        message: M.tutorialTrackSaved,
        track: { _id: tutorialTrackId, name: 'Tutorials' },
      });
      expect(await t.db.select().from(programmeSettingsTable)).toEqual([
        { id: 1, tutorialTrackId: tutorialTrackId },
      ]);
      expect((await get('/api/chair/programme/tutorial_track').expect(200)).body._id).toBe(tutorialTrackId);
    });

    it('lists the schedulable (accepted) papers with where they are scheduled', async () => {
      const list = (await get(`/api/chair/programme/papers?track=${trackId}`).expect(200)).body as {
        _id: number;
        session: unknown;
      }[];
      expect(list.map((p) => p._id).sort()).toEqual([papers[0], papers[1], papers[3], papers[5]].sort());
      expect(list.find((p) => p._id === papers[0])!.session).toEqual({ kind: 'technical', _id: 1 });
    });

    it('sets a session link (http or https only)', async () => {
      const res = await put('/api/chair/session_links/poster/1', {
        link: 'https://posters.example.org/1',
      }).expect(200);
      expect(res.body.message).toBe(M.linkUpdated);
      for (const link of ['javascript:alert(1)', 'ftp://x.org/', 'not a url', 'https://'])
        expect((await put('/api/chair/session_links/poster/1', { link }).expect(400)).body.message).toBe(
          M.link,
        );
      await put('/api/chair/session_links/keynote/1', { link: 'https://x.org' }).expect(404);
      await put('/api/chair/session_links/technical/99', { link: 'https://x.org' }).expect(404);
    });

    it('the papers filter hasSession matches the scheduled papers', async () => {
      const query = async (value: boolean) =>
        (
          (await post('/api/chair/papers', { filters: [{ name: 'hasSession', value }] }).expect(200)).body
            .data as { _id: number }[]
        )
          .map((p) => p._id)
          .sort();
      expect(await query(true)).toEqual([papers[0], papers[1], papers[3], papers[4], papers[5]].sort());
      expect(await query(false)).toEqual([papers[2]]);
    });
  });

  describe('linking sessions to events', () => {
    let dayId: number;
    let technicalEvent: number;
    let posterEvent: number;
    beforeAll(async () => {
      const [day] = (await get('/api/chair/days')).body as DayDto[];
      dayId = day!._id;
      technicalEvent = day!.events.find((e) => e.type === 'TechnicalSession')!._id;
      posterEvent = (
        (
          await post(`/api/chair/days/${dayId}/events`, {
            type: 'PosterSession',
            start: '13:30',
            end: '15:30',
          }).expect(201)
        ).body as EventDto
      )._id;
    });

    it("answers 'Event sessions successfully saved' and sets event.has/reference", async () => {
      const res = (
        await put(`/api/chair/days/${dayId}/events/${technicalEvent}/sessions`, { sessions: [1, 2] }).expect(
          200,
        )
      ).body as EventSessionsResult;
      expect(res).toMatchObject({ message: M.eventSessionsSaved, saved: [1, 2], failed: [] });
      const s = (await get('/api/chair/technical_sessions/1')).body as TechnicalSessionDto;
      expect(s.event).toEqual({ has: true, reference: technicalEvent });
      const linked = (await get(`/api/chair/technical_sessions?eventId=${technicalEvent}`).expect(200))
        .body as unknown[];
      expect(linked).toHaveLength(2);
      expect((await get('/api/chair/technical_sessions?hasEvent=false').expect(200)).body).toEqual([]);
    });

    it("answers 'N of M sessions were successfully saved' with the reasons", async () => {
      const res = (
        await put(`/api/chair/days/${dayId}/events/${posterEvent}/sessions`, { sessions: [1, 7] }).expect(200)
      ).body as EventSessionsResult;
      expect(res.message).toBe('1 of 2 sessions were successfully saved');
      expect(res.failed).toEqual([{ _id: 7, reason: 'Poster session 7 not found' }]);
      const keynote = ((await get(`/api/chair/days/${dayId}/events`)).body as EventDto[]).find(
        (e) => e.type === 'KeynoteSession',
      )!;
      const none = (
        await put(`/api/chair/days/${dayId}/events/${keynote._id}/sessions`, { sessions: [1] }).expect(200)
      ).body as EventSessionsResult;
      expect(none.message).toBe('0 of 1 sessions were successfully saved');
    });

    it('a session already in another event is not moved silently', async () => {
      const [, day2] = (await get('/api/chair/days')).body as DayDto[];
      const other = (
        await post(`/api/chair/days/${day2!._id}/events`, {
          type: 'TechnicalSession',
          start: '10:30',
          end: '12:30',
        }).expect(201)
      ).body as EventDto;
      const res = (
        await put(`/api/chair/days/${day2!._id}/events/${other._id}/sessions`, { sessions: [1] }).expect(200)
      ).body as EventSessionsResult;
      expect(res.failed[0]!.reason).toBe(
        'Technical session 1 is already in the Technical Session event of 9/14/2027 10:30–12:30',
      );
    });

    it('a room used by a session cannot be deleted: 409 naming the sessions', async () => {
      const [room] = (await get('/api/chair/rooms')).body as RoomDto[];
      const res = await del(`/api/chair/rooms/${room!._id}`).expect(409);
      expect(res.body.message).toContain('Technical session 1 (Graph colouring)');
      expect(res.body.message).toContain('Poster session 1');
    });
  });

  describe('clashes, publication and what authors and session chairs see', () => {
    it('reports a person in two overlapping sessions and lets a chair acknowledge it', async () => {
      // coauthor is on papers 0 and 1 (session 1) and on the poster (event 13:30) — no clash; put the poster at 10:30
      const [day] = (await get('/api/chair/days')).body as DayDto[];
      const poster = day!.events.find((e) => e.type === 'PosterSession')!;
      await put(`/api/chair/days/${day!._id}/events/${poster._id}`, { start: '11:00', end: '12:00' }).expect(
        200,
      );
      const clashes = (await get('/api/chair/programme/clashes').expect(200)).body as ClashDto[];
      const personClash = clashes.find(
        (c) => c.type === 'person' && c.people.some((p) => p._id === coauthor.id),
      );
      expect(personClash).toBeDefined();
      expect(personClash!.acknowledged).toBeNull();
      const acked = (await post('/api/chair/programme/clashes/ack', { key: personClash!.key }).expect(201))
        .body as ClashDto;
      expect(acked.acknowledged).toMatchObject({ by: { _id: chair.id } });
      expect((await post('/api/chair/programme/clashes/ack', { key: 'nope' }).expect(404)).body.message).toBe(
        M.clashNotFound,
      );
      const status = (await get('/api/chair/programme/status').expect(200)).body;
      expect(status).toMatchObject({ publishedVersion: null, draftChanged: true });
    });

    it('authors see nothing before the first publication', async () => {
      const view = (await get('/api/author/programme', author).expect(200)).body as ProgrammeView;
      expect(view).toMatchObject({ version: null, days: [] });
      expect((await get('/api/author/days', author).expect(200)).body).toEqual([]);
    });

    it('publishing freezes version 1 and sends one notice per affected person', async () => {
      const before = await t.db.select().from(outboxTable);
      const res = await post('/api/chair/programme/publish', {}).expect(201);
      expect(res.body.version).toBe(1);
      const mails = (await t.db.select().from(outboxTable)).slice(before.length);
      expect(mails.filter((m) => m.kind === 'programme.change')).toHaveLength(res.body.notices);
      const to = mails.flatMap((m) => m.to);
      for (const u of [author, coauthor, sessionChair, otherChair]) expect(to).toContain(u.email);
      expect(new Set(to).size).toBe(to.length);
      const view = (await get('/api/author/programme', author).expect(200)).body as ProgrammeView;
      expect(view.version).toBe(1);
      expect(
        view.days[0]!.events.find((e) => e.type === 'TechnicalSession')!.sessions.map((s) => s._id),
      ).toEqual([1, 2]);
      const days = (await get('/api/author/days', author).expect(200)).body as DayDto[];
      expect((await get(`/api/author/days/${days[0]!._id}`, author).expect(200)).body.date).toBe('9/14/2027');
    });

    it('later edits stay a draft; republishing notifies only the people whose slots moved', async () => {
      await post('/api/chair/rooms', { name: 'Room C' }).expect(201);
      const roomC = ((await get('/api/chair/rooms')).body as RoomDto[]).find((r) => r.name === 'Room C')!;
      await put('/api/chair/technical_sessions/2', { room: roomC._id }).expect(200);
      const published = (await get('/api/author/programme', author).expect(200)).body as ProgrammeView;
      expect(
        published.days[0]!.events.find((e) => e.type === 'TechnicalSession')!.sessions[1]!.room!.name,
      ).toBe('Room A');
      expect((await get('/api/chair/programme/status')).body.draftChanged).toBe(true);
      const before = (await t.db.select().from(outboxTable)).length;
      const res = await post('/api/chair/programme/publish', {}).expect(201);
      expect(res.body).toMatchObject({ version: 2, notices: 1 });
      const [mail] = (await t.db.select().from(outboxTable)).slice(before);
      expect(mail!.to).toEqual([otherChair.email]);
      expect(mail!.text).toContain('room Room C');
      expect((await get('/api/chair/programme/status')).body.draftChanged).toBe(false);
    });

    it('the session chair sees only the technical events with their sessions, and only their papers', async () => {
      // losing session 2 (still chairing session 1) did not end the session chair's sign-in
      const view = (await get('/api/session/programme', sessionChair).expect(200)).body as ProgrammeView;
      const events = view.days.flatMap((d) => d.events);
      expect(events.map((e) => e.type)).toEqual(['TechnicalSession']);
      expect(events[0]!.sessions.map((s) => s._id)).toEqual([1]);
      await get('/api/session/programme', author).expect(403);
      await get(`/api/registered/papers/${papers[0]}`, sessionChair).expect(200);
      await get(`/api/registered/papers/${papers[3]}`, sessionChair).expect(404);
    });

    it("the session chair's access and view follow the published version, programme table included", async () => {
      // Draft only: paper 0 leaves session 1, a fresh paper joins it, the session chair also chairs session 2,
      // and the programme table changes. None of it is published.
      const fresh = await paper('Colouring on the fly', trackId, acceptedId, [coauthor.id]);
      await put('/api/chair/technical_sessions/1', { papers: [papers[1], fresh] }).expect(200);
      await put('/api/chair/technical_sessions/2', { responsables: [otherChair.id, sessionChair.id] }).expect(
        200,
      );
      const [before] = await t.db.select().from(conferenceTable);
      await t.db.update(conferenceTable).set({ programTable: '<p>Draft table</p>' });
      const [user] = await t.db.select().from(usersTable).where(eq(usersTable.id, sessionChair.id));
      expect(user!.sessionChairSessions.sort()).toEqual([1, 2]);

      await get(`/api/registered/papers/${papers[0]}`, sessionChair).expect(200);
      await get(`/api/registered/papers/${fresh}`, sessionChair).expect(404);
      await get(`/api/registered/papers/${papers[3]}`, sessionChair).expect(404);
      const view = (await get('/api/session/programme', sessionChair).expect(200)).body as ProgrammeView;
      const sessions = view.days.flatMap((d) => d.events.flatMap((e) => e.sessions));
      expect(sessions.map((s) => s._id)).toEqual([1]);
      expect(sessions[0]!.papers.map((p) => p._id)).toEqual([papers[1], papers[0]]);
      expect(view.programTable).toBe(before!.programTable);
      expect((await get('/api/author/programme', author).expect(200)).body.programTable).toBe(
        before!.programTable,
      );

      // Published, the draft becomes what the session chair reaches and reads.
      await post('/api/chair/programme/publish', {}).expect(201);
      await get(`/api/registered/papers/${papers[0]}`, sessionChair).expect(404);
      await get(`/api/registered/papers/${fresh}`, sessionChair).expect(200);
      await get(`/api/registered/papers/${papers[3]}`, sessionChair).expect(200);
      const after = (await get('/api/session/programme', sessionChair).expect(200)).body as ProgrammeView;
      expect(after.days.flatMap((d) => d.events.flatMap((e) => e.sessions.map((s) => s._id)))).toEqual([
        1, 2,
      ]);
      expect(after.programTable).toBe('<p>Draft table</p>');

      // Back to the earlier draft for the tests below.
      await put('/api/chair/technical_sessions/1', { papers: [papers[1], papers[0]] }).expect(200);
      await put('/api/chair/technical_sessions/2', { responsables: [otherChair.id] }).expect(200);
    });

    it('exports the programme and my programme as iCalendar with stable UIDs', async () => {
      await t.db.update(conferenceTable).set({ timeZone: 'Europe/Lisbon' });
      await post('/api/chair/programme/publish', {}).expect(201);
      // The UIDs name the PUBLIC_URL's host, never the Host header the request came with.
      const res = await get('/api/author/programme/calendar.ics?scope=all', author)
        .set('Host', 'attacker.example')
        .expect(200);
      expect(res.headers['content-type']).toContain('text/calendar');
      expect(res.text).not.toContain('attacker.example');
      // 10:30 in Lisbon on 14 September 2027 (summer time, UTC+1) is 09:30 UTC, written as UTC
      expect(res.text).toContain('DTSTART:20270914T093000Z');
      expect(res.text).toContain('X-WR-TIMEZONE:Europe/Lisbon');
      expect(res.text).not.toContain('TZID=');
      const comp = new ICAL.Component(ICAL.parse(res.text));
      const events = comp.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
      expect(events.length).toBeGreaterThan(0);
      for (const e of events) expect(e.uid).toMatch(/^[a-z]+-\d+@localhost$/);
      const s1 = events.find((e) => e.uid === 'technical-1@localhost')!;
      expect(s1.summary).toBe('Technical session 1: Graph colouring');
      expect(s1.location).toBe('Room A');
      expect(s1.startDate.zone.tzid).toBe('UTC');
      expect(s1.startDate.toJSDate().toISOString()).toBe('2027-09-14T09:30:00.000Z');
      // losing the only session chaired (then getting one again) ended the earlier sign-in, as a lost role does
      await get('/api/author/programme', otherChair).expect(401);
      otherChair = await signInAgain(otherChair);
      const mine = await get('/api/author/programme/calendar.ics?scope=mine', otherChair).expect(200);
      const mineEvents = new ICAL.Component(ICAL.parse(mine.text))
        .getAllSubcomponents('vevent')
        .map((e) => new ICAL.Event(e));
      expect(mineEvents.map((e) => e.uid.split('@')[0])).toEqual(['technical-2']);
    });

    it('a track chair reaches no programme route', async () => {
      for (const path of ['/api/chair/days', '/api/chair/technical_sessions', '/api/chair/programme/clashes'])
        await get(path, cochair).expect(403);
    });
  });

  describe('the other routes', () => {
    it('updates a poster session and a tutorial with the same rules', async () => {
      const [room] = (await get('/api/chair/rooms')).body as RoomDto[];
      expect(
        (await put('/api/chair/poster_sessions/1', { paper: papers[2] }).expect(400)).body.message,
      ).toContain(M.paperNotAccepted);
      expect(
        (await put('/api/chair/tutorials/1', { presenter: coauthor.id }).expect(200)).body.presenter._id,
      ).toBe(coauthor.id);
      expect(
        (await put('/api/chair/tutorials/1', { room: room!._id, link: 'https://t.example.org' }).expect(200))
          .body.link,
      ).toBe('https://t.example.org');
      await put('/api/chair/tutorials/77', { presenter: coauthor.id }).expect(404);
    });

    it('reads one published event for authors, and the draft, people and deleted acknowledgements for chairs', async () => {
      const days = (await get('/api/author/days', author).expect(200)).body as DayDto[];
      const event = days[0]!.events[0]!;
      expect(
        (await get(`/api/author/days/${days[0]!._id}/events/${event._id}`, author).expect(200)).body,
      ).toEqual(event);
      expect((await get(`/api/author/days/${days[0]!._id}/events`, author).expect(200)).body).toEqual(
        days[0]!.events,
      );
      await get(`/api/author/days/${days[0]!._id}/events/999999`, author).expect(404);
      const draft = (await get('/api/chair/programme').expect(200)).body as ProgrammeView;
      expect(draft.version).toBeNull();
      expect(draft.days.length).toBeGreaterThan(0);
      const people = (await get('/api/chair/programme/people?search=sessions').expect(200)).body as {
        _id: number;
      }[];
      expect(people.map((p) => p._id)).toEqual([sessionChair.id]);
      const [acked] = ((await get('/api/chair/programme/clashes')).body as ClashDto[]).filter(
        (c) => c.acknowledged,
      );
      await del(`/api/chair/programme/clashes/ack/${encodeURIComponent(acked!.key)}`).expect(200);
      await del(`/api/chair/programme/clashes/ack/${encodeURIComponent(acked!.key)}`).expect(404);
    });

    it('keeps the chosen tutorials track whatever its name, and another track can be chosen', async () => {
      await t.db.update(tracksTable).set({ name: 'Workshops' }).where(eq(tracksTable.id, tutorialTrackId));
      expect((await get('/api/chair/programme/tutorial_track').expect(200)).body).toMatchObject({
        _id: tutorialTrackId,
        name: 'Workshops',
      });
      await t.call('put', '/api/chair/programme/tutorial_track', chair.auth, { track: trackId }).expect(200);
      expect((await get('/api/chair/programme/tutorial_track').expect(200)).body._id).toBe(trackId);
      await t
        .call('put', '/api/chair/programme/tutorial_track', chair.auth, { track: tutorialTrackId })
        .expect(200);
      await t.db.update(tracksTable).set({ name: 'Tutorials' }).where(eq(tracksTable.id, tutorialTrackId));
    });
  });

  describe('deleting', () => {
    it('deleting a technical session removes it from its session chairs and frees its papers', async () => {
      await del('/api/chair/technical_sessions/1').expect(200);
      const [u] = await t.db.select().from(usersTable).where(eq(usersTable.id, sessionChair.id));
      expect(u!.sessionChairSessions).toEqual([]);
      expect(
        await t.db.select().from(sessionPapersTable).where(eq(sessionPapersTable.paperId, papers[0]!)),
      ).toHaveLength(0);
      expect((await del('/api/chair/technical_sessions/1').expect(404)).body.message).toBe(M.sessionNotFound);
      expect((await del('/api/chair/tutorials/5').expect(404)).body.message).toBe(M.tutorialNotFound);
    });

    it('deleting a day deletes its events and unlinks their sessions', async () => {
      const [day] = (await get('/api/chair/days')).body as DayDto[];
      await del(`/api/chair/days/${day!._id}`).expect(200);
      const poster = (await get('/api/chair/poster_sessions/1')).body;
      expect(poster.event).toEqual({ has: false, reference: null });
    });
  });
});
