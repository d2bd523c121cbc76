import type { TrackDto, TrackSettings } from '@symposium/domain';
import { api } from '@symposium/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRolePrefix, type RolePrefix } from '../../../hooks/use-role-prefix';

/** The one key of the tracks: every track list and track of the console is cached under it. */
export const trackKeys = {
  all: ['tracks'] as const,
  list: (prefix: RolePrefix) => [...trackKeys.all, prefix] as const,
  detail: (id: number) => [...trackKeys.all, 'chair', id] as const,
};

/** The body of POST and PUT /api/chair/tracks (subject areas: the full ordered list). */
export type TrackInput = TrackSettings;

/** GET /api/{prefix}/tracks: the tracks the caller manages (track chairs: theirs), by position. */
export const tracksQueryOptions = (prefix: RolePrefix = 'chair') =>
  queryOptions({
    queryKey: trackKeys.list(prefix),
    queryFn: () => api<TrackDto[]>('GET', `/api/${prefix}/tracks`),
  });

export const trackQueryOptions = (id: number) =>
  queryOptions({
    queryKey: trackKeys.detail(id),
    queryFn: () => api<TrackDto>('GET', `/api/chair/tracks/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

/** Every track (chair API). */
export const useTracks = () => useQuery(tracksQueryOptions('chair'));
/** The tracks of the signed-in role's API (track chairs: theirs). */
export const useRoleTracks = () => useQuery(tracksQueryOptions(useRolePrefix()));
export const useTrack = (id: number) => useQuery(trackQueryOptions(id));
