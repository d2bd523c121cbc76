import type { DuplicatePairDto, FileCheckDto, FindingCode, TrackChecks } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRolePrefix } from '../../../hooks/use-role-prefix';
import { paperKeys } from '../../papers/api/queries';
import { checkKeys } from './queries';

/** PUT …/checks/tracks/:trackId: the answer's checks replace the cached ones. */
export function useSaveTrackChecks() {
  const prefix = useRolePrefix();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ trackId, checks }: { trackId: number; checks: TrackChecks }) =>
      api<{ message: string; checks: TrackChecks }>('PUT', `/api/${prefix}/checks/tracks/${trackId}`, checks),
    onSuccess: (r, { trackId }) => qc.setQueryData(checkKeys.track(prefix, trackId), r.checks),
  });
}

/**
 * POST …/papers/:paperId/checks/:fileId/accept {code, reason}: the paper's checks as they are now replace the
 * cached ones; the report and the paper lists (the "Format problems" filter) are refreshed.
 */
export function useAcceptFinding() {
  const prefix = useRolePrefix();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      paperId,
      fileId,
      code,
      reason,
    }: {
      paperId: number;
      fileId: number;
      code: FindingCode;
      reason: string;
    }) =>
      api<{ message: string; checks: FileCheckDto[] }>(
        'POST',
        `/api/${prefix}/papers/${paperId}/checks/${fileId}/accept`,
        { code, reason },
      ),
    onSuccess: (r, { paperId }) => {
      qc.setQueryData(checkKeys.paper(prefix, paperId), r.checks);
      void qc.invalidateQueries({ queryKey: checkKeys.report(prefix) });
      void qc.invalidateQueries({ queryKey: paperKeys.all });
    },
  });
}

/** POST …/checks/duplicates/:pairId/dismiss {reason}: the pair lists, the report and the paper lists are refreshed. */
export function useDismissPair() {
  const prefix = useRolePrefix();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ pairId, reason }: { pairId: number; reason: string }) =>
      api<{ message: string; pair: DuplicatePairDto }>(
        'POST',
        `/api/${prefix}/checks/duplicates/${pairId}/dismiss`,
        { reason },
      ),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [...checkKeys.all, prefix, 'duplicates'] }),
        qc.invalidateQueries({ queryKey: checkKeys.report(prefix) }),
        qc.invalidateQueries({ queryKey: paperKeys.all }),
      ]),
  });
}
