/**
 * The streaming upload path (issue 12): files written in batches with one writev while the next batch
 * arrives, head and tail kept in memory, directory fsyncs shared between concurrent uploads. Each accepted
 * upload has its row (key, size, sha256) and its bytes on disk with that sha256; refused, truncated and
 * aborted uploads answer 4xx (or nothing, when the client left) and leave neither a row nor a file.
 */
import { FILE_MESSAGES, fileTooLargeMessage, type PaperDto } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { FileStore } from '../../apps/api/src/modules/files/file-store.js';
import { paperFilesTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { onS3, unfinishedUploads } from '../support/file-stores.js';
import { pdf, setupPapers, submission, type PapersEnv } from './papers-author.helpers.js';

type User = Awaited<ReturnType<PapersEnv['t']['user']>>;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A PDF of `size` bytes whose content depends on `seed` everywhere (no two files agree at any offset). */
function bigPdf(size: number, seed: number): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% streaming upload ${seed}\n`);
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  const body = Buffer.allocUnsafe(size - head.length - tail.length);
  let x = seed * 2654435761 || 1;
  for (let i = 0; i < body.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    body[i] = 0x30 + ((x >>> 0) % 40);
  }
  return Buffer.concat([head, body, tail]);
}

const BOUNDARY = 'streamingBoundary42';
const partHead = (name: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
const partEnd = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

describe('streaming uploads', () => {
  let env: PapersEnv;
  let author: User;
  let track: number;
  let cameraTrack: number;
  let port: number;
  const papers: PaperDto[] = [];

  const rowsOf = (paperId: number) =>
    env.t.db.select().from(paperFilesTable).where(eq(paperFilesTable.paperId, paperId));
  const stored = (key: string) => env.storedBytes(key);
  /** Temporary files (disk) or unfinished multipart uploads and copies (S3). */
  const temporary = () => unfinishedUploads(env.t.app.get(FileStore));

  /**
   * POST …/upload?p=<part> over a raw connection, the body sent in `chunk`-byte writes (each after the
   * previous one drained). `stopAfter`: the client destroys the connection after that many bytes.
   */
  const send = (
    paperId: number,
    part: string,
    body: Buffer,
    opts: {
      chunk?: number;
      /** The client sends this many bytes, awaits `beforeAbort`, then destroys the connection. */
      stopAfter?: number;
      beforeAbort?: () => Promise<void>;
      /** Chunked transfer encoding: no Content-Length, so only the store can find the file too large. */
      chunked?: boolean;
    } = {},
  ) =>
    new Promise<{ status: number; body: Record<string, unknown> } | 'aborted'>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/author/papers/${paperId}/upload?p=${part}`,
        headers: {
          authorization: author.auth[1],
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          ...(opts.chunked ? {} : { 'content-length': body.length }),
        },
        agent: false,
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', (e) => (opts.stopAfter !== undefined ? resolve('aborted') : reject(e)));
      const chunk = opts.chunk ?? 64 * 1024;
      const limit = opts.stopAfter ?? body.length;
      let at = 0;
      const next = () => {
        while (at < limit) {
          const piece = body.subarray(at, Math.min(limit, at + chunk));
          at += piece.length;
          if (!req.write(piece)) return void req.once('drain', next);
        }
        if (opts.stopAfter !== undefined) {
          // leave mid-body, once the server is storing what it had
          void (opts.beforeAbort?.() ?? Promise.resolve()).then(() => {
            req.destroy();
            resolve('aborted');
          });
        } else req.end();
      };
      next();
    });

  /** Waits for a condition of the store (an aborted upload's file is removed asynchronously). */
  const until = async (condition: () => Promise<boolean>) => {
    while (!(await condition())) await sleep(5);
  };

  beforeAll(async () => {
    env = await setupPapers();
    author = await env.t.user();
    track = await env.track({ submissionProperties: { minFilesLimit: 1, maxFilesLimit: 3 } });
    cameraTrack = await env.track({ cameraReadySubmissionProperties: { fileSizeLimit: 1 } });
    for (const t of [track, track, track, track, track, cameraTrack]) {
      const res = await env.t
        .call('post', '/api/author/papers', author.auth)
        .field('paper', JSON.stringify(submission(t, [author.id])))
        .attach('files', pdf('submitted'), 'submitted.pdf');
      expect(res.status).toBe(201);
      papers.push(res.body as PaperDto);
    }
    await env.setActivity(track, 'canEditPaper', true, null);
    await env.setActivity(cameraTrack, 'canSubmitCameraReady', true, null);
    await env.accept(papers[5]!._id);
    const server = env.t.app.getHttpServer() as http.Server;
    if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await env.close();
  });

  it('streams a 6 MB file sent in small writes: 201, the row, and the bytes on disk with its sha256', async () => {
    const file = bigPdf(6_000_000, 1);
    const body = Buffer.concat([partHead('big.pdf'), file, partEnd]);
    const res = await send(papers[0]!._id, 'abstract', body, { chunk: 7_001 });
    expect(res).not.toBe('aborted');
    const { status, body: answer } = res as Exclude<typeof res, 'aborted'>;
    expect(status).toBe(201);
    expect(answer.file).toMatchObject({ name: 'big.pdf', size: file.length, sha256: sha256(file) });
    const row = (await rowsOf(papers[0]!._id)).find((r) => r.name === 'big.pdf')!;
    expect(row).toMatchObject({ size: file.length, sha256: sha256(file), contentType: 'application/pdf' });
    expect(sha256(await stored(row.key))).toBe(sha256(file));
    expect(await temporary()).toEqual([]);
  });

  it('keeps concurrent uploads apart: each row names its own bytes', async () => {
    const files = [2, 3, 4, 5].map((seed) => bigPdf(1_500_000 + seed * 1_000, seed));
    const answers = await Promise.all(
      files.map((file, i) =>
        send(papers[i + 1]!._id, 'abstract', Buffer.concat([partHead(`c${i}.pdf`), file, partEnd])),
      ),
    );
    for (const [i, file] of files.entries()) {
      expect(answers[i]).toMatchObject({ status: 201 });
      const row = (await rowsOf(papers[i + 1]!._id)).find((r) => r.name === `c${i}.pdf`)!;
      expect(row).toMatchObject({ size: file.length, sha256: sha256(file) });
      expect((await stored(row.key)).equals(file)).toBe(true);
    }
    expect(await temporary()).toEqual([]);
  });

  it('refuses a file past the limit after part of it was written, leaving nothing', async () => {
    const before = await env.storedFiles();
    const rows = (await rowsOf(papers[5]!._id)).length;
    const body = Buffer.concat([partHead('camera.pdf'), bigPdf(1_600_000, 6), partEnd]);
    const res = await send(papers[5]!._id, 'pdf', body, { chunk: 10_000, chunked: true });
    expect(res).toMatchObject({ status: 413, body: { message: fileTooLargeMessage(1) } });
    expect(await rowsOf(papers[5]!._id)).toHaveLength(rows);
    expect(await env.storedFiles()).toEqual(before);
  });

  it('refuses bytes that are not what the name says (checked from the stored head and tail), leaving nothing', async () => {
    const before = await env.storedFiles();
    const rows = (await rowsOf(papers[1]!._id)).length;
    const notPdf = Buffer.alloc(2_000_000, 0x41);
    const res = await send(
      papers[1]!._id,
      'abstract',
      Buffer.concat([partHead('fake.pdf'), notPdf, partEnd]),
    );
    expect(res).toMatchObject({ status: 400 });
    expect(await rowsOf(papers[1]!._id)).toHaveLength(rows);
    expect(await env.storedFiles()).toEqual(before);
  });

  it('answers a truncated multipart body (no closing boundary) with 400, leaving nothing', async () => {
    const before = await env.storedFiles();
    const rows = (await rowsOf(papers[2]!._id)).length;
    const body = Buffer.concat([partHead('cut.pdf'), bigPdf(1_000_000, 7)]);
    const res = await send(papers[2]!._id, 'abstract', body);
    expect(res).toMatchObject({ status: 400, body: { message: FILE_MESSAGES.malformed } });
    expect(await rowsOf(papers[2]!._id)).toHaveLength(rows);
    expect(await env.storedFiles()).toEqual(before);
  });

  it('removes what an aborted upload wrote: no row, no object, no temporary file', async () => {
    const before = await env.storedFiles();
    const rows = (await rowsOf(papers[3]!._id)).length;
    // on S3 an upload shows while it runs once it is a multipart upload: past one part (5 MiB)
    const file = onS3() ? bigPdf(9_000_000, 8) : bigPdf(4_000_000, 8);
    const body = Buffer.concat([partHead('gone.pdf'), file, partEnd]);
    const res = await send(papers[3]!._id, 'abstract', body, {
      stopAfter: onS3() ? 7_000_000 : 2_500_000,
      beforeAbort: () => until(async () => (await temporary()).length > 0),
    });
    expect(res).toBe('aborted');
    await until(async () => (await temporary()).length === 0);
    expect(await rowsOf(papers[3]!._id)).toHaveLength(rows);
    expect(await env.storedFiles()).toEqual(before);
    // the server still answers on a new connection
    const ok = await send(
      papers[3]!._id,
      'abstract',
      Buffer.concat([partHead('after.pdf'), pdf('after'), partEnd]),
    );
    expect(ok).toMatchObject({ status: 201 });
  });
});
