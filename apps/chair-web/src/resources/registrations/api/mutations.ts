import type { RegistrationImportResult } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paperKeys } from '../../papers/api/queries';

/**
 * POST /api/chair/papers/import/registrations (chair only): the xlsx, and `confirm` to import the valid rows
 * even when some are refused.
 */
export function useImportRegistrations() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, confirm }: { file: File; confirm: boolean }) => {
      const form = new FormData();
      if (confirm) form.append('confirm', 'true');
      form.append('file', file, file.name);
      return api<RegistrationImportResult>('POST', '/api/chair/papers/import/registrations', form);
    },
    onSuccess: (r) => {
      if (r.imported) void qc.invalidateQueries({ queryKey: paperKeys.all });
    },
  });
}
