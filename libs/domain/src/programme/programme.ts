/**
 * The conference programme (spec §2 "Programme", §3 Day/Event/TechnicalSession/PosterSession/Tutorial/Room,
 * §5 "Sessions and other", §8 days/events/sessions, §9 time slots, day colours, event type order): the
 * constants, messages, response shapes and validation rules that the API and both apps share.
 */

/** §3 event types, in the §9 order (keynote, technical, poster, tutorial, other). */
export const EVENT_TYPES = [
  'KeynoteSession',
  'TechnicalSession',
  'PosterSession',
  'Tutorial',
  'Other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The label shown for an event type (the session-chair view labels each event with it). */
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  KeynoteSession: 'Keynote Session',
  TechnicalSession: 'Technical Session',
  PosterSession: 'Poster Session',
  Tutorial: 'Tutorial',
  Other: 'Other',
};

/** The three kinds of session (the {kind} of /AssignSessionLink/{kind}/{sessionId}). */
export const SESSION_KINDS = ['technical', 'poster', 'tutorial'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export const SESSION_KIND_LABELS: Record<SessionKind, string> = {
  technical: 'Technical session',
  poster: 'Poster session',
  tutorial: 'Tutorial',
};

/** The event type whose events hold sessions of each kind (keynote and other events hold none). */
export const EVENT_TYPE_OF_KIND: Record<SessionKind, EventType> = {
  technical: 'TechnicalSession',
  poster: 'PosterSession',
  tutorial: 'Tutorial',
};

/** The kind of session an event of this type holds, or null (keynote, other). */
export function sessionKindOfEventType(type: EventType): SessionKind | null {
  const kind = SESSION_KINDS.find((k) => EVENT_TYPE_OF_KIND[k] === type);
  return kind ?? null;
}

/** §9 preset time slots (start–end, 24-hour HH:MM), then "custom" with its default. */
export const TIME_SLOTS = [
  { start: '08:00', end: '10:00' },
  { start: '10:00', end: '10:30' },
  { start: '10:30', end: '12:30' },
  { start: '13:30', end: '15:30' },
  { start: '15:30', end: '16:00' },
  { start: '16:00', end: '18:00' },
] as const;
export const CUSTOM_TIME_SLOT_DEFAULT = { start: '19:00', end: '22:00' } as const;

/**
 * §9 day colours: the fixed list of five (the spec gives two readings, a pool of three and a list of five;
 * the list of five is used, and a new day takes the next colour of the list in order).
 */
export const DAY_COLORS = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#c62828'] as const;
export type DayColor = (typeof DAY_COLORS)[number];
export const DAY_COLOR_NAMES: Record<DayColor, string> = {
  '#1565c0': 'Blue',
  '#2e7d32': 'Green',
  '#ef6c00': 'Orange',
  '#6a1b9a': 'Purple',
  '#c62828': 'Red',
};
/** The colour of the n-th day (0-based): the list in order, starting again after the fifth. */
export const dayColorAt = (n: number): DayColor =>
  DAY_COLORS[((n % DAY_COLORS.length) + DAY_COLORS.length) % DAY_COLORS.length]!;

/** §9 default day desk text (used when the chair leaves it empty). */
export const DEFAULT_DESK_TEXT = 'Registration desk open';

/** §8 texts, word for word, and the server's own messages for the §5 rules. */
export const PROGRAMME_MESSAGES = {
  daySaved: 'Day successfully saved',
  saveFailed: 'Something went wrong while saving',
  deleteFailed: 'Something went wrong while deleting',
  eventSaved: 'Event successfully saved',
  eventDeleted: 'Event successfully deleted',
  eventSessionsSaved: 'Event sessions successfully saved',
  linkUpdated: 'The session link was successfully updated!',
  sessionDeleteFailed: 'Something went wrong while deleting the session',
  tutorialDeleteFailed: 'Something went wrong while deleting the tutorial',
  /** No tutorials track chosen (issue 21 item 19: the chair picks it; it used to be found by name). */
  noTutorialTrack:
    'No tutorials track is chosen yet: choose the track of the tutorials under "Tutorials track" on the Add tutorials screen',
  tutorialTrackSaved: 'The tutorials track was saved',

  dayNotFound: 'Day not found',
  dayDateFormat: 'Please fill in the date as m/d/yyyy',
  dayDateInvalid: 'Please fill in a real calendar date (m/d/yyyy)',
  dayDateTaken: 'A day with this date already exists',
  dayColor: 'Please choose one of the day colours',
  deskLength: 'The desk text can have at most 500 characters',

  eventNotFound: 'Event not found',
  eventType: 'Please choose an event type',
  eventTime: 'Please fill in the start and end times as HH:MM',
  eventEndBeforeStart: 'The event must end after it starts',
  eventDescriptionLength: 'The description can have at most 2000 characters',

  roomNotFound: 'Room not found',
  roomName: 'Please fill in the room name',
  roomNameTaken: 'A room with this name already exists',
  roomCapacity: 'The capacity must be a whole number from 1 to 100000',

  sessionNotFound: 'Session not found',
  tutorialNotFound: 'Tutorial not found',
  sessionNumber: 'Please fill in the session number (a whole number from 1)',
  sessionNumberTaken: 'A session with this number already exists',
  sessionTitle: 'Please fill in the session title',
  sessionTitleTaken: 'A technical session with this title already exists',
  sessionTitleLength: 'The session title can have at most 300 characters',
  responsables: 'Please select at least one session chair',
  responsableNotFound: 'Session chair not found',
  room: 'Please select a room',
  papers: 'Please select at least one paper',
  paper: 'Please select a paper',
  presenter: 'Please select a presenter',
  paperNotFound: 'Paper not found',
  paperNotAccepted: 'Only accepted papers can be scheduled',
  paperDuplicate: 'A paper can be listed only once',
  link: 'Please fill in a valid link (http or https)',
  clashNotFound: 'Clash not found',
  builderTrack: 'Please select a track',
  builderEvents: 'Please select at least one technical session event',
  builderNoPapers: 'This track has no accepted papers left to schedule',
  builderPapersPerSession: 'Papers per session must be a whole number from 1 to 50',
  builderMinPapers: 'The minimum papers per session must be a whole number from 1 to the papers per session',
  builderTimeLimit: 'The time limit must be a whole number of seconds from 1 to 3600',
  builderTooFewPapers: (n: number, min: number) =>
    `This track has ${n} accepted paper${n === 1 ? '' : 's'} left to schedule, fewer than the minimum of ${min} per session: lower the minimum`,
  builderUnderMinimum: (n: number, min: number) =>
    `It has ${n} paper${n === 1 ? '' : 's'}, fewer than the minimum of ${min} per session: add papers, move them to another session or leave the session out`,
  builderApplied: (n: number) => `${n} technical sessions were created`,
} as const;

/** 'N of M sessions were successfully saved' (§8). */
export const eventSessionsPartial = (saved: number, total: number): string =>
  `${saved} of ${total} sessions were successfully saved`;

/** 'The room is used by …': a room used by a session cannot be deleted (409). */
export const roomInUseMessage = (sessions: string[]): string =>
  `This room cannot be deleted: it is used by ${sessions.join(', ')}`;

/** A paper is already in another session (a paper belongs to at most one session). */
export const paperScheduledMessage = (paperId: number, session: string): string =>
  `Paper ${paperId} is already scheduled in ${session}`;

/** How a session is named in messages: 'Technical session 12', 'Poster session 3', 'Tutorial 2'. */
export const sessionName = (kind: SessionKind, id: number): string => `${SESSION_KIND_LABELS[kind]} ${id}`;

// ---------------------------------------------------------------------------------------------------------
// Response shapes (JSON names of §3)

export interface RoomDto {
  _id: number;
  name: string;
  capacity: number | null;
}

export interface RoomRef {
  _id: number;
  name: string;
}

/**
 * A person as the published programme shows them to authors, session chairs and the public: the name, and the
 * organization only when the conference shows it (authorView.viewProgrammeOrganizations); never an e-mail.
 */
export interface PublicPersonRef {
  _id: number;
  firstName: string;
  lastName: string;
  organization?: string;
}

/** A person as the chairs' programme screens show them. */
export interface PersonRef extends PublicPersonRef {
  email: string;
  organization: string;
}

/** A paper as the programme shows it: title, authors in order, track. */
export interface ScheduledPaperRef<P extends PublicPersonRef = PersonRef> {
  _id: number;
  title: string;
  track: number;
  authors: P[];
  primaryAuthor: number | null;
}

/** §3 event.has / event.reference: whether the session is linked to an event, and which. */
export interface SessionEventLink {
  has: boolean;
  reference: number | null;
}

export interface TechnicalSessionDto {
  /** The session number, chosen by the chair, fixed once created. */
  _id: number;
  title: string;
  responsables: PersonRef[];
  /** In the chair's order. */
  papers: ScheduledPaperRef[];
  room: RoomRef | null;
  track: number | null;
  event: SessionEventLink;
  link: string;
}

export interface PosterSessionDto {
  _id: number;
  paper: ScheduledPaperRef | null;
  room: RoomRef | null;
  track: number | null;
  event: SessionEventLink;
  link: string;
}

export interface TutorialDto extends PosterSessionDto {
  presenter: PersonRef | null;
}

export interface EventDto {
  _id: number;
  /** The day it belongs to. */
  day: number;
  type: EventType;
  description: string;
  /** HH:MM, 24-hour, in the conference time zone. */
  start: string;
  end: string;
  /** Ids of the linked sessions of the event type's kind (technical, poster or tutorial). */
  sessions: number[];
}

export interface DayDto {
  _id: number;
  /** m/d/yyyy (§5). */
  date: string;
  desk: string;
  color: string;
  /** The day's events, by start time then the §9 type order. */
  events: EventDto[];
}

/** A session as the published programme shows it (any kind). */
export interface ProgrammeSessionView<P extends PublicPersonRef = PersonRef> {
  kind: SessionKind;
  _id: number;
  title: string;
  room: RoomRef | null;
  link: string;
  responsables: P[];
  presenter: P | null;
  papers: ScheduledPaperRef<P>[];
}

export interface ProgrammeEventView<P extends PublicPersonRef = PersonRef> extends Omit<
  EventDto,
  'sessions'
> {
  typeLabel: string;
  sessions: ProgrammeSessionView<P>[];
}

export interface ProgrammeDayView<P extends PublicPersonRef = PersonRef> extends Omit<DayDto, 'events'> {
  /** yyyy-mm-dd, for sorting and calendars. */
  isoDate: string;
  events: ProgrammeEventView<P>[];
}

/**
 * The whole programme: the chairs' draft (with e-mail addresses) and, as `ProgrammeView<PublicPersonRef>`, the
 * published one authors and session chairs read (GET /api/author/programme, /api/session/programme).
 */
export interface ProgrammeView<P extends PublicPersonRef = PersonRef> {
  /** The published version shown (null before the first publication: then days is empty). */
  version: number | null;
  publishedAt: string | null;
  /** IANA time zone of the conference; every time is local to it. */
  timeZone: string;
  programTable: string;
  days: ProgrammeDayView<P>[];
}

/** The published programme as authors, session chairs and the public read it. */
export type PublicProgrammeView = ProgrammeView<PublicPersonRef>;

/** PUT /days/{dayId}/events/{eventId}/sessions: which ids were linked, and why the others were not. */
export interface EventSessionsResult {
  message: string;
  saved: number[];
  failed: { _id: number; reason: string }[];
  event: EventDto;
}

// ---------------------------------------------------------------------------------------------------------
// Validation rules (§5) shared by the API and the forms

/**
 * §5 day date: m/d/yyyy, three parts, a real calendar date (1/31/2027 yes, 2/30/2027 no, 13/1/2027 no).
 * Returns the ISO date (yyyy-mm-dd), or a message.
 */
export function parseDayDate(value: unknown): { iso: string } | { error: string } {
  if (typeof value !== 'string') return { error: PROGRAMME_MESSAGES.dayDateFormat };
  const parts = value.trim().split('/');
  if (parts.length !== 3 || !parts.every((p) => /^\d+$/.test(p)))
    return { error: PROGRAMME_MESSAGES.dayDateFormat };
  const [m, d, y] = parts as [string, string, string];
  if (m.length > 2 || d.length > 2 || y.length !== 4) return { error: PROGRAMME_MESSAGES.dayDateFormat };
  const month = Number(m);
  const day = Number(d);
  const year = Number(y);
  if (year < 1900 || month < 1 || month > 12 || day < 1) return { error: PROGRAMME_MESSAGES.dayDateInvalid };
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return { error: PROGRAMME_MESSAGES.dayDateInvalid };
  return { iso: `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

/** yyyy-mm-dd → m/d/yyyy (no leading zeros), the form the API answers with. */
export function formatDayDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${Number(m)}/${Number(d)}/${y}`;
}

/** HH:MM from 00:00 to 24:00 (24:00 only as an end), 24-hour. */
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of HH:MM ('24:00' → 1440), or null when malformed. */
export function timeToMinutes(value: unknown): number | null {
  if (value === '24:00') return 1440;
  if (typeof value !== 'string') return null;
  const m = TIME_RE.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** §9 event times: both HH:MM inside the day, the end after the start. */
export function checkEventTimes(start: unknown, end: unknown): string | null {
  const s = timeToMinutes(start);
  const e = timeToMinutes(end);
  if (s === null || e === null || s === 1440) return PROGRAMME_MESSAGES.eventTime;
  if (e <= s) return PROGRAMME_MESSAGES.eventEndBeforeStart;
  return null;
}

/** A session link: an absolute http(s) URL with a host, at most 2000 characters. */
export function isSessionLink(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2000 || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Chair-side shapes: schedulable papers, clashes, publication

/** GET /api/chair/programme/papers: an accepted paper and where it is scheduled (null: not yet). */
export interface SchedulablePaperDto extends ScheduledPaperRef {
  primarySubjectArea: string | null;
  session: { kind: SessionKind; _id: number } | null;
}

export const CLASH_TYPES = ['person', 'room', 'eventType', 'outsideDay'] as const;
export type ClashType = (typeof CLASH_TYPES)[number];

/** One clash of the programme (GET /api/chair/programme/clashes), naming what clashes and when. */
export interface ClashDto {
  /** Stable while the same things clash (acknowledgements are stored by it). */
  key: string;
  type: ClashType;
  /** A sentence naming the people, sessions, rooms and times. */
  message: string;
  people: PersonRef[];
  sessions: { kind: SessionKind; _id: number; title: string }[];
  rooms: RoomRef[];
  events: { _id: number; day: number; date: string; type: EventType; start: string; end: string }[];
  acknowledged: { by: PersonRef | null; at: string } | null;
}

/** GET /api/chair/programme/status: the draft against the last published version. */
export interface ProgrammeStatusDto {
  publishedVersion: number | null;
  publishedAt: string | null;
  /** Whether the draft differs from the published version. */
  draftChanged: boolean;
  clashes: number;
  unacknowledgedClashes: number;
  timeZone: string;
}

/** POST /api/chair/programme/publish. */
export interface PublishResultDto {
  version: number;
  publishedAt: string;
  /** Change notices put into the outbox (one per affected author or session chair). */
  notices: number;
}

/**
 * The canonical IANA name of a time zone ('europe/lisbon' → 'Europe/Lisbon'; 'UTC'), or null when the runtime
 * does not know it. Intl knows the zones of the IANA database Node and browsers ship.
 */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim();
  if (!name || name.length > 100 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The UTC instant of a local wall-clock time (yyyy-mm-dd, HH:MM) in an IANA zone. Two passes of the zone's
 * offset, so times next to a daylight-saving change land right (a time that does not exist moves forward).
 */
export function zonedTimeToUtc(isoDate: string, time: string, timeZone: string): Date {
  const [y, mo, d] = isoDate.split('-').map(Number) as [number, number, number];
  const minutes = timeToMinutes(time) ?? 0;
  const wall = Date.UTC(y, mo - 1, d, 0, minutes);
  const offsetAt = (t: number): number => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(t));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const asUtc = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    );
    return asUtc - t;
  };
  let utc = wall - offsetAt(wall);
  utc = wall - offsetAt(utc);
  return new Date(utc);
}
