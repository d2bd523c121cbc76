import { Controller, Get, Module, Param, Post, Query, Req, Res, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AllExceptionsFilter } from '../../common/exception.filter.js';
import { APP_CONFIG } from '../../config/config.js';
import { FileStore } from './file-store.js';
import { FilesModule } from './files.module.js';
import { FilesService } from './files.service.js';

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

const LIMIT = 6_000_000; // 6 MB, decimal
const dataDir = mkdtempSync(join(tmpdir(), 'sym-upload-'));
const root = join(dataDir, 'files');

@Controller('upload')
class UploadController {
  constructor(private readonly files: FilesService) {}

  @Post()
  paper(@Req() req: Request) {
    return this.files.receiveOne(req, { kinds: ['doc', 'docx', 'pdf'], maxBytes: LIMIT });
  }

  @Post('submission')
  submission(@Req() req: Request) {
    return this.files.receive(req, {
      kinds: ['doc', 'docx', 'pdf'],
      maxBytes: LIMIT,
      field: 'files',
      maxFiles: 3,
      minFiles: 1,
      fields: ['paper'],
    });
  }

  @Post('slides')
  slides(@Req() req: Request) {
    return this.files.receiveOne(req, { kinds: ['ppt', 'pptx', 'ppsx'], maxBytes: 1_500_000 });
  }

  @Get(':key')
  async download(@Param('key') key: string, @Query('name') name: string, @Res() res: Response) {
    await this.files.sendFile(res, { key, name, contentType: 'application/pdf' });
  }
}

@Module({
  imports: [FilesModule],
  controllers: [UploadController],
})
class UploadTestModule {}

// ---- bodies ----------------------------------------------------------------------------------------------

const pdf = (size = 2000) => {
  const start = Buffer.from('%PDF-1.7\n');
  const end = Buffer.from('\n%%EOF\n');
  return Buffer.concat([start, Buffer.alloc(size - start.length - end.length, 0x20), end]);
};

/** A pseudo-random pdf of `size` bytes (incompressible, so nothing along the way can shrink it). */
const bigPdf = (size: number) => {
  const file = pdf(size);
  let x = 7;
  for (let i = 9; i < size - 7; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    file[i] = x >> 16;
  }
  return file;
};

/** A stored ZIP holding the given entry names. */
function zip(entries: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of entries) {
    const n = Buffer.from(name);
    const data = Buffer.from('<xml/>');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += local.length + n.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
const docx = () => zip(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
const pptx = () => zip(['[Content_Types].xml', '_rels/.rels', 'ppt/presentation.xml']);
const cfb = () => {
  const f = Buffer.alloc(512 * 4);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(f);
  f.writeUInt16LE(3, 0x1a);
  f.writeUInt16LE(0xfffe, 0x1c);
  f.writeUInt16LE(9, 0x1e);
  return f;
};
const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(4000)]);
const mz = () => Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(4000)]);
const png = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500)]);
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(300)]);

