import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackDto } from '@symposium/domain';
import { api } from '@symposium/ui';

/** GET /api/author/tracks/:trackId: the track's submission, camera-ready and presentation-ready settings. */
export const getTrack = (trackId: number) => api<TrackDto>('GET', `/api/author/tracks/${trackId}`);
export const trackQueryOptions = (trackId: number) =>
  queryOptions({
    queryKey: ['author', 'tracks', trackId],
    queryFn: () => getTrack(trackId),
    enabled: Number.isInteger(trackId) && trackId > 0,
    retry: false,
  });
export const useTrack = (trackId: number) => useQuery(trackQueryOptions(trackId));

/** GET /api/author/tracks: the names of the tracks, for the author menu. */
export const getTracks = () => api<TrackDto[]>('GET', '/api/author/tracks');
export const useTracks = () => useQuery(queryOptions({ queryKey: ['author', 'tracks'], queryFn: getTracks }));
