import type { DocumentBatchDto, DocumentKind, IssuedDocumentDto } from '@symposium/domain';
import { send, type Method } from '@symposium/ui';
import { useRolePrefix } from '../../../hooks/use-role-prefix';

export const chairLettersBase = '/api/chair/letters';

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

/** The stored signature image (cookie-authenticated GET; `v` busts the cache after a change). */
export const signatureImageUrl = (v: string | number) => `${chairLettersBase}/settings/signature?v=${v}`;

/** The PDF of a template on sample data (nothing stored). */
export const previewTemplate = (kind: DocumentKind, html: string) =>
  fetchFile('POST', `${chairLettersBase}/templates/${kind}/preview`, { html }, `${kind}-preview.pdf`);

/** The stored PDF of an issued document. */
export function useDocumentPdf() {
  const prefix = useRolePrefix();
  return (doc: IssuedDocumentDto) =>
    fetchFile('GET', `/api/${prefix}/documents/${doc._id}/pdf`, undefined, doc.fileName);
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
