import type {
  ClashDto,
  DayDto,
  EventDto,
  EventSessionsResult,
  PublishResultDto,
  RoomDto,
  SessionKind,
} from '@symposium/domain';
import { api } from '@symposium/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useInvalidatingMutation } from '../../../hooks/use-invalidating-mutation';
import {
  programmeKeys,
  SESSION_COLLECTION,
  type BuilderApplySession,
  type DayInput,
  type EventInput,
  type RoomInput,
  type SessionDtoOf,
  type SessionInputOf,
} from './queries';

/**
 * A write of the programme API; refreshes every programme query once it is settled. The refresh is not
 * awaited: the caller's own callbacks (toasts, closing a dialog) run at once, before a refetched list can
 * re-render the form that asked.
 */
const useProgrammeMutation = <V, R>(mutationFn: (v: V) => Promise<R>) =>
  useInvalidatingMutation([programmeKeys.all], mutationFn);

// Rooms ---------------------------------------------------------------------------------------------------

export const useCreateRoom = () =>
  useProgrammeMutation((body: RoomInput) => api<RoomDto>('POST', '/api/chair/rooms', body));

export const useUpdateRoom = () =>
  useProgrammeMutation(({ id, body }: { id: number; body: Partial<RoomInput> }) =>
    api<RoomDto>('PUT', `/api/chair/rooms/${id}`, body),
  );

export const useDeleteRoom = () =>
  useProgrammeMutation((id: number) => api<{ ok: true }>('DELETE', `/api/chair/rooms/${id}`));

// Days and events -----------------------------------------------------------------------------------------

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

export const useCreateSession = <K extends SessionKind>(kind: K) =>
  useProgrammeMutation((body: SessionInputOf[K]) =>
    api<SessionDtoOf[K]>('POST', `/api/chair/${SESSION_COLLECTION[kind]}`, body),
  );

export const useUpdateSession = <K extends SessionKind>(kind: K) =>
  useProgrammeMutation(({ id, body }: { id: number; body: Partial<Omit<SessionInputOf[K], '_id'>> }) =>
    api<SessionDtoOf[K]>('PUT', `/api/chair/${SESSION_COLLECTION[kind]}/${id}`, body),
  );

/** Deletes a session; on success it leaves the cached list at once (spec §4: confirm removes the row). */
export function useDeleteSession(kind: SessionKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ ok: true }>('DELETE', `/api/chair/${SESSION_COLLECTION[kind]}/${id}`),
    onSuccess: (_r, id) =>
      qc.setQueryData<{ _id: number }[]>(programmeKeys.sessions(kind), (list) =>
        list?.filter((s) => s._id !== id),
      ),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: programmeKeys.all });
    },
  });
}

export const useUpdateSessionLink = () =>
  useProgrammeMutation(({ kind, id, link }: { kind: SessionKind; id: number; link: string }) =>
    api<{ message: string; link: string }>('PUT', `/api/chair/session_links/${kind}/${id}`, { link }),
  );

/**
 * Creates the edited proposal's sessions in one transaction: all of them (the answer's message names how
 * many), or none, with the message of the first refused session ('Technical session N: …'). The proposal
 * itself is streamed (session-builder.ts).
 */
export const useApplyBuilderProposal = () =>
  useProgrammeMutation(
    ({ sessions, minPapersPerSession }: { sessions: BuilderApplySession[]; minPapersPerSession: number }) =>
      api<{ message: string; created: number[] }>('POST', '/api/chair/programme/builder/apply', {
        sessions,
        minPapersPerSession,
      }),
  );

/** Chooses the tutorials track (PUT; the answer's message says it was saved). */
export const useChooseTutorialTrack = () =>
  useProgrammeMutation((track: number) =>
    api<{ message: string; track: { _id: number; name: string } }>(
      'PUT',
      '/api/chair/programme/tutorial_track',
      { track },
    ),
  );

export const useAcknowledgeClash = () =>
  useProgrammeMutation((key: string) => api<ClashDto>('POST', '/api/chair/programme/clashes/ack', { key }));

export const useUnacknowledgeClash = () =>
  useProgrammeMutation((key: string) =>
    api<{ ok: true }>('DELETE', `/api/chair/programme/clashes/ack/${encodeURIComponent(key)}`),
  );

export const usePublishProgramme = () =>
  useProgrammeMutation(() => api<PublishResultDto>('POST', '/api/chair/programme/publish'));
