import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../database/database.js';
import { openWith, seedPaper, type SeededPaper } from '../../database/test-database.js';
import { LettersRepository } from './letters.repository.js';
import { documentBatchesTable, letterSettingsTable, type NewIssuedDocumentRow } from './letters.table.js';

describe('LettersRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: LettersRepository;
  let paper: SeededPaper;
  let other: SeededPaper;
  let n = 0;
  const doc = (extra: Partial<NewIssuedDocumentRow> = {}): NewIssuedDocumentRow => ({
    code: `code-${++n}`,
    kind: 'acceptance',
    paperId: paper.id,
    recipientUserId: 5,
    recipientName: 'Ada Lovelace',
    params: {} as NewIssuedDocumentRow['params'],
    pdf: Buffer.from(`pdf ${n}`),
    size: 5,
    sha256: 'abc',
    fileName: `doc-${n}.pdf`,
    ...extra,
  });

  beforeAll(async () => {
    ({ handle, repo } = await openWith((db) => new LettersRepository(db)));
    paper = await seedPaper(handle.db);
    other = await seedPaper(handle.db);
  });
  afterAll(() => handle.close());

  it('settings answers the migrated row, and recreates it with the defaults when it went missing', async () => {
    expect(await repo.settings()).toMatchObject({
      id: 1,
      currency: 'EUR',
      invoicePrefix: 'INV',
      signature: null,
    });
    await handle.db.delete(letterSettingsTable);
    expect(await repo.settings()).toMatchObject({ id: 1, currency: 'EUR', signerName: '' });
  });

  it('updateSettings writes the patch (creating the row if needed) and answers the row', async () => {
    await handle.db.delete(letterSettingsTable);
    const row = await repo.updateSettings({
      signerName: 'Chair',
      signature: Buffer.from([1, 2]),
      signatureType: 'png',
    });
    expect(row).toMatchObject({
      id: 1,
      signerName: 'Chair',
      signature: Buffer.from([1, 2]),
      signatureType: 'png',
    });
    expect(await repo.settings()).toEqual(row);
  });

  it('templates: saved (insert, then replace by kind), listed, found, deleted', async () => {
    expect(await repo.findTemplate('invoice')).toBeUndefined();
    await repo.saveTemplate('invoice', '<p>1</p>', 3);
    const replaced = await repo.saveTemplate('invoice', '<p>2</p>', 4);
    expect(replaced).toMatchObject({ kind: 'invoice', html: '<p>2</p>', updatedBy: 4 });
    await repo.saveTemplate('receipt', '<p>r</p>', 3);
    expect((await repo.listTemplates()).map((t) => t.kind).sort()).toEqual(['invoice', 'receipt']);
    await repo.deleteTemplate('receipt');
    expect(await repo.findTemplate('receipt')).toBeUndefined();
    expect(await repo.findTemplate('invoice')).toEqual(replaced);
  });

  it('nextNumber counts per series from 1, and a rolled-back transaction gives its number back', async () => {
    const take = (series: string) => handle.db.transaction((tx) => repo.nextNumber(series, tx));
    expect(await take('INV-2026')).toBe(1);
    expect(await take('INV-2026')).toBe(2);
    expect(await take('RCP-2026')).toBe(1);
    await expect(
      handle.db.transaction(async (tx) => {
        expect(await repo.nextNumber('INV-2026', tx)).toBe(3);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await take('INV-2026')).toBe(3);
  });

  it('issued documents: inserted and read without their PDF; the PDF on its own; unknown → undefined', async () => {
    const d = await repo.insertDocument(doc());
    expect(d).not.toHaveProperty('pdf');
    expect(d).toMatchObject({ id: expect.any(Number), code: d.code, downloads: 0, revokedAt: null });
    expect(await repo.findDocument(d.id)).toEqual(d);
    expect(await repo.findByCode(d.code)).toEqual(d);
    expect(await handle.db.transaction((tx) => repo.lockDocument(d.id, tx))).toEqual(d);
    expect(await repo.pdfOf(d.id)).toEqual(Buffer.from(`pdf ${n}`));
    expect(await repo.findDocument(9999)).toBeUndefined();
    expect(await repo.findByCode('nope')).toBeUndefined();
    expect(await repo.pdfOf(9999)).toBeUndefined();
    expect(await handle.db.transaction((tx) => repo.lockDocument(9999, tx))).toBeUndefined();
  });

  it('a verification code is unique, and so is a number in its series (letters have none)', async () => {
    const d = await repo.insertDocument(doc({ series: 'INV-2030', number: 1 }));
    await expect(repo.insertDocument(doc({ code: d.code }))).rejects.toThrow();
    await expect(repo.insertDocument(doc({ series: 'INV-2030', number: 1 }))).rejects.toThrow();
    await repo.insertDocument(doc({ series: 'RCP-2030', number: 1 }));
    await repo.insertDocument(doc({ series: null, number: null }));
  });

  it('listDocuments: newest first, of one paper or all, paged back with beforeId', async () => {
    const a = await repo.insertDocument(doc({ paperId: other.id }));
    const b = await repo.insertDocument(doc({ paperId: other.id }));
    const c = await repo.insertDocument(doc({ paperId: other.id }));
    expect((await repo.listDocuments({ paperId: other.id, limit: 10 })).map((d) => d.id)).toEqual([
      c.id,
      b.id,
      a.id,
    ]);
    expect(
      (await repo.listDocuments({ paperId: other.id, beforeId: c.id, limit: 1 })).map((d) => d.id),
    ).toEqual([b.id]);
    const all = await repo.listDocuments({ limit: 100 });
    expect(all[0]!.id).toBe(c.id);
    expect(all.map((d) => d.id)).toEqual([...all.map((d) => d.id)].sort((x, y) => y - x));
    expect(all.some((d) => d.paperId === paper.id)).toBe(true);
  });

  it('credit notes are found by the document they correct; revoke records who, when and why', async () => {
    const invoice = await repo.insertDocument(doc({ kind: 'invoice' }));
    const credit = await repo.insertDocument(doc({ kind: 'creditNote', creditsId: invoice.id }));
    expect(await repo.creditNotesOf([invoice.id, credit.id])).toEqual(new Map([[invoice.id, credit]]));
    expect(await repo.creditNotesOf([])).toEqual(new Map());
    const revoked = await handle.db.transaction((tx) => repo.revoke(invoice.id, 9, 'wrong amount', tx));
    expect(revoked).toMatchObject({
      id: invoice.id,
      revokedBy: 9,
      revokeReason: 'wrong amount',
      revokedAt: expect.any(Date),
    });
  });

  it('latestIssuedTo: the newest unrevoked document of that kind, paper and recipient', async () => {
    const p = await seedPaper(handle.db);
    const older = await repo.insertDocument(doc({ paperId: p.id, kind: 'certificate' }));
    const newer = await repo.insertDocument(doc({ paperId: p.id, kind: 'certificate' }));
    await repo.insertDocument(doc({ paperId: p.id, kind: 'certificate', recipientUserId: 6 }));
    await repo.insertDocument(doc({ paperId: p.id, kind: 'invitation' }));
    expect((await repo.latestIssuedTo(p.id, 'certificate', 5))!.id).toBe(newer.id);
    await handle.db.transaction((tx) => repo.revoke(newer.id, 1, 'x', tx));
    expect((await repo.latestIssuedTo(p.id, 'certificate', 5))!.id).toBe(older.id);
    await handle.db.transaction((tx) => repo.revoke(older.id, 1, 'x', tx));
    expect(await repo.latestIssuedTo(p.id, 'certificate', 5)).toBeUndefined();
  });

  it('countDownload adds one download each time', async () => {
    const d = await repo.insertDocument(doc());
    await repo.countDownload(d.id);
    await repo.countDownload(d.id);
    expect((await repo.findDocument(d.id))!.downloads).toBe(2);
  });

  describe('batches', () => {
    const batch = (extra: Partial<typeof documentBatchesTable.$inferInsert> = {}) =>
      repo.insertBatch({ kind: 'certificate', selection: { ids: [1] }, trackIds: null, total: 2, ...extra });

    beforeEach(() => handle.db.delete(documentBatchesTable));

    it('inserted queued, found by id (unknown → undefined), zip null until written', async () => {
      const b = await batch();
      expect(b).toMatchObject({
        state: 'queued',
        done: 0,
        failed: 0,
        errors: [],
        zip: null,
        leaseUntil: null,
      });
      expect(await repo.findBatch(b.id)).toEqual(b);
      expect(await repo.findBatch(9999)).toBeUndefined();
      expect(await repo.batchZip(b.id)).toBeNull();
      expect(await repo.batchZip(9999)).toBeUndefined();
    });

    it('claimBatch takes the oldest queued batch and leases it; nothing when none is claimable', async () => {
      const first = await batch({ createdAt: new Date('2026-01-01T00:00:00Z') });
      const second = await batch({ createdAt: new Date('2026-01-02T00:00:00Z') });
      const claimed = await repo.claimBatch(60_000);
      expect(claimed).toMatchObject({ id: first.id, state: 'running', leaseUntil: expect.any(Date) });
      expect(claimed!.leaseUntil!.getTime()).toBeGreaterThan(Date.now());
      expect((await repo.claimBatch(60_000))!.id).toBe(second.id);
      expect(await repo.claimBatch(60_000)).toBeUndefined();
    });

    it('claimBatch takes back a running batch whose lease expired (its process died)', async () => {
      const b = await batch();
      await repo.claimBatch(60_000);
      await handle.db
        .update(documentBatchesTable)
        .set({ leaseUntil: new Date(Date.now() - 1000) })
        .where(eq(documentBatchesTable.id, b.id));
      expect((await repo.claimBatch(60_000))!.id).toBe(b.id);
    });

    it('updateBatch writes progress, renews the lease, and clears it when finished', async () => {
      const b = await batch();
      await repo.updateBatch(b.id, { done: 1, errors: [{ paperId: 3, message: 'x' }], leaseMs: 120_000 });
      const renewed = (await repo.findBatch(b.id))!;
      expect(renewed).toMatchObject({ done: 1, errors: [{ paperId: 3, message: 'x' }], finishedAt: null });
      expect(renewed.leaseUntil!.getTime()).toBeGreaterThan(Date.now());
      await repo.updateBatch(b.id, { state: 'done', zip: Buffer.from('zip'), finished: true });
      expect(await repo.findBatch(b.id)).toMatchObject({
        state: 'done',
        leaseUntil: null,
        finishedAt: expect.any(Date),
      });
      expect(await repo.batchZip(b.id)).toEqual(Buffer.from('zip'));
    });

    it('the documents of a batch: their papers, and their files in issue order', async () => {
      const b = await batch();
      const d1 = await repo.insertDocument(doc({ batchId: b.id, paperId: other.id }));
      const d2 = await repo.insertDocument(doc({ batchId: b.id, paperId: paper.id }));
      await repo.insertDocument(doc({ batchId: b.id + 1 }));
      expect(await repo.papersDoneInBatch(b.id)).toEqual(new Set([other.id, paper.id]));
      expect(await repo.documentsOfBatch(b.id)).toEqual([
        { id: d1.id, fileName: d1.fileName, pdf: expect.any(Buffer) },
        { id: d2.id, fileName: d2.fileName, pdf: expect.any(Buffer) },
      ]);
      expect(await repo.papersDoneInBatch(9999)).toEqual(new Set());
    });
  });
});
