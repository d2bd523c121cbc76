import { SNIFF_HEAD_BYTES, SNIFF_TAIL_BYTES } from '@symposium/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import { FileTooLargeError, UploadInterruptedError } from './file-store.js';
import { receiveInto, WriteBufferPool } from './stream-to-file.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * A file handle whose writes complete after a few turns and copy the bytes only then (as the kernel reads the
 * buffer when the write runs), sometimes writing less than asked: a buffer reused too early shows as wrong bytes.
 */
function fakeFile(opts: { partial?: boolean; failAfter?: number } = {}) {
  const parts: Buffer[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let calls = 0;
  const handle = {
    async write(buffer: Buffer, offset: number, length: number) {
      calls++;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        for (let i = 0; i < 1 + (calls % 3); i++) await tick();
        if (opts.failAfter !== undefined && calls > opts.failAfter) throw new Error('disk full');
        const n = opts.partial && length > 1 ? Math.ceil(length / 2) : length;
        parts.push(Buffer.from(buffer.subarray(offset, offset + n)));
        return { bytesWritten: n, buffer };
      } finally {
        inFlight--;
      }
    },
  };
  return {
    fh: handle as unknown as FileHandle,
    bytes: () => Buffer.concat(parts),
    maxInFlight: () => maxInFlight,
  };
}

/** Sends `data` in chunks of random sizes (1 byte to 70 kB), yielding between some of them. */
async function send(input: PassThrough, data: Buffer, seed = 1): Promise<void> {
  let x = seed;
  let at = 0;
  while (at < data.length) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const n = 1 + (x % 70_000);
    input.write(data.subarray(at, at + n));
    at += n;
    if (x % 4 === 0) await tick();
  }
  input.end();
}

describe('receiveInto', () => {
  it.each([0, 1, 1000, SNIFF_TAIL_BYTES - 1, SNIFF_TAIL_BYTES, 200_000, 1_000_003])(
    'writes %i bytes exactly, with their sha256, head and tail',
    async (size) => {
      const data = randomBytes(size);
      const pool = new WriteBufferPool();
      const file = fakeFile({ partial: size % 2 === 1 });
      const input = new PassThrough();
      const received = receiveInto(input, file.fh, 2_000_000, pool);
      await send(input, data, size + 7);
      const r = await received;
      expect(r.error).toBeUndefined();
      expect(r.size).toBe(size);
      expect(file.bytes().equals(data)).toBe(true);
      expect(r.sha256).toBe(sha256(data));
      expect(r.head.equals(data.subarray(0, SNIFF_HEAD_BYTES))).toBe(true);
      expect(r.tail.equals(data.subarray(Math.max(0, size - SNIFF_TAIL_BYTES)))).toBe(true);
      expect(r.inputDone).toBe(true);
    },
  );

  it('keeps at most one write in flight and gives its buffers back to the pool when done', async () => {
    const pool = new WriteBufferPool();
    const data = randomBytes(3_000_000);
    const file = fakeFile();
    const input = new PassThrough();
    const received = receiveInto(input, file.fh, 5_000_000, pool);
    await send(input, data);
    await received;
    expect(file.maxInFlight()).toBe(1);
    expect(pool.available).toBe(2);
  });

  it('never mixes two concurrent uploads sharing a pool', async () => {
    const pool = new WriteBufferPool();
    const runs = [1, 2, 3, 4].map(async (seed) => {
      const data = randomBytes(400_000 + seed * 10_001);
      const file = fakeFile({ partial: seed % 2 === 0 });
      const input = new PassThrough();
      const received = receiveInto(input, file.fh, 1_000_000, pool);
      await send(input, data, seed);
      const r = await received;
      return { ok: file.bytes().equals(data) && r.sha256 === sha256(data) };
    });
    expect(await Promise.all(runs)).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: true }]);
  });

  it('stops at the first byte past the limit', async () => {
    const pool = new WriteBufferPool();
    const file = fakeFile();
    const input = new PassThrough();
    const received = receiveInto(input, file.fh, 300_000, pool);
    void send(input, randomBytes(600_000));
    const r = await received;
    expect(r.error).toBeInstanceOf(FileTooLargeError);
    expect(r.inputDone).toBe(false);
    // the write in flight ends, then both buffers go back
    for (let i = 0; i < 10 && pool.available < 2; i++) await tick();
    expect(pool.available).toBe(2);
  });

  it('reports a failing input as an interrupted upload', async () => {
    const file = fakeFile();
    const input = new PassThrough();
    const received = receiveInto(input, file.fh, 1_000_000, new WriteBufferPool());
    input.write(randomBytes(100_000));
    await tick();
    input.destroy(new Error('connection reset'));
    const r = await received;
    expect(r.error).toBeInstanceOf(UploadInterruptedError);
    expect(r.inputDone).toBe(true);
  });

  it('reports a failing write', async () => {
    const file = fakeFile({ failAfter: 2 });
    const input = new PassThrough();
    const received = receiveInto(input, file.fh, 5_000_000, new WriteBufferPool());
    void send(input, randomBytes(2_000_000));
    const r = await received;
    expect(r.error?.message).toBe('disk full');
  });
});
