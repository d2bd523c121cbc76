/**
 * The FileStore contract, on every back end: the local disk, and S3 (a real server: Ceph RGW from
 * .ci/s3-up.sh) when S3_ENDPOINT is set. Under CI=1 the S3 half is mandatory: without S3_ENDPOINT it fails.
 */
import { DeleteBucketCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { SNIFF_HEAD_BYTES, SNIFF_TAIL_BYTES } from '@symposium/domain';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { closeFileStore } from '../../apps/api/src/modules/files/create-file-store.js';
import {
  ChecksumMismatchError,
  FileNotFoundError,
  FileTooLargeError,
  InvalidFileKeyError,
  RangeNotSatisfiableError,
  UploadInterruptedError,
  type FileStore,
} from '../../apps/api/src/modules/files/file-store.js';
import { LocalDiskFileStore } from '../../apps/api/src/modules/files/local-disk-file-store.js';
import { ByteBudget, S3_PART_BYTES, S3FileStore } from '../../apps/api/src/modules/files/s3-file-store.js';
import { ciMode, emptyS3Prefix, storeContents, testS3Config } from '../support/file-stores.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** `size` pseudo-random bytes (a different sequence per seed). */
function bytes(size: number, seed = 1): Buffer {
  const out = Buffer.allocUnsafe(size);
  let x = seed * 2654435761 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** The buffer as a stream of 64 KiB chunks. */
const chunked = (b: Buffer, size = 65536) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < b.length; at += size) yield b.subarray(at, at + size);
    })(),
  );

const s3 = testS3Config();
const backEnds: [string, () => FileStore][] = [
  ['disk', () => new LocalDiskFileStore({ dataDir: mkdtempSync(join(tmpdir(), 'store-contract-')) })],
];
if (s3) backEnds.push(['s3', () => new S3FileStore(s3)]);

if (!s3 && ciMode())
  it('runs the file-store contract on S3 in CI', () => {
    throw new Error(
      'CI is set but S3_ENDPOINT is not: the file-store tests must run on S3 too. Start Ceph RGW with ' +
        '.ci/s3-up.sh and export the settings it prints (S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET), ' +
        'or run .ci/run, which does.',
    );
  });

(s3 ? describe : describe.skip)('S3 specifics', () => {
  it('makes uploads past the memory budget wait their turn, and stores them all', async () => {
    const budget = new ByteBudget(S3_PART_BYTES);
    let mostWaiting = 0;
    const take = budget.take.bind(budget);
    budget.take = (n: number) => {
      const granted = take(n);
      mostWaiting = Math.max(mostWaiting, budget.queued);
      return granted;
    };
    const store = new S3FileStore(s3!, S3_PART_BYTES, budget);
    try {
      const files = [1, 2, 3].map((seed) => bytes(S3_PART_BYTES + 1000 * seed, 20 + seed));
      const stored = await Promise.all(
        files.map((f) => store.writeStream(chunked(f), { maxBytes: f.length })),
      );
      // one part's worth of memory: one upload at a time, the other two waited
      expect(mostWaiting).toBe(2);
      for (const [i, obj] of stored.entries()) {
        expect(obj.sha256).toBe(sha256(files[i]!));
        expect(await store.sha256(obj.key)).toBe(sha256(files[i]!));
      }
      expect(budget.queued).toBe(0);
    } finally {
      await emptyS3Prefix(store);
      store.close();
    }
  });

  it('is created when missing, also by two instances starting at once', async () => {
    const bucket = `symposium-new-${Date.now().toString(36)}`;
    const stores = [new S3FileStore({ ...s3!, bucket }), new S3FileStore({ ...s3!, bucket })];
    try {
      await Promise.all(stores.map((st) => st.ensureBucket()));
      const { key } = await stores[1]!.writeStream(Readable.from([Buffer.from('first')]), { maxBytes: 10 });
      expect(await stores[0]!.exists(key)).toBe(true);
      await stores[0]!.remove(key);
    } finally {
      await stores[0]!.client.send(new DeleteBucketCommand({ Bucket: bucket })).catch(() => undefined);
      for (const st of stores) st.close();
    }
  });
});