const BOUNDARY = 'SymposiumBoundary7MA4YWxkTrZu0gW';
interface RawPart {
  name: string;
  /** Written as is between quotes (may hold CR/LF or NUL). */
  filename?: string;
  /** Written as filename*=UTF-8''<this> (already percent-encoded). */
  filenameStar?: string;
  data: Buffer | string;
}
/** A hand-written multipart body, for what form libraries would refuse to send. */
function multipart(parts: RawPart[], opts: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let disposition = `form-data; name="${p.name}"`;
    if (p.filename !== undefined) disposition += `; filename="${p.filename}"`;
    if (p.filenameStar !== undefined) disposition += `; filename*=UTF-8''${p.filenameStar}`;
    const type =
      p.filename !== undefined || p.filenameStar !== undefined
        ? 'Content-Type: application/octet-stream\r\n'
        : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  if (opts.close !== false) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

// ---- the app ---------------------------------------------------------------------------------------------

let app: INestApplication;
const http = () => request(app.getHttpServer());
const sendRaw = (body: Buffer, path = '/api/upload') =>
  http().post(path).set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`).send(body);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const objects = () => filesUnder(join(root, 'objects'));

beforeAll(async () => {
  const config = {
    module: class TestConfigModule {},
    global: true,
    providers: [{ provide: APP_CONFIG, useValue: { dataDir } }],
    exports: [APP_CONFIG],
  };
  app = await NestFactory.create(
    { module: class TestRootModule {}, imports: [config, UploadTestModule] },
    {
      logger: ['error', 'warn'],
    },
  );
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter());
  await app.init();
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Removes every stored object so each test starts from an empty store. */
async function emptyStore() {
  const store = app.get(FileStore);
  for (const path of objects()) await store.remove(path.split('/').pop()!);
}
beforeEach(emptyStore);

// ---- accepted uploads ------------------------------------------------------------------------------------

describe('an accepted upload', () => {
  it('streams a 5 MB pdf through the multipart parser to disk with its size and sha256, leaving no temporary file', async () => {
    const file = bigPdf(5_000_000);
    const res = await http().post('/api/upload').attach('file', file, 'My paper (v2).pdf');
    expect(res.status).toBe(201);
    const { file: received, fields } = res.body;
    expect(fields).toEqual({});
    expect(received).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{32}$/),
      originalName: 'My paper (v2).pdf',
      size: 5_000_000,
      sha256: sha256(file),
      kind: 'pdf',
      ext: 'pdf',
      contentType: 'application/pdf',
    });
    const stored = readFileSync(join(root, 'objects', received.key.slice(0, 2), received.key));
    expect(sha256(stored)).toBe(sha256(file));
    expect(objects()).toEqual([`${received.key.slice(0, 2)}/${received.key}`]);
    expect(filesUnder(join(root, 'tmp'))).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const res = await http().post('/api/upload').attach('file', bigPdf(LIMIT), 'paper.pdf');
    expect(res.status).toBe(201);
    expect(res.body.file.size).toBe(LIMIT);
  });

  it('accepts a docx and a doc, telling their kinds from the content', async () => {
    const a = await http().post('/api/upload').attach('file', docx(), 'paper.DOCX');
    expect(a.status).toBe(201);
    expect(a.body.file).toMatchObject({ kind: 'docx', originalName: 'paper.DOCX' });
    const b = await http().post('/api/upload').attach('file', cfb(), 'paper.doc');
    expect(b.status).toBe(201);
    expect(b.body.file).toMatchObject({ kind: 'doc', contentType: 'application/msword' });
  });

  it('keeps a non-Latin name and strips the directory a browser may send', async () => {
    const res = await sendRaw(
      multipart([{ name: 'file', filename: 'C:\\fakepath\\Статья 論文.pdf', data: pdf() }]),
    );
    expect(res.status).toBe(201);
    expect(res.body.file.originalName).toBe('Статья 論文.pdf');
  });

  it('receives several files with the allowed text fields, in order', async () => {
    const res = await http()
      .post('/api/upload/submission')
      .field('paper', JSON.stringify({ title: 'On files' }))
      .attach('files', pdf(), 'a.pdf')
      .attach('files', docx(), 'b.docx');
    expect(res.status).toBe(201);
    expect(res.body.fields).toEqual({ paper: '{"title":"On files"}' });
    expect(res.body.files.map((f: { originalName: string }) => f.originalName)).toEqual(['a.pdf', 'b.docx']);
    expect(objects()).toHaveLength(2);
  });

  it('accepts slides where slides are declared', async () => {
    const res = await http().post('/api/upload/slides').attach('file', pptx(), 'talk.ppsx');
    expect(res.status).toBe(201);
    expect(res.body.file).toMatchObject({ kind: 'ppsx' });
  });
});

// ---- downloads -------------------------------------------------------------------------------------------

describe('a download', () => {
  it('is an attachment with an RFC 5987 name, nosniff, its length and its bytes', async () => {
    const file = bigPdf(300_000);
    const up = await http().post('/api/upload').attach('file', file, 'paper.pdf');
    const res = await http()
      .get(`/api/upload/${up.body.file.key}`)
      .query({ name: 'Résumé "final" (1)*.pdf' })
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe('300000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Resume _final_ (1)_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20_final_%20%281%29_.pdf`,
    );
    expect(sha256(res.body as Buffer)).toBe(sha256(file));
  });

  it('never lets a CR/LF of a stored name reach the headers', async () => {
    const up = await http().post('/api/upload').attach('file', pdf(), 'paper.pdf');
    const res = await http()
      .get(`/api/upload/${up.body.file.key}`)
      .query({ name: 'a\r\nSet-Cookie: x=1.pdf' });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="download"; filename*=UTF-8''download`,
    );
  });

  it('answers 404 for a missing file and for a key that is not a key', async () => {
    for (const key of ['0123456789abcdef0123456789abcdef', '..%2F..%2Fetc%2Fpasswd', 'x']) {
      const res = await http().get(`/api/upload/${key}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'files.not_found', message: 'The file could not be obtained' });
    }
  });
});

