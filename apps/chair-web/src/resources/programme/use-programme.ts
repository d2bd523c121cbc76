import type {
  ClashDto,
  DayDto,
  EventDto,
  EventSessionsResult,
  EventType,
  PersonRef,
  PosterSessionDto,
  ProgrammeStatusDto,
  ProgrammeView,
  PublishResultDto,
  RoomDto,
  SchedulablePaperDto,
  SessionKind,
  TechnicalSessionDto,
  TrackDto,
  TutorialDto,
} from '@symposium/domain';
import { api } from '@symposium/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The chair's programme API (rooms, days, events, sessions, clashes, publication). Every key starts with
 * 'programme': a write changes clashes and the draft status too, so each write refreshes all of them.
 */
export const programmeQueryKey = ['programme'] as const;

function useInvalidateProgramme() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: programmeQueryKey });
}

/**
 * A write of the programme API; refreshes every programme query once it is settled. The refresh is not
 * awaited: the caller's own callbacks (toasts, closing a dialog) run at once, before a refetched list can
 * re-render the form that asked.
 */
function useProgrammeMutation<V, R>(mutationFn: (v: V) => Promise<R>) {
  const invalidate = useInvalidateProgramme();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void invalidate();
    },
  });
}

// Rooms ---------------------------------------------------------------------------------------------------

export interface RoomInput {
  name: string;
  capacity: number | null;
}

export const useRooms = () =>
  useQuery({
    queryKey: [...programmeQueryKey, 'rooms'],
    queryFn: () => api<RoomDto[]>('GET', '/api/chair/rooms'),
  });

export const useCreateRoom = () =>
  useProgrammeMutation((body: RoomInput) => api<RoomDto>('POST', '/api/chair/rooms', body));

export const useUpdateRoom = () =>
  useProgrammeMutation(({ id, body }: { id: number; body: Partial<RoomInput> }) =>
    api<RoomDto>('PUT', `/api/chair/rooms/${id}`, body),
  );

export const useDeleteRoom = () =>
  useProgrammeMutation((id: number) => api<{ ok: true }>('DELETE', `/api/chair/rooms/${id}`));

// Days and events -----------------------------------------------------------------------------------------

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

/** Every day by date, each with its events. */
export const useDays = () =>
  useQuery({
    queryKey: [...programmeQueryKey, 'days'],
    queryFn: () => api<DayDto[]>('GET', '/api/chair/days'),
  });

export const useCreateDay = () =>
  useProgrammeMutation((body: DayInput) => api<DayDto>('POST', '/api/chair/days', body));

export const useUpdateDay = () =>
  useProgrammeMutation(({ id, body }: { id: number; body: Partial<DayInput> }) =>
    api<DayDto>('PUT', `/api/chair/days/${id}`, body),
  );

export const useDeleteDay = () =>
  useProgrammeMutation((id: number) => api<{ ok: true }>('DELETE', `/api/chair/days/${id}`));

export const useCreateEvent = () =>
  useProgrammeMutation(({ day, body }: { day: number; body: EventInput }) =>
    api<EventDto>('POST', `/api/chair/days/${day}/events`, body),
  );

export const useUpdateEvent = () =>
  useProgrammeMutation(({ day, id, body }: { day: number; id: number; body: Partial<EventInput> }) =>
    api<EventDto>('PUT', `/api/chair/days/${day}/events/${id}`, body),
  );

export const useDeleteEvent = () =>
  useProgrammeMutation(({ day, id }: { day: number; id: number }) =>
    api<{ ok: true }>('DELETE', `/api/chair/days/${day}/events/${id}`),
  );

/** Sets the event's sessions to exactly `sessions`; the answer says which were linked and why not the rest. */
export const useSetEventSessions = () =>
  useProgrammeMutation(({ day, id, sessions }: { day: number; id: number; sessions: number[] }) =>
    api<EventSessionsResult>('PUT', `/api/chair/days/${day}/events/${id}/sessions`, { sessions }),
  );

// Sessions ------------------------------------------------------------------------------------------------

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

/** Every session of a kind, by number. */
export function useSessions<K extends SessionKind>(kind: K) {
  return useQuery({
    queryKey: [...programmeQueryKey, 'sessions', kind],
    queryFn: () => api<SessionDtoOf[K][]>('GET', `/api/chair/${SESSION_COLLECTION[kind]}`),
  });
}

