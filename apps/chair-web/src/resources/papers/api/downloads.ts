import type { PaperFileDto, PaperFilter } from '@symposium/domain';
import { download } from '@symposium/ui';
import { useRolePrefix } from '../../../hooks/use-role-prefix';
import { activeFilters } from './queries';

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
