import { sanitizeFileName } from '@symposium/domain';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { FileNotFoundError, type FileStore } from './file-store.js';
import { FilesErrors } from './files.errors.js';

export interface DownloadFile {
  key: string;
  /** The name the browser saves the file as. */
  name: string;
  contentType?: string;
}

const CONTENT_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;
// RFC 5987 attr-char: what encodeURIComponent leaves alone, minus ' ( ) *
const encodeRfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded UTF-8>` (RFC 6266 / 5987): the
 * name is sanitized again, so no quote, backslash, CR or LF can reach the header.
 */
export function contentDisposition(name: string): string {
  const safe = sanitizeFileName(name) ?? 'download';
  const fallback = safe
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(safe)}`;
}

/**
 * Streams a stored file as a download: attachment with its name, the given content type (octet-stream when it
 * does not look like one), Content-Length, nosniff, no caching and a sandboxing CSP. A missing object answers
 * 404 'The file could not be obtained' before anything is sent.
 */
export async function sendStoredFile(store: FileStore, res: Response, file: DownloadFile): Promise<void> {
  let opened: Awaited<ReturnType<FileStore['open']>>;
  try {
    opened = await store.open(file.key);
  } catch (e) {
    if (e instanceof FileNotFoundError) throw FilesErrors.notFound();
    throw e;
  }
  const type =
    file.contentType && CONTENT_TYPE.test(file.contentType) ? file.contentType : 'application/octet-stream';
  res.status(200);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', String(opened.size));
  res.setHeader('Content-Disposition', contentDisposition(file.name));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  try {
    await pipeline(opened.stream, res);
  } catch {
    // the client went away, or the disk failed mid-file: the headers are out, so only the connection can say so
    opened.stream.destroy();
    if (!res.writableEnded) res.destroy();
  }
}
