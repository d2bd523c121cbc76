import type { ConferenceDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The one conference of this installation. */
export const CONFERENCE_ID = 1;
export const conferencePath = `/api/chair/conference/${CONFERENCE_ID}`;

export const conferenceKeys = { all: ['chair', 'conference', CONFERENCE_ID] as const };

export const conferenceQueryOptions = () =>
  queryOptions({ queryKey: conferenceKeys.all, queryFn: () => api<ConferenceDto>('GET', conferencePath) });

export const useConference = () => useQuery(conferenceQueryOptions());
