import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A stored object: its key (never derived from a user-supplied name), size, sha256 and first bytes. */
export interface StoredObject {
  key: string;
  size: number;
  /** Lower-case hex. */
  sha256: string;
  /** The first bytes (up to SNIFF_HEAD_BYTES) for content sniffing. */
  head: Buffer;
  /** The last bytes (up to SNIFF_TAIL_BYTES): where PDF and ZIP files keep their end markers. */
  tail: Buffer;
}

export interface WriteOptions {
  /** The write fails with FileTooLargeError as soon as more bytes than this arrive. */
  maxBytes: number;
  /**
   * On failure, keep reading the input and discard it instead of destroying it — needed when the input is a
   * part of a multipart request whose parser must reach the end of the body.
   */
  drainOnAbort?: boolean;
}

/** Keys are 32 lower-case hex characters (128 random bits); anything else is refused before touching disk. */
export const FILE_KEY_PATTERN = /^[0-9a-f]{32}$/;
export const isFileKey = (key: unknown): key is string =>
  typeof key === 'string' && FILE_KEY_PATTERN.test(key);

export class FileTooLargeError extends Error {
  constructor(public readonly maxBytes: number) {
    super(`File larger than ${maxBytes} bytes`);
  }
}

/** The input stream failed (client went away, malformed multipart body): not a server fault. */
export class UploadInterruptedError extends Error {
  constructor(cause: unknown) {
    super(`Upload interrupted: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file ${JSON.stringify(key).slice(0, 40)}`);
  }
}

/** The bytes read or written do not hash to the sha256 recorded for them. */
export class ChecksumMismatchError extends Error {
  constructor(
    public readonly key: string,
    public readonly expected: string,
    public readonly actual: string,
  ) {
    super(`Stored file ${key}: sha256 ${actual}, expected ${expected}`);
  }
}

/** The asked byte range starts at or after the end of the object (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(public readonly size: number) {
    super(`Range not satisfiable: the object has ${size} bytes`);
  }
}

/**
 * A byte range as HTTP's Range header gives it: from `start` to `end` (inclusive; to the end of the object
 * when absent or past it), or the last `suffix` bytes.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** An opened object: a stream of its bytes from `start` to `end` (inclusive) and the object's whole size. */
export interface OpenedObject {
  stream: Readable;
  size: number;
  start: number;
  /** start - 1 for an empty object. */
  end: number;
}

/** The inclusive positions a range covers in an object of `size` bytes, or null when it covers none. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | null {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) return null;
  return { start: range.start, end: Math.min(size - 1, range.end ?? size - 1) };
}

export class InvalidFileKeyError extends Error {
  constructor(key: unknown) {
    super(`Invalid file key ${JSON.stringify(key)?.slice(0, 40)}`);
  }
}

/**
 * Where uploaded files live. Writes are crash-safe (temporary file, fsync, rename), so a key that exists always
 * names a whole file; the caller records key, size and sha256 in its own transaction and removes the object if
 * that transaction fails, and removes replaced or deleted objects after its update commits.
 */
export abstract class FileStore {
  /** Streams `input` into a new object; never holds the whole file in memory. */
  abstract writeStream(input: Readable, opts: WriteOptions): Promise<StoredObject>;
  /**
   * Streams `input` into an object with the given key (copying between stores, restoring a backup); replaces an
   * object of that key. When `opts.sha256` is given and the bytes do not hash to it, nothing is kept and
   * ChecksumMismatchError is thrown.
   */
  abstract writeAs(
    key: string,
    input: Readable,
    opts: WriteOptions & { sha256?: string },
  ): Promise<StoredObject>;
  /**
   * A stream of the object's bytes (of `range` only, when given) and its size; FileNotFoundError when there is
   * no such object, RangeNotSatisfiableError when the range covers none of its bytes.
   */
  abstract open(key: string, range?: ByteRange): Promise<OpenedObject>;
  /** `length` bytes from `position` (fewer at the end of the object). */
  abstract read(key: string, position: number, length: number): Promise<Buffer>;
  abstract exists(key: string): Promise<boolean>;
  /** Deletes the object; nothing happens when it is already gone. */
  abstract remove(key: string): Promise<void>;
  /** Keys of the objects last written more than `olderThanMs` ago. */
  abstract keysOlderThan(olderThanMs: number): Promise<string[]>;
  /**
   * The sha256 of the object's bytes, read and hashed as they stream (stores that keep the sha256 written
   * with the object may answer that instead); FileNotFoundError when there is no such object.
   */
  async sha256(key: string): Promise<string> {
    return (await this.recordedSha256(key)) ?? hashStream((await this.open(key)).stream);
  }

  /**
   * The sha256 written with the object, for stores that keep one (S3 metadata); undefined otherwise. Never
   * reads the bytes: what a copy checks the bytes it reads against.
   */
  recordedSha256(_key: string): Promise<string | undefined> {
    return Promise.resolve(undefined);
  }
}

/** Reads a stream to its end, answering the sha256 of its bytes (lower-case hex). */
export async function hashStream(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
