import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type BucketLocationConstraint,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3Config } from '../../config/config.js';
import {
  ChecksumMismatchError,
  FileNotFoundError,
  FileStore,
  InvalidFileKeyError,
  isFileKey,
  RangeNotSatisfiableError,
  type ByteRange,
  type OpenedObject,
  type StoredObject,
  type WriteOptions,
} from './file-store.js';
import { MeteringStream } from './metering-stream.js';
import { UploadInterruptedError } from './file-store.js';

/**
 * Multipart part size: S3's minimum (5 MiB). S3 needs each request's length before its body, so an upload
 * gathers one part in memory: a file smaller than that is one PutObject, a larger one is sent part by part
 * (QUEUE_SIZE parts in flight), whatever the file's size.
 */
export const S3_PART_BYTES = 5 * 1024 * 1024;
const QUEUE_SIZE = 1;
/**
 * Part buffers of all uploads of the process together: past this, further uploads wait before reading their
 * input (which stays paused, so the bytes wait in the client's connection) until earlier ones are sent.
 */
export const S3_UPLOAD_MEMORY_BYTES = 256 * 1024 * 1024;

/** A count of bytes shared first come, first served: what uploads may hold in memory at once. */
export class ByteBudget {
  private available: number;
  private readonly waiting: { bytes: number; grant: () => void }[] = [];

  constructor(readonly total: number) {
    this.available = total;
  }

  async take(bytes: number): Promise<void> {
    const n = Math.min(bytes, this.total);
    if (this.waiting.length === 0 && this.available >= n) {
      this.available -= n;
      return;
    }
    await new Promise<void>((grant) => this.waiting.push({ bytes: n, grant }));
  }

  give(bytes: number): void {
    this.available += Math.min(bytes, this.total);
    while (this.waiting.length && this.available >= this.waiting[0]!.bytes) {
      const next = this.waiting.shift()!;
      this.available -= next.bytes;
      next.grant();
    }
  }

  /** Uploads waiting for memory (for tests and metrics). */
  get queued(): number {
    return this.waiting.length;
  }
}

const sharedUploadMemory = new ByteBudget(S3_UPLOAD_MEMORY_BYTES);
const DAY_MS = 24 * 60 * 60 * 1000;
const SHA256 = /^[0-9a-f]{64}$/;

