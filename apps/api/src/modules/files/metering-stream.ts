import { SNIFF_HEAD_BYTES, SNIFF_TAIL_BYTES } from '@symposium/domain';
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { FileTooLargeError } from './file-store.js';

/**
 * Passes bytes through unchanged while counting them, hashing them (sha256) and keeping the first
 * SNIFF_HEAD_BYTES and the last SNIFF_TAIL_BYTES; fails with FileTooLargeError at the first byte past
 * `maxBytes`. For stores that hand the stream on (S3) rather than write it themselves (receiveInto).
 */
export class MeteringStream extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');
  private readonly head = Buffer.alloc(SNIFF_HEAD_BYTES);
  private headLength = 0;
  /** The last chunks, at least SNIFF_TAIL_BYTES of them once that many have passed. */
  private readonly tailChunks: Buffer[] = [];
  private tailLength = 0;
  private digest?: string;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.size += buf.length;
    if (this.size > this.maxBytes) return done(new FileTooLargeError(this.maxBytes));
    if (this.headLength < this.head.length) this.headLength += buf.copy(this.head, this.headLength);
    this.hash.update(buf);
    this.tailChunks.push(buf);
    this.tailLength += buf.length;
    while (this.tailLength - this.tailChunks[0]!.length >= SNIFF_TAIL_BYTES)
      this.tailLength -= this.tailChunks.shift()!.length;
    done(null, buf);
  }

  override _flush(done: TransformCallback): void {
    this.digest = this.hash.digest('hex');
    done();
  }

  /** What passed, once the stream has ended. */
  result(): { size: number; sha256: string; head: Buffer; tail: Buffer } {
    if (this.digest === undefined) throw new Error('The stream has not ended');
    const last = Buffer.concat(this.tailChunks);
    return {
      size: this.size,
      sha256: this.digest,
      head: Buffer.from(this.head.subarray(0, this.headLength)),
      tail: Buffer.from(last.subarray(Math.max(0, last.length - SNIFF_TAIL_BYTES))),
    };
  }
}
