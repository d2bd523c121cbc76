import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaperDto } from '@symposium/domain';
import { api } from '@symposium/ui';

/** GET /api/author/papers: the author's papers that are not deleted, newest first (the author menu). */
export const getPapers = () => api<PaperDto[]>('GET', '/api/author/papers');
export const papersQueryOptions = () => queryOptions({ queryKey: ['author', 'papers'], queryFn: getPapers });
export const usePapers = () => useQuery(papersQueryOptions());

/** GET /api/author/papers/:paperId (with the actions the server allows now). */
export const getPaper = (paperId: number) => api<PaperDto>('GET', `/api/author/papers/${paperId}`);
export const paperQueryOptions = (paperId: number) =>
  queryOptions({
    queryKey: ['author', 'papers', paperId],
    queryFn: () => getPaper(paperId),
    enabled: Number.isInteger(paperId) && paperId > 0,
    retry: false,
    staleTime: 0,
  });
export const usePaper = (paperId: number) => useQuery(paperQueryOptions(paperId));

/** Stores a paper answer in the cache of the list and of the paper. */
export function useStorePaper() {
  const qc = useQueryClient();
  return (paper: PaperDto) => {
    qc.setQueryData(['author', 'papers', paper._id], paper);
    void qc.invalidateQueries({ queryKey: ['author', 'papers'], exact: true });
  };
}

/** PUT /api/author/papers/:paperId/notes */
export const setNotes = (paperId: number, notes: string) =>
  api<PaperDto>('PUT', `/api/author/papers/${paperId}/notes`, { notes });
export function useSetNotes() {
  const store = useStorePaper();
  return useMutation({
    mutationFn: ({ paperId, notes }: { paperId: number; notes: string }) => setNotes(paperId, notes),
    onSuccess: store,
  });
}

/** DELETE /api/author/papers/:paperId: withdraws the paper (soft delete). */
export const deletePaper = (paperId: number) =>
  api<{ ok: true; message: string }>('DELETE', `/api/author/papers/${paperId}`);
export function useDeletePaper() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePaper,
    onSuccess: (_r, paperId) => {
      qc.removeQueries({ queryKey: ['author', 'papers', paperId] });
      void qc.invalidateQueries({ queryKey: ['author', 'papers'], exact: true });
    },
  });
}

/** Where a paper file is downloaded from (an attachment; the session cookie authorises the GET). */
export const paperFileUrl = (paperId: number, fileId: number) =>
  `/api/author/papers/${paperId}/download/${fileId}`;
