import { findClashes, sessionKeyOf, type Clash, type ClashInput, type ClashRole } from './clashes.js';
import { EVENT_TYPES, SESSION_KINDS, type EventType, type SessionKind } from './programme.js';
import { seededRandom } from '../testing/seeded-random.js';

type Session = ClashInput['sessions'][number];

const days = [
  { id: 1, isoDate: '2027-06-01' },
  { id: 2, isoDate: '2027-06-02' },
];
const rooms = [
  { id: 10, name: 'Room A' },
  { id: 11, name: 'Room B' },
];
const event = (
  id: number,
  start: string,
  end: string,
  extra: Partial<ClashInput['events'][number]> = {},
) => ({
  id,
  dayId: 1,
  type: 'TechnicalSession' as EventType,
  start,
  end,
  ...extra,
});
const person = (id: number, role: ClashRole = 'author') => ({ id, name: `Person ${id}`, role });
const technical = (id: number, eventId: number | null, roomId: number | null, people: Session['people']) => ({
  kind: 'technical' as SessionKind,
  id,
  title: `Session ${id}`,
  eventId,
  roomId,
  people,
});
const programme = (events: ClashInput['events'], sessions: Session[]): ClashInput => ({
  days,
  events,
  rooms,
  sessions,
});
const keys = (clashes: Clash[]) => clashes.map((c) => c.key);

