import { useMutation } from '@tanstack/react-query';
import type { PaperDto, PaperFileDto, PaperFilePart } from '@symposium/domain';
import { api, apiOnce } from '@symposium/ui';
import { useStorePaper } from './papers';

/**
 * POST /api/author/papers/:paperId/upload?p=<part>: one file (field `file`) into a part, replacing it; once:
 * retried with its Idempotency-Key when the answer is lost.
 */
export const uploadPart = (paperId: number, part: PaperFilePart, file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiOnce<{ message: string; file: PaperFileDto; paper: PaperDto }>(
    'POST',
    `/api/author/papers/${paperId}/upload?p=${encodeURIComponent(part)}`,
    form,
  );
};

/** DELETE /api/author/papers/:paperId/delete/:fileId */
export const deletePaperFile = (paperId: number, fileId: number) =>
  api<{ message: string; paper: PaperDto }>('DELETE', `/api/author/papers/${paperId}/delete/${fileId}`);

export function useUploadPart(paperId: number) {
  const store = useStorePaper();
  return useMutation({
    mutationFn: ({ part, file }: { part: PaperFilePart; file: File }) => uploadPart(paperId, part, file),
    onSuccess: (r) => store(r.paper),
  });
}

export function useDeletePaperFile(paperId: number) {
  const store = useStorePaper();
  return useMutation({
    mutationFn: (fileId: number) => deletePaperFile(paperId, fileId),
    onSuccess: (r) => store(r.paper),
  });
}

export interface CameraReadyBody {
  title: string;
  abstract: { text: string };
  authors: number[];
  primaryAuthor: number | null;
  questions: { answer: string }[];
}

/** POST /api/author/papers/:paperId/camera-ready */
export const submitCameraReady = (paperId: number, body: CameraReadyBody) =>
  api<{ message: string; paper: PaperDto }>('POST', `/api/author/papers/${paperId}/camera-ready`, body);
export function useSubmitCameraReady(paperId: number) {
  const store = useStorePaper();
  return useMutation({
    mutationFn: (body: CameraReadyBody) => submitCameraReady(paperId, body),
    onSuccess: (r) => store(r.paper),
  });
}

/** POST /api/author/papers/:paperId/presentation-ready (exactly three answers). */
export const submitPresentationReady = (paperId: number, answers: string[]) =>
  api<{ message: string; paper: PaperDto }>('POST', `/api/author/papers/${paperId}/presentation-ready`, {
    questions: answers.map((answer) => ({ answer })),
  });
export function useSubmitPresentationReady(paperId: number) {
  const store = useStorePaper();
  return useMutation({
    mutationFn: (answers: string[]) => submitPresentationReady(paperId, answers),
    onSuccess: (r) => store(r.paper),
  });
}