/** One session (none while `id` is not a session number). */
export function useSession<K extends SessionKind>(kind: K, id: number | null) {
  return useQuery({
    queryKey: [...programmeQueryKey, 'sessions', kind, id],
    queryFn: () => api<SessionDtoOf[K]>('GET', `/api/chair/${SESSION_COLLECTION[kind]}/${id}`),
    enabled: id !== null && Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useCreateSession<K extends SessionKind>(kind: K) {
  return useProgrammeMutation((body: SessionInputOf[K]) =>
    api<SessionDtoOf[K]>('POST', `/api/chair/${SESSION_COLLECTION[kind]}`, body),
  );
}

export function useUpdateSession<K extends SessionKind>(kind: K) {
  return useProgrammeMutation(({ id, body }: { id: number; body: Partial<Omit<SessionInputOf[K], '_id'>> }) =>
    api<SessionDtoOf[K]>('PUT', `/api/chair/${SESSION_COLLECTION[kind]}/${id}`, body),
  );
}

/** Deletes a session; on success it leaves the cached list at once (spec §4: confirm removes the row). */
export function useDeleteSession(kind: SessionKind) {
  const qc = useQueryClient();
  const invalidate = useInvalidateProgramme();
  return useMutation({
    mutationFn: (id: number) => api<{ ok: true }>('DELETE', `/api/chair/${SESSION_COLLECTION[kind]}/${id}`),
    onSuccess: (_r, id) =>
      qc.setQueryData<{ _id: number }[]>([...programmeQueryKey, 'sessions', kind], (list) =>
        list?.filter((s) => s._id !== id),
      ),
    onSettled: () => {
      void invalidate();
    },
  });
}

export const useUpdateSessionLink = () =>
  useProgrammeMutation(({ kind, id, link }: { kind: SessionKind; id: number; link: string }) =>
    api<{ message: string; link: string }>('PUT', `/api/chair/session_links/${kind}/${id}`, { link }),
  );

// Session builder ------------------------------------------------------------------------------------------

/** One session of an applied builder proposal: a technical session, and its event (null: not placed). */
export interface BuilderApplySession extends TechnicalSessionInput {
  event: number | null;
}

/**
 * Creates the edited proposal's sessions in one transaction: all of them (the answer's message names how
 * many), or none, with the message of the first refused session ('Technical session N: …'). The proposal
 * itself is streamed (use-session-builder.ts).
 */
export const useApplyBuilderProposal = () =>
  useProgrammeMutation(
    ({ sessions, minPapersPerSession }: { sessions: BuilderApplySession[]; minPapersPerSession: number }) =>
      api<{ message: string; created: number[] }>('POST', '/api/chair/programme/builder/apply', {
        sessions,
        minPapersPerSession,
      }),
  );

// Helpers of the screens ----------------------------------------------------------------------------------

/** The tracks (for the paper picker's filter). */
export const useProgrammeTracks = () =>
  useQuery({
    queryKey: [...programmeQueryKey, 'tracks'],
    queryFn: () => api<TrackDto[]>('GET', '/api/chair/tracks'),
  });

/** Accepted, not deleted papers (of one track, or all), each with the session it is in. */
export const useSchedulablePapers = (track: number | null, enabled = true) =>
  useQuery({
    queryKey: [...programmeQueryKey, 'papers', track],
    queryFn: () =>
      api<SchedulablePaperDto[]>(
        'GET',
        `/api/chair/programme/papers${track === null ? '' : `?track=${track}`}`,
      ),
    enabled,
  });

/** The first track whose name contains 'Tutorials' (404 with its message when there is none). */
export const useTutorialTrack = () =>
  useQuery({
    queryKey: [...programmeQueryKey, 'tutorial-track'],
    queryFn: () => api<TrackDto>('GET', '/api/chair/programme/tutorial_track'),
    retry: false,
  });

/** Chooses the tutorials track (PUT; the answer's message says it was saved). */
export const useChooseTutorialTrack = () =>
  useProgrammeMutation((track: number) =>
    api<{ message: string; track: { _id: number; name: string } }>(
      'PUT',
      '/api/chair/programme/tutorial_track',
      { track },
    ),
  );

/** Up to 50 users whose name or e-mail matches (session chairs, presenters); none under 2 characters. */
export const usePeopleSearch = (search: string) =>
  useQuery({
    queryKey: [...programmeQueryKey, 'people', search],
    queryFn: () =>
      api<PersonRef[]>('GET', `/api/chair/programme/people?search=${encodeURIComponent(search)}`),
    enabled: search.trim().length >= 2,
    staleTime: 30_000,
  });

/** The draft programme, as publishing would show it. */
export const useDraftProgramme = () =>
  useQuery({
    queryKey: [...programmeQueryKey, 'draft'],
    queryFn: () => api<ProgrammeView>('GET', '/api/chair/programme'),
  });

export const useProgrammeStatus = () =>
  useQuery({
    queryKey: [...programmeQueryKey, 'status'],
    queryFn: () => api<ProgrammeStatusDto>('GET', '/api/chair/programme/status'),
  });

export const useClashes = () =>
  useQuery({
    queryKey: [...programmeQueryKey, 'clashes'],
    queryFn: () => api<ClashDto[]>('GET', '/api/chair/programme/clashes'),
  });

export const useAcknowledgeClash = () =>
  useProgrammeMutation((key: string) => api<ClashDto>('POST', '/api/chair/programme/clashes/ack', { key }));

export const useUnacknowledgeClash = () =>
  useProgrammeMutation((key: string) =>
    api<{ ok: true }>('DELETE', `/api/chair/programme/clashes/ack/${encodeURIComponent(key)}`),
  );

export const usePublishProgramme = () =>
  useProgrammeMutation(() => api<PublishResultDto>('POST', '/api/chair/programme/publish'));