describe(findClashes.name, () => {
  it('reports an author in two parallel sessions of the same event slot', () => {
    const clashes = findClashes(
      programme(
        [event(1, '10:30', '12:30')],
        [technical(3, 1, 10, [person(12)]), technical(7, 1, 11, [person(12), person(13)])],
      ),
    );
    expect(clashes).toEqual([
      {
        key: 'person:12|technical:3|technical:7',
        type: 'person',
        message:
          'Person 12 has a paper in Technical session 3 "Session 3" (Room A, 6/1/2027 10:30–12:30) and ' +
          'has a paper in Technical session 7 "Session 7" (Room B, 6/1/2027 10:30–12:30), which overlap.',
        personIds: [12],
        sessions: [
          { kind: 'technical', id: 3 },
          { kind: 'technical', id: 7 },
        ],
        roomIds: [10, 11],
        eventIds: [1],
      },
    ]);
  });

  it('does not report sessions whose times only touch (10:00–10:30 then 10:30–12:30)', () => {
    const clashes = findClashes(
      programme(
        [event(1, '10:00', '10:30'), event(2, '10:30', '12:30')],
        [technical(1, 1, 10, [person(5)]), technical(2, 2, 10, [person(5)])],
      ),
    );
    expect(clashes).toEqual([]);
  });

  it('reports a session chair who has a paper in an overlapping session of another event, naming both roles', () => {
    const clashes = findClashes(
      programme(
        [event(1, '10:30', '12:30'), event(2, '11:00', '12:00')],
        [
          technical(4, 1, 10, [{ id: 20, name: 'Ana Lima', role: 'chair' }]),
          technical(9, 2, 11, [
            { id: 20, name: 'Ana Lima', role: 'author' },
            { id: 20, name: 'Ana Lima', role: 'chair' },
          ]),
        ],
      ),
    );
    expect(clashes.map((c) => c.message)).toEqual([
      'Ana Lima chairs Technical session 4 "Session 4" (Room A, 6/1/2027 10:30–12:30) and chairs and has a paper in ' +
        'Technical session 9 "Session 9" (Room B, 6/1/2027 11:00–12:00), which overlap.',
    ]);
    expect(clashes[0].eventIds).toEqual([1, 2]);
  });

  it('reports a tutorial presenter who also has a poster at the same time', () => {
    const clashes = findClashes(
      programme(
        [
          event(1, '13:30', '15:30', { type: 'Tutorial' }),
          event(2, '15:00', '16:00', { type: 'PosterSession' }),
        ],
        [
          {
            kind: 'tutorial',
            id: 2,
            title: 'Intro',
            eventId: 1,
            roomId: 10,
            people: [person(8, 'presenter')],
          },
          { kind: 'poster', id: 5, title: '', eventId: 2, roomId: 11, people: [person(8)] },
        ],
      ),
    );
    expect(keys(clashes)).toEqual(['person:8|poster:5|tutorial:2']);
    expect(clashes[0].message).toBe(
      'Person 8 has a paper in Poster session 5 (Room B, 6/1/2027 15:00–16:00) and presents Tutorial 2 "Intro" ' +
        '(Room A, 6/1/2027 13:30–15:30), which overlap.',
    );
  });

  it('does not report the same times on different days', () => {
    const clashes = findClashes(
      programme(
        [event(1, '10:30', '12:30'), event(2, '10:30', '12:30', { dayId: 2 })],
        [technical(1, 1, 10, [person(5)]), technical(2, 2, 10, [person(5)])],
      ),
    );
    expect(clashes).toEqual([]);
  });

  it('does not let an event ending at 24:00 overlap the next day from 00:00', () => {
    const clashes = findClashes(
      programme(
        [event(1, '22:00', '24:00'), event(2, '00:00', '01:00', { dayId: 2 })],
        [technical(1, 1, 10, [person(5)]), technical(2, 2, 10, [person(5)])],
      ),
    );
    expect(clashes).toEqual([]);
  });

  it('reports one clash per person per pair of sessions, however many papers and roles they have in them', () => {
    const clashes = findClashes(
      programme(
        [event(1, '10:30', '12:30')],
        [
          technical(1, 1, 10, [person(5), person(5), person(5, 'chair'), person(6)]),
          technical(2, 1, 11, [person(5), person(6), person(6)]),
        ],
      ),
    );
    expect(keys(clashes)).toEqual(['person:5|technical:1|technical:2', 'person:6|technical:1|technical:2']);
  });

  it('reports each overlapping pair when a person is in three sessions at once', () => {
    const clashes = findClashes(
      programme(
        [event(1, '10:30', '12:30'), event(2, '12:00', '13:00')],
        [
          technical(1, 1, 10, [person(5)]),
          technical(2, 1, 11, [person(5)]),
          technical(3, 2, null, [person(5)]),
        ],
      ),
    );
    expect(keys(clashes)).toEqual([
      'person:5|technical:1|technical:2',
      'person:5|technical:1|technical:3',
      'person:5|technical:2|technical:3',
    ]);
  });

  it('reports two sessions in the same room at overlapping times', () => {
    const clashes = findClashes(
      programme(
        [event(1, '10:30', '12:30'), event(2, '12:00', '13:00', { type: 'PosterSession' })],
        [technical(1, 1, 10, []), { ...technical(2, 2, 10, []), kind: 'poster', title: '' }],
      ),
    );
    expect(clashes).toEqual([
      {
        key: 'room:10|technical:1|poster:2',
        type: 'room',
        message:
          'Room A is used by Technical session 1 "Session 1" (6/1/2027 10:30–12:30) and Poster session 2 ' +
          '(6/1/2027 12:00–13:00), which overlap.',
        personIds: [],
        sessions: [
          { kind: 'technical', id: 1 },
          { kind: 'poster', id: 2 },
        ],
        roomIds: [10],
        eventIds: [1, 2],
      },
    ]);
  });

  it('reports a session linked to an event of another type', () => {
    const clashes = findClashes(
      programme([event(1, '10:30', '12:30', { type: 'PosterSession' })], [technical(3, 1, 10, [person(1)])]),
    );
    expect(clashes).toEqual([
      {
        key: 'eventType:1|technical:3',
        type: 'eventType',
        message:
          'Technical session 3 "Session 3" is linked to event 1 of type Poster Session (6/1/2027 10:30–12:30); ' +
          'a technical session belongs in a Technical Session event.',
        personIds: [],
        sessions: [{ kind: 'technical', id: 3 }],
        roomIds: [10],
        eventIds: [1],
      },
    ]);
  });

  it('never puts sessions without an event in person or room clashes', () => {
    const clashes = findClashes(
      programme(
        [event(1, '10:30', '12:30')],
        [
          technical(1, 1, 10, [person(5)]),
          technical(2, null, 10, [person(5)]),
          technical(3, 99, 10, [person(5)]),
        ],
      ),
    );
    expect(clashes).toEqual([]);
  });

  it('reports an event that ends before it starts, naming the sessions it holds, and leaves them out of overlaps', () => {
    const clashes = findClashes(
      programme(
        [event(1, '23:00', '22:00'), event(2, '21:00', '23:30')],
        [technical(1, 1, 10, [person(5)]), technical(2, 2, 10, [person(5)])],
      ),
    );
    expect(clashes).toEqual([
      {
        key: 'outsideDay:1',
        type: 'outsideDay',
        message:
          'Event 1 (Technical Session, 6/1/2027 23:00–22:00) does not end after it starts; ' +
          'it holds Technical session 1 "Session 1".',
        personIds: [],
        sessions: [{ kind: 'technical', id: 1 }],
        roomIds: [10],
        eventIds: [1],
      },
    ]);
  });

  it('reports events with times outside 00:00–24:00 or a missing day', () => {
    const clashes = findClashes(
      programme(
        [event(1, '24:00', '24:00'), event(2, '10:00', '11:00', { dayId: 7 }), event(3, '9:00', '25:00')],
        [],
      ),
    );
    expect(clashes.map((c) => c.message)).toEqual([
      'Event 1 (Technical Session, 6/1/2027 24:00–24:00) has times outside the day (00:00–24:00).',
      'Event 2 (Technical Session, an unknown day 10:00–11:00) belongs to day 7, which does not exist.',
      'Event 3 (Technical Session, 6/1/2027 9:00–25:00) has times outside the day (00:00–24:00).',
    ]);
  });

  it('gives the same clashes and keys whatever the order of the input', () => {
    const input = randomProgramme(rng(7), 40);
    const shuffled: ClashInput = {
      days: [...input.days].reverse(),
      events: [...input.events].reverse(),
      rooms: [...input.rooms].reverse(),
      sessions: [...input.sessions].reverse().map((s) => ({ ...s, people: [...s.people].reverse() })),
    };
    const a = findClashes(input);
    expect(a.length).toBeGreaterThan(10);
    expect(findClashes(shuffled)).toEqual(a);
  });

  it('finds exactly the clashes of an all-pairs reference on random programmes', () => {
    const random = rng(20270601);
    const seenTypes = new Map<string, number>();
    for (let round = 0; round < 60; round++) {
      const input = randomProgramme(random, 5 + random.int(60));
      const got = findClashes(input);
      for (const c of got) seenTypes.set(c.type, (seenTypes.get(c.type) ?? 0) + 1);
      const expected = bruteForce(input);
      expect(new Set(keys(got)).size).toBe(got.length);
      const simplify = (cs: Clash[]) =>
        cs
          .map(({ key, type, personIds, sessions, roomIds, eventIds }) => ({
            key,
            type,
            personIds,
            sessions: sessions.map(sessionKeyOf),
            roomIds,
            eventIds,
          }))
          .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
      expect(simplify(got)).toEqual(simplify(expected));
    }
    // the random programmes exercise every rule
    expect([...seenTypes.keys()].sort()).toEqual(['eventType', 'outsideDay', 'person', 'room']);
  });
});

