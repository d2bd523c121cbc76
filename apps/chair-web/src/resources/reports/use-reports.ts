import type { ReportCategory, ReportDto } from '@symposium/domain';
import { api, download } from '@symposium/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMailPrefix } from '../mail/use-mail';

/** The reports API (§7 /api/{chair|cochair}/reports): chairs every track, track chairs theirs. */
export const reportsQueryKey = ['reports'] as const;

export function useReports() {
  const prefix = useMailPrefix();
  return useQuery({
    queryKey: [...reportsQueryKey, prefix],
    queryFn: () => api<ReportDto[]>('GET', `/api/${prefix}/reports/`),
  });
}

export function useGenerateReport() {
  const prefix = useMailPrefix();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (category: ReportCategory) =>
      api<ReportDto>('POST', `/api/${prefix}/reports/generate`, { category }),
    onSuccess: (created) => {
      qc.setQueryData<ReportDto[]>([...reportsQueryKey, prefix], (old) => [
        created,
        ...(old ?? []).filter((r) => r._id !== created._id),
      ]);
    },
  });
}

/** Saves the report's xlsx (report-<category>-<id>.xlsx). */
export function useDownloadReport() {
  const prefix = useMailPrefix();
  return (report: ReportDto) =>
    download(
      'GET',
      `/api/${prefix}/${report.downloadUrl}`,
      undefined,
      `report-${report.category}-${report._id}.xlsx`,
    );
}
