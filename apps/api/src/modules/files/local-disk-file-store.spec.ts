import { createHash } from 'node:crypto';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import {
  FileNotFoundError,
  FileTooLargeError,
  InvalidFileKeyError,
  UploadInterruptedError,
} from './file-store.js';
import { LocalDiskFileStore } from './local-disk-file-store.js';

/** Every file under a directory, as paths relative to it. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
      .sort();
  } catch {
    return [];
  }
}

/** A stream of `size` pseudo-random bytes in 64 KiB chunks, produced on demand (never held whole). */
function randomStream(size: number, seed = 1): { stream: Readable; sha256: Promise<string> } {
  const hash = createHash('sha256');
  let sent = 0;
  let x = seed;
  let resolveSha!: (s: string) => void;
  const sha256 = new Promise<string>((r) => (resolveSha = r));
  const stream = new Readable({
    read() {
      if (sent >= size) {
        resolveSha(hash.digest('hex'));
        this.push(null);
        return;
      }
      const n = Math.min(65536, size - sent);
      const chunk = Buffer.alloc(n);
      for (let i = 0; i < n; i++) {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        chunk[i] = x >> 16;
      }
      sent += n;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256 };
}

describe('LocalDiskFileStore', () => {
  let dataDir: string;
  let store: LocalDiskFileStore;
  let root: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sym-files-'));
    store = new LocalDiskFileStore({ dataDir });
    root = join(dataDir, 'files');
  });

  it('streams a file into a random key under dataDir/files, with its size, sha256, head and tail', async () => {
    const { stream, sha256 } = randomStream(3_000_000);
    const obj = await store.writeStream(stream, { maxBytes: 3_000_000 });
    expect(obj.key).toMatch(/^[0-9a-f]{32}$/);
    expect(obj.size).toBe(3_000_000);
    expect(obj.sha256).toBe(await sha256);
    const onDisk = readFileSync(join(root, 'objects', obj.key.slice(0, 2), obj.key));
    expect(createHash('sha256').update(onDisk).digest('hex')).toBe(obj.sha256);
    expect(obj.head).toEqual(onDisk.subarray(0, 8192));
    expect(obj.tail).toEqual(onDisk.subarray(onDisk.length - 65536));
    expect(filesUnder(join(root, 'tmp'))).toEqual([]);
    expect(statSync(join(root, 'objects', obj.key.slice(0, 2), obj.key)).mode & 0o077).toBe(0);
  });

  it('keeps a small file whole in head and tail', async () => {
    const obj = await store.writeStream(Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
      maxBytes: 100,
    });
    expect(obj.head.toString()).toBe('hello world');
    expect(obj.tail.toString()).toBe('hello world');
    expect(obj.sha256).toBe(createHash('sha256').update('hello world').digest('hex'));
  });

  it('stores an empty stream as an empty object (the upload check refuses it, not the store)', async () => {
    const obj = await store.writeStream(Readable.from([]), { maxBytes: 100 });
    expect(obj.size).toBe(0);
    expect(obj.head.length).toBe(0);
    expect(await store.exists(obj.key)).toBe(true);
  });

  it('gives a different key to the same content written twice', async () => {
    const a = await store.writeStream(Readable.from([Buffer.from('same')]), { maxBytes: 10 });
    const b = await store.writeStream(Readable.from([Buffer.from('same')]), { maxBytes: 10 });
    expect(a.key).not.toBe(b.key);
    expect(a.sha256).toBe(b.sha256);
  });

  it('aborts past maxBytes, destroying the input and leaving no file behind', async () => {
    const { stream } = randomStream(1_000_000);
    await expect(store.writeStream(stream, { maxBytes: 200_000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(stream.destroyed).toBe(true);
    expect(filesUnder(root)).toEqual([]);
  });

  it('drains the rest of the input instead when asked to (a multipart parser must reach the end)', async () => {
    const { stream } = randomStream(1_000_000);
    let ended = false;
    stream.on('end', () => (ended = true));
    const closed = new Promise((r) => stream.once('close', r));
    await expect(store.writeStream(stream, { maxBytes: 200_000, drainOnAbort: true })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    await closed;
    expect(ended).toBe(true);
    expect(filesUnder(root)).toEqual([]);
  });

  it('reports an input that fails midway as interrupted and removes the temporary file', async () => {
    const input = new PassThrough();
    const pending = store.writeStream(input, { maxBytes: 1_000_000 });
    input.write(Buffer.alloc(10_000, 1));
    setImmediate(() => input.destroy(new Error('Unexpected end of file')));
    await expect(pending).rejects.toBeInstanceOf(UploadInterruptedError);
    expect(filesUnder(root)).toEqual([]);
  });

  it('opens, reads, tells existence and removes idempotently', async () => {
    const obj = await store.writeStream(Readable.from([Buffer.from('0123456789')]), { maxBytes: 100 });
    const opened = await store.open(obj.key);
    expect(opened.size).toBe(10);
    expect(await text(opened.stream)).toBe('0123456789');
    expect((await store.read(obj.key, 3, 4)).toString()).toBe('3456');
    expect((await store.read(obj.key, 8, 100)).toString()).toBe('89');
    expect(await store.exists(obj.key)).toBe(true);
    await store.remove(obj.key);
    await store.remove(obj.key);
    expect(await store.exists(obj.key)).toBe(false);
    await expect(store.open(obj.key)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(filesUnder(join(root, 'objects'))).toEqual([]);
  });

  it('never turns a key into a path outside the store', async () => {
    for (const key of [
      '../../etc/passwd',
      '..',
      'ABCDEF0123456789ABCDEF0123456789',
      'g'.repeat(32),
      '',
      '0'.repeat(31),
    ]) {
      expect(await store.exists(key)).toBe(false);
      await expect(store.open(key)).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(store.read(key, 0, 1)).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(store.remove(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    }
  });

  it('sweeps temporary files left by a crash once they are old, keeping uploads in progress', async () => {
    mkdirSync(join(root, 'tmp'), { recursive: true });
    writeFileSync(join(root, 'tmp', 'old.part'), 'x');
    writeFileSync(join(root, 'tmp', 'new.part'), 'y');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    utimesSync(join(root, 'tmp', 'old.part'), twoDaysAgo, twoDaysAgo);
    await store.onModuleInit();
    expect(filesUnder(join(root, 'tmp'))).toEqual(['new.part']);
  });
});
