import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, getTableColumns, inArray, isNull, lt, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import {
  documentBatchesTable,
  documentTemplatesTable,
  issuedDocumentsTable,
  letterSettingsTable,
  type DocumentBatchRow,
  type DocumentTemplateRow,
  type IssuedDocumentRow,
  type LetterSettingsRow,
  type NewIssuedDocumentRow,
} from './letters.table.js';

/** An issued document without its PDF bytes (lists, checks). */
export type IssuedDocumentMeta = Omit<IssuedDocumentRow, 'pdf'>;

const { pdf: _pdf, ...META_COLUMNS } = getTableColumns(issuedDocumentsTable);
void _pdf;

const SETTINGS_ID = 1;

/** The rows of a raw query's result (node-postgres and PGlite both answer { rows }). */
function rowsOf(res: unknown): Record<string, unknown>[] {
  if (Array.isArray(res)) return res as Record<string, unknown>[];
  return (res as { rows?: Record<string, unknown>[] }).rows ?? [];
}

/** Document batches waiting or running, and the documents they have still to issue. */
export interface DocumentBatchQueue {
  queued: number;
  running: number;
  items: number;
}

/** All SQL of letters: settings, templates, counters, issued documents and bulk batches. */
@Injectable()
export class LettersRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  // ----- settings (one row, id 1, created by the migration; recreated here if it went missing)

  async settings(ex: Executor = this.db): Promise<LetterSettingsRow> {
    const [row] = await ex.select().from(letterSettingsTable).where(eq(letterSettingsTable.id, SETTINGS_ID));
    if (row) return row;
    await ex.insert(letterSettingsTable).values({ id: SETTINGS_ID }).onConflictDoNothing();
    return (await ex.select().from(letterSettingsTable).where(eq(letterSettingsTable.id, SETTINGS_ID)))[0]!;
  }

  async updateSettings(
    patch: Partial<Omit<LetterSettingsRow, 'id' | 'updatedAt'>>,
    ex: Executor = this.db,
  ): Promise<LetterSettingsRow> {
    await this.settings(ex);
    const [row] = await ex
      .update(letterSettingsTable)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(letterSettingsTable.id, SETTINGS_ID))
      .returning();
    return row!;
  }

  // ----- templates

  listTemplates(ex: Executor = this.db): Promise<DocumentTemplateRow[]> {
    return ex.select().from(documentTemplatesTable);
  }

  async findTemplate(kind: string, ex: Executor = this.db): Promise<DocumentTemplateRow | undefined> {
    const [row] = await ex.select().from(documentTemplatesTable).where(eq(documentTemplatesTable.kind, kind));
    return row;
  }

  async saveTemplate(
    kind: string,
    html: string,
    userId: number,
    ex: Executor = this.db,
  ): Promise<DocumentTemplateRow> {
    const [row] = await ex
      .insert(documentTemplatesTable)
      .values({ kind, html, updatedBy: userId })
      .onConflictDoUpdate({
        target: documentTemplatesTable.kind,
        set: { html, updatedBy: userId, updatedAt: sql`now()` },
      })
      .returning();
    return row!;
  }

  async deleteTemplate(kind: string, ex: Executor = this.db): Promise<void> {
    await ex.delete(documentTemplatesTable).where(eq(documentTemplatesTable.kind, kind));
  }

  // ----- numbering

  /**
   * The next number of a series, taken in the caller's transaction: the counter row stays locked until it
   * commits (other issuers of the series wait), and a rollback gives the number back (gap-free).
   */
  async nextNumber(series: string, tx: Executor): Promise<number> {
    const res = await tx.execute(
      sql`INSERT INTO document_counters (series, last) VALUES (${series}, 1)
          ON CONFLICT (series) DO UPDATE SET last = document_counters.last + 1 RETURNING last`,
    );
    return Number(rowsOf(res)[0]!.last);
  }

  // ----- issued documents

  async insertDocument(row: NewIssuedDocumentRow, ex: Executor = this.db): Promise<IssuedDocumentMeta> {
    const [created] = await ex.insert(issuedDocumentsTable).values(row).returning(META_COLUMNS);
    return created!;
  }

  async findDocument(id: number, ex: Executor = this.db): Promise<IssuedDocumentMeta | undefined> {
    const [row] = await ex
      .select(META_COLUMNS)
      .from(issuedDocumentsTable)
      .where(eq(issuedDocumentsTable.id, id));
    return row;
  }

  /** The document row locked for update (revoke, credit). */
  async lockDocument(id: number, ex: Executor): Promise<IssuedDocumentMeta | undefined> {
    const [row] = await ex
      .select(META_COLUMNS)
      .from(issuedDocumentsTable)
      .where(eq(issuedDocumentsTable.id, id))
      .for('update');
    return row;
  }

  async findByCode(code: string, ex: Executor = this.db): Promise<IssuedDocumentMeta | undefined> {
    const [row] = await ex
      .select(META_COLUMNS)
      .from(issuedDocumentsTable)
      .where(eq(issuedDocumentsTable.code, code));
    return row;
  }

  async pdfOf(id: number, ex: Executor = this.db): Promise<Buffer | undefined> {
    const [row] = await ex
      .select({ pdf: issuedDocumentsTable.pdf })
      .from(issuedDocumentsTable)
      .where(eq(issuedDocumentsTable.id, id));
    return row?.pdf;
  }

  /** Documents newest first: of one paper, or all; `beforeId` pages back from a document id. */
  listDocuments(
    opts: { paperId?: number; beforeId?: number; limit: number },
    ex: Executor = this.db,
  ): Promise<IssuedDocumentMeta[]> {
    const conditions = [
      opts.paperId === undefined ? undefined : eq(issuedDocumentsTable.paperId, opts.paperId),
      opts.beforeId === undefined ? undefined : lt(issuedDocumentsTable.id, opts.beforeId),
    ].filter((c) => c !== undefined);
    return ex
      .select(META_COLUMNS)
      .from(issuedDocumentsTable)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(issuedDocumentsTable.id))
      .limit(opts.limit);
  }

  /** Original id → id of the credit note that corrects it, for these documents. */
  async creditNotesOf(ids: number[], ex: Executor = this.db): Promise<Map<number, IssuedDocumentMeta>> {
    if (!ids.length) return new Map();
    const rows = await ex
      .select(META_COLUMNS)
      .from(issuedDocumentsTable)
      .where(inArray(issuedDocumentsTable.creditsId, ids));
    return new Map(rows.map((r) => [r.creditsId!, r]));
  }

  async revoke(id: number, userId: number, reason: string, ex: Executor): Promise<IssuedDocumentMeta> {
    const [row] = await ex
      .update(issuedDocumentsTable)
      .set({ revokedAt: sql`now()`, revokedBy: userId, revokeReason: reason })
      .where(eq(issuedDocumentsTable.id, id))
      .returning(META_COLUMNS);
    return row!;
  }

  /** The latest document of this kind issued to the user for the paper and not revoked. */
  async latestIssuedTo(
    paperId: number,
    kind: string,
    userId: number,
    ex: Executor = this.db,
  ): Promise<IssuedDocumentMeta | undefined> {
    const [row] = await ex
      .select(META_COLUMNS)
      .from(issuedDocumentsTable)
      .where(
        and(
          eq(issuedDocumentsTable.paperId, paperId),
          eq(issuedDocumentsTable.kind, kind),
          eq(issuedDocumentsTable.recipientUserId, userId),
          isNull(issuedDocumentsTable.revokedAt),
        ),
      )
      .orderBy(desc(issuedDocumentsTable.id))
      .limit(1);
    return row;
  }

  async countDownload(id: number, ex: Executor = this.db): Promise<void> {
    await ex
      .update(issuedDocumentsTable)
      .set({ downloads: sql`${issuedDocumentsTable.downloads} + 1` })
      .where(eq(issuedDocumentsTable.id, id));
  }

  // ----- batches

  async insertBatch(
    row: typeof documentBatchesTable.$inferInsert,
    ex: Executor = this.db,
  ): Promise<DocumentBatchRow> {
    const [created] = await ex.insert(documentBatchesTable).values(row).returning();
    return created!;
  }

  async findBatch(id: number, ex: Executor = this.db): Promise<DocumentBatchRow | undefined> {
    const [row] = await ex.select().from(documentBatchesTable).where(eq(documentBatchesTable.id, id));
    return row;
  }

  /**
   * The batch queue (metrics): batches waiting (queued) and being worked on (running), and the documents
   * they have still to issue.
   */
  async batchQueue(ex: Executor = this.db): Promise<DocumentBatchQueue> {
    const t = documentBatchesTable;
    const [row] = await ex
      .select({
        queued: sql<number>`count(*) filter (where ${t.state} = 'queued')`.mapWith(Number),
        running: sql<number>`count(*) filter (where ${t.state} = 'running')`.mapWith(Number),
        items: sql<number>`coalesce(sum(greatest(${t.total} - ${t.done} - ${t.failed}, 0)), 0)`.mapWith(
          Number,
        ),
      })
      .from(t)
      .where(inArray(t.state, ['queued', 'running']));
    return { queued: row?.queued ?? 0, running: row?.running ?? 0, items: row?.items ?? 0 };
  }

  /**
   * Claims one batch to work on: queued, or running with an expired lease (its process died), the oldest
   * first; FOR UPDATE SKIP LOCKED so two processes never take the same one. The lease is `leaseMs` long.
   */
  async claimBatch(leaseMs: number, ex: Executor = this.db): Promise<DocumentBatchRow | undefined> {
    const res = await ex.execute(
      sql`UPDATE document_batches SET state = 'running', lease_until = now() + ${`${leaseMs} milliseconds`}::interval
          WHERE id = (
            SELECT id FROM document_batches
            WHERE state = 'queued' OR (state = 'running' AND lease_until < now())
            ORDER BY created_at, id
            LIMIT 1
            FOR UPDATE SKIP LOCKED
          )
          RETURNING id`,
    );
    const [claimed] = rowsOf(res);
    return claimed ? this.findBatch(Number(claimed.id), ex) : undefined;
  }

  async updateBatch(
    id: number,
    patch: Partial<Omit<DocumentBatchRow, 'id' | 'leaseUntil' | 'finishedAt'>> & {
      leaseMs?: number;
      finished?: boolean;
    },
    ex: Executor = this.db,
  ): Promise<void> {
    const { leaseMs, finished, ...rest } = patch;
    await ex
      .update(documentBatchesTable)
      .set({
        ...rest,
        ...(leaseMs !== undefined ? { leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` } : {}),
        ...(finished ? { finishedAt: sql`now()`, leaseUntil: null } : {}),
      })
      .where(eq(documentBatchesTable.id, id));
  }

  /** Paper ids that already have a document of the batch (a resumed batch skips them). */
  async papersDoneInBatch(batchId: number, ex: Executor = this.db): Promise<Set<number>> {
    const rows = await ex
      .select({ paperId: issuedDocumentsTable.paperId })
      .from(issuedDocumentsTable)
      .where(eq(issuedDocumentsTable.batchId, batchId));
    return new Set(rows.map((r) => r.paperId!).filter((id) => id !== null));
  }

  /** The file names and PDFs of a batch, in issue order. */
  documentsOfBatch(
    batchId: number,
    ex: Executor = this.db,
  ): Promise<{ fileName: string; pdf: Buffer; id: number }[]> {
    return ex
      .select({
        id: issuedDocumentsTable.id,
        fileName: issuedDocumentsTable.fileName,
        pdf: issuedDocumentsTable.pdf,
      })
      .from(issuedDocumentsTable)
      .where(eq(issuedDocumentsTable.batchId, batchId))
      .orderBy(issuedDocumentsTable.id);
  }

  async batchZip(id: number, ex: Executor = this.db): Promise<Buffer | null | undefined> {
    const [row] = await ex
      .select({ zip: documentBatchesTable.zip })
      .from(documentBatchesTable)
      .where(eq(documentBatchesTable.id, id));
    return row ? row.zip : undefined;
  }
}
