import type {
  BillingKind,
  DocumentBatchDto,
  DocumentKind,
  DocumentTemplateDto,
  IssuedDocumentDto,
  LetterKind,
  LetterSettingsDto,
  PaperFilter,
} from '@symposium/domain';
import { api, send, type Method } from '@symposium/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activeFilters, papersQueryKey, useRolePrefix } from '../papers/use-papers';

/** Every key of the letters screens starts with 'letters': a write refreshes what it touched. */
export const lettersQueryKey = ['letters'] as const;
const chairBase = '/api/chair/letters';

/** The settings without `hasSignature`: the body of PUT /letters/settings. */
export type LetterSettingsInput = Omit<LetterSettingsDto, 'hasSignature'>;

/** A file answered by the API: its bytes, the server's file name and the document's verification code. */
export interface FetchedFile {
  blob: Blob;
  name: string;
  code: string | null;
}

/** Calls an endpoint answering with a file (a PDF or a zip); the server's message is thrown on refusal. */
export async function fetchFile(
  method: Method,
  path: string,
  body?: unknown,
  fallbackName = 'document.pdf',
): Promise<FetchedFile> {
  const res = await send(method, path, body, { accept: 'application/pdf, application/zip, */*' });
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await res.blob(), name: decodeURIComponent(name), code: res.headers.get('X-Document-Code') };
}

/** Saves a fetched file in the browser under its name (blob URL + <a download>). */
export function saveFile({ blob, name }: Pick<FetchedFile, 'blob' | 'name'>): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---------------------------------------------------------------------------------------------------------
// Settings and templates (chair only)

export const useLetterSettings = () =>
  useQuery({
    queryKey: [...lettersQueryKey, 'settings'],
    queryFn: () => api<LetterSettingsDto>('GET', `${chairBase}/settings`),
  });

function useSettingsWrite<V>(fn: (v: V) => Promise<LetterSettingsDto>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (saved) => qc.setQueryData([...lettersQueryKey, 'settings'], saved),
  });
}

export const useSaveLetterSettings = () =>
  useSettingsWrite((body: LetterSettingsInput) =>
    api<LetterSettingsDto>('PUT', `${chairBase}/settings`, body),
  );

export const useUploadSignature = () =>
  useSettingsWrite((file: File) => {
    const form = new FormData();
    form.append('signature', file, file.name);
    return api<LetterSettingsDto>('PUT', `${chairBase}/settings/signature`, form);
  });

export const useRemoveSignature = () =>
  useSettingsWrite(() => api<LetterSettingsDto>('DELETE', `${chairBase}/settings/signature`));

/** The stored signature image (cookie-authenticated GET; `v` busts the cache after a change). */
export const signatureImageUrl = (v: string | number) => `${chairBase}/settings/signature?v=${v}`;

export const useDocumentTemplates = () =>
  useQuery({
    queryKey: [...lettersQueryKey, 'templates'],
    queryFn: () => api<DocumentTemplateDto[]>('GET', `${chairBase}/templates`),
  });

function useTemplateWrite<V>(fn: (v: V) => Promise<DocumentTemplateDto>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...lettersQueryKey, 'templates'] }),
  });
}

export const useSaveTemplate = () =>
  useTemplateWrite(({ kind, html }: { kind: DocumentKind; html: string }) =>
    api<DocumentTemplateDto>('PUT', `${chairBase}/templates/${kind}`, { html }),
  );

export const useResetTemplate = () =>
  useTemplateWrite((kind: DocumentKind) =>
    api<DocumentTemplateDto>('DELETE', `${chairBase}/templates/${kind}`),
  );

/** The PDF of a template on sample data (nothing stored). */
export const previewTemplate = (kind: DocumentKind, html: string) =>
  fetchFile('POST', `${chairBase}/templates/${kind}/preview`, { html }, `${kind}-preview.pdf`);

// ---------------------------------------------------------------------------------------------------------
// Issued documents (chair and track chair)

