import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import {
  ChecksumMismatchError,
  FileNotFoundError,
  FileStore,
  InvalidFileKeyError,
  isFileKey,
  RangeNotSatisfiableError,
  resolveRange,
  type ByteRange,
  type OpenedObject,
  type StoredObject,
  type WriteOptions,
} from './file-store.js';
import { receiveInto } from './stream-to-file.js';

const TEMP_SUFFIX = '.part';
const DAY_MS = 24 * 60 * 60 * 1000;

const ignore = () => undefined;
const isMissing = (e: unknown) => (e as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Files on the local disk under `${dataDir}/files`: objects/<first two key characters>/<key>, written through
 * tmp/<random>.part in the same tree (so the final rename is atomic), fsynced before the rename and the
 * directory fsynced after it.
 */
@Injectable()
export class LocalDiskFileStore extends FileStore implements OnModuleInit {
  private readonly logger = new Logger('FileStore');
  readonly root: string;
  private readonly tmpDir: string;
  private readonly objectsDir: string;
  private ready?: Promise<void>;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'dataDir'>) {
    super();
    this.root = join(config.dataDir, 'files');
    this.tmpDir = join(this.root, 'tmp');
    this.objectsDir = join(this.root, 'objects');
  }

  /** Temporary files older than a day were left by a crash mid-upload: remove them. */
  async onModuleInit(): Promise<void> {
    try {
      const removed = await this.sweepTemporary(DAY_MS);
      if (removed) this.logger.log(`Removed ${removed} unfinished upload(s)`);
    } catch (e) {
      this.logger.warn(`Could not sweep unfinished uploads: ${(e as Error).message}`);
    }
  }

  async keysOlderThan(olderThanMs: number): Promise<string[]> {
    const cutoff = Date.now() - olderThanMs;
    const keys: string[] = [];
    let dirs: string[];
    try {
      dirs = await readdir(this.objectsDir);
    } catch (e) {
      if (isMissing(e)) return [];
      throw e;
    }
    for (const dir of dirs) {
      const names = await readdir(join(this.objectsDir, dir)).catch(() => [] as string[]);
      for (const name of names) {
        if (!isFileKey(name)) continue;
        const info = await stat(join(this.objectsDir, dir, name)).catch(() => null);
        if (info && info.mtimeMs <= cutoff) keys.push(name);
      }
    }
    return keys;
  }

  async sweepTemporary(olderThanMs: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tmpDir);
    } catch (e) {
      if (isMissing(e)) return 0;
      throw e;
    }
    let removed = 0;
    const cutoff = Date.now() - olderThanMs;
    for (const name of names.filter((n) => n.endsWith(TEMP_SUFFIX))) {
      const path = join(this.tmpDir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs <= cutoff) {
        await unlink(path).catch(() => undefined);
        removed++;
      }
    }
    return removed;
  }

  private ensureDirs(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.tmpDir, { recursive: true, mode: 0o700 });
      await mkdir(this.objectsDir, { recursive: true, mode: 0o700 });
    })().catch((e: unknown) => {
      this.ready = undefined;
      throw e;
    });
    return this.ready;
  }

  private pathOf(key: string): string {
    if (!isFileKey(key)) throw new InvalidFileKeyError(key);
    return join(this.objectsDir, key.slice(0, 2), key);
  }

  writeStream(input: Readable, opts: WriteOptions): Promise<StoredObject> {
    return this.write(randomBytes(16).toString('hex'), input, opts);
  }

  writeAs(key: string, input: Readable, opts: WriteOptions & { sha256?: string }): Promise<StoredObject> {
    if (!isFileKey(key)) return Promise.reject(new InvalidFileKeyError(key));
    return this.write(key, input, opts);
  }

  private async write(
    key: string,
    input: Readable,
    opts: WriteOptions & { sha256?: string },
  ): Promise<StoredObject> {
    // errors of the input are handled by receiveInto; this keeps an early or late one from going unhandled
    input.on('error', ignore);
    const tmp = join(this.tmpDir, `${randomBytes(16).toString('hex')}${TEMP_SUFFIX}`);
    let fh: FileHandle | undefined;
    let inputDone = false;
    try {
      await this.ensureDirs();
      fh = await open(tmp, 'wx', 0o600);
      const received = await receiveInto(input, fh, opts.maxBytes);
      inputDone = received.inputDone;
      if (received.error) throw received.error;
      if (opts.sha256 && opts.sha256 !== received.sha256)
        throw new ChecksumMismatchError(key, opts.sha256, received.sha256);
      await fh.sync();
      await fh.close();
      fh = undefined;
      const dir = join(this.objectsDir, key.slice(0, 2));
      await this.ensureObjectDir(dir);
      await rename(tmp, this.pathOf(key)).catch(async (e: unknown) => {
        if (!isMissing(e)) throw e;
        // the directory went away since it was made: make it again
        this.objectDirs.delete(dir);
        await this.ensureObjectDir(dir);
        await rename(tmp, this.pathOf(key));
      });
      await this.syncDirectory(dir);
      return { key, size: received.size, sha256: received.sha256, head: received.head, tail: received.tail };
    } catch (e) {
      if (!inputDone) {
        if (opts.drainOnAbort) input.resume();
        else input.destroy();
      }
      await fh?.close().catch(() => undefined);
      await unlink(tmp).catch(() => undefined);
      throw e;
    }
  }

  /** objects/<xx> directories known to exist: one mkdir per directory per process, not one per file. */
  private readonly objectDirs = new Set<string>();

  private async ensureObjectDir(dir: string): Promise<void> {
    if (this.objectDirs.has(dir)) return;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    this.objectDirs.add(dir);
  }

  /**
   * Makes the renames into `dir` durable. Concurrent callers share fsyncs (group commit): while one runs, later
   * callers wait for the next one, which starts after it and so covers every rename done before they asked.
   */
  private syncDirectory(dir: string): Promise<void> {
    let state = this.dirSyncs.get(dir);
    if (!state) {
      state = { running: null, next: null };
      this.dirSyncs.set(dir, state);
    }
    const s = state;
    if (!s.running) {
      s.running = syncDirectory(dir).finally(() => {
        s.running = null;
        if (!s.next && !s.running) this.dirSyncs.delete(dir);
      });
      return s.running;
    }
    s.next ??= s.running.then(() => {
      s.next = null;
      return this.syncDirectory(dir);
    });
    return s.next;
  }

  private readonly dirSyncs = new Map<
    string,
    { running: Promise<void> | null; next: Promise<void> | null }
  >();

  async open(key: string, range?: ByteRange): Promise<OpenedObject> {
    if (!isFileKey(key)) throw new FileNotFoundError(String(key));
    let fh: FileHandle;
    try {
      fh = await open(this.pathOf(key), 'r');
    } catch (e) {
      if (isMissing(e)) throw new FileNotFoundError(key);
      throw e;
    }
    try {
      const { size } = await fh.stat();
      const span = range ? resolveRange(range, size) : { start: 0, end: size - 1 };
      if (!span) throw new RangeNotSatisfiableError(size);
      // an empty file: the whole (empty) file, as fs streams refuse an end before the start
      const stream =
        span.end < span.start
          ? fh.createReadStream({ autoClose: true })
          : fh.createReadStream({ autoClose: true, start: span.start, end: span.end });
      return { stream, size, ...span };
    } catch (e) {
      await fh.close();
      throw e;
    }
  }

  async read(key: string, position: number, length: number): Promise<Buffer> {
    if (!isFileKey(key)) throw new FileNotFoundError(String(key));
    let fh: FileHandle;
    try {
      fh = await open(this.pathOf(key), 'r');
    } catch (e) {
      if (isMissing(e)) throw new FileNotFoundError(key);
      throw e;
    }
    try {
      const buf = Buffer.alloc(length);
      const n = await readAll(fh, buf, position);
      return buf.subarray(0, n);
    } finally {
      await fh.close();
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isFileKey(key)) return false;
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    try {
      await unlink(path);
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
  }
}

/** Fills `buf` from `position` until full or at the end of the file; returns the bytes read. */
async function readAll(fh: FileHandle, buf: Buffer, position: number): Promise<number> {
  let done = 0;
  while (done < buf.length) {
    const { bytesRead } = await fh.read(buf, done, buf.length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done;
}

/** Makes a rename durable; directories cannot be fsynced on every platform, which is then not an error. */
async function syncDirectory(dir: string): Promise<void> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch {
    // EISDIR/EPERM on platforms without directory fsync
  } finally {
    await fh?.close().catch(() => undefined);
  }
}
