import type {
  ClashDto,
  DayDto,
  EventType,
  PersonRef,
  PosterSessionDto,
  ProgrammeStatusDto,
  ProgrammeView,
  RoomDto,
  SchedulablePaperDto,
  SessionKind,
  TechnicalSessionDto,
  TrackDto,
  TutorialDto,
} from '@symposium/domain';
import { api } from '@symposium/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The chair's programme API (rooms, days, events, sessions, clashes, publication). Every key starts with
 * 'programme': a write changes clashes and the draft status too, so each write refreshes all of them.
 */
export const programmeKeys = {
  all: ['programme'] as const,
  rooms: ['programme', 'rooms'] as const,
  days: ['programme', 'days'] as const,
  sessions: (kind: SessionKind) => ['programme', 'sessions', kind] as const,
  session: (kind: SessionKind, id: number | null) => ['programme', 'sessions', kind, id] as const,
  papers: (track: number | null) => ['programme', 'papers', track] as const,
  tutorialTrack: ['programme', 'tutorial-track'] as const,
  people: (search: string) => ['programme', 'people', search] as const,
  draft: ['programme', 'draft'] as const,
  status: ['programme', 'status'] as const,
  clashes: ['programme', 'clashes'] as const,
};

export interface RoomInput {
  name: string;
  capacity: number | null;
}

export interface DayInput {
  date: string;
  desk: string;
  color: string;
}

export interface EventInput {
  type: EventType;
  description: string;
  start: string;
  end: string;
}

/** The API collection of each kind of session. */
export const SESSION_COLLECTION: Record<SessionKind, string> = {
  technical: 'technical_sessions',
  poster: 'poster_sessions',
  tutorial: 'tutorials',
};

export interface SessionDtoOf {
  technical: TechnicalSessionDto;
  poster: PosterSessionDto;
  tutorial: TutorialDto;
}

export interface TechnicalSessionInput {
  _id: number;
  title: string;
  responsables: number[];
  room: number;
  papers: number[];
  link?: string;
}

export interface PosterSessionInput {
  _id: number;
  paper: number;
  room: number;
  link?: string;
}

export interface TutorialInput extends PosterSessionInput {
  presenter: number;
}

export interface SessionInputOf {
  technical: TechnicalSessionInput;
  poster: PosterSessionInput;
  tutorial: TutorialInput;
}

/** One session of an applied builder proposal: a technical session, and its event (null: not placed). */
export interface BuilderApplySession extends TechnicalSessionInput {
  event: number | null;
}

const get =
  <T>(path: string) =>
  () =>
    api<T>('GET', path);

export const roomsQueryOptions = () =>
  queryOptions({ queryKey: programmeKeys.rooms, queryFn: get<RoomDto[]>('/api/chair/rooms') });

/** Every day by date, each with its events. */
export const daysQueryOptions = () =>
  queryOptions({ queryKey: programmeKeys.days, queryFn: get<DayDto[]>('/api/chair/days') });

/** Every session of a kind, by number. */
export const sessionsQueryOptions = <K extends SessionKind>(kind: K) =>
  queryOptions({
    queryKey: programmeKeys.sessions(kind),
    queryFn: get<SessionDtoOf[K][]>(`/api/chair/${SESSION_COLLECTION[kind]}`),
  });

/** One session (none while `id` is not a session number). */
export const sessionQueryOptions = <K extends SessionKind>(kind: K, id: number | null) =>
  queryOptions({
    queryKey: programmeKeys.session(kind, id),
    queryFn: get<SessionDtoOf[K]>(`/api/chair/${SESSION_COLLECTION[kind]}/${id}`),
    enabled: id !== null && Number.isInteger(id) && id > 0,
    retry: false,
  });

/** Accepted, not deleted papers (of one track, or all), each with the session it is in. */
export const schedulablePapersQueryOptions = (track: number | null, enabled = true) =>
  queryOptions({
    queryKey: programmeKeys.papers(track),
    queryFn: get<SchedulablePaperDto[]>(
      `/api/chair/programme/papers${track === null ? '' : `?track=${track}`}`,
    ),
    enabled,
  });

/** The first track whose name contains 'Tutorials' (404 with its message when there is none). */
export const tutorialTrackQueryOptions = () =>
  queryOptions({
    queryKey: programmeKeys.tutorialTrack,
    queryFn: get<TrackDto>('/api/chair/programme/tutorial_track'),
    retry: false,
  });

/** Up to 50 users whose name or e-mail matches (session chairs, presenters); none under 2 characters. */
export const peopleQueryOptions = (search: string) =>
  queryOptions({
    queryKey: programmeKeys.people(search),
    queryFn: get<PersonRef[]>(`/api/chair/programme/people?search=${encodeURIComponent(search)}`),
    enabled: search.trim().length >= 2,
    staleTime: 30_000,
  });

/** The draft programme, as publishing would show it. */
export const draftProgrammeQueryOptions = () =>
  queryOptions({ queryKey: programmeKeys.draft, queryFn: get<ProgrammeView>('/api/chair/programme') });

export const programmeStatusQueryOptions = () =>
  queryOptions({
    queryKey: programmeKeys.status,
    queryFn: get<ProgrammeStatusDto>('/api/chair/programme/status'),
  });

export const clashesQueryOptions = () =>
  queryOptions({ queryKey: programmeKeys.clashes, queryFn: get<ClashDto[]>('/api/chair/programme/clashes') });

export const useRooms = () => useQuery(roomsQueryOptions());
export const useDays = () => useQuery(daysQueryOptions());
export const useSessions = <K extends SessionKind>(kind: K) => useQuery(sessionsQueryOptions(kind));
export const useSession = <K extends SessionKind>(kind: K, id: number | null) =>
  useQuery(sessionQueryOptions(kind, id));
export const useSchedulablePapers = (track: number | null, enabled = true) =>
  useQuery(schedulablePapersQueryOptions(track, enabled));
export const useTutorialTrack = () => useQuery(tutorialTrackQueryOptions());
export const usePeopleSearch = (search: string) => useQuery(peopleQueryOptions(search));
export const useDraftProgramme = () => useQuery(draftProgrammeQueryOptions());
export const useProgrammeStatus = () => useQuery(programmeStatusQueryOptions());
export const useClashes = () => useQuery(clashesQueryOptions());