// ---- refused uploads -------------------------------------------------------------------------------------

type Send = () => request.Test;
const attach =
  (data: Buffer, name: string, path = '/api/upload', field = 'file'): Send =>
  () =>
    http().post(path).attach(field, data, name);
const raw =
  (parts: RawPart[], opts?: { close?: boolean }): Send =>
  () =>
    sendRaw(multipart(parts, opts));

const INVALID = 'Please select a valid file';
const TOO_LARGE = 'Files with size above 6 MB';

const malformed: [string, Send, number, string][] = [
  [
    'a text file named .pdf (wrong magic bytes)',
    attach(Buffer.from('just some text, no pdf at all'), 'paper.pdf'),
    400,
    INVALID,
  ],
  ['a png renamed to .docx', attach(png(), 'paper.docx'), 400, INVALID],
  ['a Windows executable renamed to .pdf', attach(mz(), 'paper.pdf'), 400, INVALID],
  ['an ELF executable renamed to .doc', attach(elf(), 'paper.doc'), 400, INVALID],
  [
    'a shell script renamed to .docx',
    attach(Buffer.from('#!/bin/sh\nrm -rf ~\n'), 'paper.docx'),
    400,
    INVALID,
  ],
  ['a real pdf named .exe', attach(pdf(), 'paper.exe'), 400, INVALID],
  ['a file without extension', attach(pdf(), 'paper'), 400, INVALID],
  ['an mp4 where only papers are accepted', attach(mp4(), 'paper.mp4'), 400, INVALID],
  ['an empty file', raw([{ name: 'file', filename: 'paper.pdf', data: '' }]), 400, INVALID],
  ['a file one byte over the limit', attach(bigPdf(LIMIT + 1), 'paper.pdf'), 413, TOO_LARGE],
  ['a body declaring far more than the limit', attach(bigPdf(LIMIT + 200_000), 'paper.pdf'), 413, TOO_LARGE],
  ['a truncated pdf', attach(bigPdf(100_000).subarray(0, 60_000), 'paper.pdf'), 400, INVALID],
  [
    'a pdf without %%EOF',
    attach(Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n'), 'paper.pdf'),
    400,
    INVALID,
  ],
  ['a zip without word/ named .docx', attach(zip(['readme.txt', 'src/main.c']), 'paper.docx'), 400, INVALID],
  ['slides named .docx', attach(pptx(), 'paper.docx'), 400, INVALID],
  ['a truncated docx', attach(docx().subarray(0, 150), 'paper.docx'), 400, INVALID],
  ['a docx named .doc', attach(docx(), 'paper.doc'), 400, INVALID],
  ['a doc named .docx', attach(cfb(), 'paper.docx'), 400, INVALID],
  ['a compound file cut after its header', attach(cfb().subarray(0, 600), 'paper.doc'), 400, INVALID],
  ['a name with ../', raw([{ name: 'file', filename: '../../etc/paper.pdf', data: pdf() }]), 400, INVALID],
  ['a name with ..\\', raw([{ name: 'file', filename: '..\\..\\paper.pdf', data: pdf() }]), 400, INVALID],
  [
    'a name with CR/LF (encoded)',
    raw([{ name: 'file', filenameStar: 'paper%0D%0AX-Evil%3A%201.pdf', data: pdf() }]),
    400,
    INVALID,
  ],
  [
    'a name with a raw CR/LF (the part header cannot be read, so there is no file)',
    raw([{ name: 'file', filename: 'paper\r\nX-Evil: 1.pdf', data: pdf() }]),
    400,
    'Please select a file to upload',
  ],
  ['a name with NUL', raw([{ name: 'file', filenameStar: 'paper.pdf%00.exe', data: pdf() }]), 400, INVALID],
  [
    'a name with a right-to-left override',
    raw([{ name: 'file', filenameStar: 'paper%E2%80%AEfdp.exe', data: pdf() }]),
    400,
    INVALID,
  ],
  ['a very long name', attach(pdf(), `${'a'.repeat(1000)}.pdf`), 400, INVALID],
  ['a name that is only an extension', attach(pdf(), '.pdf'), 400, INVALID],
  [
    'two files in one request',
    () => http().post('/api/upload').attach('file', pdf(), 'a.pdf').attach('file', pdf(), 'b.pdf'),
    400,
    'Please upload one file at a time',
  ],
  [
    'more files than allowed',
    () =>
      http()
        .post('/api/upload/submission')
        .attach('files', pdf(), 'a.pdf')
        .attach('files', pdf(), 'b.pdf')
        .attach('files', pdf(), 'c.pdf')
        .attach('files', pdf(), 'd.pdf'),
    400,
    'Please upload at most 3 files at a time',
  ],
  [
    'no file at all (only an unexpected field)',
    () => http().post('/api/upload').field('title', 'x'),
    400,
    'Unexpected form field "title"',
  ],
  [
    'an empty multipart form',
    () => sendRaw(Buffer.from(`--${BOUNDARY}--\r\n`)),
    400,
    'Please select a file to upload',
  ],
  [
    'an empty file input of a browser form',
    raw([{ name: 'file', filename: '', data: '' }]),
    400,
    'Please select a file to upload',
  ],
  [
    'the wrong field name',
    attach(pdf(), 'paper.pdf', '/api/upload', 'document'),
    400,
    'Please send the file in the "file" field',
  ],
  [
    'a good file then a bad one',
    () =>
      http().post('/api/upload/submission').attach('files', pdf(), 'a.pdf').attach('files', elf(), 'b.pdf'),
    400,
    INVALID,
  ],
  [
    'a field sent twice',
    () =>
      http()
        .post('/api/upload/submission')
        .field('paper', '{}')
        .field('paper', '{}')
        .attach('files', pdf(), 'a.pdf'),
    400,
    'The "paper" field was sent more than once',
  ],
  [
    'a JSON body',
    () => http().post('/api/upload').send({ file: 'JVBERi0=' }),
    415,
    'Please send the file as multipart/form-data',
  ],
  [
    'a raw pdf body',
    () => http().post('/api/upload').set('Content-Type', 'application/pdf').send(pdf()),
    415,
    'Please send the file as multipart/form-data',
  ],
  [
    'multipart without a boundary',
    () => http().post('/api/upload').set('Content-Type', 'multipart/form-data').send('x'),
    415,
    'Please send the file as multipart/form-data',
  ],
  [
    'a body cut before its closing boundary',
    raw([{ name: 'file', filename: 'paper.pdf', data: pdf() }], { close: false }),
    400,
    'The upload was interrupted or malformed, please try again',
  ],
  [
    'a body cut inside the file',
    () =>
      sendRaw(
        multipart([{ name: 'file', filename: 'paper.pdf', data: bigPdf(200_000) }]).subarray(0, 120_000),
      ),
    400,
    'The upload was interrupted or malformed, please try again',
  ],
  [
    'a part header that never ends',
    () =>
      sendRaw(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n${'X-Pad: 1\r\n'.repeat(3000)}`,
        ),
      ),
    400,
    'The upload was interrupted or malformed, please try again',
  ],
  [
    'slides over their own 1.5 MB limit',
    attach(Buffer.concat([pptx(), Buffer.alloc(1_500_000)]), 'talk.pptx', '/api/upload/slides'),
    413,
    'Files with size above 1.5 MB',
  ],
];

describe('a malformed upload', () => {
  it('has at least 20 cases', () => expect(malformed.length).toBeGreaterThanOrEqual(20));

  it.each(malformed)('is refused: %s', async (_what, send, status, message) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(res.body.code).toMatch(/^files\./);
    expect(filesUnder(root)).toEqual([]);
  });

  it('is cleaned up when the client goes away mid-file', async () => {
    const body = multipart([{ name: 'file', filename: 'paper.pdf', data: bigPdf(3_000_000) }]);
    const server = app.getHttpServer() as import('node:http').Server;
    if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as import('node:net').AddressInfo;
    const req = (await import('node:http')).request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': body.length },
    });
    req.on('error', () => undefined);
    req.write(body.subarray(0, 1_000_000));
    // wait until the server has started writing the file, then drop the connection
    for (let i = 0; i < 500 && filesUnder(join(root, 'tmp')).length === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(filesUnder(join(root, 'tmp'))).toHaveLength(1);
    req.destroy();
    for (let i = 0; i < 500 && filesUnder(root).length > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(filesUnder(root)).toEqual([]);
  });

  it('leaves the store usable afterwards', async () => {
    const res = await http().post('/api/upload').attach('file', pdf(), 'paper.pdf');
    expect(res.status).toBe(201);
  });
});
