import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { IssuedDocumentParams } from '@symposium/domain';
import { papersTable } from '../papers/papers.table.js';
import { bytea } from '../../database/columns.js';

/**
 * The chair's HTML template of each document kind (DocumentKind of @symposium/domain): acceptance,
 * certificate, invitation, invoice, receipt, creditNote. A kind without a row uses the built-in default.
 * The HTML is sanitised at save and may hold only the closed placeholder list (DOCUMENT_PLACEHOLDERS).
 */
export const documentTemplatesTable = pgTable('document_templates', {
  kind: text('kind').primaryKey(),
  html: text('html').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type DocumentTemplateRow = typeof documentTemplatesTable.$inferSelect;

/**
 * Letter and billing settings (one row, id 1): who signs letters (name, title, the stored signature
 * image), and the issuer of invoices and receipts (publisher name, address, tax id, currency, series
 * prefixes, payment terms).
 */
export const letterSettingsTable = pgTable('letter_settings', {
  id: integer('id').primaryKey(),
  signerName: text('signer_name').notNull().default(''),
  signerTitle: text('signer_title').notNull().default(''),
  /** jpeg or png, checked by its bytes; null = none stored (a letter request may bring one). */
  signature: bytea('signature'),
  signatureType: text('signature_type'),
  issuerName: text('issuer_name').notNull().default(''),
  issuerAddress: text('issuer_address').notNull().default(''),
  issuerTaxId: text('issuer_tax_id').notNull().default(''),
  currency: text('currency').notNull().default('EUR'),
  invoicePrefix: text('invoice_prefix').notNull().default('INV'),
  receiptPrefix: text('receipt_prefix').notNull().default('RCP'),
  creditNotePrefix: text('credit_note_prefix').notNull().default('CN'),
  paymentTerms: text('payment_terms').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LetterSettingsRow = typeof letterSettingsTable.$inferSelect;

/**
 * Gap-free numbering: one row per series (e.g. 'INV-2026'); the issuing transaction does
 * `INSERT … ON CONFLICT (series) DO UPDATE SET last = last + 1 RETURNING last`, so a number is taken only
 * when the document row is written in the same transaction (a rollback gives the number back).
 */
export const documentCountersTable = pgTable('document_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull().default(0),
});

/**
 * Every issued document: what (kind, the parameters it was rendered from), to whom, when, by whom, the
 * PDF and its sha256, the public verification code; invoices, receipts and credit notes also a series and
 * number (never reused, never edited: a correction is a credit note whose credits_id names the original).
 */
export const issuedDocumentsTable = pgTable(
  'issued_documents',
  {
    id: serial('id').primaryKey(),
    /** Short public code of /verify/{code} (and of the QR code): unguessable, unique. */
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    /** Kept when the paper is deleted for good: the record of what was issued stays. */
    paperId: integer('paper_id').references(() => papersTable.id, { onDelete: 'set null' }),
    recipientUserId: integer('recipient_user_id'),
    recipientName: text('recipient_name').notNull(),
    series: text('series'),
    number: integer('number'),
    /** e.g. INV-2026-0007; null for letters. */
    numberLabel: text('number_label'),
    amount: numeric('amount', { precision: 12, scale: 2 }),
    currency: text('currency'),
    params: jsonb('params').$type<IssuedDocumentParams>().notNull(),
    pdf: bytea('pdf').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    /** A credit note: the invoice or receipt it corrects. */
    creditsId: integer('credits_id'),
    batchId: integer('batch_id'),
    issuedBy: integer('issued_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Times an author (not a chair) downloaded it. */
    downloads: integer('downloads').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('issued_documents_code_key').on(t.code),
    uniqueIndex('issued_documents_number_key')
      .on(t.series, t.number)
      .where(sql`${t.number} is not null`),
    index('issued_documents_paper_idx').on(t.paperId, t.kind),
    index('issued_documents_batch_idx').on(t.batchId),
  ],
);
export type IssuedDocumentRow = typeof issuedDocumentsTable.$inferSelect;
export type NewIssuedDocumentRow = typeof issuedDocumentsTable.$inferInsert;

/**
 * A bulk issue (every paper matching a filter) run as a job: claimed by a process with
 * `FOR UPDATE SKIP LOCKED` and a lease, progress in done/failed of total, the result one zip.
 */
export const documentBatchesTable = pgTable(
  'document_batches',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The paper selection ({ids} or {filters, search}) and the scope (track ids; null = every track). */
    selection: jsonb('selection').$type<Record<string, unknown>>().notNull(),
    trackIds: integer('track_ids').array(),
    /** queued, running, done, failed. */
    state: text('state').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors').$type<{ paperId: number; message: string }[]>().notNull().default([]),
    zip: bytea('zip'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('document_batches_state_idx').on(t.state, t.createdAt)],
);
export type DocumentBatchRow = typeof documentBatchesTable.$inferSelect;
