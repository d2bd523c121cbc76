import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckStage, FileCheckDto, PreflightDto } from '@symposium/domain';
import { api } from '@symposium/ui';

/*
 * Submission checks (issue 26), author side: the preflight of a PDF before it is submitted (nothing stored)
 * and the stored checks of the author's own paper.
 */

/** A number per chosen File (a File cannot be a query key): the same file keeps its number. */
const fileNumbers = new WeakMap<File, number>();
let lastFileNumber = 0;
const fileNumber = (file: File) => {
  let n = fileNumbers.get(file);
  if (n === undefined) fileNumbers.set(file, (n = ++lastFileNumber));
  return n;
};

/** Whether the checks read this file: PDFs only (CHECK_MESSAGES.notPdf for the rest). */
export const isCheckedFile = (file: File) => /\.pdf$/i.test(file.name);

/**
 * POST /api/author/checks?track=&stage= (multipart: `file`, and `paper` with the current authors for the
 * anonymity checks): the result and whether it would stop the submission.
 */
export function preflightCheck(trackId: number, stage: CheckStage, file: File, authors: number[]) {
  const form = new FormData();
  form.append('paper', JSON.stringify({ authors }));
  form.append('file', file, file.name);
  return api<PreflightDto>(
    'POST',
    `/api/author/checks?track=${encodeURIComponent(trackId)}&stage=${encodeURIComponent(stage)}`,
    form,
  );
}

/**
 * The preflight of `file` with the current authors: asked again when the authors change (the anonymity checks
 * look for their names), kept while the same file and authors are on the form.
 */
const preflightQueryOptions = (trackId: number, stage: CheckStage, file: File, authors: number[]) =>
  queryOptions({
    queryKey: ['author', 'checks', 'preflight', trackId, stage, fileNumber(file), authors],
    queryFn: () => preflightCheck(trackId, stage, file, authors),
    retry: false,
    staleTime: Infinity,
    gcTime: 60_000,
  });

/** The preflight of one file, from the cache when it was asked already (what usePreflights shows). */
export function useEnsurePreflight() {
  const qc = useQueryClient();
  return (trackId: number, stage: CheckStage, file: File, authors: number[]) =>
    qc.ensureQueryData(preflightQueryOptions(trackId, stage, file, authors));
}

/**
 * The preflight of each checked file (PDFs) among `files`, in their order; `settle` waits for those still
 * running (a submit pressed while they run waits for them) and answers their results (null: it failed).
 */
export function usePreflights(trackId: number, stage: CheckStage, files: File[], authors: number[]) {
  const qc = useQueryClient();
  const checked = files.filter(isCheckedFile);
  const results = useQueries({
    queries: checked.map((f) => preflightQueryOptions(trackId, stage, f, authors)),
  });
  return {
    items: checked.map((file, i) => ({ file, query: results[i]! })),
    settle: () =>
      Promise.all(
        checked.map((f) =>
          qc.ensureQueryData(preflightQueryOptions(trackId, stage, f, authors)).catch(() => null),
        ),
      ),
  };
}

/** GET /api/author/papers/:paperId/checks: the stored checks of the paper's PDFs. */
export const usePaperChecks = (paperId: number) =>
  useQuery({
    queryKey: ['author', 'papers', paperId, 'checks'],
    queryFn: () => api<FileCheckDto[]>('GET', `/api/author/papers/${paperId}/checks`),
    enabled: Number.isInteger(paperId) && paperId > 0,
    retry: false,
    staleTime: 0,
  });
