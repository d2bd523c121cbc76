import type {
  BulkEditRequest,
  ChairPaperDto,
  ChairPaperUpdate,
  PaperFileDto,
  PaperFilePart,
} from '@symposium/domain';
import { api } from '@symposium/ui';
import { useInvalidatingMutation } from '../../../hooks/use-invalidating-mutation';
import { useRolePrefix, type RolePrefix } from '../../../hooks/use-role-prefix';
import { checkKeys } from '../../checks/api/queries';
import { paperKeys } from './queries';

/**
 * A write of the papers under the caller's prefix; every paper query is refreshed on success, and the
 * submission checks (an uploaded PDF is checked, a deleted one's findings go).
 */
function usePaperMutation<V, R>(fn: (prefix: RolePrefix, v: V) => Promise<R>) {
  const prefix = useRolePrefix();
  return useInvalidatingMutation([paperKeys.all, checkKeys.all], (v: V) => fn(prefix, v), 'success');
}

export const useUpdatePaper = () =>
  usePaperMutation((prefix, { id, body }: { id: number; body: ChairPaperUpdate }) =>
    api<ChairPaperDto>('PUT', `/api/${prefix}/papers/${id}`, body),
  );

export const useBulkEdit = () =>
  usePaperMutation((prefix, body: BulkEditRequest) =>
    api<{ nModified: number }>('POST', `/api/${prefix}/papers/bulk`, body),
  );

export const useUploadPaperFile = () =>
  usePaperMutation((prefix, { id, part, file }: { id: number; part: PaperFilePart; file: File }) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api<{ message: string; file: PaperFileDto; paper: ChairPaperDto }>(
      'POST',
      `/api/${prefix}/papers/${id}/upload?p=${encodeURIComponent(part)}`,
      form,
    );
  });

export const useDeletePaperFile = () =>
  usePaperMutation((prefix, { id, fileId }: { id: number; fileId: number }) =>
    api<{ message: string }>('DELETE', `/api/${prefix}/papers/${id}/delete/${fileId}`),
  );
