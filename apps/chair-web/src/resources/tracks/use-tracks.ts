import type { TrackDto, TrackSettings } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const tracksQueryKey = ['chair', 'tracks'] as const;
const trackQueryKey = (id: number) => [...tracksQueryKey, id] as const;

/** The body of POST and PUT /api/chair/tracks (subject areas: the full ordered list). */
export type TrackInput = TrackSettings;

export const fetchTracks = () => api<TrackDto[]>('GET', '/api/chair/tracks');
export const fetchTrack = (id: number) => api<TrackDto>('GET', `/api/chair/tracks/${id}`);

export const useTracks = () => useQuery({ queryKey: tracksQueryKey, queryFn: fetchTracks });
export const useTrack = (id: number) =>
  useQuery({
    queryKey: trackQueryKey(id),
    queryFn: () => fetchTrack(id),
    enabled: Number.isInteger(id) && id > 0,
  });

function useInvalidateTracks() {
  const qc = useQueryClient();
  // Authors' track lists (session and other caches) change too.
  return () => qc.invalidateQueries({ predicate: (q) => q.queryKey.includes('tracks') });
}

export function useCreateTrack() {
  const invalidate = useInvalidateTracks();
  return useMutation({
    mutationFn: (body: TrackInput) => api<TrackDto>('POST', '/api/chair/tracks', body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateTrack() {
  const invalidate = useInvalidateTracks();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<TrackInput> }) =>
      api<TrackDto>('PUT', `/api/chair/tracks/${id}`, body),
    onSuccess: () => invalidate(),
  });
}

/** Saves the order of all tracks: position = index. */
export function useSortTracks() {
  const invalidate = useInvalidateTracks();
  return useMutation({
    mutationFn: (ids: number[]) => api<TrackDto[]>('PUT', '/api/chair/tracks/sort', { ids }),
    onSuccess: () => invalidate(),
  });
}
