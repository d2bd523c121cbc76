/**
 * Paper files on the author side: uploads into each part (add, replace, limits), deletion (never below
 * minFilesLimit), downloads (attachment, nosniff, only the paper's authors), and malformed uploads — every
 * one refused with a 4xx and a clear message, no 500, and no file left in the store.
 */
import { fileTooLargeMessage, maxFilesMessage, PAPER_MESSAGES, type PaperDto } from '@symposium/domain';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { paperFilesTable } from '../../apps/api/src/modules/papers/papers.table.js';
import {
  cfb,
  docx,
  mp4,
  pdf,
  pptx,
  setupPapers,
  submission,
  zip,
  type PapersEnv,
} from './papers-author.helpers.js';

type User = Awaited<ReturnType<PapersEnv['t']['user']>>;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A pdf of exactly `size` bytes. */
function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x41), tail]);
}

/** A multipart body built by hand (for names and shapes a form library would not produce). */
function rawMultipart(parts: { name: string; disposition?: string; content: Buffer | string }[], end = true) {
  const boundary = 'XyZboundary123';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.disposition ?? ''}\r\n` +
          (p.disposition ? 'Content-Type: application/octet-stream\r\n' : '') +
          '\r\n',
      ),
      Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
      Buffer.from('\r\n'),
    );
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

describe('author paper files', () => {
  let env: PapersEnv;
  let author: User;
  let other: User;
  let track: number;
  let paper: PaperDto;

  const http = () => env.t.http();
  const upload = (user: User, paperId: number, part: string, file: Buffer, name: string, extra = '') =>
    http()
      .post(`/api/author/papers/${paperId}/upload?p=${part}${extra}`)
      .set(...user.auth)
      .attach('file', file, name);
  const rowsOf = (paperId: number) =>
    env.t.db.select().from(paperFilesTable).where(eq(paperFilesTable.paperId, paperId));
  const keyOf = async (fileId: number) =>
    (await env.t.db.select().from(paperFilesTable).where(eq(paperFilesTable.id, fileId)))[0]!.key;
  const inStore = async (key: string) => (await env.storedFiles()).some((f) => f.endsWith(key));

  beforeAll(async () => {
    env = await setupPapers();
    author = await env.t.user();
    other = await env.t.user();
    track = await env.track({
      submissionProperties: { minFilesLimit: 1, maxFilesLimit: 2 },
      cameraReadySubmissionProperties: { fileSizeLimit: 1 },
      presentationReadySubmissionProperties: { fileSizeLimit: 1 },
    });
    paper = (
      await http()
        .post('/api/author/papers')
        .set(...author.auth)
        .field('paper', JSON.stringify(submission(track, [author.id])))
        .attach('files', pdf('submitted'), 'submitted.pdf')
    ).body;
  });
  afterAll(async () => {
    await env.close();
  });

  describe('submission files (p=abstract)', () => {
    it("refuses an upload while the track's editing is closed, storing nothing", async () => {
      const before = await env.storedFiles();
      const res = await upload(author, paper._id, 'abstract', docx(), 'extra.docx');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PAPER_MESSAGES.editClosed);
      expect(await env.storedFiles()).toEqual(before);
    });

    describe('while editing is open', () => {
      beforeAll(async () => {
        await env.setActivity(track, 'canEditPaper', true, null);
      });

      it('adds a file up to maxFilesLimit, recording its size and sha256', async () => {
        const file = docx();
        const res = await upload(author, paper._id, 'abstract', file, 'extra.docx');
        expect(res.status).toBe(201);
        expect(res.body.message).toBe(PAPER_MESSAGES.fileUploaded);
        expect(res.body.file).toMatchObject({
          part: 'abstract',
          name: 'extra.docx',
          size: file.length,
          sha256: sha256(file),
          contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        });
        expect((res.body.paper as PaperDto).abstract.files.map((f) => f.name)).toEqual([
          'submitted.pdf',
          'extra.docx',
        ]);
        paper = res.body.paper;
      });

      it('refuses a file beyond maxFilesLimit before storing it', async () => {
        const before = await env.storedFiles();
        const res = await upload(author, paper._id, 'abstract', pdf(), 'third.pdf');
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(maxFilesMessage(2));
        expect(await env.storedFiles()).toEqual(before);
      });

      it('replaces a file, removing the old one from the store after the update', async () => {
        const old = paper.abstract.files[1]!;
        const oldKey = await keyOf(old._id);
        const res = await upload(
          author,
          paper._id,
          'abstract',
          cfb(),
          'replacement.doc',
          `&replace=${old._id}`,
        );
        expect(res.status).toBe(201);
        expect((res.body.paper as PaperDto).abstract.files.map((f) => f.name)).toEqual([
          'submitted.pdf',
          'replacement.doc',
        ]);
        expect(await inStore(oldKey)).toBe(false);
        expect((await rowsOf(paper._id)).map((r) => r.id)).not.toContain(old._id);
        paper = res.body.paper;
      });

      it('refuses to replace a file that is not one of the paper’s', async () => {
        const res = await upload(author, paper._id, 'abstract', pdf(), 'x.pdf', '&replace=999999');
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(PAPER_MESSAGES.fileNotFound);
      });

      it('deletes a file down to minFilesLimit, then refuses with the §5 message', async () => {
        const [first, second] = paper.abstract.files;
        const key = await keyOf(second!._id);
        const res = await http()
          .delete(`/api/author/papers/${paper._id}/delete/${second!._id}`)
          .set(...author.auth);
        expect(res.status).toBe(200);
        expect(res.body.message).toBe(PAPER_MESSAGES.fileDeleted);
        expect(await inStore(key)).toBe(false);
        const last = await http()
          .delete(`/api/author/papers/${paper._id}/delete/${first!._id}`)
          .set(...author.auth);
        expect(last.status).toBe(400);
        expect(last.body.message).toBe('Please submit the minimum of files required');
        expect((await rowsOf(paper._id)).map((r) => r.id)).toEqual([first!._id]);
        paper = (
          await http()
            .get(`/api/author/papers/${paper._id}`)
            .set(...author.auth)
        ).body;
      });
    });
  });

  describe('downloads (GET /api/author/papers/:paperId/download/:fileId)', () => {
    it('sends the file as an attachment with nosniff', async () => {
      const file = paper.abstract.files[0]!;
      const res = await http()
        .get(`/api/author/papers/${paper._id}/download/${file._id}`)
        .set(...author.auth)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="submitted.pdf"; filename*=UTF-8''submitted.pdf`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(sha256(res.body as Buffer)).toBe(file.sha256);
    });

    it('answers 404 to someone who is not an author, as for a missing paper', async () => {
      const file = paper.abstract.files[0]!;
      const res = await http()
        .get(`/api/author/papers/${paper._id}/download/${file._id}`)
        .set(...other.auth);
      const missing = await http()
        .get(`/api/author/papers/999999/download/${file._id}`)
        .set(...other.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      expect(res.body.message).toBe('The paper could not be obtained');
    });

    it("answers 404 for a file of another paper asked through the author's own paper", async () => {
      const theirs = (
        await http()
          .post('/api/author/papers')
          .set(...other.auth)
          .field('paper', JSON.stringify(submission(track, [other.id])))
          .attach('files', pdf('theirs'), 'theirs.pdf')
      ).body as PaperDto;
      const res = await http()
        .get(`/api/author/papers/${paper._id}/download/${theirs.abstract.files[0]!._id}`)
        .set(...author.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PAPER_MESSAGES.fileNotFound);
      const del = await http()
        .delete(`/api/author/papers/${paper._id}/delete/${theirs.abstract.files[0]!._id}`)
        .set(...author.auth);
      expect(del.status).toBe(404);
    });
  });

  describe('camera-ready and presentation-ready parts', () => {
    it('refuses them until the paper is accepted', async () => {
      const res = await upload(author, paper._id, 'pdf', pdf(), 'final.pdf');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PAPER_MESSAGES.notAccepted);
    });

    describe('on an accepted paper', () => {
      beforeAll(async () => {
        await env.accept(paper._id);
      });

      it('keeps one file per part: a new upload replaces the old one and removes it from the store', async () => {
        const first = await upload(author, paper._id, 'pdf', pdf('v1'), 'final.pdf');
        expect(first.status).toBe(201);
        const firstKey = await keyOf(first.body.file._id);
        const second = await upload(author, paper._id, 'pdf', pdf('v2'), 'final-v2.pdf');
        expect(second.status).toBe(201);
        expect(second.body.paper.cameraReady.files.pdf).toMatchObject({
          name: 'final-v2.pdf',
          sha256: sha256(pdf('v2')),
        });
        expect((await rowsOf(paper._id)).filter((r) => r.part === 'pdf')).toHaveLength(1);
        expect(await inStore(firstKey)).toBe(false);
      });

      it("accepts exactly the track's fileSizeLimit in decimal MB and refuses one byte more", async () => {
        const ok = await upload(
          author,
          paper._id,
          'springerCopyright',
          pdfOfSize(1_000_000),
          'copyright.pdf',
        );
        expect(ok.status).toBe(201);
        expect(ok.body.file.size).toBe(1_000_000);
        const before = await env.storedFiles();
        const big = await upload(author, paper._id, 'ppt_pdf', pdfOfSize(1_000_001), 'proof.pdf');
        expect(big.status).toBe(413);
        expect(big.body.message).toBe(fileTooLargeMessage(1));
        expect(big.body.message).toBe('Files with size above 1 MB');
        expect(await env.storedFiles()).toEqual(before);
      });

      it('accepts each part’s kinds: word doc/docx, slides pptx, slideshow mp4', async () => {
        expect((await upload(author, paper._id, 'word', docx(), 'final.docx')).status).toBe(201);
        expect((await upload(author, paper._id, 'word', cfb(), 'final.DOC')).status).toBe(201);
        expect((await upload(author, paper._id, 'ppt', pptx(), 'talk.pptx')).status).toBe(201);
        expect((await upload(author, paper._id, 'video', mp4(), 'talk.mp4')).status).toBe(201);
        const res = await http()
          .get(`/api/author/papers/${paper._id}`)
          .set(...author.auth);
        expect(res.body.cameraReady.files.word.name).toBe('final.DOC');
        expect(res.body.presentationReady.files.ppt.name).toBe('talk.pptx');
        expect(res.body.presentationReady.files.video.name).toBe('talk.mp4');
      });

      it('refuses a camera-ready upload after the camera-ready deadline', async () => {
        await env.setActivity(track, 'canSubmitCameraReady', true, new Date(Date.now() - 60_000));
        const res = await upload(author, paper._id, 'pdf', pdf(), 'late.pdf');
        expect(res.body.message).toBe(PAPER_MESSAGES.cameraReadyClosed);
        await env.setActivity(track, 'canSubmitCameraReady', true, null);
      });
    });
  });

  describe('malformed uploads', () => {
    type Attempt = [string, () => ReturnType<typeof upload>, number, string];
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(200, 1)]);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]);
    const raw = (parts: Parameters<typeof rawMultipart>[0], end = true, part = 'abstract') => {
      const { body, type } = rawMultipart(parts, end);
      return http()
        .post(`/api/author/papers/${paper._id}/upload?p=${part}`)
        .set(...author.auth)
        .set('Content-Type', type)
        .send(body);
    };
    const invalid = PAPER_MESSAGES.invalidFile;
    const attempts: Attempt[] = [
      [
        'an executable renamed to .pdf',
        () => upload(author, paper._id, 'abstract', exe, 'paper.pdf'),
        400,
        invalid,
      ],
      [
        'an ELF binary renamed to .docx',
        () => upload(author, paper._id, 'abstract', elf, 'paper.docx'),
        400,
        invalid,
      ],
      [
        'a shell script renamed to .doc',
        () => upload(author, paper._id, 'abstract', Buffer.from('#!/bin/sh\nrm -rf /\n'), 'paper.doc'),
        400,
        invalid,
      ],
      [
        'an empty file',
        () => upload(author, paper._id, 'abstract', Buffer.alloc(0), 'empty.pdf'),
        400,
        invalid,
      ],
      [
        'a pdf cut short (no %%EOF)',
        () => upload(author, paper._id, 'abstract', pdf().subarray(0, 30), 'cut.pdf'),
        400,
        invalid,
      ],
      [
        'a docx cut in half',
        () => upload(author, paper._id, 'abstract', docx().subarray(0, 60), 'cut.docx'),
        400,
        invalid,
      ],
      [
        'a zip without word/document.xml named .docx',
        () => upload(author, paper._id, 'abstract', zip({ 'a.txt': 'hello' }), 'fake.docx'),
        400,
        invalid,
      ],
      ['a docx named .pdf', () => upload(author, paper._id, 'abstract', docx(), 'paper.pdf'), 400, invalid],
      ['a pdf named .docx', () => upload(author, paper._id, 'abstract', pdf(), 'paper.docx'), 400, invalid],
      [
        'an OLE file named .docx',
        () => upload(author, paper._id, 'abstract', cfb(), 'paper.docx'),
        400,
        invalid,
      ],
      ['a pdf named .exe', () => upload(author, paper._id, 'abstract', pdf(), 'paper.exe'), 400, invalid],
      ['a pdf named .txt', () => upload(author, paper._id, 'abstract', pdf(), 'paper.txt'), 400, invalid],
      ['a name without extension', () => upload(author, paper._id, 'abstract', pdf(), 'paper'), 400, invalid],
      [
        'a name that is only ".pdf"',
        () => upload(author, paper._id, 'abstract', pdf(), '.pdf'),
        400,
        invalid,
      ],
      [
        'a name with ../',
        () => raw([{ name: 'file', disposition: '; filename="../../etc/passwd.pdf"', content: pdf() }]),
        400,
        invalid,
      ],
      [
        'a name with CR/LF',
        () =>
          raw([
            {
              name: 'file',
              disposition: "; filename*=utf-8''evil%0D%0AX-Injected%3A%201.pdf",
              content: pdf(),
            },
          ]),
        400,
        invalid,
      ],
      [
        'a name with NUL',
        () => raw([{ name: 'file', disposition: "; filename*=utf-8''paper%00.exe.pdf", content: pdf() }]),
        400,
        invalid,
      ],
      [
        'the file in another field',
        () => raw([{ name: 'upload', disposition: '; filename="paper.pdf"', content: pdf() }]),
        400,
        'Please send the file in the "file" field',
      ],
      [
        'two files at once',
        () =>
          raw([
            { name: 'file', disposition: '; filename="a.pdf"', content: pdf('a') },
            { name: 'file', disposition: '; filename="b.pdf"', content: pdf('b') },
          ]),
        400,
        'Please upload one file at a time',
      ],
      ['no file at all', () => raw([]), 400, 'Please select a file to upload'],
      [
        'an unexpected text field',
        () => raw([{ name: 'status', content: 'accepted' }]),
        400,
        'Unexpected form field "status"',
      ],
      [
        'a multipart body cut off before its end',
        () => raw([{ name: 'file', disposition: '; filename="a.pdf"', content: pdf() }], false),
        400,
        'The upload was interrupted or malformed, please try again',
      ],
      [
        'JSON instead of multipart',
        () =>
          http()
            .post(`/api/author/papers/${paper._id}/upload?p=abstract`)
            .set(...author.auth)
            .send({ file: 'x' }),
        415,
        'Please send the file as multipart/form-data',
      ],
      [
        'an unknown part',
        () => upload(author, paper._id, 'secret', pdf(), 'paper.pdf'),
        400,
        PAPER_MESSAGES.invalidPart,
      ],
      ['a word file named .pdf', () => upload(author, paper._id, 'word', pdf(), 'final.pdf'), 400, invalid],
      [
        'a word file named .Docx (the name must contain .doc or .DOC)',
        () => upload(author, paper._id, 'word', docx(), 'final.Docx'),
        400,
        invalid,
      ],
      [
        'slides that are a Word document',
        () => upload(author, paper._id, 'ppt', docx(), 'talk.pptx'),
        400,
        invalid,
      ],
      ['a slideshow in .mkv', () => upload(author, paper._id, 'video', mp4(), 'talk.mkv'), 400, invalid],
      [
        'a declared body far above the limit',
        () =>
          raw([{ name: 'file', disposition: '; filename="a.pdf"', content: pdf() }]).set(
            'Content-Length',
            String(5_000_000_000),
          ),
        413,
        'Files with size above 40 MB',
      ],
    ];

    let before: string[];
    beforeAll(async () => {
      await env.setActivity(track, 'canEditPaper', true, null);
      await env.accept(paper._id);
      // room for one more submission file, so each refusal is about the file itself
      const files = (
        await http()
          .get(`/api/author/papers/${paper._id}`)
          .set(...author.auth)
      ).body.abstract.files;
      expect(files).toHaveLength(1);
      before = await env.storedFiles();
    });

    it.each(attempts)('refuses %s with a clear 4xx message', async (_label, attempt, status, message) => {
      const res = await attempt().catch((e: { response?: { status: number; body: unknown } }) => {
        if (e.response) return e.response as Awaited<ReturnType<typeof upload>>;
        throw e;
      });
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expect(await env.storedFiles()).toEqual(before);
    });

    it('left the paper with only its original files', async () => {
      const rows = await rowsOf(paper._id);
      expect(rows.filter((r) => r.part === 'abstract')).toHaveLength(1);
      expect(await env.storedFiles()).toEqual(before);
      expect(attempts.length).toBeGreaterThanOrEqual(20);
    });
  });
});