// The SDK warns on every start under Node < 22 that its releases after January 2027 will need Node 22. This
// project supports Node 20.19+ with the SDK version its lockfile pins: the warning is noise in operators'
// logs and in the commands' output (stderr), so it is turned off unless set otherwise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const ignore = () => undefined;
const statusOf = (e: unknown) =>
  (e as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const nameOf = (e: unknown) => (e as { name?: string } | null)?.name;
const isNotFound = (e: unknown) =>
  statusOf(e) === 404 || ['NoSuchKey', 'NotFound', 'NoSuchBucket'].includes(nameOf(e) ?? '');

interface Metered {
  size: number;
  sha256: string;
  head: Buffer;
  tail: Buffer;
  /** The object was written with its sha256 as metadata (else it must be added by a copy). */
  tagged: boolean;
}

/**
 * Files in an S3-compatible bucket (AWS, MinIO, Ceph RGW): objects `${prefix}objects/<xx>/<key>` with their
 * sha256 as metadata (x-amz-meta-sha256). Uploads stream: a file smaller than one part is one PutObject, a
 * larger one a multipart upload of S3_PART_BYTES parts (lib-storage) sent one after the other, each upload's
 * part counted against a budget for the whole process (S3_UPLOAD_MEMORY_BYTES);
 * an object appears only once complete (S3 writes are atomic), and a failed multipart upload is aborted.
 * Copies in (writeAs) go through `${prefix}tmp/` so a checksum mismatch leaves the object of that key as it was.
 */
export class S3FileStore extends FileStore implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('FileStore');
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;
  private bucketReady?: Promise<void>;

  constructor(
    private readonly config: S3Config,
    private readonly partBytes = S3_PART_BYTES,
    private readonly uploadMemory = sharedUploadMemory,
  ) {
    super();
    this.bucket = config.bucket;
    this.prefix = config.prefix ?? '';
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
      // S3-compatible servers (RGW, MinIO) are addressed by path, not by bucket host name
      forcePathStyle: Boolean(config.endpoint),
      // RGW 16 cannot read the SDK's default chunked checksum encoding of streamed bodies (411)
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        httpAgent: { keepAlive: true, maxSockets: 256 },
        httpsAgent: { keepAlive: true, maxSockets: 256 },
      },
    });
  }

  /** Creates the bucket when missing; aborts multipart uploads and removes copies left unfinished for a day. */
  async onModuleInit(): Promise<void> {
    try {
      await this.ensureBucket();
      const removed = await this.sweepUnfinished(DAY_MS);
      if (removed) this.logger.log(`Removed ${removed} unfinished upload(s)`);
    } catch (e) {
      // the bucket is asked for again at the first write
      this.logger.warn(`S3 bucket ${this.bucket} not ready: ${(e as Error).message}`);
    }
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }

  /** Ends the client's connections (command-line tools, tests). */
  close(): void {
    this.client.destroy();
  }

  private objectName(key: string): string {
    if (!isFileKey(key)) throw new InvalidFileKeyError(key);
    return `${this.prefix}objects/${key.slice(0, 2)}/${key}`;
  }

  /** The bucket exists (made here when missing; another instance making it at the same time is fine). */
  ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
        return;
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
      try {
        await this.client.send(
          new CreateBucketCommand({
            Bucket: this.bucket,
            // AWS wants the region named outside us-east-1; S3-compatible servers have their own names
            ...(!this.config.endpoint && this.config.region !== 'us-east-1'
              ? {
                  CreateBucketConfiguration: {
                    LocationConstraint: this.config.region as BucketLocationConstraint,
                  },
                }
              : {}),
          }),
        );
        this.logger.log(`Created S3 bucket ${this.bucket}`);
      } catch (e) {
        if (nameOf(e) === 'BucketAlreadyOwnedByYou') return;
        // made by another instance meanwhile, or someone else's: it is ours when we may use it
        if (nameOf(e) === 'BucketAlreadyExists') {
          await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
          return;
        }
        throw e;
      }
    })().catch((e: unknown) => {
      this.bucketReady = undefined;
      throw e;
    });
    return this.bucketReady;
  }

  /** Aborts multipart uploads and removes tmp/ copies older than `olderThanMs`; answers how many. */
  async sweepUnfinished(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: this.prefix || undefined,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated.getTime() > cutoff) continue;
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }))
          .then(() => removed++, ignore);
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    for (const { name } of await this.list(`${this.prefix}tmp/`, cutoff)) {
      await this.client
        .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }))
        .then(() => removed++, ignore);
    }
    return removed;
  }

  async writeStream(input: Readable, opts: WriteOptions): Promise<StoredObject> {
    const key = randomBytes(16).toString('hex');
    const name = this.objectName(key);
    const got = await this.put(name, input, opts);
    if (!got.tagged) {
      try {
        await this.tag(name, name, got.sha256);
      } catch (e) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name })).catch(ignore);
        throw e;
      }
    }
    return { key, size: got.size, sha256: got.sha256, head: got.head, tail: got.tail };
  }

  async writeAs(
    key: string,
    input: Readable,
    opts: WriteOptions & { sha256?: string },
  ): Promise<StoredObject> {
    if (!isFileKey(key)) throw new InvalidFileKeyError(key);
    const name = this.objectName(key);
    const tmp = `${this.prefix}tmp/${randomBytes(16).toString('hex')}`;
    const got = await this.put(tmp, input, opts, opts.sha256);
    try {
      if (opts.sha256 && opts.sha256 !== got.sha256)
        throw new ChecksumMismatchError(key, opts.sha256, got.sha256);
      await this.tag(tmp, name, got.sha256);
    } finally {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: tmp })).catch(ignore);
    }
    return { key, size: got.size, sha256: got.sha256, head: got.head, tail: got.tail };
  }

  /** Server-side copy of `from` to `to` with the sha256 as the object's metadata. */
  private async tag(from: string, to: string, sha256: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: to,
        CopySource: `${this.bucket}/${from}`,
        MetadataDirective: 'REPLACE',
        Metadata: { sha256 },
      }),
    );
  }

  /**
   * Streams `input` into the object `name`: hashed, measured and sniffed on the way (MeteringStream). A first
   * part is gathered; when the input ends within it, one PutObject carries the bytes and their sha256,
   * otherwise a multipart upload sends it and the rest (with `knownSha256` as metadata when given).
   */
  private async put(
    name: string,
    input: Readable,
    opts: WriteOptions,
    knownSha256?: string,
  ): Promise<Metered> {
    // errors of the input are turned into UploadInterruptedError below; this keeps a late one from going unhandled
    input.on('error', ignore);
    const meter = new MeteringStream(opts.maxBytes);
    let inputDone = false;
    let failure: Error | undefined;
    const fail = (e: Error) => {
      failure ??= e;
      meter.destroy(failure);
    };
    const onEnd = () => (inputDone = true);
    const onError = (e: unknown) => {
      inputDone = true;
      fail(new UploadInterruptedError(e));
    };
    const onClose = () => {
      if (!input.readableEnded) onError(new Error('Input closed before its end'));
    };
    meter.on('error', (e: Error) => (failure ??= e));
    input.on('end', onEnd);
    input.on('error', onError);
    input.on('close', onClose);
    let budget = 0;
    try {
      await this.ensureBucket();
      await this.uploadMemory.take(this.partBytes);
      budget = this.partBytes;
      if (input.errored) onError(input.errored);
      if (failure) throw failure;
      input.pipe(meter);
      const chunks = meter[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const first: Buffer[] = [];
      let gathered = 0;
      let ended = false;
      while (gathered < this.partBytes) {
        const next = await chunks.next();
        if (next.done) {
          ended = true;
          break;
        }
        first.push(next.value);
        gathered += next.value.length;
      }
      if (ended) {
        const { sha256 } = meter.result();
        const body = Buffer.concat(first);
        first.length = 0;
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: name,
            Body: body,
            ContentLength: body.length,
            Metadata: { sha256: knownSha256 ?? sha256 },
          }),
        );
        return { ...meter.result(), tagged: true };
      }
      const rest = async function* () {
        yield* first.splice(0);
        for (;;) {
          const next = await chunks.next();
          if (next.done) return;
          yield next.value;
        }
      };
      const upload = new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key: name,
          Body: Readable.from(rest()),
          ...(knownSha256 ? { Metadata: { sha256: knownSha256 } } : {}),
        },
        partSize: this.partBytes,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      await upload.done();
      if (failure) {
        // cannot happen (a failed body fails the upload), but never keep bytes that did not all arrive
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name })).catch(ignore);
        throw failure;
      }
      return { ...meter.result(), tagged: Boolean(knownSha256) };
    } catch (e) {
      const error = failure ?? (e instanceof Error ? e : new Error(String(e)));
      if (!inputDone) {
        input.unpipe(meter);
        if (opts.drainOnAbort) input.resume();
        else input.destroy();
      }
      meter.destroy();
      throw error;
    } finally {
      this.uploadMemory.give(budget);
      input.off('end', onEnd);
      input.off('error', onError);
      input.off('close', onClose);
    }
  }

  async open(key: string, range?: ByteRange): Promise<OpenedObject> {
    if (!isFileKey(key)) throw new FileNotFoundError(String(key));
    if (range && 'suffix' in range && range.suffix <= 0)
      throw new RangeNotSatisfiableError(await this.sizeOf(key));
    const header = range
      ? 'suffix' in range
        ? `bytes=-${range.suffix}`
        : `bytes=${range.start}-${range.end ?? ''}`
      : undefined;
    let res;
    try {
      res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectName(key), Range: header }),
      );
    } catch (e) {
      if (isNotFound(e)) throw new FileNotFoundError(key);
      if (statusOf(e) === 416 || nameOf(e) === 'InvalidRange')
        throw new RangeNotSatisfiableError(await this.sizeOf(key));
      throw e;
    }
    const stream = res.Body as Readable;
    const length = Number(res.ContentLength ?? 0);
    const span = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
    if (span) return { stream, size: Number(span[3]), start: Number(span[1]), end: Number(span[2]) };
    // no range asked (or the server sent the whole object for it)
    if (range && length > 0) {
      stream.destroy();
      throw new Error(`S3 answered a range request for ${key} without Content-Range`);
    }
    return { stream, size: length, start: 0, end: length - 1 };
  }

  private async sizeOf(key: string): Promise<number> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }),
      );
      return Number(head.ContentLength ?? 0);
    } catch (e) {
      if (isNotFound(e)) throw new FileNotFoundError(key);
      throw e;
    }
  }

  async read(key: string, position: number, length: number): Promise<Buffer> {
    if (!isFileKey(key)) throw new FileNotFoundError(String(key));
    if (length <= 0) return Buffer.alloc(0);
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectName(key),
          Range: `bytes=${position}-${position + length - 1}`,
        }),
      );
      return Buffer.from(await res.Body!.transformToByteArray());
    } catch (e) {
      if (isNotFound(e)) throw new FileNotFoundError(key);
      if (statusOf(e) === 416 || nameOf(e) === 'InvalidRange') return Buffer.alloc(0);
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isFileKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }

  /** The sha256 written as the object's metadata (x-amz-meta-sha256). */
  override async recordedSha256(key: string): Promise<string | undefined> {
    if (!isFileKey(key)) throw new FileNotFoundError(String(key));
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }),
      );
      const recorded = head.Metadata?.sha256;
      return recorded && SHA256.test(recorded) ? recorded : undefined;
    } catch (e) {
      if (isNotFound(e)) throw new FileNotFoundError(key);
      throw e;
    }
  }

  async remove(key: string): Promise<void> {
    const name = this.objectName(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }

  async keysOlderThan(olderThanMs: number): Promise<string[]> {
    const keys: string[] = [];
    for (const { name } of await this.list(`${this.prefix}objects/`, Date.now() - olderThanMs)) {
      const key = name.slice(name.lastIndexOf('/') + 1);
      if (isFileKey(key)) keys.push(key);
    }
    return keys;
  }

  /** Objects under `prefix` last modified at or before `cutoff` (ms since the epoch); none when there is no bucket. */
  private async list(prefix: string, cutoff: number): Promise<{ name: string }[]> {
    const found: { name: string }[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key && o.LastModified && o.LastModified.getTime() <= cutoff) found.push({ name: o.Key });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (e) {
      if (nameOf(e) === 'NoSuchBucket') return [];
      throw e;
    }
    return found;
  }
}
