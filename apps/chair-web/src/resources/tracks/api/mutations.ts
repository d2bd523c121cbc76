import type { TrackDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useInvalidatingMutation } from '../../../hooks/use-invalidating-mutation';
import { trackKeys, type TrackInput } from './queries';

/** A write of the tracks: every track list of the console is refreshed on success. */
const useTrackMutation = <V, R>(fn: (v: V) => Promise<R>) =>
  useInvalidatingMutation([trackKeys.all], fn, 'success');

export const useCreateTrack = () =>
  useTrackMutation((body: TrackInput) => api<TrackDto>('POST', '/api/chair/tracks', body));

export const useUpdateTrack = () =>
  useTrackMutation(({ id, body }: { id: number; body: Partial<TrackInput> }) =>
    api<TrackDto>('PUT', `/api/chair/tracks/${id}`, body),
  );

/** Saves the order of all tracks: position = index. */
export const useSortTracks = () =>
  useTrackMutation((ids: number[]) => api<TrackDto[]>('PUT', '/api/chair/tracks/sort', { ids }));