// -----------------------------------------------------------------------------------------------------
// Random programmes and the all-pairs reference

const rng = seededRandom;

const hhmm = (m: number) =>
  m === 1440 ? '24:00' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

function randomProgramme(r: ReturnType<typeof rng>, nSessions: number): ClashInput {
  const days = [
    { id: 1, isoDate: '2027-06-01' },
    { id: 2, isoDate: '2027-06-02' },
  ];
  const events = Array.from({ length: 2 + r.int(8) }, (_, i) => {
    const start = r.int(48) * 30;
    const len = (1 + r.int(6)) * 30;
    const bad = r.int(15) === 0;
    return {
      id: i + 1,
      dayId: r.int(12) === 0 ? 9 : 1 + r.int(2),
      type: EVENT_TYPES[r.int(6) === 0 ? r.int(EVENT_TYPES.length) : 1 + r.int(3)],
      start: hhmm(start),
      end: bad ? hhmm(start) : hhmm(Math.min(1440, start + len)),
    };
  });
  const rooms = Array.from({ length: 4 }, (_, i) => ({ id: 100 + i, name: `R${i}` }));
  const sessions: Session[] = Array.from({ length: nSessions }, (_, i) => {
    const kind = SESSION_KINDS[r.int(3)];
    const roles: ClashRole[] = ['author', 'presenter', 'chair'];
    return {
      kind,
      id: 1 + Math.floor(i / 3) + (i % 3) * 1000,
      title: `S${i}`,
      eventId: r.int(8) === 0 ? null : 1 + r.int(events.length + 1),
      roomId: r.int(6) === 0 ? null : 100 + r.int(4),
      people: Array.from({ length: r.int(5) }, () => ({
        id: 1 + r.int(25),
        name: '',
        role: roles[r.int(3)],
      })),
    };
  });
  return { days, events, rooms, sessions };
}

