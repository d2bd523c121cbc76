import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProgrammeView } from '@symposium/domain';
import { api } from '@symposium/ui';

/**
 * GET /api/session/programme: the technical-session events holding sessions assigned to the caller, each
 * with only those sessions, and the conference programme table.
 */
export const getSessionProgramme = () => api<PublicProgrammeView>('GET', '/api/session/programme');
export const sessionProgrammeQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'programme'], queryFn: getSessionProgramme, staleTime: 0 });
export const useSessionProgramme = () => useQuery(sessionProgrammeQueryOptions());
