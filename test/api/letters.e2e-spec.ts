/**
 * Letters (acceptance, certificate, invitation) as verifiable PDFs: issuing with a signature, what the PDF
 * says (pdftotext) and its QR code (decoded from page 1), the stored row and its sha256, the public
 * verification before and after a revocation, track chair scope, the authors' downloads, the templates
 * (placeholder errors, sanitising, preview, reset) and the settings. PGlite and PostgreSQL.
 */
import { jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DOCUMENT_TEMPLATE_MESSAGES, LETTER_MESSAGES } from '@symposium/domain';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import {
  documentTemplatesTable,
  issuedDocumentsTable,
} from '../../apps/api/src/modules/letters/letters.table.js';
import { papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import {
  daysTable,
  eventsTable,
  roomsTable,
  sessionPapersTable,
  sessionsTable,
} from '../../apps/api/src/modules/programme/programme.table.js';
import type { ChairEnv } from './papers-chair.helpers.js';
import {
  asBuffer,
  imagesOf,
  pdfText,
  qrOfPage1,
  schedule,
  setupLetters,
  signaturePng,
} from './letters.helpers.js';

jest.setTimeout(120_000);

describe('letters', () => {
  let env: ChairEnv;
  let paperA: number;
  let paperB: number;
  const http = () => env.t.http();

  const issue = (
    paperId: number,
    fields: Record<string, string> = {},
    auth = env.chair.auth,
    withSignature = true,
  ) => {
    const prefix = auth === env.cochair.auth ? 'cochair' : 'chair';
    const req = http()
      .post(`/api/${prefix}/papers/letter/${paperId}`)
      .set(...auth);
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    if (withSignature) void req.attach('signature', signaturePng(), 'signature.png');
    return req.buffer(true).parse(asBuffer);
  };
  const rowsOf = (paperId: number) =>
    env.t.db.select().from(issuedDocumentsTable).where(eq(issuedDocumentsTable.paperId, paperId));

  beforeAll(async () => {
    env = await setupLetters();
    paperA = (
      await env.paper({ title: 'Graph Colouring at Scale', statusId: env.status.accept }, [
        env.alice.id,
        env.bob.id,
      ])
    ).id;
    paperB = (
      await env.paper({ title: 'Proteins Fold', trackId: env.trackB, statusId: env.status.accept }, [
        env.bob.id,
      ])
    ).id;
  });
  afterAll(() => env.close());

  it('asks for a signature when none is sent or stored, and refuses a file that is no jpeg or png', async () => {
    const none = await http()
      .post(`/api/chair/papers/letter/${paperA}`)
      .set(...env.chair.auth)
      .field('kind', 'acceptance');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(LETTER_MESSAGES.signatureRequired);
    const bad = await http()
      .post(`/api/chair/papers/letter/${paperA}`)
      .set(...env.chair.auth)
      .attach('signature', Buffer.from('GIF89a not a png'), 'signature.png');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please select a valid file');
    const big = await http()
      .post(`/api/chair/papers/letter/${paperA}`)
      .set(...env.chair.auth)
      .attach('signature', Buffer.concat([signaturePng(), Buffer.alloc(1024 * 1024)]), 'signature.png');
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('Please select a valid file');
    const kind = await issue(paperA, { kind: 'diploma' });
    expect(kind.status).toBe(400);
    expect(JSON.parse(kind.body.toString()).message).toBe(LETTER_MESSAGES.unknownKind);
    const author = await issue(paperA, { author: String(env.cochair.id) });
    expect(author.status).toBe(400);
    expect(JSON.parse(author.body.toString()).message).toBe(LETTER_MESSAGES.authorNotOnPaper);
    expect(await rowsOf(paperA)).toHaveLength(0);
  });

  it('issues no letter a paper does not fit: not accepted, deleted, or (a certificate) not scheduled', async () => {
    const rejected = (await env.paper({ title: 'Rejected', statusId: env.status.reject }, [env.alice.id])).id;
    const undecided = (await env.paper({ title: 'Undecided' }, [env.alice.id])).id;
    const deleted = (
      await env.paper({ title: 'Deleted', statusId: env.status.accept, isDeleted: true }, [env.alice.id])
    ).id;
    const unscheduled = (
      await env.paper({ title: 'Unscheduled', statusId: env.status.accept }, [env.alice.id])
    ).id;
    const cases: [number, string, string][] = [
      [rejected, 'acceptance', LETTER_MESSAGES.notAccepted],
      [rejected, 'invitation', LETTER_MESSAGES.notAccepted],
      [undecided, 'acceptance', LETTER_MESSAGES.notAccepted],
      [undecided, 'invitation', LETTER_MESSAGES.notAccepted],
      [deleted, 'acceptance', LETTER_MESSAGES.paperDeleted],
      [deleted, 'certificate', LETTER_MESSAGES.paperDeleted],
      [unscheduled, 'certificate', LETTER_MESSAGES.notScheduled],
      [rejected, 'certificate', LETTER_MESSAGES.notScheduled],
    ];
    for (const [paperId, kind, message] of cases) {
      const res = await issue(paperId, { kind });
      expect({ paperId, kind, status: res.status }).toEqual({ paperId, kind, status: 400 });
      expect(JSON.parse(res.body.toString()).message).toBe(message);
      expect(await rowsOf(paperId)).toHaveLength(0);
    }
    // an author whose letter is enabled on a paper that is not accepted gets the reason, not a letter
    await env.t.db
      .update(papersTable)
      .set({ acceptanceLetterEnabled: true })
      .where(eq(papersTable.id, rejected));
    const download = await http()
      .get(`/api/author/papers/${rejected}/letters/acceptance`)
      .set(...env.alice.auth);
    expect(download.status).toBe(400);
    expect(download.body.message).toBe(LETTER_MESSAGES.notAccepted);
    expect(await rowsOf(rejected)).toHaveLength(0);
  });

  let code = '';
  let docId = 0;

  it('issues an acceptance letter: a PDF naming the author and paper, stored with its sha256, a QR code to verify it', async () => {
    const res = await issue(paperA, { kind: 'acceptance' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="acceptance-${paperA}-Zephyr.pdf"`);
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    code = res.headers['x-document-code'] as string;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    const text = pdfText(pdf);
    expect(text).toContain('Alice Zephyr');
    expect(text).toContain('Graph Colouring at Scale');
    expect(text).toContain('GRAPHS 2026');
    expect(text).toContain(code);
    expect(qrOfPage1(pdf)).toBe(`http://localhost:3000/verify/${code}`);

    const [row] = await rowsOf(paperA);
    docId = row!.id;
    expect(row).toMatchObject({
      code,
      kind: 'acceptance',
      recipientUserId: env.alice.id,
      recipientName: 'Alice Zephyr',
      numberLabel: null,
      size: pdf.length,
      issuedBy: env.chair.id,
      fileName: `acceptance-${paperA}-Zephyr.pdf`,
    });
    expect(row!.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(Buffer.compare(row!.pdf, pdf)).toBe(0);
    expect(row!.params.kind).toBe('acceptance');
    expect(row!.params.values['paper.title']).toBe('Graph Colouring at Scale');
    expect(row!.params.template).toEqual({ custom: false, updatedAt: null });
    const activity = await env.t.db
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.action, 'document.issued'), eq(auditLogTable.subjectId, row!.id)));
    expect(activity).toHaveLength(1);
    expect(activity[0]!.paperId).toBe(paperA);
  });

  it('verifies the code publicly (any case), and 404s an unknown one', async () => {
    const res = await http().get(`/api/verify/${code.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code,
      kind: 'acceptance',
      kindLabel: 'Acceptance letter',
      conference: 'International Conference on Graphs (GRAPHS 2026)',
      recipientName: 'Alice Zephyr',
      paperTitle: 'Graph Colouring at Scale',
      revoked: false,
      revokedAt: null,
      numberLabel: null,
    });
    const [row] = await rowsOf(paperA);
    expect(res.body.sha256).toBe(row!.sha256);
    for (const unknown of ['ZZZZZZZZZZ', 'short', 'I0I0I0I0I0'])
      expect((await http().get(`/api/verify/${unknown}`)).body).toEqual(
        expect.objectContaining({ statusCode: 404, message: 'Document not found' }),
      );
  });

  it('serves the stored PDF byte for byte and lists the documents newest first', async () => {
    const res = await http()
      .get(`/api/chair/documents/${docId}/pdf`)
      .set(...env.chair.auth)
      .buffer(true)
      .parse(asBuffer);
    expect(res.status).toBe(200);
    const [row] = await rowsOf(paperA);
    expect(
      createHash('sha256')
        .update(res.body as Buffer)
        .digest('hex'),
    ).toBe(row!.sha256);
    const list = await http()
      .get(`/api/chair/documents?paperId=${paperA}`)
      .set(...env.chair.auth);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        _id: docId,
        code,
        kind: 'acceptance',
        verifyUrl: `http://localhost:3000/verify/${code}`,
        downloads: 0,
      }),
    ]);
    expect(
      (
        await http()
          .get('/api/chair/documents?paperId=abc')
          .set(...env.chair.auth)
      ).status,
    ).toBe(400);
  });

  it('issues to the author chosen, an invitation with their organization and country', async () => {
    const res = await issue(paperA, { kind: 'invitation', author: String(env.bob.id) });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invitation-${paperA}-Young.pdf"`);
    const text = pdfText(res.body as Buffer);
    expect(text).toContain('Bob Young');
    expect(text).toContain('Young Lab');
    expect(text).toContain('Avenida Rovisco Pais 1');
    expect(text).toContain('14–17 July 2026');
  });

  it('names the venue once in an invitation, whether or not its address names the city and country', async () => {
    const body = (text: string) => text.slice(text.indexOf('We are pleased to invite'));
    const plain = pdfText((await issue(paperA, { kind: 'invitation' })).body as Buffer);
    expect(body(plain)).toContain('at Avenida Rovisco Pais 1, Lisbon, Portugal, and to present');
    await env.conference({ address: 'Faculty of Sciences, Campo Grande, 1749-016 Lisbon, Portugal' });
    try {
      const full = pdfText((await issue(paperA, { kind: 'invitation' })).body as Buffer);
      expect(body(full)).toContain(
        'at Faculty of Sciences, Campo Grande, 1749-016 Lisbon, Portugal, and to present',
      );
      // (the recipient's own country may be Portugal too: only the place is counted)
      expect(body(full).match(/Lisbon/g)).toHaveLength(1);
      expect(body(full)).not.toContain('Portugal, Lisbon');
    } finally {
      await env.conference({ address: 'Avenida Rovisco Pais 1' });
    }
  });

  it('puts the session, room and time of a scheduled paper on its certificate', async () => {
    const db = env.t.db;
    const [room] = await db.insert(roomsTable).values({ name: 'Aula Magna' }).returning();
    const [day] = await db
      .insert(daysTable)
      .values({ date: '2026-07-15', desk: '08:00', color: '#fff' })
      .returning();
    const [event] = await db
      .insert(eventsTable)
      .values({ dayId: day!.id, type: 'technical', start: '10:30', end: '12:00' })
      .returning();
    const [session] = await db
      .insert(sessionsTable)
      .values({ kind: 'technical', number: 7, title: 'Colourings', roomId: room!.id, eventId: event!.id })
      .returning();
    await db.insert(sessionPapersTable).values({ paperId: paperA, sessionId: session!.id, position: 0 });
    const res = await issue(paperA, { kind: 'certificate' });
    expect(res.status).toBe(200);
    const text = pdfText(res.body as Buffer).replace(/\s+/g, ' ');
    expect(text).toContain('Certificate of presentation');
    expect(text).toContain('Colourings');
    expect(text).toContain('Aula Magna');
    expect(text).toContain('Wednesday 15 July 2026, 10:30–12:00');
  });

  it('keeps track chairs to their tracks: another track answers 404 for issuing, listing and reading', async () => {
    const own = await issue(paperA, { kind: 'acceptance' }, env.cochair.auth);
    expect(own.status).toBe(200);
    const other = await issue(paperB, { kind: 'acceptance' }, env.cochair.auth);
    expect(other.status).toBe(404);
    const chairB = await issue(paperB, { kind: 'acceptance' });
    expect(chairB.status).toBe(200);
    const [rowB] = await rowsOf(paperB);
    expect(
      (
        await http()
          .get(`/api/cochair/documents/${rowB!.id}/pdf`)
          .set(...env.cochair.auth)
      ).status,
    ).toBe(404);
    expect(
      (
        await http()
          .get(`/api/cochair/documents?paperId=${paperB}`)
          .set(...env.cochair.auth)
      ).status,
    ).toBe(404);
    expect(
      (
        await http()
          .post(`/api/cochair/documents/${rowB!.id}/revoke`)
          .set(...env.cochair.auth)
          .send({ reason: 'x' })
      ).status,
    ).toBe(404);
    const latest = await http()
      .get('/api/cochair/documents')
      .set(...env.cochair.auth);
    expect(latest.status).toBe(200);
    expect(latest.body.length).toBeGreaterThan(0);
    expect(latest.body.every((d: { paperId: number }) => d.paperId === paperA)).toBe(true);
  });

  it('revokes once with a reason; the verification then says so', async () => {
    const url = `/api/chair/documents/${docId}/revoke`;
    const noReason = await http()
      .post(url)
      .set(...env.chair.auth)
      .send({ reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(LETTER_MESSAGES.reasonRequired);
    const res = await http()
      .post(url)
      .set(...env.chair.auth)
      .send({ reason: 'Issued to the wrong author' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: docId, revokeReason: 'Issued to the wrong author' });
    expect(res.body.revokedAt).toEqual(expect.any(String));
    const again = await http()
      .post(url)
      .set(...env.chair.auth)
      .send({ reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(LETTER_MESSAGES.alreadyRevoked);
    const verify = await http().get(`/api/verify/${code}`);
    expect(verify.body).toMatchObject({ revoked: true, revokeReason: 'Issued to the wrong author' });
    const activity = await env.t.db
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.action, 'document.revoked'), eq(auditLogTable.subjectId, docId)));
    expect(activity).toHaveLength(1);
    // revoking a letter is not a credit note
    const credit = await http()
      .post(`/api/chair/documents/${docId}/credit`)
      .set(...env.chair.auth)
      .send({ reason: 'x' });
    expect(credit.status).toBe(400);
    expect(credit.body.message).toBe(LETTER_MESSAGES.notCreditable);
  });

  it('lets authors download only the letters the chair enabled, of their own papers, counting downloads', async () => {
    const list = () =>
      http()
        .get(`/api/author/papers/${paperA}/letters`)
        .set(...env.alice.auth);
    expect((await list()).body).toEqual([]);
    const notEnabled = await http()
      .get(`/api/author/papers/${paperA}/letters/acceptance`)
      .set(...env.alice.auth);
    expect(notEnabled.status).toBe(404);
    expect(notEnabled.body.message).toBe(LETTER_MESSAGES.notEnabled);
    await env.t.db
      .update(papersTable)
      .set({ acceptanceLetterEnabled: true })
      .where(eq(papersTable.id, paperA));
    expect((await list()).body).toEqual([
      { kind: 'acceptance', label: 'Acceptance letter', available: true, reason: null },
    ]);
    // bob (an author of B only) and a stranger see nothing of paper A... bob is an author of A too
    const stranger = await env.t.user();
    expect(
      (
        await http()
          .get(`/api/author/papers/${paperA}/letters`)
          .set(...stranger.auth)
      ).status,
    ).toBe(404);
    expect(
      (
        await http()
          .get(`/api/author/papers/${paperA}/letters/acceptance`)
          .set(...stranger.auth)
      ).status,
    ).toBe(404);
    expect(
      (
        await http()
          .get(`/api/author/papers/${paperA}/letters/certificate`)
          .set(...env.alice.auth)
      ).status,
    ).toBe(404);

    const get = () =>
      http()
        .get(`/api/author/papers/${paperA}/letters/acceptance`)
        .set(...env.alice.auth)
        .buffer(true)
        .parse(asBuffer);
    const first = await get();
    expect(first.status).toBe(200);
    const firstCode = first.headers['x-document-code'] as string;
    // the chair's letter to alice was revoked; the cochair's later one is re-served
    const [latest] = (await rowsOf(paperA))
      .filter((r) => r.kind === 'acceptance' && r.recipientUserId === env.alice.id && !r.revokedAt)
      .sort((a, b) => b.id - a.id);
    expect(firstCode).toBe(latest!.code);
    const second = await get();
    expect(second.headers['x-document-code']).toBe(firstCode);
    expect(
      createHash('sha256')
        .update(second.body as Buffer)
        .digest('hex'),
    ).toBe(latest!.sha256);
    const [after] = await env.t.db
      .select()
      .from(issuedDocumentsTable)
      .where(eq(issuedDocumentsTable.id, latest!.id));
    expect(after!.downloads).toBe(2);

    // bob has none of his own yet and no signature is stored: nothing unsigned is issued, the list says why
    const bobList = await http()
      .get(`/api/author/papers/${paperA}/letters`)
      .set(...env.bob.auth);
    expect(bobList.body).toEqual([
      { kind: 'acceptance', label: 'Acceptance letter', available: false, reason: LETTER_MESSAGES.notSigned },
    ]);
    const bobsUnsigned = await http()
      .get(`/api/author/papers/${paperA}/letters/acceptance`)
      .set(...env.bob.auth);
    expect(bobsUnsigned.status).toBe(400);
    expect(bobsUnsigned.body.message).toBe(LETTER_MESSAGES.notSigned);
    const bobRows = () =>
      env.t.db
        .select()
        .from(issuedDocumentsTable)
        .where(eq(issuedDocumentsTable.recipientUserId, env.bob.id));
    const before = (await bobRows()).length;
    // once the chair stores a signature, a new signed one is issued to him
    await http()
      .put('/api/chair/letters/settings/signature')
      .set(...env.chair.auth)
      .attach('signature', signaturePng(), 'sig.png')
      .expect(200);
    const bobs = await http()
      .get(`/api/author/papers/${paperA}/letters/acceptance`)
      .set(...env.bob.auth)
      .buffer(true)
      .parse(asBuffer);
    expect(bobs.status).toBe(200);
    expect(pdfText(bobs.body as Buffer)).toContain('Bob Young');
    expect(imagesOf(bobs.body as Buffer)).toContainEqual({ width: 120, height: 30 });
    const [bobRow] = await env.t.db
      .select()
      .from(issuedDocumentsTable)
      .where(eq(issuedDocumentsTable.code, bobs.headers['x-document-code'] as string));
    expect(bobRow).toMatchObject({ recipientUserId: env.bob.id, issuedBy: env.bob.id, downloads: 1 });
    expect((await bobRows()).length).toBe(before + 1);
    await http()
      .delete('/api/chair/letters/settings/signature')
      .set(...env.chair.auth)
      .expect(200);
  });

  describe('templates and settings', () => {
    it('lists all six kinds with the built-in ones', async () => {
      const res = await http()
        .get('/api/chair/letters/templates')
        .set(...env.chair.auth);
      expect(res.status).toBe(200);
      expect(res.body.map((t: { kind: string }) => t.kind)).toEqual([
        'acceptance',
        'certificate',
        'invitation',
        'invoice',
        'receipt',
        'creditNote',
      ]);
      expect(res.body.every((t: { isDefault: boolean }) => t.isDefault)).toBe(true);
      expect(
        (
          await http()
            .get('/api/chair/letters/templates')
            .set(...env.cochair.auth)
        ).status,
      ).toBe(403);
    });

    it('names an unknown, malformed or out-of-kind placeholder and stores nothing', async () => {
      const put = (html: string, kind = 'acceptance') =>
        http()
          .put(`/api/chair/letters/templates/${kind}`)
          .set(...env.chair.auth)
          .send({ html });
      const unknown = await put('<p>Dear {{recipient.name}}, {{paper.titel}}</p>');
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('Unknown placeholder {{paper.titel}}');
      const malformed = await put('<p>{{paper title}}</p>');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/^Malformed placeholder \{\{paper title\}\}/);
      const kind = await put('<p>{{billing.total}}</p>');
      expect(kind.status).toBe(400);
      expect(kind.body.message).toContain('{{billing.total}}');
      expect((await put('')).status).toBe(400);
      expect((await put('<p>x</p>', 'diploma')).status).toBe(404);
      expect(await env.t.db.select().from(documentTemplatesTable)).toHaveLength(0);
    });

    it('sanitises at save: scripts, event handlers, images and outside URLs vanish; layout stays', async () => {
      const html =
        '<style>.x{color:red;background:url(http://evil.example/a.png)}</style>' +
        '<div class="x" style="margin: 10mm" onclick="steal()">Dear {{recipient.name}},' +
        '<script>alert(1)</script><img src="http://evil.example/t.png" onerror="alert(2)">' +
        '<table><tr><td colspan="2">{{paper.title}}</td></tr></table>{{document.qrCode}} CUSTOM-TEMPLATE</div>';
      const res = await http()
        .put('/api/chair/letters/templates/acceptance')
        .set(...env.chair.auth)
        .send({ html });
      expect(res.status).toBe(200);
      expect(res.body.isDefault).toBe(false);
      const saved = res.body.html as string;
      for (const gone of ['<script', 'alert', 'onclick', 'onerror', '<img', 'evil.example'])
        expect(saved).not.toContain(gone);
      for (const kept of ['<style>', 'class="x"', 'margin:10mm', '<table>', 'colspan="2"', '{{paper.title}}'])
        expect(saved).toContain(kept);
      const [row] = await env.t.db.select().from(documentTemplatesTable);
      expect(row!.html).toBe(saved);

      const letter = await issue(paperA, { kind: 'acceptance' });
      expect(letter.status).toBe(200);
      const text = pdfText(letter.body as Buffer);
      expect(text).toContain('CUSTOM-TEMPLATE');
      expect(text).toContain('Graph Colouring at Scale');
      expect(qrOfPage1(letter.body as Buffer)).toBe(
        `http://localhost:3000/verify/${letter.headers['x-document-code'] as string}`,
      );
      const [issued] = await env.t.db
        .select()
        .from(issuedDocumentsTable)
        .where(eq(issuedDocumentsTable.code, letter.headers['x-document-code'] as string));
      expect(issued!.params.template.custom).toBe(true);
    });

    it('parses the CSS with an allow-list: escapes, @import and url() in any spelling go; placeholders only in text', async () => {
      const put = (html: string) =>
        http()
          .put('/api/chair/letters/templates/acceptance')
          .set(...env.chair.auth)
          .send({ html });
      const res = await put(
        '<style>@\\69mport "http://evil.example/a.css"; .a{background:\\75 rl(http://evil.example/b.png);color:#123456}' +
          '.b{background-image:image-set("http://evil.example/c.png" 1x)} @font-face{font-family:x;src:url(http://evil.example/f.woff)}' +
          '/* comment */ .c{margin:2mm !important}</style>' +
          '<div class="a" style="color:red;background:u\\72l(http://evil.example/d.png);padding:1mm">{{paper.title}} KEPT</div>',
      );
      expect(res.status).toBe(200);
      const saved = res.body.html as string;
      for (const gone of ['evil.example', '\\', '@', 'image-set', 'font-face', 'comment'])
        expect({ gone, saved }).toEqual({ gone, saved: expect.not.stringContaining(gone) });
      for (const kept of [
        'color:#123456',
        'margin:2mm !important',
        'style="color:red;padding:1mm"',
        '{{paper.title}} KEPT',
      ])
        expect({ kept, saved }).toEqual({ kept, saved: expect.stringContaining(kept) });
      const [row] = await env.t.db.select().from(documentTemplatesTable);
      expect(row!.html).toBe(saved);

      for (const html of [
        '<style>.a{color:red} .t::after{content:"{{paper.title}}"}</style><p>x</p>',
        '<p style="color:{{paper.title}}">x</p>',
        '<p title="{{paper.title}}">x</p>',
      ]) {
        const bad = await put(html);
        expect({ html, status: bad.status }).toEqual({ html, status: 400 });
        expect(bad.body.message).toBe(DOCUMENT_TEMPLATE_MESSAGES.outsideText('{{paper.title}}'));
      }
      const [after] = await env.t.db.select().from(documentTemplatesTable);
      expect(after!.html).toBe(saved);
      await http()
        .delete('/api/chair/letters/templates/acceptance')
        .set(...env.chair.auth)
        .expect(200);
    });

    it('escapes values: a title with markup is text in the PDF', async () => {
      const evil = (
        await env.paper({ title: '<b>Bold</b> & <i>Co</i>', statusId: env.status.accept }, [env.alice.id])
      ).id;
      const res = await issue(evil, { kind: 'invitation' });
      expect(res.status).toBe(200);
      expect(pdfText(res.body as Buffer)).toContain('<b>Bold</b> & <i>Co</i>');
    });

    it('previews a template on sample data without storing anything, and resets to the default', async () => {
      const before = (await env.t.db.select().from(issuedDocumentsTable)).length;
      const res = await http()
        .post('/api/chair/letters/templates/invoice/preview')
        .set(...env.chair.auth)
        .send({ html: '<h1>PREVIEW {{document.number}}</h1>{{billing.linesHtml}}<p>{{recipient.name}}</p>' })
        .buffer(true)
        .parse(asBuffer);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = pdfText(res.body as Buffer);
      expect(text).toMatch(/PREVIEW INV-\d{4}-0001/);
      expect(text).toContain('Ana Silva');
      expect((await env.t.db.select().from(issuedDocumentsTable)).length).toBe(before);
      const bad = await http()
        .post('/api/chair/letters/templates/invoice/preview')
        .set(...env.chair.auth)
        .send({ html: '{{nope}}' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Unknown placeholder {{nope}}');

      const reset = await http()
        .delete('/api/chair/letters/templates/acceptance')
        .set(...env.chair.auth);
      expect(reset.status).toBe(200);
      expect(reset.body.isDefault).toBe(true);
      expect(await env.t.db.select().from(documentTemplatesTable)).toHaveLength(0);
    });

    it('stores the settings and a signature image (checked by its bytes), and uses the stored one', async () => {
      const put = (body: object) =>
        http()
          .put('/api/chair/letters/settings')
          .set(...env.chair.auth)
          .send(body);
      const res = await put({ signerName: 'Maria Chair', signerTitle: 'General chair', currency: 'eur' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ signerName: 'Maria Chair', currency: 'EUR', hasSignature: false });
      expect((await put({ currency: 'euros' })).status).toBe(400);
      expect((await put({ invoicePrefix: 'A B' })).status).toBe(400);
      expect((await put({ color: 'red' })).status).toBe(400);
      expect((await put({ receiptPrefix: 'INV' })).body.message).toBe(
        'Invoices, receipts and credit notes need different number prefixes',
      );

      const bad = await http()
        .put('/api/chair/letters/settings/signature')
        .set(...env.chair.auth)
        .attach('signature', Buffer.from('<svg/>'), 'sig.png');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Please select a valid file');
      expect(
        (
          await http()
            .get('/api/chair/letters/settings/signature')
            .set(...env.chair.auth)
        ).status,
      ).toBe(404);
      const ok = await http()
        .put('/api/chair/letters/settings/signature')
        .set(...env.chair.auth)
        .attach('signature', signaturePng(), 'sig.png');
      expect(ok.status).toBe(200);
      expect(ok.body.hasSignature).toBe(true);
      const image = await http()
        .get('/api/chair/letters/settings/signature')
        .set(...env.chair.auth)
        .buffer(true)
        .parse(asBuffer);
      expect(image.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(image.body as Buffer, signaturePng())).toBe(0);

      const letter = await issue(paperA, { kind: 'acceptance' }, env.chair.auth, false);
      expect(letter.status).toBe(200);
      expect(pdfText(letter.body as Buffer)).toContain('Maria Chair');

      const removed = await http()
        .delete('/api/chair/letters/settings/signature')
        .set(...env.chair.auth);
      expect(removed.body.hasSignature).toBe(false);
      expect((await issue(paperA, { kind: 'acceptance' }, env.chair.auth, false)).status).toBe(400);
    });
  });
});

