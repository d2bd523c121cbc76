import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConferenceDto } from '@symposium/domain';
import { api } from '@symposium/ui';

/**
 * The conference of the start-up loading (same cache entry as the session), refetched whenever a tracks
 * screen opens so a change of authorView.viewConferenceTrackStatus by the chair shows without a reload.
 */
export const conferenceQueryOptions = () =>
  queryOptions({
    queryKey: ['conference'],
    queryFn: () => api<ConferenceDto>('GET', '/api/author/conference'),
    staleTime: 0,
  });

export const useConference = () => useQuery(conferenceQueryOptions());
