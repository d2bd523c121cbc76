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
  /** A stream of the object's bytes and its size; FileNotFoundError when there is no such object. */
  abstract open(key: string): Promise<{ stream: Readable; size: number }>;
  /** `length` bytes from `position` (fewer at the end of the object). */
  abstract read(key: string, position: number, length: number): Promise<Buffer>;
  abstract exists(key: string): Promise<boolean>;
  /** Deletes the object; nothing happens when it is already gone. */
  abstract remove(key: string): Promise<void>;
  /** Keys of the objects last written more than `olderThanMs` ago. */
  abstract keysOlderThan(olderThanMs: number): Promise<string[]>;
}
