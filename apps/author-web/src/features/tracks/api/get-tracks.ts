import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackDto } from '@symposium/domain';
import { api } from '@symposium/ui';

/** GET /api/author/tracks: every track by position, with its subject areas and activities. */
export const getTracks = () => api<TrackDto[]>('GET', '/api/author/tracks');

export const tracksQueryOptions = () => queryOptions({ queryKey: ['author', 'tracks'], queryFn: getTracks });

export const useTracks = () => useQuery(tracksQueryOptions());
