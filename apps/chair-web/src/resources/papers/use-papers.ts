import {
  canUsePrefix,
  PAPER_PAGE_SIZE,
  type BulkEditRequest,
  type ChairPaperDto,
  type ChairPaperUpdate,
  type PaperFileDto,
  type PaperFilePart,
  type PaperFilter,
  type PaperQuery,
  type PaperQueryResult,
  type StatusDto,
  type TrackDto,
} from '@symposium/domain';
import { api, download, useSession } from '@symposium/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const papersQueryKey = ['papers'] as const;

/** The API prefix follows the signed-in role (§6): chairs use /api/chair, track chairs /api/cochair. */
export function useRolePrefix(): 'chair' | 'cochair' {
  const { user } = useSession();
  return user && canUsePrefix(user.roles, 'chair') ? 'chair' : 'cochair';
}

/** Whether the signed-in user is a chair (not only a track chair). */
export const useIsChair = () => useRolePrefix() === 'chair';

/** A filter whose value is null, '' or an empty list is ignored (the API ignores it too). */
export function activeFilters(filters: PaperFilter[]): PaperFilter[] {
  return filters.filter((f) => {
    if (f.value === null || f.value === '' || f.value === undefined) return false;
    if (Array.isArray(f.value)) return f.value.length > 0;
    if (f.name === 'updatedAt') return Boolean(f.value.from || f.value.to);
    return true;
  });
}

function queryBody(q: PaperQuery): PaperQuery {
  const search = q.search?.trim();
  return {
    filters: activeFilters(q.filters ?? []),
    ...(search ? { search } : {}),
    ...(q.sort ? { sort: q.sort } : {}),
    cp: q.cp ?? 1,
    pg: q.pg ?? PAPER_PAGE_SIZE,
  };
}

/** One page of the chair paper query (POST /papers), keeping the previous page on screen while the next loads. */
export function usePaperPage(q: PaperQuery, enabled = true) {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: [...papersQueryKey, prefix, 'query', q],
    queryFn: () => api<PaperQueryResult>('POST', `/api/${prefix}/papers`, queryBody(q)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePaper(id: number) {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: [...papersQueryKey, prefix, id],
    queryFn: () => api<ChairPaperDto>('GET', `/api/${prefix}/papers/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useInvalidatePapers() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: papersQueryKey });
}

export function useUpdatePaper() {
  const prefix = useRolePrefix();
  const invalidate = useInvalidatePapers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ChairPaperUpdate }) =>
      api<ChairPaperDto>('PUT', `/api/${prefix}/papers/${id}`, body),
    onSuccess: () => invalidate(),
  });
}

export function useBulkEdit() {
  const prefix = useRolePrefix();
  const invalidate = useInvalidatePapers();
  return useMutation({
    mutationFn: (body: BulkEditRequest) =>
      api<{ nModified: number }>('POST', `/api/${prefix}/papers/bulk`, body),
    onSuccess: () => invalidate(),
  });
}

export function useUploadPaperFile() {
  const prefix = useRolePrefix();
  const invalidate = useInvalidatePapers();
  return useMutation({
    mutationFn: ({ id, part, file }: { id: number; part: PaperFilePart; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api<{ message: string; file: PaperFileDto; paper: ChairPaperDto }>(
        'POST',
        `/api/${prefix}/papers/${id}/upload?p=${encodeURIComponent(part)}`,
        form,
      );
    },
    onSuccess: () => invalidate(),
  });
}

export function useDeletePaperFile() {
  const prefix = useRolePrefix();
  const invalidate = useInvalidatePapers();
  return useMutation({
    mutationFn: ({ id, fileId }: { id: number; fileId: number }) =>
      api<{ message: string }>('DELETE', `/api/${prefix}/papers/${id}/delete/${fileId}`),
    onSuccess: () => invalidate(),
  });
}

/** The body of the exports: the current filters and search, or exactly the selected papers. */
export interface ExportSelection {
  filters: PaperFilter[];
  search: string;
  ids?: number[];
}

const exportBody = (s: ExportSelection) => ({
  filters: activeFilters(s.filters),
  search: s.search.trim(),
  ...(s.ids && s.ids.length ? { ids: s.ids } : {}),
});

/** The downloads of the paper screens, under the caller's prefix. */
export function usePaperDownloads() {
  const prefix = useRolePrefix();
  const base = `/api/${prefix}/papers`;
  return {
    exportXls: (s: ExportSelection) => download('POST', `${base}/export/xls`, exportBody(s), 'papers.xlsx'),
    exportHtml: (s: ExportSelection) => download('POST', `${base}/export/html`, exportBody(s), 'papers.html'),
    exportPaperHtml: (id: number) =>
      download('GET', `${base}/export/html/${id}`, undefined, `paper-${id}.html`),
    downloadFiles: (ids: number[]) => download('POST', `${base}/download`, { ids }, 'papers.zip'),
    downloadPaperFiles: (id: number) =>
      download('POST', `${base}/download/${id}`, undefined, `paper-${id}.zip`),
    downloadFile: (file: PaperFileDto) =>
      download('GET', `/api/${prefix}/papers/download/file/${file._id}`, undefined, file.name),
  };
}

/** The tracks the caller manages (track chairs: theirs), to filter and to move papers between. */
export function usePaperTracks() {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: ['chair', prefix, 'tracks'],
    queryFn: () => api<TrackDto[]>('GET', `/api/${prefix}/tracks`),
  });
}

export function usePaperStatuses() {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: ['chair', prefix, 'status'],
    queryFn: () => api<StatusDto[]>('GET', `/api/${prefix}/status`),
  });
}
