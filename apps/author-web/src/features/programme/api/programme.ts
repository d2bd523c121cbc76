import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProgrammeView } from '@symposium/domain';
import { api } from '@symposium/ui';

/** GET /api/author/programme: the published programme (version null and no days before publication). */
export const getProgramme = () => api<PublicProgrammeView>('GET', '/api/author/programme');
export const programmeQueryOptions = () =>
  queryOptions({ queryKey: ['author', 'programme'], queryFn: getProgramme, staleTime: 0 });
export const useProgramme = () => useQuery(programmeQueryOptions());

/** Which sessions a calendar holds: the whole programme, or mine (my papers, sessions I chair or present). */
export type CalendarScope = 'all' | 'mine';

/** Where the iCalendar file is downloaded from (the session cookie authorises the GET). */
export const calendarUrl = (scope: CalendarScope) => `/api/author/programme/calendar.ics?scope=${scope}`;
