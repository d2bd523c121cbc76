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
  placement: { clashes: number; lowerBound: number; optimal: boolean; timedOut: boolean };
  timeBudgetMs: number | null;
}

describe('session builder API', () => {
  let t: TestApp;
  let chair: User;
  let trackId: number;
  const people: User[] = [];
  const events: number[] = [];
  const rooms: number[] = [];
  let posterEvent: number;

  const post = (path: string, body: object) => t.call('post', path, chair.auth).send(body);

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

  it('searches within the time limit the chair gives (default 30 s) and refuses a limit out of range', async () => {
    const base = { track: trackId, papersPerSession: 2, events, rooms };
    const byDefault = lines((await post('/api/chair/programme/builder/proposal', base).expect(200)).text).at(
      -1,
    )!;
    expect(byDefault.result).toMatchObject({
      timeBudgetMs: 30_000,
      placement: { timedOut: false, optimal: true },
    });
    const given = lines(
      (await post('/api/chair/programme/builder/proposal', { ...base, timeLimitSeconds: 120 }).expect(200))
        .text,
    ).at(-1)!;
    expect(given.result!.timeBudgetMs).toBe(120_000);
    for (const timeLimitSeconds of [0, 3601, 1.5, 'soon'])
      expect(
        (await post('/api/chair/programme/builder/proposal', { ...base, timeLimitSeconds }).expect(400)).body
          .message,
      ).toBe(M.builderTimeLimit);
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
    const s1 = (await t.call('get', '/api/chair/technical_sessions/1', chair.auth).expect(200))
      .body as TechnicalSessionDto;
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

describe('session builder API: session chairs, the minimum size and the titles (issue 21 item 19)', () => {
  let t: TestApp;
  let chair: User;
  let accepted: number;
  const people: User[] = [];
  const events: number[] = [];
  const rooms: number[] = [];

  const post = (path: string, body: object) => t.call('post', path, chair.auth).send(body);
  const propose = async (body: object): Promise<ProposalWithChairs> => {
    const res = await post('/api/chair/programme/builder/proposal', { events, rooms, ...body }).expect(200);
    const last = JSON.parse(res.text.trim().split('\n').pop()!) as {
      type: string;
      result: ProposalWithChairs;
    };
    expect(last.type).toBe('result');
    return last.result;
  };
  const track = async (name: string, papers: { title: string; area?: string; authors: number[] }[]) => {
    const [row] = await t.db.insert(tracksTable).values({ name, position: 0 }).returning();
    const areas = new Map<string, number>();
    for (const name of new Set(papers.flatMap((p) => (p.area ? [p.area] : []))))
      areas.set(
        name,
        (
          await t.db
            .insert(subjectAreasTable)
            .values({ trackId: row!.id, name, position: areas.size })
            .returning()
        )[0]!.id,
      );
    const ids: number[] = [];
    for (const p of papers) {
      const [paper] = await t.db
        .insert(papersTable)
        .values({
          title: p.title,
          abstractText: `${p.title}: an abstract that is long enough to describe the work in some detail.`,
          trackId: row!.id,
          statusId: accepted,
          primarySubjectAreaId: p.area ? areas.get(p.area)! : null,
          primaryAuthorId: people[p.authors[0]!]!.id,
        })
        .returning();
      await t.db
        .insert(paperAuthorsTable)
        .values(p.authors.map((a, position) => ({ paperId: paper!.id, userId: people[a]!.id, position })));
      ids.push(paper!.id);
    }
    return { id: row!.id, papers: ids };
  };

  beforeAll(async () => {
    t = await createTestApp();
    chair = await t.user({ roles: chairRoles(), firstName: 'Carla', lastName: 'Chair' });
    for (let i = 0; i < 8; i++) people.push(await t.user({ firstName: `P${i}`, lastName: 'Person' }));
    const [status] = await t.db
      .insert(statusesTable)
      .values({ text: 'Accept', position: 2, isAccepted: true })
      .returning();
    accepted = status!.id;
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
  });
  afterAll(async () => {
    await t.close();
  });

  it('proposes a session chair per session: an author of its papers free at its time, or one from the list', async () => {
    const main = await track('Main', [
      { title: 'Graph colouring heuristics', area: 'Graphs', authors: [0] },
      { title: 'Sparse graph separators', area: 'Graphs', authors: [0, 1] },
      { title: 'Query optimisation with joins', area: 'Databases', authors: [2] },
      { title: 'Index structures for databases', area: 'Databases', authors: [2, 3] },
    ]);
    const proposal = await propose({ track: main.id, papersPerSession: 2 });
    expect(proposal.sessions.map((s) => s.title).sort()).toEqual(['Databases', 'Graphs']);
    for (const s of proposal.sessions) {
      expect(s.responsables).toHaveLength(1);
      expect(s.responsables[0]).toMatchObject({ firstName: expect.any(String), email: expect.any(String) });
      const authors = s.title === 'Graphs' ? [people[0]!.id, people[1]!.id] : [people[2]!.id, people[3]!.id];
      expect(authors).toContain(s.responsables[0]!._id);
      expect(s.chairs).toEqual([s.responsables[0]!._id]);
    }
    // One event, two rooms: both sessions at 10:30. The listed chair takes one; an author the other.
    const listed = await propose({
      track: main.id,
      papersPerSession: 2,
      events: [events[0]],
      sessionChairs: [chair.id],
    });
    const chairs = listed.sessions.map((s) => s.responsables[0]!._id);
    expect(chairs.filter((id) => id === chair.id)).toHaveLength(1);
    expect(new Set(chairs).size).toBe(2);
    const unknown = await post('/api/chair/programme/builder/proposal', {
      track: main.id,
      papersPerSession: 2,
      events,
      rooms,
      sessionChairs: [999999],
    }).expect(400);
    expect(unknown.body.message).toBe(M.responsableNotFound);
  });

  it('never proposes a session under the minimum, and names sessions without an area after the track', async () => {
    const theory = await track(
      'Theory',
      [0, 1, 2, 3, 4].map((i) => ({ title: `Lemma number ${i} on graphs`, authors: [4 + (i % 4)] })),
    );
    // five papers, two per session: 2 + 3 (it was 2 + 2 + 1)
    const two = await propose({ track: theory.id, papersPerSession: 2 });
    expect(two.minPapersPerSession).toBe(2);
    expect(two.sessions.map((s) => s.paperIds.length).sort()).toEqual([2, 3]);
    expect(two.sessions.map((s) => s.title).sort()).toEqual(['Theory 1', 'Theory 2']);
    // at least 3 of at most 4: one session of five
    const three = await propose({ track: theory.id, papersPerSession: 4, minPapersPerSession: 3 });
    expect(three.sessions.map((s) => s.paperIds.length)).toEqual([5]);
    // a minimum above the size, or not whole: refused before streaming
    for (const minPapersPerSession of [3, 0, 1.5])
      expect(
        (
          await post('/api/chair/programme/builder/proposal', {
            track: theory.id,
            papersPerSession: 2,
            minPapersPerSession,
            events,
            rooms,
          }).expect(400)
        ).body.message,
      ).toBe(M.builderMinPapers);
  });

  it('refuses a track with fewer papers left than the minimum, saying to lower it', async () => {
    const lonely = await track('Lonely', [{ title: 'A paper on its own', authors: [0] }]);
    const res = await post('/api/chair/programme/builder/proposal', {
      track: lonely.id,
      papersPerSession: 4,
      events,
      rooms,
    }).expect(400);
    expect(res.body.message).toBe(M.builderTooFewPapers(1, 2));
    expect(res.body.message).toContain('lower the minimum');
    // with a minimum of one it is a session
    const one = await propose({ track: lonely.id, papersPerSession: 4, minPapersPerSession: 1 });
    expect(one.sessions.map((s) => s.paperIds)).toEqual([lonely.papers]);
  });

  it('skips the titles of existing sessions, and applies nothing when a session is under the minimum', async () => {
    const systems = await track('Systems', [
      { title: 'Consensus in practice', area: 'Consensus', authors: [0] },
      { title: 'Consensus at scale', area: 'Consensus', authors: [1] },
      { title: 'Streams in practice', area: 'Streams', authors: [2] },
      { title: 'Streams at scale', area: 'Streams', authors: [3] },
    ]);
    await post('/api/chair/technical_sessions', {
      _id: 40,
      title: 'Consensus',
      responsables: [chair.id],
      room: rooms[0],
      papers: [systems.papers[0]],
    }).expect(201);
    // three papers left: Consensus 1 + Streams 2 would leave one alone: both areas in sessions of at least 2
    const proposal = await propose({ track: systems.id, papersPerSession: 2 });
    expect(proposal.sessions.every((s) => s.paperIds.length >= 2)).toBe(true);
    expect(proposal.sessions.map((s) => s.title)).not.toContain('Consensus');
    const split = proposal.sessions[0]!.paperIds;
    const refused = await post('/api/chair/programme/builder/apply', {
      minPapersPerSession: 2,
      sessions: [
        {
          _id: 41,
          title: 'Streams, the first',
          responsables: [chair.id],
          room: rooms[0],
          papers: [split[0]],
        },
        {
          _id: 42,
          title: 'Streams, the second',
          responsables: [chair.id],
          room: rooms[1],
          papers: split.slice(1),
        },
      ],
    }).expect(400);
    expect(refused.body.message).toBe(`Technical session 41: ${M.builderUnderMinimum(1, 2)}`);
    expect((await t.db.select().from(sessionsTable)).map((s) => s.number)).toEqual([40]);
  });
});

interface ProposalWithChairs {
  sessions: {
    paperIds: number[];
    title: string;
    slot: { eventId: number; roomId: number } | null;
    chairs: number[];
    responsables: { _id: number; firstName: string; email: string }[];
  }[];
  minPapersPerSession: number;
}
