/**
 * The programme clash check (GET /api/chair/programme/clashes): people in two sessions at once, rooms used
 * twice at once, sessions in an event of the wrong type, and events whose times do not fit in their day.
 *
 * A session's time is its event's day and start..end, as half-open intervals: 10:00–10:30 and 10:30–12:30
 * touch and do not overlap; two sessions of the same event slot always overlap. Times are wall-clock times
 * of the conference time zone, compared per calendar date.
 *
 * Cost: person and room clashes are found by a sort-and-sweep per person and per room (sessions sorted by
 * start, an active list of those not yet ended), O(n log n + k) for n memberships and k clashes, never all
 * pairs of sessions. The tests compare it with an all-pairs reference on random programmes.
 */
import {
  EVENT_TYPE_LABELS,
  EVENT_TYPE_OF_KIND,
  SESSION_KIND_LABELS,
  SESSION_KINDS,
  formatDayDate,
  sessionName,
  timeToMinutes,
  type ClashType,
  type EventType,
  type SessionKind,
} from './programme.js';

export type ClashRole = 'author' | 'presenter' | 'chair';

export interface ClashInput {
  /** isoDate: yyyy-mm-dd. */
  days: { id: number; isoDate: string }[];
  /** start, end: HH:MM ('24:00' allowed as an end). */
  events: { id: number; dayId: number; type: EventType; start: string; end: string }[];
  rooms: { id: number; name: string }[];
  sessions: {
    kind: SessionKind;
    id: number;
    title: string;
    eventId: number | null;
    roomId: number | null;
    /** Authors and co-authors of its papers, the tutorial presenter, the session chairs. */
    people: { id: number; name: string; role: ClashRole }[];
  }[];
}

export interface SessionKey {
  kind: SessionKind;
  id: number;
}

export interface Clash {
  /** Stable: the same clashing things give the same key whatever the input order ('person:12|technical:3|technical:7'). */
  key: string;
  type: ClashType;
  /** One English sentence naming the people, sessions, rooms, dates and times. */
  message: string;
  personIds: number[];
  /** In SESSION_KINDS order, then by id. */
  sessions: SessionKey[];
  roomIds: number[];
  eventIds: number[];
}

/** 'technical:3': how a session appears in clash keys. */
export const sessionKeyOf = (s: SessionKey): string => `${s.kind}:${s.id}`;

/** Sessions in SESSION_KINDS order, then by id. */
export const compareSessionKeys = (a: SessionKey, b: SessionKey): number =>
  SESSION_KINDS.indexOf(a.kind) - SESSION_KINDS.indexOf(b.kind) || a.id - b.id;

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes from 1970-01-01 to the start of a real calendar date yyyy-mm-dd, or null (shared with the builder). */
export function dayStartMinutes(iso: string): number | null {
  const m = ISO_DATE_RE.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t / 60000;
}

const ROLE_ORDER: ClashRole[] = ['chair', 'presenter', 'author'];
const ROLE_VERBS: Record<ClashRole, string> = {
  chair: 'chairs',
  presenter: 'presents',
  author: 'has a paper in',
};

const ROLE_BIT: Record<ClashRole, number> = { chair: 1, presenter: 2, author: 4 };
const TYPE_ORDER: Record<ClashType, number> = { person: 0, room: 1, eventType: 2, outsideDay: 3 };

interface ResolvedEvent {
  id: number;
  type: EventType;
  /** m/d/yyyy, or null when the day is missing. */
  date: string | null;
  start: string;
  end: string;
  /** Absolute minutes, or null when the event has no valid time (an outsideDay clash). */
  from: number | null;
  to: number | null;
}

interface ResolvedSession {
  ref: SessionKey;
  key: string;
  title: string;
  roomId: number | null;
  event: ResolvedEvent | null;
  from: number;
  to: number;
  timed: boolean;
  /** personId → roles in this session (ROLE_BIT flags). */
  roles: Map<number, number>;
}

/**
 * Every clash of the programme, ordered by type (CLASH_TYPES order), then by the person, room or event,
 * then by the sessions.
 */
