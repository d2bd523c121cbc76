import { SNIFF_HEAD_BYTES, SNIFF_TAIL_BYTES } from '@symposium/domain';
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { FileTooLargeError, UploadInterruptedError } from './file-store.js';

/** A write starts once this much is gathered (or the input ended); never less than the tail kept. */
const WRITE_MIN_BYTES = Math.max(64 * 1024, SNIFF_TAIL_BYTES);
/** Size of each write buffer: what gathers while the previous write is in flight, at most. */
const WRITE_BUFFER_BYTES = 2 * WRITE_MIN_BYTES;
/** Free write buffers kept for the next uploads (8 MB); more are left to the garbage collector. */
const POOL_KEEP = 64;

/**
 * Write buffers shared by uploads. Chunks are copied into them, so the network's chunks die young instead of
 * living until their write completes: under many concurrent uploads those were promoted to the old generation
 * by the hundreds of megabytes, each 64 MB of them a full garbage collection of the whole heap.
 */
export class WriteBufferPool {
  private readonly free: Buffer[] = [];

  constructor(
    readonly size = WRITE_BUFFER_BYTES,
    private readonly keep = POOL_KEEP,
  ) {}

  take(): Buffer {
    // never handed out with another upload's bytes in a part that is written: only filled parts are
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.size);
  }

  give(buffer: Buffer): void {
    if (this.free.length < this.keep) this.free.push(buffer);
  }

  /** Free buffers (for tests). */
  get available(): number {
    return this.free.length;
  }
}

export const sharedWriteBuffers = new WriteBufferPool();

export interface Received {
  size: number;
  sha256: string;
  head: Buffer;
  tail: Buffer;
  /** The input reached its end or failed: nothing is left to drain or destroy. */
  inputDone: boolean;
  error?: Error;
}

/**
 * Streams `input` into `fh`: hashes each chunk once as it arrives, keeps the first SNIFF_HEAD_BYTES (copied)
 * and takes the last SNIFF_TAIL_BYTES from the last two writes (no read-back), and copies the chunks into two
 * write buffers: one gathers while the other is written, so a write starts as soon as the previous one ends
 * and grows with the disk's delay (up to the buffer size). The input pauses when both buffers are busy, so an
 * upload holds at most two buffers and the rest of one chunk. Stops at the first byte past `maxBytes`
 * (FileTooLargeError) or a failing input (UploadInterruptedError); never rejects. Buffers go back to the pool
 * once no write uses them.
 */
export function receiveInto(
  input: Readable,
  fh: FileHandle,
  maxBytes: number,
  pool: WriteBufferPool = sharedWriteBuffers,
): Promise<Received> {
  return new Promise((resolve) => {
    const hash = createHash('sha256');
    const head = Buffer.alloc(SNIFF_HEAD_BYTES);
    let headLength = 0;
    let size = 0;
    /** The buffer gathering chunks, and how much of it is filled. */
    let gathering: Buffer | null = null;
    let filled = 0;
    /** The other buffer: being written (writing), or holding the last batch written (its first `lastLength` bytes). */
    let other: Buffer | null = null;
    let lastLength = 0;
    /** The batch written before that one: the first `previousLength` bytes of `gathering` until it gathers again. */
    let previousLength = 0;
    let writing = false;
    /** The part of a chunk that did not fit while both buffers were busy (the input is paused meanwhile). */
    let held: Buffer | null = null;
    let ended = false;
    let settled = false;
    let released = false;

    /** Both buffers back to the pool, once finished and no write reads from them. */
    const release = () => {
      if (released || !settled || writing) return;
      released = true;
      if (gathering) pool.give(gathering);
      if (other) pool.give(other);
      gathering = other = null;
    };
    const finish = (inputDone: boolean, error?: Error) => {
      if (settled) return;
      settled = true;
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onError);
      input.off('close', onClose);
      if (error) {
        release();
        return resolve({ size, sha256: '', head, tail: head, inputDone, error });
      }
      // Every byte is written and none gathered since: the last batch is in `other`, the one before it still in
      // `gathering`. Every batch but the last has at least WRITE_MIN_BYTES ≥ SNIFF_TAIL_BYTES, so the tail is in
      // those two.
      const last = other ? other.subarray(0, lastLength) : Buffer.alloc(0);
      const need = Math.min(SNIFF_TAIL_BYTES, size) - last.length;
      const tail =
        need > 0 && gathering
          ? Buffer.concat([gathering.subarray(previousLength - need, previousLength), last])
          : Buffer.from(last.subarray(Math.max(0, last.length - SNIFF_TAIL_BYTES)));
      release();
      resolve({ size, sha256: hash.digest('hex'), head: head.subarray(0, headLength), tail, inputDone });
    };
    /** Writes the gathered bytes; the other buffer (free: no write in flight) gathers next. */
    const startWrite = () => {
      const batch = gathering!;
      const length = filled;
      previousLength = lastLength;
      gathering = other ?? pool.take();
      other = batch;
      lastLength = length;
      filled = 0;
      writing = true;
      writeAll(fh, batch, length).then(
        () => {
          writing = false;
          if (settled) return release();
          if (held) {
            const rest = held;
            held = null;
            put(rest);
            if (!held && !ended) input.resume();
          }
          if (!writing) {
            if (filled >= WRITE_MIN_BYTES || (ended && filled > 0)) startWrite();
            else if (ended && !held) finish(true);
          }
        },
        (e: unknown) => {
          writing = false;
          finish(ended, e instanceof Error ? e : new Error(String(e)));
          release();
        },
      );
    };
    /** Copies a chunk into the gathering buffer, starting writes as buffers fill; holds what does not fit. */
    const put = (chunk: Buffer) => {
      let at = 0;
      while (at < chunk.length) {
        gathering ??= pool.take();
        const n = chunk.copy(gathering, filled, at);
        filled += n;
        at += n;
        if (filled < gathering.length) break;
        if (writing) {
          // both buffers busy: wait for the write, keeping the rest of this chunk
          held = chunk.subarray(at);
          input.pause();
          return;
        }
        startWrite();
      }
      if (!writing && filled >= WRITE_MIN_BYTES) startWrite();
    };
    const onData = (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (size > maxBytes) return finish(false, new FileTooLargeError(maxBytes));
      if (headLength < head.length) headLength += buf.copy(head, headLength);
      hash.update(buf);
      put(buf);
    };
    const onEnd = () => {
      ended = true;
      if (writing || held) return; // the write's end goes on
      if (filled > 0) startWrite();
      else finish(true);
    };
    const onError = (e: unknown) => {
      ended = true;
      finish(true, new UploadInterruptedError(e));
    };
    const onClose = () => {
      if (!ended) onError(new Error('Input closed before its end'));
    };
    input.on('data', onData);
    input.on('end', onEnd);
    input.on('error', onError);
    input.on('close', onClose);
    if (input.errored) onError(input.errored);
    else if (input.readableEnded) onEnd();
  });
}

/** Writes `buffer[0, length)` at the file's position, until all is written. */
async function writeAll(fh: FileHandle, buffer: Buffer, length: number): Promise<void> {
  let done = 0;
  while (done < length) {
    const { bytesWritten } = await fh.write(buffer, done, length - done);
    done += bytesWritten;
  }
}