describe('documents issued after a consent form was signed (the same warm browser pages)', () => {
  let env: ChairEnv;
  let paper: number;
  const http = () => env.t.http();

  beforeAll(async () => {
    env = await setupLetters();
    await env.conference({ digitalConsentSigning: true, publishingAgreementHtml: '<p>I agree.</p>' });
    await http()
      .put('/api/chair/letters/settings')
      .set(...env.chair.auth)
      .send({ issuerName: 'Graphs Society', issuerAddress: '1 Main Street, Lisbon', issuerTaxId: 'PT123' })
      .expect(200);
    await http()
      .put('/api/chair/letters/settings/signature')
      .set(...env.chair.auth)
      .attach('signature', signaturePng(), 'sig.png')
      .expect(200);
    paper = (
      await env.paper(
        {
          title: 'Consent Then Letters',
          statusId: env.status.accept,
          registration: { author: env.alice.id, id: '7700001', amount: 200, extra: '' },
        },
        [env.alice.id],
      )
    ).id;
    await schedule(env, paper);
  });
  afterAll(() => env.close());

  it('prints the QR code and the signature image on every kind after a consent signature', async () => {
    const consent = await http()
      .post(`/api/author/papers/${paper}/consent`)
      .set(...env.alice.auth)
      .send({ signature: 'Alice Zephyr' });
    expect(consent.status).toBe(200);
    const signature = { width: 120, height: 30 };
    const issued: [
      string,
      () => Promise<{ status: number; body: Buffer; headers: Record<string, string> }>,
    ][] = ['acceptance', 'certificate', 'invitation'].map((kind) => [
      kind,
      () =>
        http()
          .post(`/api/chair/papers/letter/${paper}`)
          .set(...env.chair.auth)
          .field('kind', kind)
          .buffer(true)
          .parse(asBuffer) as never,
    ]);
    issued.push([
      'invoice',
      () =>
        http()
          .post(`/api/chair/papers/invoice/${paper}`)
          .set(...env.chair.auth)
          .send({ kind: 'invoice' })
          .buffer(true)
          .parse(asBuffer) as never,
    ]);
    for (const [kind, send] of issued) {
      const res = await send();
      expect({ kind, status: res.status }).toEqual({ kind, status: 200 });
      const pdf = res.body;
      const code = res.headers['x-document-code'];
      expect({ kind, qr: qrOfPage1(pdf) }).toEqual({ kind, qr: `http://localhost:3000/verify/${code}` });
      const images = imagesOf(pdf);
      // letters carry the stored signature image; invoices only the QR code
      if (kind !== 'invoice')
        expect({ kind, images }).toEqual({ kind, images: expect.arrayContaining([signature]) });
      expect({ kind, count: images.length }).toEqual({ kind, count: kind === 'invoice' ? 1 : 2 });
      const [row] = await env.t.db
        .select()
        .from(issuedDocumentsTable)
        .where(eq(issuedDocumentsTable.code, code!));
      expect(row).toMatchObject({ kind, paperId: paper });
    }
  }, 600_000);
});
