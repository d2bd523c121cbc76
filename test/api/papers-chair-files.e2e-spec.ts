/**
 * The chairs' files and exports: uploads without deadlines (same content checks as authors), file deletion and
 * download, the xlsx export (no cell becomes a formula), the html exports (every value escaped) and the zip
 * downloads (read back entry by entry), each limited to a track chair's tracks.
 */
import { PAPER_MESSAGES } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { paperFilesTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { docx, mp4, pdf, pptx } from './papers-author.helpers.js';
import { binary, readZip, setupChair, type ChairEnv } from './papers-chair.helpers.js';

describe('chair paper files and exports', () => {
  let env: ChairEnv;

  beforeAll(async () => {
    env = await setupChair();
  });
  afterAll(async () => {
    await env.close();
  });

  const upload = (path: string, content: Buffer, name: string, who = env.chair) =>
    env.t.call('post', path, who.auth).attach('file', content, name);

  describe('uploads', () => {
    it('lets a chair upload into any part while every activity is closed and the paper is not accepted', async () => {
      const p = await env.paper();
      for (const activity of ['canEditPaper', 'canSubmitCameraReady', 'canSubmitPresentationReady'] as const)
        await env.setActivity(env.trackA, activity, false);
      const a = await upload(`/api/chair/papers/${p.id}/upload?p=abstract`, pdf('abstract'), 'paper.pdf');
      expect(a.status).toBe(201);
      expect(a.body.message).toBe(PAPER_MESSAGES.fileUploaded);
      expect(a.body.paper.trackName).toBe('Algorithms');
      const b = await upload(`/api/chair/papers/upload/${p.id}?p=word`, docx(), 'final.docx');
      expect(b.status).toBe(201);
      const c = await upload(`/api/cochair/papers/${p.id}/upload?p=ppt`, pptx(), 'slides.pptx', env.cochair);
      expect(c.status).toBe(201);
      const d = await upload(`/api/chair/papers/${p.id}/upload?p=video`, mp4(), 'talk.mp4');
      expect(d.status).toBe(201);
      const rows = await env.t.db.select().from(paperFilesTable);
      expect(rows.filter((f) => f.paperId === p.id).map((f) => [f.part, f.name])).toEqual([
        ['abstract', 'paper.pdf'],
        ['word', 'final.docx'],
        ['ppt', 'slides.pptx'],
        ['video', 'talk.mp4'],
      ]);
    });

    it("answers a file of the wrong type with 'Please select a valid file', even when the part is full", async () => {
      const p = await env.paper();
      await upload(`/api/chair/papers/${p.id}/upload?p=abstract`, pdf('one'), 'one.pdf').expect(201);
      const before = (await env.t.db.select().from(paperFilesTable)).length;
      const txt = await upload(
        `/api/chair/papers/${p.id}/upload?p=abstract`,
        Buffer.from('plain text'),
        'notes.txt',
      );
      expect(txt.status).toBe(400);
      expect(txt.body.message).toBe('Please select a valid file');
      expect((await env.t.db.select().from(paperFilesTable)).length).toBe(before);
    });

    it('replaces a submission file and keeps the track file count', async () => {
      const p = await env.paper();
      const first = await upload(`/api/chair/papers/${p.id}/upload?p=abstract`, pdf('one'), 'one.pdf');
      const second = await upload(`/api/chair/papers/${p.id}/upload?p=abstract`, pdf('two'), 'two.pdf');
      expect(second.status).toBe(400);
      expect(second.body.message).toBe('Please submit at most 1 file');
      const replaced = await upload(
        `/api/chair/papers/${p.id}/upload?p=abstract&replace=${first.body.file._id}`,
        pdf('two'),
        'two.pdf',
      );
      expect(replaced.status).toBe(201);
      expect(replaced.body.paper.abstract.files.map((f: { name: string }) => f.name)).toEqual(['two.pdf']);
    });

    it.each([
      ['a renamed executable', Buffer.from('MZ\x90\x00 not a pdf at all'), 'paper.pdf', 'abstract'],
      ['an empty file', Buffer.alloc(0), 'paper.pdf', 'abstract'],
      ['a pdf in the word part', pdf(), 'paper.pdf', 'word'],
      ['a slide deck renamed .docx', pptx(), 'final.docx', 'word'],
    ])('refuses %s with 400 and keeps no file', async (_label, content, name, part) => {
      const p = await env.paper();
      const before = (await env.storedFiles()).length;
      const res = await upload(`/api/chair/papers/${p.id}/upload?p=${part}`, content, name);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect((await env.storedFiles()).length).toBe(before);
    });

    it('refuses an unknown part', async () => {
      const p = await env.paper();
      const res = await upload(`/api/chair/papers/${p.id}/upload?p=secret`, pdf(), 'x.pdf');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PAPER_MESSAGES.invalidPart);
    });

    it('answers a track chair uploading to another track like a missing paper, storing nothing', async () => {
      const p = await env.paper({ trackId: env.trackB });
      const before = (await env.storedFiles()).length;
      const res = await upload(`/api/cochair/papers/${p.id}/upload?p=abstract`, pdf(), 'x.pdf', env.cochair);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PAPER_MESSAGES.notFound);
      expect((await env.storedFiles()).length).toBe(before);
    });
  });

  describe('download and delete of one file', () => {
    it('downloads any file of a paper in reach, and deletes it from the row and the store', async () => {
      const p = await env.paper({ submittedCameraReady: true });
      const content = pdf('final version');
      const up = await upload(`/api/chair/papers/upload/${p.id}?p=pdf`, content, 'final.pdf');
      const fileId = up.body.file._id as number;
      const dl = await env.t
        .call('get', `/api/chair/papers/download/file/${fileId}`, env.chair.auth)
        .buffer(true)
        .parse(binary);
      expect(dl.status).toBe(200);
      expect(Buffer.compare(dl.body as Buffer, content)).toBe(0);
      expect(dl.headers['content-disposition']).toContain('final.pdf');
      const co = await env.t.call('get', `/api/cochair/papers/download/file/${fileId}`, env.cochair.auth);
      expect(co.status).toBe(200);

      const before = (await env.storedFiles()).length;
      const del = await env.t.call('delete', `/api/chair/papers/${p.id}/delete/${fileId}`, env.chair.auth);
      expect(del.status).toBe(200);
      expect(del.body.message).toBe(PAPER_MESSAGES.fileDeleted);
      expect(del.body.paper.cameraReady.files.pdf).toBeNull();
      expect((await env.row(p.id)).submittedCameraReady).toBe(true);
      expect((await env.storedFiles()).length).toBe(before - 1);
      const again = await env.t.call('get', `/api/chair/papers/download/file/${fileId}`, env.chair.auth);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(PAPER_MESSAGES.fileNotFound);
    });

    it('answers a track chair for a file of another track exactly like a missing file', async () => {
      const p = await env.paper({ trackId: env.trackB });
      const up = await upload(`/api/chair/papers/${p.id}/upload?p=abstract`, pdf(), 'b.pdf');
      const fileId = up.body.file._id as number;
      const res = await env.t.call('get', `/api/cochair/papers/download/file/${fileId}`, env.cochair.auth);
      const missing = await env.t.call('get', '/api/cochair/papers/download/file/999999', env.cochair.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      const del = await env.t.call(
        'delete',
        `/api/cochair/papers/${p.id}/delete/${fileId}`,
        env.cochair.auth,
      );
      expect(del.status).toBe(404);
      expect(del.body.message).toBe(PAPER_MESSAGES.notFound);
      expect((await env.t.db.select().from(paperFilesTable)).some((f) => f.id === fileId)).toBe(true);
    });

    it('answers 404 for a file of another paper', async () => {
      const p = await env.paper();
      const q = await env.paper();
      const up = await upload(`/api/chair/papers/${p.id}/upload?p=abstract`, pdf(), 'p.pdf');
      const res = await env.t.call(
        'delete',
        `/api/chair/papers/${q.id}/delete/${up.body.file._id}`,
        env.chair.auth,
      );
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PAPER_MESSAGES.fileNotFound);
    });
  });

  describe('xlsx export', () => {
    const exportXls = (body: unknown, who = env.chair, prefix = 'chair') =>
      env.t
        .call('post', `/api/${prefix}/papers/export/xls`, who.auth, body as object)
        .buffer(true)
        .parse(binary);
    const sheetOf = async (buf: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
      return wb.getWorksheet('Papers')!;
    };

    it('never lets a cell become a formula: = + - @ TAB CR openings are kept as written in Text-format cells', async () => {
      const evil = await env.t.user({
        firstName: '@SUM(A1)',
        lastName: '-1+2',
        email: `evil.${Date.now()}@x.example`,
      });
      const p = await env.paper(
        {
          title: '=HYPERLINK("http://evil.example","click")',
          notes: '+cmd|calc',
          abstractText: '\tTabbed\rabstract',
        },
        [evil.id],
      );
      const res = await exportXls({ ids: [p.id] });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const sheet = await sheetOf(res.body as Buffer);
      expect(sheet.rowCount).toBe(2);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const row = sheet.getRow(2);
      const cell = (name: string) => row.getCell(header.indexOf(name) + 1);
      expect(cell('Paper ID').value).toBe(p.id);
      expect(cell('Title').value).toBe(`=HYPERLINK("http://evil.example","click")`);
      expect(cell('Notes').value).toBe(`+cmd|calc`);
      expect(cell('Authors').value).toBe(`@SUM(A1) -1+2`);
      expect(String(cell('Abstract').value).startsWith(`\tTabbed`)).toBe(true);
      for (const name of ['Title', 'Notes', 'Authors', 'Abstract']) expect(cell(name).numFmt).toBe('@');
      expect(cell('Track').numFmt ?? '').not.toBe('@');
      row.eachCell((c) => {
        expect(c.type).not.toBe(ExcelJS.ValueType.Formula);
        expect(c.formula).toBeUndefined();
      });
    });

    it('gives Created and Last Modified as date-time cells at the conference time, its zone in the header', async () => {
      // issue 21 item 11: they were ISO text in UTC under an unlabelled header
      const p = await env.paper({ title: 'Timed export' });
      await env.t.db
        .update(papersTable)
        .set({ createdAt: new Date('2026-01-15T23:30:05.250Z'), updatedAt: new Date('2026-07-01T10:00:00Z') })
        .where(eq(papersTable.id, p.id));
      await env.t.db.update(conferenceTable).set({ timeZone: 'America/New_York' });
      try {
        const sheet = await sheetOf((await exportXls({ ids: [p.id] })).body as Buffer);
        const header = (sheet.getRow(1).values as unknown[]).slice(1);
        expect(header).toEqual(
          expect.arrayContaining(['Created (America/New_York)', 'Last Modified (America/New_York)']),
        );
        const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1);
        // New York's clock: winter UTC−5, summer UTC−4
        expect(cell('Created (America/New_York)').value).toEqual(new Date('2026-01-15T18:30:05Z'));
        expect(cell('Last Modified (America/New_York)').value).toEqual(new Date('2026-07-01T06:00:00Z'));
        expect(cell('Created (America/New_York)').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
        // the HTML export says the same time, labelled
        const html = await env.t
          .call('post', '/api/chair/papers/export/html', env.chair.auth)
          .send({ ids: [p.id] });
        expect(html.text).toContain('15 Jan 2026, 18:30 (America/New_York)');
      } finally {
        await env.t.db.update(conferenceTable).set({ timeZone: 'UTC' });
      }
    });

    it('exports the papers matching the filters, limited to a track chair’s tracks', async () => {
      const tag = `Export${Date.now()}`;
      const a = await env.paper({ title: `${tag} A` });
      const b = await env.paper({ title: `${tag} B`, trackId: env.trackB });
      await env.paper({ title: `${tag} deleted`, isDeleted: true });
      const ids = async (res: { body: Buffer }) => {
        const sheet = await sheetOf(res.body);
        const out: unknown[] = [];
        sheet.eachRow((r, n) => {
          if (n > 1) out.push(r.getCell(1).value);
        });
        return out;
      };
      expect(await ids(await exportXls({ search: tag }))).toEqual([a.id, b.id]);
      expect(await ids(await exportXls({ search: tag, sort: { field: 'title', order: 'desc' } }))).toEqual([
        b.id,
        a.id,
      ]);
      expect(await ids(await exportXls({ search: tag }, env.cochair, 'cochair'))).toEqual([a.id]);
      expect(await ids(await exportXls({ ids: [a.id, b.id] }, env.cochair, 'cochair'))).toEqual([a.id]);
      // a form post with a JSON data field
      const form = await env.t
        .call('post', '/api/chair/papers/export/xls', env.chair.auth)
        .type('form')
        .send({ data: JSON.stringify({ ids: [b.id] }) })
        .buffer(true)
        .parse(binary);
      expect(await ids(form as unknown as { body: Buffer })).toEqual([b.id]);
    });

    it('refuses bad filters with 400', async () => {
      const res = await env.t
        .call('post', '/api/chair/papers/export/xls', env.chair.auth)
        .send({ filters: [{ name: 'updatedAt', value: { from: 'soon' } }] });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please fill in a valid date on the Last Modified Time Filter');
    });
  });

  describe('html export', () => {
    it('answers one paper as html with every value escaped', async () => {
      const evil = await env.t.user({ firstName: '<img src=x onerror=alert(1)>', lastName: 'O"Neil' });
      const p = await env.paper(
        {
          title: '<script>alert("t")</script> & more',
          notes: '</td><b>bold</b>',
          abstractText: `<iframe src="javascript:x">${'a'.repeat(50)}`,
        },
        [evil.id],
      );
      const res = await env.t.call('get', `/api/chair/papers/export/html/${p.id}`, env.chair.auth);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      const html = res.text;
      expect(html).toContain('&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; more');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; O&quot;Neil');
      expect(html).toContain('&lt;/td&gt;&lt;b&gt;bold&lt;/b&gt;');
      expect(html).toContain('&lt;iframe');
      expect(html).not.toMatch(/<script|<img|<iframe|<b>/);
    });

    it('answers the selected papers in one page, limited to the track chair’s tracks', async () => {
      const a = await env.paper({ title: 'First html paper' });
      const b = await env.paper({ title: 'Second html paper', trackId: env.trackB });
      const res = await env.t
        .call('post', '/api/chair/papers/export/html', env.chair.auth)
        .send({ ids: [a.id, b.id] });
      expect(res.status).toBe(200);
      expect(res.text).toContain('First html paper');
      expect(res.text).toContain('Second html paper');
      const co = await env.t
        .call('post', '/api/cochair/papers/export/html', env.cochair.auth)
        .send({ ids: [a.id, b.id] });
      expect(co.text).toContain('First html paper');
      expect(co.text).not.toContain('Second html paper');
      const one = await env.t.call('get', `/api/cochair/papers/export/html/${b.id}`, env.cochair.auth);
      expect(one.status).toBe(404);
      expect(one.body.message).toBe(PAPER_MESSAGES.notFound);
    });
  });

  describe('zip downloads', () => {
    let a: number, b: number;
    const files: Record<string, Buffer> = {};

    beforeAll(async () => {
      a = (await env.paper({ title: 'Zip A' })).id;
      b = (await env.paper({ title: 'Zip B', trackId: env.trackB })).id;
      files[`${a}/abstract/paper.pdf`] = pdf('zip a');
      files[`${a}/word/final.docx`] = docx();
      files[`${b}/abstract/paper.pdf`] = pdf('zip b');
      await upload(
        `/api/chair/papers/${a}/upload?p=abstract`,
        files[`${a}/abstract/paper.pdf`]!,
        'paper.pdf',
      );
      await upload(`/api/chair/papers/${a}/upload?p=word`, files[`${a}/word/final.docx`]!, 'final.docx');
      await upload(
        `/api/chair/papers/${b}/upload?p=abstract`,
        files[`${b}/abstract/paper.pdf`]!,
        'paper.pdf',
      );
    });

    const post = (path: string, body: unknown, who = env.chair) =>
      env.t
        .call('post', path, who.auth, body as object)
        .buffer(true)
        .parse(binary);
    const entries = (buf: Buffer) =>
      Object.fromEntries(readZip(buf).map((e) => [e.name, e.data.toString('base64')]));
    const expected = (names: string[]) =>
      Object.fromEntries(names.map((n) => [n, files[n]!.toString('base64')]));

    it('packs the selected papers’ files into one zip', async () => {
      const res = await post('/api/chair/papers/download', { ids: [a, b] });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain('papers.zip');
      expect(entries(res.body as Buffer)).toEqual(
        expected([`${a}/abstract/paper.pdf`, `${a}/word/final.docx`, `${b}/abstract/paper.pdf`]),
      );
    });

    it('packs one paper’s files', async () => {
      const res = await post(`/api/chair/papers/download/${a}`, {});
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain(`paper-${a}.zip`);
      expect(entries(res.body as Buffer)).toEqual(
        expected([`${a}/abstract/paper.pdf`, `${a}/word/final.docx`]),
      );
    });

    it('accepts a form post with a JSON-encoded data field', async () => {
      const res = await env.t
        .call('post', '/api/chair/papers/download', env.chair.auth)
        .type('form')
        .send({ data: JSON.stringify({ ids: [b] }) })
        .buffer(true)
        .parse(binary);
      expect(res.status).toBe(200);
      expect(Object.keys(entries(res.body as Buffer))).toEqual([`${b}/abstract/paper.pdf`]);
    });

    it('limits a track chair to their tracks', async () => {
      const res = await post('/api/cochair/papers/download', { ids: [a, b] }, env.cochair);
      expect(Object.keys(entries(res.body as Buffer))).toEqual([
        `${a}/abstract/paper.pdf`,
        `${a}/word/final.docx`,
      ]);
      const one = await env.t.call('post', `/api/cochair/papers/download/${b}`, env.cochair.auth);
      expect(one.status).toBe(404);
      expect(one.body.message).toBe(PAPER_MESSAGES.notFound);
    });

    it.each([
      [{}],
      [{ ids: [] }],
      [{ ids: 'all' }],
      [{ ids: [-1] }],
      [{ data: '{not json' }],
      [{ data: '[1]' }],
    ])('refuses %j with 400', async (body: Record<string, unknown>) => {
      const res = await env.t
        .call('post', '/api/chair/papers/download', env.chair.auth)
        .type('data' in body ? 'form' : 'json')
        .send(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    });
  });
});
