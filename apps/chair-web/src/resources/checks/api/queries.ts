import type { CheckReportDto, DuplicatePairDto, FileCheckDto, TrackChecks } from '@symposium/domain';
import { api } from '@symposium/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRolePrefix, type RolePrefix } from '../../../hooks/use-role-prefix';

/*
 * Submission checks (issue 26), /api/{chair|cochair}: a track's rules, a paper's stored checks, the
 * near-duplicate pairs and the report. Track chairs get their tracks' only (the server limits them).
 */
export const checkKeys = {
  all: ['checks'] as const,
  track: (prefix: RolePrefix, trackId: number) => [...checkKeys.all, prefix, 'track', trackId] as const,
  paper: (prefix: RolePrefix, paperId: number) => [...checkKeys.all, prefix, 'paper', paperId] as const,
  duplicates: (prefix: RolePrefix, dismissed: boolean) =>
    [...checkKeys.all, prefix, 'duplicates', dismissed] as const,
  report: (prefix: RolePrefix) => [...checkKeys.all, prefix, 'report'] as const,
};

const validId = (id: number) => Number.isInteger(id) && id > 0;

export const trackChecksQueryOptions = (prefix: RolePrefix, trackId: number) =>
  queryOptions({
    queryKey: checkKeys.track(prefix, trackId),
    queryFn: () => api<TrackChecks>('GET', `/api/${prefix}/checks/tracks/${trackId}`),
    enabled: validId(trackId),
  });

/**
 * GET …/checks/tracks/:trackId (the API's route; the contract's comment says …/tracks/:trackId/checks): the
 * track's mode, double-blind, duplicate threshold and rules per stage. */
export const useTrackChecks = (trackId: number) =>
  useQuery(trackChecksQueryOptions(useRolePrefix(), trackId));

/** GET …/papers/:paperId/checks: one check per checked PDF of the paper. */
export const usePaperChecks = (paperId: number) => {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: checkKeys.paper(prefix, paperId),
    queryFn: () => api<FileCheckDto[]>('GET', `/api/${prefix}/papers/${paperId}/checks`),
    enabled: validId(paperId),
  });
};

/** GET …/checks/duplicates?dismissed=: the near-duplicate pairs (with the dismissed ones when asked). */
export const useDuplicatePairs = (dismissed: boolean) => {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: checkKeys.duplicates(prefix, dismissed),
    queryFn: () => api<DuplicatePairDto[]>('GET', `/api/${prefix}/checks/duplicates?dismissed=${dismissed}`),
  });
};

/** GET …/checks/report: counts per track and each paper's open findings and duplicate pairs. */
export const useCheckReport = () => {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: checkKeys.report(prefix),
    queryFn: () => api<CheckReportDto>('GET', `/api/${prefix}/checks/report`),
  });
};

/** Where the report's xlsx is downloaded from (an attachment; the session cookie authorises the GET). */
export const useCheckReportXlsxUrl = () => `/api/${useRolePrefix()}/checks/report/xlsx`;