export function findClashes(input: ClashInput): Clash[] {
  const days = new Map(input.days.map((d) => [d.id, d]));
  const roomNames = new Map(input.rooms.map((r) => [r.id, r.name]));
  const personNames = new Map<number, string>();
  const clashes: Clash[] = [];

  const events = new Map<number, ResolvedEvent>();
  const badEvents: { event: ResolvedEvent; reasons: string[] }[] = [];
  for (const e of input.events) {
    const day = days.get(e.dayId);
    const dayStart = day ? dayStartMinutes(day.isoDate) : null;
    const s = timeToMinutes(e.start);
    const t = timeToMinutes(e.end);
    const reasons: string[] = [];
    if (dayStart === null) reasons.push(`belongs to day ${e.dayId}, which does not exist`);
    if (s === null || t === null || s === 1440) reasons.push('has times outside the day (00:00–24:00)');
    else if (t <= s) reasons.push('does not end after it starts');
    const ok = reasons.length === 0;
    const resolved: ResolvedEvent = {
      id: e.id,
      type: e.type,
      date: day && dayStart !== null ? formatDayDate(day.isoDate) : null,
      start: e.start,
      end: e.end,
      from: ok ? dayStart! + s! : null,
      to: ok ? dayStart! + t! : null,
    };
    events.set(e.id, resolved);
    if (!ok) badEvents.push({ event: resolved, reasons });
  }

  // one entry per session (the first of duplicate kind:id), people merged per session with their roles
  const seen = new Set<string>();
  const sessions: ResolvedSession[] = [];
  for (const s of input.sessions) {
    const ref = { kind: s.kind, id: s.id };
    const key = sessionKeyOf(ref);
    if (seen.has(key)) continue;
    seen.add(key);
    const event = s.eventId === null ? null : (events.get(s.eventId) ?? null);
    const roles = new Map<number, number>();
    for (const p of s.people) {
      if (!personNames.get(p.id)) personNames.set(p.id, p.name.trim());
      roles.set(p.id, (roles.get(p.id) ?? 0) | ROLE_BIT[p.role]);
    }
    const timed = event !== null && event.from !== null;
    sessions.push({
      ref,
      key,
      title: s.title.trim(),
      roomId: s.roomId,
      event,
      from: timed ? event.from! : 0,
      to: timed ? event.to! : 0,
      timed,
      roles,
    });
  }

  const nameOfPerson = (id: number) => personNames.get(id) || `Person ${id}`;
  const nameOfRoom = (id: number) => roomNames.get(id)?.trim() || `Room ${id}`;
  const label = (s: ResolvedSession) => sessionName(s.ref.kind, s.ref.id) + (s.title ? ` "${s.title}"` : '');
  const when = (e: ResolvedEvent) => `${e.date ?? 'an unknown day'} ${e.start}–${e.end}`;
  const uniqueSorted = (xs: (number | null | undefined)[]) =>
    [...new Set(xs.filter((x): x is number => typeof x === 'number'))].sort((a, b) => a - b);

  // (a) person and (b) room: sweep each person's and each room's timed sessions
  const byPerson = new Map<number, number[]>();
  const byRoom = new Map<number, number[]>();
  sessions.forEach((s, i) => {
    if (!s.timed) return;
    for (const personId of s.roles.keys()) {
      let list = byPerson.get(personId);
      if (!list) byPerson.set(personId, (list = []));
      list.push(i);
    }
    if (s.roomId !== null) {
      let list = byRoom.get(s.roomId);
      if (!list) byRoom.set(s.roomId, (list = []));
      list.push(i);
    }
  });
  const ordered = (i: number, j: number): [ResolvedSession, ResolvedSession] => {
    const a = sessions[i];
    const b = sessions[j];
    return compareSessionKeys(a.ref, b.ref) <= 0 ? [a, b] : [b, a];
  };

  for (const [personId, list] of byPerson) {
    if (list.length < 2) continue;
    sweepOverlaps(sessions, list, (i, j) => {
      const [a, b] = ordered(i, j);
      const part = (s: ResolvedSession) => {
        const flags = s.roles.get(personId)!;
        const roles = ROLE_ORDER.filter((r) => flags & ROLE_BIT[r]).map((r) => ROLE_VERBS[r]);
        const room = s.roomId === null ? '' : `${nameOfRoom(s.roomId)}, `;
        return `${roles.join(' and ')} ${label(s)} (${room}${when(s.event!)})`;
      };
      clashes.push({
        key: `person:${personId}|${a.key}|${b.key}`,
        type: 'person',
        message: `${nameOfPerson(personId)} ${part(a)} and ${part(b)}, which overlap.`,
        personIds: [personId],
        sessions: [a.ref, b.ref],
        roomIds: uniqueSorted([a.roomId, b.roomId]),
        eventIds: uniqueSorted([a.event!.id, b.event!.id]),
      });
    });
  }

  for (const [roomId, list] of byRoom) {
    if (list.length < 2) continue;
    sweepOverlaps(sessions, list, (i, j) => {
      const [a, b] = ordered(i, j);
      clashes.push({
        key: `room:${roomId}|${a.key}|${b.key}`,
        type: 'room',
        message:
          `${nameOfRoom(roomId)} is used by ${label(a)} (${when(a.event!)}) and ` +
          `${label(b)} (${when(b.event!)}), which overlap.`,
        personIds: [],
        sessions: [a.ref, b.ref],
        roomIds: [roomId],
        eventIds: uniqueSorted([a.event!.id, b.event!.id]),
      });
    });
  }

  // (c) eventType: linked to an event of another type (a dangling event id is not checked here)
  for (const s of sessions) {
    const e = s.event;
    if (!e || e.type === EVENT_TYPE_OF_KIND[s.ref.kind]) continue;
    const kind = SESSION_KIND_LABELS[s.ref.kind].toLowerCase();
    clashes.push({
      key: `eventType:${e.id}|${s.key}`,
      type: 'eventType',
      message:
        `${label(s)} is linked to event ${e.id} of type ${EVENT_TYPE_LABELS[e.type]} (${when(e)}); ` +
        `a ${kind} belongs in a ${EVENT_TYPE_LABELS[EVENT_TYPE_OF_KIND[s.ref.kind]]} event.`,
      personIds: [],
      sessions: [s.ref],
      roomIds: uniqueSorted([s.roomId]),
      eventIds: [e.id],
    });
  }

  // (d) outsideDay: events that cannot be placed in their day (with the sessions they hold)
  for (const { event: e, reasons } of badEvents) {
    const held = sessions.filter((s) => s.event === e).sort((a, b) => compareSessionKeys(a.ref, b.ref));
    const holds = held.length ? `; it holds ${joinAnd(held.map(label))}` : '';
    clashes.push({
      key: `outsideDay:${e.id}`,
      type: 'outsideDay',
      message: `Event ${e.id} (${EVENT_TYPE_LABELS[e.type]}, ${when(e)}) ${joinAnd(reasons)}${holds}.`,
      personIds: [],
      sessions: held.map((s) => s.ref),
      roomIds: uniqueSorted(held.map((s) => s.roomId)),
      eventIds: [e.id],
    });
  }

  const orderOf = (c: Clash) => [
    TYPE_ORDER[c.type],
    c.type === 'person' ? c.personIds[0] : c.type === 'room' ? c.roomIds[0] : c.eventIds[0],
    ...c.sessions.flatMap((s) => [SESSION_KINDS.indexOf(s.kind), s.id]),
  ];
  const order = clashes.map(orderOf);
  const byOrder = clashes.map((_, i) => i);
  byOrder.sort((i, j) => {
    const [a, b] = [order[i], order[j]];
    for (let k = 0; k < a.length && k < b.length; k++) if (a[k] !== b[k]) return a[k] - b[k];
    return a.length - b.length;
  });
  return byOrder.map((i) => clashes[i]);
}

/**
 * Calls found(i, j) once for every pair of the listed sessions whose times overlap: sorted by start, each
 * session meets the active ones (started before it and not yet ended), which all overlap it.
 */
function sweepOverlaps(
  sessions: { from: number; to: number }[],
  list: number[],
  found: (i: number, j: number) => void,
): void {
  list.sort((i, j) => sessions[i].from - sessions[j].from || sessions[i].to - sessions[j].to || i - j);
  const active: number[] = [];
  for (const j of list) {
    const start = sessions[j].from;
    let kept = 0;
    for (const i of active) if (sessions[i].to > start) active[kept++] = i;
    active.length = kept;
    for (const i of active) found(i, j);
    active.push(j);
  }
}

/** 'a', 'a and b', 'a, b and c'. */
function joinAnd(xs: string[]): string {
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}