describe.each(backEnds)('file store contract on %s', (_backEnd, make) => {
  let store: FileStore;
  beforeAll(async () => {
    store = make();
    await (store as Partial<{ onModuleInit: () => Promise<void> }>).onModuleInit?.();
  });
  afterAll(async () => {
    await emptyS3Prefix(store);
    if (store instanceof LocalDiskFileStore) rmSync(join(store.root, '..'), { recursive: true, force: true });
    closeFileStore(store);
  });

  it('writes a stream and gives back its bytes, size, sha256, head and tail', async () => {
    const data = bytes(300_000, 2);
    const obj = await store.writeStream(chunked(data), { maxBytes: 1_000_000 });
    expect(obj.key).toMatch(/^[0-9a-f]{32}$/);
    expect(obj).toMatchObject({ size: data.length, sha256: sha256(data) });
    expect(obj.head.equals(data.subarray(0, SNIFF_HEAD_BYTES))).toBe(true);
    expect(obj.tail.equals(data.subarray(data.length - SNIFF_TAIL_BYTES))).toBe(true);
    const opened = await store.open(obj.key);
    expect(opened.size).toBe(data.length);
    expect((await buffer(opened.stream)).equals(data)).toBe(true);
    expect(await store.exists(obj.key)).toBe(true);
    expect(await store.sha256(obj.key)).toBe(sha256(data));
  });

  it('stores an empty file and one larger than an S3 part (multipart, its sha256 recorded)', async () => {
    const empty = await store.writeStream(Readable.from([]), { maxBytes: 10 });
    expect(empty).toMatchObject({ size: 0, sha256: sha256(Buffer.alloc(0)) });
    expect((await buffer((await store.open(empty.key)).stream)).length).toBe(0);

    const data = bytes(11 * 1024 * 1024 + 123, 3);
    const obj = await store.writeStream(chunked(data), { maxBytes: data.length });
    expect(obj).toMatchObject({ size: data.length, sha256: sha256(data) });
    expect(obj.tail.equals(data.subarray(data.length - SNIFF_TAIL_BYTES))).toBe(true);
    expect(sha256(await buffer((await store.open(obj.key)).stream))).toBe(sha256(data));
    if (store instanceof S3FileStore) {
      const head = await store.client.send(
        new HeadObjectCommand({
          Bucket: store.bucket,
          Key: `${store.prefix}objects/${obj.key.slice(0, 2)}/${obj.key}`,
        }),
      );
      expect(head.Metadata?.sha256).toBe(sha256(data));
    }
    expect(await store.sha256(obj.key)).toBe(sha256(data));
  });

  it('opens byte ranges and reads at positions', async () => {
    const data = bytes(100_000, 4);
    const { key } = await store.writeStream(chunked(data), { maxBytes: data.length });
    const part = await store.open(key, { start: 10, end: 19 });
    expect(part).toMatchObject({ size: data.length, start: 10, end: 19 });
    expect((await buffer(part.stream)).equals(data.subarray(10, 20))).toBe(true);
    const rest = await store.open(key, { start: 99_990 });
    expect(rest).toMatchObject({ start: 99_990, end: 99_999 });
    expect((await buffer(rest.stream)).equals(data.subarray(99_990))).toBe(true);
    const last = await store.open(key, { suffix: 5 });
    expect(last).toMatchObject({ start: 99_995, end: 99_999 });
    expect((await buffer(last.stream)).equals(data.subarray(99_995))).toBe(true);
    const past = await store.open(key, { start: 99_000, end: 2_000_000 });
    expect(past).toMatchObject({ start: 99_000, end: 99_999 });
    past.stream.destroy();
    await expect(store.open(key, { start: 100_000 })).rejects.toEqual(new RangeNotSatisfiableError(100_000));
    await expect(store.open(key, { start: 100_000 })).rejects.toMatchObject({ size: 100_000 });

    expect((await store.read(key, 500, 1000)).equals(data.subarray(500, 1500))).toBe(true);
    expect((await store.read(key, 99_500, 1000)).equals(data.subarray(99_500))).toBe(true);
    expect((await store.read(key, 200_000, 10)).length).toBe(0);
  });

  it('answers missing objects: not found, not existing, removed twice without error', async () => {
    const missing = 'f'.repeat(32);
    await expect(store.open(missing)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(store.read(missing, 0, 10)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await store.exists(missing)).toBe(false);
    expect(await store.exists('../etc/passwd')).toBe(false);
    await expect(store.open('../etc/passwd')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(store.remove('../etc/passwd')).rejects.toBeInstanceOf(InvalidFileKeyError);
    const { key } = await store.writeStream(Readable.from([Buffer.from('bye')]), { maxBytes: 10 });
    await store.remove(key);
    expect(await store.exists(key)).toBe(false);
    await store.remove(key);
    await expect(store.open(key)).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('refuses a file past maxBytes, small or past one part, and keeps nothing of it', async () => {
    const before = await storeContents(store);
    const small = chunked(bytes(300_000, 5));
    await expect(store.writeStream(small, { maxBytes: 200_000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(small.destroyed).toBe(true);
    const big = chunked(bytes(7 * 1024 * 1024, 6));
    await expect(store.writeStream(big, { maxBytes: 6 * 1024 * 1024 })).rejects.toEqual(
      new FileTooLargeError(6 * 1024 * 1024),
    );
    expect(await storeContents(store)).toEqual(before);
  });

  it('turns a failing input into UploadInterruptedError, keeps nothing, and drains the input when asked', async () => {
    const before = await storeContents(store);
    const failing = new PassThrough();
    const write = store.writeStream(failing, { maxBytes: 20_000_000 });
    failing.write(bytes(6 * 1024 * 1024, 7));
    setImmediate(() => failing.destroy(new Error('client went away')));
    await expect(write).rejects.toBeInstanceOf(UploadInterruptedError);

    // too large with drainOnAbort: the rest of the input is read and dropped, not destroyed
    const part = new PassThrough();
    const drained = store.writeStream(part, { maxBytes: 1000, drainOnAbort: true });
    part.write(bytes(5000, 8));
    await expect(drained).rejects.toBeInstanceOf(FileTooLargeError);
    expect(part.destroyed).toBe(false);
    const ended = new Promise((resolve) => part.once('end', resolve));
    part.end(bytes(100_000, 9));
    await ended;
    expect(await storeContents(store)).toEqual(before);
  });

  it('writes under a given key with its sha256 checked, leaving the old object on a mismatch', async () => {
    const key = 'a1'.repeat(16);
    const good = bytes(50_000, 10);
    const obj = await store.writeAs(key, chunked(good), { maxBytes: 100_000, sha256: sha256(good) });
    expect(obj).toMatchObject({ key, size: good.length, sha256: sha256(good) });
    const bad = bytes(50_000, 11);
    await expect(
      store.writeAs(key, chunked(bad), { maxBytes: 100_000, sha256: sha256(good) }),
    ).rejects.toBeInstanceOf(ChecksumMismatchError);
    expect((await buffer((await store.open(key)).stream)).equals(good)).toBe(true);
    expect(await store.sha256(key)).toBe(sha256(good));
    // a larger copy in (multipart through tmp/) and an unchecked one
    const large = bytes(6 * 1024 * 1024, 12);
    await store.writeAs(key, chunked(large), { maxBytes: large.length, sha256: sha256(large) });
    expect(await store.sha256(key)).toBe(sha256(large));
    await store.writeAs(key, chunked(good), { maxBytes: good.length });
    expect(await store.sha256(key)).toBe(sha256(good));
    await expect(store.writeAs('nope', chunked(good), { maxBytes: 100_000 })).rejects.toBeInstanceOf(
      InvalidFileKeyError,
    );
    expect((await storeContents(store)).filter((n) => !n.includes('objects/'))).toEqual([]);
  });

  it('lists the keys written before a moment, and none that are newer', async () => {
    const { key } = await store.writeStream(Readable.from([Buffer.from('listed')]), { maxBytes: 10 });
    expect(await store.keysOlderThan(0)).toContain(key);
    expect(await store.keysOlderThan(60 * 60 * 1000)).not.toContain(key);
  });
});
