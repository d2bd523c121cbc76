/**
 * Invoices, receipts and credit notes (gap-free numbering per series with an atomic counter, concurrent
 * requests, a failed render giving its number back, a credit note once), and bulk issues as batches with
 * progress and one zip. PGlite and PostgreSQL.
 */
import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { LETTER_MESSAGES } from '@symposium/domain';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import { DocumentRenderer } from '../../apps/api/src/modules/documents/document-renderer.js';
import {
  documentCountersTable,
  issuedDocumentsTable,
} from '../../apps/api/src/modules/letters/letters.table.js';
import { readZip, type ChairEnv } from './papers-chair.helpers.js';
import { asBuffer, pdfText, qrOfPage1, setupLetters, signaturePng } from './letters.helpers.js';

jest.setTimeout(240_000);

describe('invoices, receipts, credit notes and batches', () => {
  let env: ChairEnv;
  let paper: number;
  const year = String(new Date().getUTCFullYear());
  const http = () => env.t.http();
  const bill = (paperId: number, kind: string, auth = env.chair.auth) =>
    http()
      .post(`/api/${auth === env.cochair.auth ? 'cochair' : 'chair'}/papers/invoice/${paperId}`)
      .set(...auth)
      .send({ kind })
      .buffer(true)
      .parse(asBuffer);
  // Registration numbers are unique across papers: each paper made here takes the next one.
  let nextRegistration = 2_000_000;
  const registered = async (title: string, trackId = env.trackA) =>
    (
      await env.paper(
        {
          title,
          trackId,
          registration: {
            author: env.bob.id,
            id: `${nextRegistration++}`,
            amount: 350,
            extra: '',
          },
        },
        [env.alice.id, env.bob.id],
      )
    ).id;
  const counter = async (series: string) =>
    (await env.t.db.select().from(documentCountersTable).where(eq(documentCountersTable.series, series)))[0]
      ?.last ?? 0;
  const setPrefix = (body: object) =>
    http()
      .put('/api/chair/letters/settings')
      .set(...env.chair.auth)
      .send(body)
      .expect(200);

  beforeAll(async () => {
    env = await setupLetters();
    await setPrefix({
      issuerName: 'Graphs Society',
      issuerAddress: '1 Main Street, Lisbon',
      issuerTaxId: 'PT123',
    });
    paper = (
      await env.paper(
        {
          title: 'Billing Graphs',
          registration: { author: env.bob.id, id: '12345', amount: 350, extra: '' },
          otherRegistrations: [
            { author: null, id: '12346-A', amount: 60.5, extra: 'Banquet' },
            { author: null, id: '12347', amount: null, extra: 'No amount' },
          ],
        },
        [env.alice.id, env.bob.id],
      )
    ).id;
  });
  afterAll(() => env.close());

  it('refuses invoices, receipts and their batches until the issuer is complete, taking no number', async () => {
    for (const field of ['issuerName', 'issuerAddress', 'issuerTaxId']) {
      await setPrefix({
        issuerName: 'Graphs Society',
        issuerAddress: '1 Main Street, Lisbon',
        issuerTaxId: 'PT123',
        [field]: '  ',
      });
      for (const kind of ['invoice', 'receipt']) {
        const res = await bill(paper, kind);
        expect({ field, kind, status: res.status }).toEqual({ field, kind, status: 400 });
        expect(JSON.parse(res.body.toString()).message).toBe(LETTER_MESSAGES.issuerIncomplete);
      }
      const batch = await http()
        .post('/api/chair/documents/batches')
        .set(...env.chair.auth)
        .send({ kind: 'invoice', ids: [paper] });
      expect(batch.status).toBe(400);
      expect(batch.body.message).toBe(LETTER_MESSAGES.issuerIncomplete);
    }
    expect(await counter(`INV-${year}`)).toBe(0);
    expect(await counter(`RCP-${year}`)).toBe(0);
    expect(await env.t.db.select().from(issuedDocumentsTable)).toHaveLength(0);
    await setPrefix({
      issuerName: 'Graphs Society',
      issuerAddress: '1 Main Street, Lisbon',
      issuerTaxId: 'PT123',
    });
  });

  it('refuses papers without a registration or without an amount, taking no number', async () => {
    const none = (await env.paper({ title: 'Unregistered' })).id;
    const res = await bill(none, 'invoice');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString()).message).toBe(LETTER_MESSAGES.notRegistered);
    const waived = (
      await env.paper({
        title: 'Waived',
        registration: { author: null, id: 'Waived', amount: null, extra: '' },
      })
    ).id;
    const res2 = await bill(waived, 'invoice');
    expect(res2.status).toBe(400);
    expect(JSON.parse(res2.body.toString()).message).toBe(LETTER_MESSAGES.noAmount);
    expect((await bill(paper, 'quote')).status).toBe(400);
    expect(await counter(`INV-${year}`)).toBe(0);
    expect(await env.t.db.select().from(issuedDocumentsTable)).toHaveLength(0);
  });

  let invoiceId = 0;

  it('issues an invoice to the registration author: lines with an amount, total, number INV-<year>-0001', async () => {
    const res = await bill(paper, 'invoice');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${paper}-Young.pdf"`);
    const pdf = res.body as Buffer;
    const text = pdfText(pdf);
    for (const s of [
      'Invoice',
      `INV-${year}-0001`,
      'Bob Young',
      '12345',
      '12346-A',
      'Banquet',
      '410.50 EUR',
      'Graphs Society',
      'PT123',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('12347');
    const code = res.headers['x-document-code'] as string;
    expect(qrOfPage1(pdf)).toBe(`http://localhost:3000/verify/${code}`);
    const [row] = await env.t.db
      .select()
      .from(issuedDocumentsTable)
      .where(eq(issuedDocumentsTable.code, code));
    invoiceId = row!.id;
    expect(row).toMatchObject({
      kind: 'invoice',
      series: `INV-${year}`,
      number: 1,
      numberLabel: `INV-${year}-0001`,
      amount: '410.50',
      currency: 'EUR',
      recipientUserId: env.bob.id,
    });
    expect(row!.params.lines).toEqual([
      { registrationId: '12345', description: 'Registration', amount: '350.00' },
      { registrationId: '12346-A', description: 'Additional registration — Banquet', amount: '60.50' },
    ]);
    expect(row!.params.total).toBe('410.50');
    const receipt = await bill(paper, 'receipt');
    expect(receipt.status).toBe(200);
    expect(pdfText(receipt.body as Buffer)).toContain(`RCP-${year}-0001`);
    const verify = await http().get(`/api/verify/${code}`);
    expect(verify.body).toMatchObject({
      kind: 'invoice',
      numberLabel: `INV-${year}-0001`,
      amount: '410.50',
      currency: 'EUR',
    });
  });

  it('numbers 20 concurrent invoices 1..20 with no gap and no duplicate', async () => {
    await setPrefix({ invoicePrefix: 'CONC' });
    const papers = await Promise.all(Array.from({ length: 20 }, (_, i) => registered(`Concurrent ${i}`)));
    const answers = await Promise.all(papers.map((id) => bill(id, 'invoice')));
    expect(answers.map((a) => a.status)).toEqual(papers.map(() => 200));
    const rows = await env.t.db
      .select()
      .from(issuedDocumentsTable)
      .where(eq(issuedDocumentsTable.series, `CONC-${year}`));
    expect(rows.map((r) => r.number).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    // each PDF carries its own number
    for (const a of answers) {
      const row = rows.find((r) => r.code === a.headers['x-document-code'])!;
      expect(pdfText(a.body as Buffer)).toContain(row.numberLabel!);
    }
    expect(await counter(`CONC-${year}`)).toBe(20);
  });

  it('gives the number back when the render fails (the next invoice takes it)', async () => {
    const renderer = env.t.app.get(DocumentRenderer);
    const spy = jest.spyOn(renderer, 'renderPdf').mockRejectedValueOnce(new Error('Chromium crashed'));
    const failed = await bill(paper, 'invoice');
    spy.mockRestore();
    expect(failed.status).toBe(503);
    expect(JSON.parse(failed.body.toString()).message).toBe(LETTER_MESSAGES.letterError);
    expect(await counter(`CONC-${year}`)).toBe(20);
    const next = await bill(paper, 'invoice');
    expect(next.status).toBe(200);
    expect(pdfText(next.body as Buffer)).toContain(`CONC-${year}-0021`);
  });

  it('corrects an invoice once with a credit note referencing it', async () => {
    const url = `/api/chair/documents/${invoiceId}/credit`;
    expect(
      (
        await http()
          .post(url)
          .set(...env.chair.auth)
          .send({})
      ).body.message,
    ).toBe(LETTER_MESSAGES.reasonRequired);
    const res = await http()
      .post(url)
      .set(...env.chair.auth)
      .send({ reason: 'Wrong amount billed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'creditNote',
      numberLabel: `CN-${year}-0001`,
      amount: '-410.50',
      currency: 'EUR',
      creditsId: invoiceId,
      recipientName: 'Bob Young',
    });
    const pdf = await http()
      .get(`/api/chair/documents/${res.body._id}/pdf`)
      .set(...env.chair.auth)
      .buffer(true)
      .parse(asBuffer);
    const text = pdfText(pdf.body as Buffer);
    for (const s of [
      'Credit note',
      `CN-${year}-0001`,
      `INV-${year}-0001`,
      'Wrong amount billed',
      '-410.50 EUR',
    ])
      expect(text).toContain(s);
    const again = await http()
      .post(url)
      .set(...env.chair.auth)
      .send({ reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(LETTER_MESSAGES.alreadyCredited);
    const list = await http()
      .get(`/api/chair/documents?paperId=${paper}`)
      .set(...env.chair.auth);
    expect(list.body.find((d: { _id: number }) => d._id === invoiceId).creditedById).toBe(res.body._id);
    const [original] = await env.t.db
      .select()
      .from(issuedDocumentsTable)
      .where(eq(issuedDocumentsTable.id, invoiceId));
    expect(original!.revokedAt).toBeNull();
    expect((await http().get(`/api/verify/${original!.code}`)).body.creditedBy).toBe(`CN-${year}-0001`);
    expect((await http().get(`/api/verify/${res.body.code}`)).body).toMatchObject({
      kind: 'creditNote',
      credits: `INV-${year}-0001`,
    });
    const credit = await http()
      .post(`/api/chair/documents/${res.body._id}/credit`)
      .set(...env.chair.auth)
      .send({ reason: 'x' });
    expect(credit.status).toBe(400);
    const activity = await env.t.db
      .select()
      .from(auditLogTable)
      .where(eq(auditLogTable.action, 'document.credited'));
    expect(activity).toHaveLength(1);
  });

  it('keeps track chairs to their tracks', async () => {
    const other = await registered('Other track', env.trackB);
    expect((await bill(other, 'invoice', env.cochair.auth)).status).toBe(404);
    expect((await bill(paper, 'receipt', env.cochair.auth)).status).toBe(200);
    const credit = await http()
      .post(`/api/cochair/documents/999999/credit`)
      .set(...env.cochair.auth)
      .send({ reason: 'x' });
    expect(credit.status).toBe(404);
  });

  describe('batches', () => {
    const poll = async (id: number, auth = env.chair.auth) => {
      const prefix = auth === env.cochair.auth ? 'cochair' : 'chair';
      for (;;) {
        const res = await http()
          .get(`/api/${prefix}/documents/batches/${id}`)
          .set(...auth);
        if (res.status !== 200 || res.body.state === 'done' || res.body.state === 'failed') return res;
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    it('needs a stored signature for letters', async () => {
      const res = await http()
        .post('/api/chair/documents/batches')
        .set(...env.chair.auth)
        .send({ kind: 'acceptance', ids: [paper] });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(LETTER_MESSAGES.signatureRequired);
      expect(
        (
          await http()
            .post('/api/chair/documents/batches')
            .set(...env.chair.auth)
            .send({ kind: 'creditNote', ids: [paper] })
        ).status,
      ).toBe(400);
    });

    it('issues a letter for each of 5 papers with progress, then one zip of 5 PDFs', async () => {
      await http()
        .put('/api/chair/letters/settings/signature')
        .set(...env.chair.auth)
        .attach('signature', signaturePng(), 'sig.png')
        .expect(200);
      const ids = [];
      for (let i = 0; i < 5; i++)
        ids.push(
          (await env.paper({ title: `Batch paper ${i}`, statusId: env.status.accept }, [env.alice.id])).id,
        );
      const res = await http()
        .post('/api/chair/documents/batches')
        .set(...env.chair.auth)
        .send({ kind: 'acceptance', ids });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ kind: 'acceptance', total: 5, zipUrl: null });
      expect(['queued', 'running']).toContain(res.body.state);
      const done = await poll(res.body._id);
      expect(done.body).toMatchObject({ state: 'done', total: 5, done: 5, failed: 0, errors: [] });
      expect(done.body.zipUrl).toBe(`/api/chair/documents/batches/${res.body._id}/zip`);
      const zip = await http()
        .get(done.body.zipUrl)
        .set(...env.chair.auth)
        .buffer(true)
        .parse(asBuffer);
      expect(zip.status).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      const entries = readZip(zip.body as Buffer);
      expect(entries).toHaveLength(5);
      expect(new Set(entries.map((e) => e.name)).size).toBe(5);
      for (const e of entries) expect(e.data.subarray(0, 5).toString()).toBe('%PDF-');
      expect(entries.map((e) => pdfText(e.data)).filter((t) => t.includes('Batch paper'))).toHaveLength(5);
      const stored = await env.t.db
        .select()
        .from(issuedDocumentsTable)
        .where(eq(issuedDocumentsTable.batchId, res.body._id));
      expect(stored.map((r) => r.paperId).sort()).toEqual([...ids].sort());
      // another chair's batch is not a track chair's
      expect(
        (
          await http()
            .get(`/api/cochair/documents/batches/${res.body._id}`)
            .set(...env.cochair.auth)
        ).status,
      ).toBe(404);
    });

    it('skips the papers a letter does not fit, each listed with the reason', async () => {
      const accepted = (
        await env.paper({ title: 'Batch accepted', statusId: env.status.accept }, [env.alice.id])
      ).id;
      const rejected = (
        await env.paper({ title: 'Batch rejected', statusId: env.status.reject }, [env.alice.id])
      ).id;
      const undecided = (await env.paper({ title: 'Batch undecided' }, [env.alice.id])).id;
      const res = await http()
        .post('/api/chair/documents/batches')
        .set(...env.chair.auth)
        .send({ kind: 'acceptance', ids: [accepted, rejected, undecided] });
      expect(res.status).toBe(202);
      const done = await poll(res.body._id);
      expect(done.body).toMatchObject({ state: 'done', total: 3, done: 1, failed: 2 });
      expect(done.body.errors).toEqual(
        expect.arrayContaining([
          { paperId: rejected, message: LETTER_MESSAGES.notAccepted },
          { paperId: undecided, message: LETTER_MESSAGES.notAccepted },
        ]),
      );
      const stored = await env.t.db
        .select()
        .from(issuedDocumentsTable)
        .where(eq(issuedDocumentsTable.batchId, res.body._id));
      expect(stored.map((r) => r.paperId)).toEqual([accepted]);
      const certificates = await http()
        .post('/api/chair/documents/batches')
        .set(...env.chair.auth)
        .send({ kind: 'certificate', ids: [accepted] });
      const certified = await poll(certificates.body._id);
      expect(certified.body).toMatchObject({
        done: 0,
        failed: 1,
        errors: [{ paperId: accepted, message: LETTER_MESSAGES.notScheduled }],
      });
    });

    it('counts papers without a registration as failed with the reason, for invoices of a track chair', async () => {
      const unregistered = (await env.paper({ title: 'Batch unregistered' })).id;
      const ok = await registered('Batch registered');
      const res = await http()
        .post('/api/cochair/documents/batches')
        .set(...env.cochair.auth)
        .send({ kind: 'invoice', ids: [unregistered, ok] });
      expect(res.status).toBe(202);
      const done = await poll(res.body._id, env.cochair.auth);
      expect(done.body).toMatchObject({
        state: 'done',
        total: 2,
        done: 1,
        failed: 1,
        errors: [{ paperId: unregistered, message: LETTER_MESSAGES.notRegistered }],
      });
      const zip = await http()
        .get(done.body.zipUrl)
        .set(...env.cochair.auth)
        .buffer(true)
        .parse(asBuffer);
      expect(readZip(zip.body as Buffer)).toHaveLength(1);
      // a paper of another track is not in a track chair's selection
      const outside = await registered('Outside', env.trackB);
      const scoped = await http()
        .post('/api/cochair/documents/batches')
        .set(...env.cochair.auth)
        .send({ kind: 'invoice', ids: [outside] });
      expect([202, 400, 404]).toContain(scoped.status);
      if (scoped.status === 202) expect(scoped.body.total).toBe(0);
    });
  });
});