/** The documents issued for a paper, newest first. */
export function usePaperDocuments(paperId: number) {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: [...lettersQueryKey, prefix, 'documents', paperId],
    queryFn: () => api<IssuedDocumentDto[]>('GET', `/api/${prefix}/documents?paperId=${paperId}`),
    enabled: Number.isInteger(paperId) && paperId > 0,
  });
}

function useDocumentWrite<V, R>(fn: (prefix: string, v: V) => Promise<R>) {
  const prefix = useRolePrefix();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => fn(prefix, v),
    onSettled: () => qc.invalidateQueries({ queryKey: lettersQueryKey }),
  });
}

export const useRevokeDocument = () =>
  useDocumentWrite((prefix, { id, reason }: { id: number; reason: string }) =>
    api<IssuedDocumentDto>('POST', `/api/${prefix}/documents/${id}/revoke`, { reason }),
  );

export const useCreditDocument = () =>
  useDocumentWrite((prefix, { id, reason }: { id: number; reason: string }) =>
    api<IssuedDocumentDto>('POST', `/api/${prefix}/documents/${id}/credit`, { reason }),
  );

/** POST /papers/letter/{paperId} (multipart) → the PDF; a file `signature`, else the stored one. */
export const useGenerateLetter = () =>
  useDocumentWrite(
    (
      prefix,
      {
        paperId,
        kind,
        author,
        signature,
      }: { paperId: number; kind: LetterKind; author: number | null; signature: File | null },
    ) => {
      const form = new FormData();
      form.append('kind', kind);
      if (author !== null) form.append('author', String(author));
      if (signature) form.append('signature', signature, signature.name);
      return fetchFile('POST', `/api/${prefix}/papers/letter/${paperId}`, form, `${kind}-${paperId}.pdf`);
    },
  );

export const useGenerateBilling = () =>
  useDocumentWrite((prefix, { paperId, kind }: { paperId: number; kind: BillingKind }) =>
    fetchFile('POST', `/api/${prefix}/papers/invoice/${paperId}`, { kind }, `${kind}-${paperId}.pdf`),
  );

/** The stored PDF of an issued document. */
export function useDocumentPdf() {
  const prefix = useRolePrefix();
  return (doc: IssuedDocumentDto) =>
    fetchFile('GET', `/api/${prefix}/documents/${doc._id}/pdf`, undefined, doc.fileName);
}

/** The authors may download a letter: the paper's switch (PUT /papers/{id}); refreshes the papers. */
export function useInvalidatePapersAndLetters() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: papersQueryKey }),
      qc.invalidateQueries({ queryKey: lettersQueryKey }),
    ]);
}

// ---------------------------------------------------------------------------------------------------------
// Bulk issue

export interface BatchRequest {
  kind: DocumentKind;
  ids?: number[];
  filters?: PaperFilter[];
  search?: string;
}

export const useStartBatch = () =>
  useDocumentWrite((prefix, body: BatchRequest) =>
    api<DocumentBatchDto>('POST', `/api/${prefix}/documents/batches`, {
      kind: body.kind,
      ...(body.ids && body.ids.length
        ? { ids: body.ids }
        : { filters: activeFilters(body.filters ?? []), search: (body.search ?? '').trim() }),
    }),
  );

const finished = (b: DocumentBatchDto | undefined) => b?.state === 'done' || b?.state === 'failed';

/** A batch, polled every second until it is done or failed. */
export function useBatch(id: number | null) {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: [...lettersQueryKey, prefix, 'batch', id],
    queryFn: () => api<DocumentBatchDto>('GET', `/api/${prefix}/documents/batches/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (finished(q.state.data) ? false : 1000),
  });
}

export function useBatchZip() {
  const prefix = useRolePrefix();
  return (batch: DocumentBatchDto) =>
    fetchFile(
      'GET',
      batch.zipUrl ?? `/api/${prefix}/documents/batches/${batch._id}/zip`,
      undefined,
      `documents-${batch._id}.zip`,
    );
}
