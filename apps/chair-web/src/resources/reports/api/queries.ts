import type { ReportDto } from '@symposium/domain';
import { api, download } from '@symposium/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRolePrefix, type RolePrefix } from '../../../hooks/use-role-prefix';

/** The reports API (§7 /api/{chair|cochair}/reports): chairs every track, track chairs theirs. */
export const reportKeys = {
  all: ['reports'] as const,
  list: (prefix: RolePrefix) => [...reportKeys.all, prefix] as const,
};

export const reportsQueryOptions = (prefix: RolePrefix) =>
  queryOptions({
    queryKey: reportKeys.list(prefix),
    queryFn: () => api<ReportDto[]>('GET', `/api/${prefix}/reports/`),
  });

export const useReports = () => useQuery(reportsQueryOptions(useRolePrefix()));

/** Saves the report's xlsx (report-<category>-<id>.xlsx). */
export function useDownloadReport() {
  const prefix = useRolePrefix();
  return (report: ReportDto) =>
    download(
      'GET',
      `/api/${prefix}/${report.downloadUrl}`,
      undefined,
      `report-${report.category}-${report._id}.xlsx`,
    );
}
