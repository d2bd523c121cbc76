import type { ReportCategory, ReportDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRolePrefix } from '../../../hooks/use-role-prefix';
import { reportKeys } from './queries';

/** Generates a report; it heads the cached list at once. */
export function useGenerateReport() {
  const prefix = useRolePrefix();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (category: ReportCategory) =>
      api<ReportDto>('POST', `/api/${prefix}/reports/generate`, { category }),
    onSuccess: (created) => {
      qc.setQueryData<ReportDto[]>(reportKeys.list(prefix), (old) => [
        created,
        ...(old ?? []).filter((r) => r._id !== created._id),
      ]);
    },
  });
}
