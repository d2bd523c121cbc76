import { sanitizeFileName } from '@symposium/domain';
import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FileNotFoundError,
  RangeNotSatisfiableError,
  type ByteRange,
  type FileStore,
  type OpenedObject,
} from './file-store.js';
import { FilesErrors } from './files.errors.js';

export interface DownloadFile {
  key: string;
  /** The name the browser saves the file as. */
  name: string;
  contentType?: string;
  /**
   * The sha256 recorded for the file (lower-case hex): a whole download is hashed as it streams and cut off
   * before its last bytes when they do not agree; it is also the download's ETag (for If-Range).
   */
  sha256?: string;
}

const logger = new Logger('Files');

/**
 * The single range of a `Range: bytes=…` header; null when there is none or it is not one we serve (several
 * ranges, other units, malformed), in which case the whole file is sent, as RFC 9110 allows.
 */
export function parseRange(header: string | undefined): ByteRange | null {
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  const end = m[2] === '' ? undefined : Number(m[2]);
  if (!Number.isSafeInteger(start) || (end !== undefined && (!Number.isSafeInteger(end) || end < start)))
    return null;
  return { start, end };
}

/**
 * Passes the bytes on while hashing them, always one chunk behind: the last chunk goes out only once the whole
 * stream's sha256 equals the expected one, so a client never receives a complete-looking corrupt file.
 */
export class VerifyingStream extends Transform {
  private readonly hash = createHash('sha256');
  private held: Buffer | null = null;

  constructor(
    private readonly key: string,
    private readonly expected: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    const previous = this.held;
    this.held = chunk;
    done(null, previous ?? undefined);
  }

  override _flush(done: TransformCallback): void {
    const actual = this.hash.digest('hex');
    if (actual !== this.expected) {
      logger.error(`Stored file ${this.key}: sha256 ${actual}, recorded ${this.expected}; download cut off`);
      return done(new Error(`sha256 mismatch for ${this.key}`));
    }
    done(null, this.held ?? undefined);
  }
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
 * 404 'The file could not be obtained' before anything is sent. `Range: bytes=a-b` (one range) answers 206
 * with those bytes only (416 when the file has none of them); with `If-Range`, only when it names this file's
 * ETag (its sha256). A whole download of a file whose sha256 is given is verified as it streams.
 */
export async function sendStoredFile(store: FileStore, res: Response, file: DownloadFile): Promise<void> {
  const req = res.req as Request | undefined;
  const etag = file.sha256 ? `"${file.sha256}"` : undefined;
  const ifRange = req?.headers['if-range'];
  const range =
    req?.method === 'GET' && (ifRange === undefined || (etag !== undefined && ifRange === etag))
      ? parseRange(req.headers.range)
      : null;
  let opened: OpenedObject;
  try {
    opened = await store.open(file.key, range ?? undefined);
  } catch (e) {
    if (e instanceof FileNotFoundError) throw FilesErrors.notFound();
    if (e instanceof RangeNotSatisfiableError) {
      res.status(416);
      res.setHeader('Content-Range', `bytes */${e.size}`);
      res.setHeader('Accept-Ranges', 'bytes');
      res.setHeader('Cache-Control', 'private, no-store');
      res.end();
      return;
    }
    throw e;
  }
  const type =
    file.contentType && CONTENT_TYPE.test(file.contentType) ? file.contentType : 'application/octet-stream';
  const length = opened.end - opened.start + 1;
  res.status(range ? 206 : 200);
  if (range) res.setHeader('Content-Range', `bytes ${opened.start}-${opened.end}/${opened.size}`);
  res.setHeader('Accept-Ranges', 'bytes');
  if (etag) res.setHeader('ETag', etag);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', String(length));
  res.setHeader('Content-Disposition', contentDisposition(file.name));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  try {
    if (!range && file.sha256) await pipeline(opened.stream, new VerifyingStream(file.key, file.sha256), res);
    else await pipeline(opened.stream, res);
  } catch {
    // the client went away, or the disk failed mid-file: the headers are out, so only the connection can say so
    opened.stream.destroy();
    if (!res.writableEnded) res.destroy();
  }
}