/** Every pair of timed sessions, compared directly. */
function bruteForce(input: ClashInput): Clash[] {
  const dayOf = new Map(input.days.map((d) => [d.id, d.isoDate]));
  const toMin = (t: string) => (t === '24:00' ? 1440 : Number(t.slice(0, 2)) * 60 + Number(t.slice(3)));
  const valid = (e: ClashInput['events'][number]) =>
    dayOf.has(e.dayId) && /^\d\d:\d\d$/.test(e.start) && e.start !== '24:00' && toMin(e.end) > toMin(e.start);
  const events = new Map(input.events.map((e) => [e.id, e]));
  const out: Clash[] = [];
  const ref = (s: Session) => ({ kind: s.kind, id: s.id });
  const order = (a: Session, b: Session) =>
    SESSION_KINDS.indexOf(a.kind) - SESSION_KINDS.indexOf(b.kind) || a.id - b.id;
  const ids = (xs: (number | null)[]) =>
    [...new Set(xs.filter((x): x is number => x !== null))].sort((a, b) => a - b);
  const ss = input.sessions;
  for (let i = 0; i < ss.length; i++)
    for (let j = i + 1; j < ss.length; j++) {
      let [a, b] = [ss[i], ss[j]];
      if (order(a, b) > 0) [a, b] = [b, a];
      const ea = a.eventId === null ? undefined : events.get(a.eventId);
      const eb = b.eventId === null ? undefined : events.get(b.eventId);
      if (!ea || !eb || !valid(ea) || !valid(eb) || dayOf.get(ea.dayId) !== dayOf.get(eb.dayId)) continue;
      if (!(toMin(ea.start) < toMin(eb.end) && toMin(eb.start) < toMin(ea.end))) continue;
      const pair = `${sessionKeyOf(a)}|${sessionKeyOf(b)}`;
      const inB = new Set(b.people.map((p) => p.id));
      for (const p of new Set(a.people.map((x) => x.id)))
        if (inB.has(p))
          out.push({
            key: `person:${p}|${pair}`,
            type: 'person',
            message: '',
            personIds: [p],
            sessions: [ref(a), ref(b)],
            roomIds: ids([a.roomId, b.roomId]),
            eventIds: ids([ea.id, eb.id]),
          });
      if (a.roomId !== null && a.roomId === b.roomId)
        out.push({
          key: `room:${a.roomId}|${pair}`,
          type: 'room',
          message: '',
          personIds: [],
          sessions: [ref(a), ref(b)],
          roomIds: [a.roomId],
          eventIds: ids([ea.id, eb.id]),
        });
    }
  const kindType = { technical: 'TechnicalSession', poster: 'PosterSession', tutorial: 'Tutorial' };
  for (const s of ss) {
    const e = s.eventId === null ? undefined : events.get(s.eventId);
    if (e && e.type !== kindType[s.kind])
      out.push({
        key: `eventType:${e.id}|${sessionKeyOf(s)}`,
        type: 'eventType',
        message: '',
        personIds: [],
        sessions: [ref(s)],
        roomIds: ids([s.roomId]),
        eventIds: [e.id],
      });
  }
  for (const e of input.events)
    if (!valid(e)) {
      const held = ss.filter((s) => s.eventId === e.id).sort(order);
      out.push({
        key: `outsideDay:${e.id}`,
        type: 'outsideDay',
        message: '',
        personIds: [],
        sessions: held.map(ref),
        roomIds: ids(held.map((s) => s.roomId)),
        eventIds: [e.id],
      });
    }
  return out;
}
