/**
 * The session builder over HTTP: a proposal streamed as NDJSON (progress, then the result) for a track's
 * accepted unscheduled papers, placed in the chosen events and rooms without person clashes, then applied
 * in one transaction (all sessions or none).
 */
import { eq } from 'drizzle-orm';
import {
  PROGRAMME_MESSAGES as M,
  type DayDto,
  type EventDto,
  type RoomDto,
  type TechnicalSessionDto,
} from '@symposium/domain';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { sessionsTable } from '../../apps/api/src/modules/programme/programme.table.js';
import {
  statusesTable,
  subjectAreasTable,
  tracksTable,
} from '../../apps/api/src/modules/tracks/tracks.table.js';
import { chairRoles, createTestApp, type TestApp } from '../support/app.js';

type User = Awaited<ReturnType<TestApp['user']>>;
interface Proposal {
  sessions: { paperIds: number[]; title: string; slot: { eventId: number; roomId: number } | null }[];
  personClashes: number;
  unplaced: number;
  firstNumber: number;
  papers: number;
  placement: { clashes: number; lowerBound: number; optimal: boolean };
}

describe('session builder API', () => {
  let t: TestApp;
  let chair: User;
  let trackId: number;
  const people: User[] = [];
  const events: number[] = [];
  const rooms: number[] = [];
  let posterEvent: number;

  const post = (path: string, body: object) =>
    t
      .http()
      .post(path)
      .set(...chair.auth)
      .send(body);

  /** The NDJSON lines of a streamed answer. */
  const lines = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; result?: Proposal; progress?: unknown; message?: string });

  beforeAll(async () => {
    t = await createTestApp();
    chair = await t.user({ roles: chairRoles() });
    for (let i = 0; i < 4; i++) people.push(await t.user({ firstName: `P${i}`, lastName: 'Person' }));
    const [track] = await t.db.insert(tracksTable).values({ name: 'Main', position: 0 }).returning();
    trackId = track!.id;
    const areas = await t.db
      .insert(subjectAreasTable)
      .values([
        { trackId, name: 'Graphs', position: 0 },
        { trackId, name: 'Databases', position: 1 },
      ])
      .returning();
    const [accepted] = await t.db
      .insert(statusesTable)
      .values({ text: 'Accept', position: 2, isAccepted: true })
      .returning();
    const spec = [
      ['Graph colouring heuristics', 0, [0]],
      ['Sparse graph separators', 0, [0, 1]],
      ['Query optimisation with joins', 1, [2]],
      ['Index structures for databases', 1, [2, 3]],
    ] as const;
    for (const [title, area, authors] of spec) {
      const [p] = await t.db
        .insert(papersTable)
        .values({
          title,
          abstractText: `${title}: an abstract that is long enough to describe the work in some detail.`,
          trackId,
          statusId: accepted!.id,
          primarySubjectAreaId: areas[area]!.id,
          primaryAuthorId: people[authors[0]]!.id,
        })
        .returning();
      await t.db
        .insert(paperAuthorsTable)
        .values(authors.map((a, position) => ({ paperId: p!.id, userId: people[a]!.id, position })));
    }
    for (const name of ['Room 1', 'Room 2'])
      rooms.push(((await post('/api/chair/rooms', { name }).expect(201)).body as RoomDto)._id);
    const day = (await post('/api/chair/days', { date: '6/1/2027' }).expect(201)).body as DayDto;
    for (const [start, end] of [
      ['10:30', '12:30'],
      ['13:30', '15:30'],
    ])
      events.push(
        (
          (
            await post(`/api/chair/days/${day._id}/events`, { type: 'TechnicalSession', start, end }).expect(
              201,
            )
          ).body as EventDto
        )._id,
      );
    posterEvent = (
      (
        await post(`/api/chair/days/${day._id}/events`, {
          type: 'PosterSession',
          start: '16:00',
          end: '18:00',
        }).expect(201)
      ).body as EventDto
    )._id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams progress and a proposal grouped by subject area, placed without person clashes', async () => {
    const res = await post('/api/chair/programme/builder/proposal', {
      track: trackId,
      papersPerSession: 2,
      events,
      rooms,
    }).expect(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const all = lines(res.text);
    const last = all[all.length - 1]!;
    expect(last.type).toBe('result');
    const proposal = last.result!;
    expect(proposal).toMatchObject({ papers: 4, firstNumber: 1, personClashes: 0, unplaced: 0 });
    expect(proposal.sessions).toHaveLength(2);
    const titles = proposal.sessions.map((s) => s.title).join(' | ');
    expect(titles).toContain('Graphs');
    expect(titles).toContain('Databases');
    expect(proposal.sessions.every((s) => s.slot !== null)).toBe(true);
  });

  it('refuses a poster event, an empty room list and a bad size before streaming anything', async () => {
    const base = { track: trackId, papersPerSession: 2, events, rooms };
    const poster = await post('/api/chair/programme/builder/proposal', {
      ...base,
      events: [posterEvent],
    }).expect(400);
    expect(poster.body.message).toContain(M.builderEvents);
    expect(
      (await post('/api/chair/programme/builder/proposal', { ...base, rooms: [] }).expect(400)).body.message,
    ).toBe(M.room);
    expect(
      (await post('/api/chair/programme/builder/proposal', { ...base, papersPerSession: 0 }).expect(400)).body
        .message,
    ).toBe(M.builderPapersPerSession);
  });

  it('applies an edited proposal in one transaction, or nothing when one session is refused', async () => {
    const res = await post('/api/chair/programme/builder/proposal', {
      track: trackId,
      papersPerSession: 2,
      events,
      rooms,
    });
    const proposal = lines(res.text).pop()!.result!;
    const sessions = proposal.sessions.map((s, i) => ({
      _id: proposal.firstNumber + i,
      title: `${s.title} (${i + 1})`,
      responsables: [people[0]!.id],
      room: s.slot!.roomId,
      papers: s.paperIds,
      event: s.slot!.eventId,
    }));
    // the second session repeats a paper of the first: refused, and the first is not kept either
    const bad = await post('/api/chair/programme/builder/apply', {
      sessions: [sessions[0], { ...sessions[1], papers: sessions[0]!.papers }],
    }).expect(409);
    expect(bad.body.message).toMatch(
      /^Technical session 2: Paper \d+ is already scheduled in Technical session 1$/,
    );
    expect(await t.db.select().from(sessionsTable)).toHaveLength(0);

    const ok = await post('/api/chair/programme/builder/apply', { sessions }).expect(200);
    expect(ok.body).toEqual({ message: M.builderApplied(2), created: [1, 2] });
    const s1 = (
      await t
        .http()
        .get('/api/chair/technical_sessions/1')
        .set(...chair.auth)
        .expect(200)
    ).body as TechnicalSessionDto;
    expect(s1.event).toEqual({ has: true, reference: sessions[0]!.event });
    expect(s1.papers.map((p) => p._id)).toEqual(sessions[0]!.papers);
    const rows = await t.db.select().from(sessionsTable).where(eq(sessionsTable.kind, 'technical'));
    expect(rows).toHaveLength(2);
    // nothing is left to schedule in the track now
    const again = await post('/api/chair/programme/builder/proposal', {
      track: trackId,
      papersPerSession: 2,
      events,
      rooms,
    }).expect(400);
    expect(again.body.message).toBe(M.builderNoPapers);
  });
});
