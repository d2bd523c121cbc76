/**
 * Downloads from the file store the app runs on (disk, or S3 with FILE_STORE=s3): `Range: bytes=a-b` answers
 * 206 with those bytes only, 416 past the end, the whole file when If-Range names another version; a whole
 * download of a file whose sha256 is given is verified as it streams and cut off before its end when the bytes
 * do not agree.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import express from 'express';
import { FileStore } from '../../apps/api/src/modules/files/file-store.js';
import { sendStoredFile } from '../../apps/api/src/modules/files/download.js';
import { FilesService } from '../../apps/api/src/modules/files/files.service.js';
import { LocalDiskFileStore } from '../../apps/api/src/modules/files/local-disk-file-store.js';
import { S3FileStore } from '../../apps/api/src/modules/files/s3-file-store.js';
import { onS3 } from '../support/file-stores.js';
import { pdf, setupPapers, submission, type PapersEnv } from './papers-author.helpers.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The connection ended before Content-Length bytes arrived. */
  cut: boolean;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      const done = (cut: boolean) =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), cut });
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(false));
      res.on('aborted', () => done(true));
      res.on('error', () => done(true));
    });
    req.on('error', reject);
  });
}

describe('downloads from the file store', () => {
  let env: PapersEnv;
  let data: Buffer;
  let key: string;
  let paperId: number;
  let fileId: number;
  let author: Awaited<ReturnType<PapersEnv['t']['user']>>;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    env = await setupPapers();
    author = await env.t.user();
    const track = await env.track();
    data = pdf(`ranges ${'x'.repeat(200_000)}`);
    const res = await env.t
      .call('post', '/api/author/papers', author.auth)
      .field('paper', JSON.stringify(submission(track, [author.id])))
      .attach('files', data, 'paper.pdf');
    expect(res.body).toMatchObject({ _id: expect.any(Number) });
    paperId = res.body._id as number;
    const file = (res.body.abstract as { files: { _id: number; key?: string }[] }).files[0]!;
    fileId = file._id;
    // a bare server that sends a stored object as the API does, with or without the recorded sha256
    const store = env.t.app.get(FileStore);
    key = (await store.keysOlderThan(0))[0]!;
    const app = express();
    app.get('/file/:key', (req, res, next) => {
      sendStoredFile(store, res, {
        key: req.params.key,
        name: 'paper.pdf',
        contentType: 'application/pdf',
        sha256: typeof req.query.sha256 === 'string' ? req.query.sha256 : undefined,
      }).catch(next);
    });
    server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    if (server) await new Promise((r) => server.close(r));
    await env.close();
  });

  it('runs on the store FILE_STORE names', () => {
    expect(env.t.app.get(FileStore)).toBeInstanceOf(onS3() ? S3FileStore : LocalDiskFileStore);
  });

  it('answers a byte range of a paper file with 206 and Content-Range, and 416 past its end', async () => {
    const url = `/api/author/papers/${paperId}/download/${fileId}`;
    const whole = await env.t.call('get', url, author.auth).buffer(true);
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.from(whole.body as Buffer).equals(data)).toBe(true);

    const part = await env.t.call('get', url, author.auth).set('Range', 'bytes=100-199').buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${data.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(Buffer.from(part.body as Buffer).equals(data.subarray(100, 200))).toBe(true);

    const tail = await env.t.call('get', url, author.auth).set('Range', 'bytes=-10').buffer(true);
    expect(tail.status).toBe(206);
    expect(Buffer.from(tail.body as Buffer).equals(data.subarray(data.length - 10))).toBe(true);

    const open = await env.t
      .call('get', url, author.auth)
      .set('Range', `bytes=${data.length - 5}-`)
      .buffer(true);
    expect(open.status).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes ${data.length - 5}-${data.length - 1}/${data.length}`);

    const past = await env.t.call('get', url, author.auth).set('Range', `bytes=${data.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${data.length}`);

    // several ranges, or nonsense: the whole file
    const many = await env.t.call('get', url, author.auth).set('Range', 'bytes=0-1,5-6').buffer(true);
    expect(many.status).toBe(200);
    expect(Buffer.from(many.body as Buffer).length).toBe(data.length);
  });

  it('verifies a whole download against the recorded sha256 and honours If-Range by it', async () => {
    const good = await get(port, `/file/${key}?sha256=${sha256(data)}`);
    expect(good).toMatchObject({ status: 200, cut: false });
    expect(good.headers.etag).toBe(`"${sha256(data)}"`);
    expect(good.body.equals(data)).toBe(true);

    const bad = await get(port, `/file/${key}?sha256=${'0'.repeat(64)}`);
    expect(bad.status).toBe(200);
    expect(bad.body.length).toBeLessThan(data.length);

    const same = await get(port, `/file/${key}?sha256=${sha256(data)}`, {
      range: 'bytes=0-9',
      'if-range': `"${sha256(data)}"`,
    });
    expect(same.status).toBe(206);
    expect(same.body.equals(data.subarray(0, 10))).toBe(true);
    const other = await get(port, `/file/${key}?sha256=${sha256(data)}`, {
      range: 'bytes=0-9',
      'if-range': `"${'1'.repeat(64)}"`,
    });
    expect(other.status).toBe(200);
    expect(other.body.equals(data)).toBe(true);
  });

  it('verifies a stored file opened for an archive against its sha256', async () => {
    const files = env.t.app.get(FilesService);
    const good = await files.openStored(key, sha256(data));
    expect((await buffer(good!.stream)).equals(data)).toBe(true);
    const bad = await files.openStored(key, '0'.repeat(64));
    await expect(buffer(bad!.stream)).rejects.toThrow(/sha256 mismatch/);
    expect(await files.openStored('0'.repeat(32), sha256(data))).toBeNull();
  });

  it('answers 404 for an object that is gone', async () => {
    const store = env.t.app.get(FileStore);
    const { key: gone } = await store.writeStream(Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    await store.remove(gone);
    expect((await get(port, `/file/${gone}`)).status).toBe(404);
  });
});
