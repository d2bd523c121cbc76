import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CheckFinding, CheckResult, PageOutline, SharedPassage, TrackChecks } from '@symposium/domain';
import { papersTable, paperFilesTable } from '../papers.table.js';
import { tracksTable } from '../../tracks/tracks.table.js';
import { usersTable } from '../../users/users.table.js';

/** A track's submission-check settings (issue 26); a track without a row has DEFAULT_TRACK_CHECKS. */
export const trackChecksTable = pgTable('track_checks', {
  trackId: integer('track_id')
    .primaryKey()
    .references(() => tracksTable.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<TrackChecks>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TrackChecksRow = typeof trackChecksTable.$inferSelect;

/**
 * The check of one stored PDF (a submission file or the camera-ready pdf), written in the transaction that
 * records the file, gone with it. The findings are those of the rules in force at upload.
 */
export const paperFileChecksTable = pgTable(
  'paper_file_checks',
  {
    fileId: integer('file_id')
      .primaryKey()
      .references(() => paperFilesTable.id, { onDelete: 'cascade' }),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    part: text('part').notNull(),
    stage: text('stage').$type<CheckResult['stage']>().notNull(),
    status: text('status').$type<CheckResult['status']>().notNull(),
    pageCount: integer('page_count'),
    bodyPages: integer('body_pages'),
    findings: jsonb('findings').$type<CheckFinding[]>().notNull(),
    outlines: jsonb('outlines').$type<PageOutline[]>().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('paper_file_checks_paper_idx').on(t.paperId)],
);
export type PaperFileCheckRow = typeof paperFileChecksTable.$inferSelect;

/** A chair's acceptance of one finding (code) of a file's check, with the reason. */
export const findingAcceptancesTable = pgTable(
  'finding_acceptances',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => paperFilesTable.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    reason: text('reason').notNull(),
    byUserId: integer('by_user_id').references(() => usersTable.id, { onDelete: 'set null' }),
    byName: text('by_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.code] })],
);
export type FindingAcceptanceRow = typeof findingAcceptancesTable.$inferSelect;

/**
 * A submission's text fingerprint for near-duplicate detection: the text of its latest checked submission
 * PDF (for the shared passages), the MinHash signature, and its LSH band keys (paper_lsh_keys).
 */
export const paperFingerprintsTable = pgTable('paper_fingerprints', {
  paperId: integer('paper_id')
    .primaryKey()
    .references(() => papersTable.id, { onDelete: 'cascade' }),
  trackId: integer('track_id').notNull(),
  fileId: integer('file_id').notNull(),
  text: text('text').notNull(),
  signature: integer('signature').array().notNull(),
  /** SIGNATURE_VERSION of the hash family that made it: a paper signed otherwise is signed again. */
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PaperFingerprintRow = typeof paperFingerprintsTable.$inferSelect;

/** LSH: one row per band of a paper's signature; papers sharing a (band, key) are candidates. */
export const paperLshKeysTable = pgTable(
  'paper_lsh_keys',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    band: smallint('band').notNull(),
    key: integer('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.band] }), index('paper_lsh_keys_key_idx').on(t.band, t.key)],
);

/**
 * The background queue of duplicate scans: a paper whose submission text changed waits here until a job
 * tick claims it (FOR UPDATE SKIP LOCKED and a lease, so two processes never scan the same paper at once).
 */
export const duplicateScansTable = pgTable('duplicate_scans', {
  paperId: integer('paper_id')
    .primaryKey()
    .references(() => papersTable.id, { onDelete: 'cascade' }),
  trackId: integer('track_id').notNull(),
  fileId: integer('file_id').notNull(),
  /** The submission text to fingerprint (moved to paper_fingerprints by the scan). */
  text: text('text').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
});

/**
 * Two submissions found alike: by text (estimated similarity) or by the same title or abstract. paperA <
 * paperB; one row per pair and kind. A dismissal keeps the pair with its reason.
 */
export const duplicatePairsTable = pgTable(
  'duplicate_pairs',
  {
    id: serial('id').primaryKey(),
    paperA: integer('paper_a')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    paperB: integer('paper_b')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'text' | 'title' | 'abstract'>().notNull(),
    similarity: real('similarity').notNull(),
    passages: jsonb('passages').$type<SharedPassage[]>().notNull().default([]),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedReason: text('dismissed_reason'),
    dismissedBy: text('dismissed_by'),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('duplicate_pairs_key').on(t.paperA, t.paperB, t.kind),
    index('duplicate_pairs_b_idx').on(t.paperB),
    check('duplicate_pairs_order_check', sql`${t.paperA} < ${t.paperB}`),
  ],
);
export type DuplicatePairRow = typeof duplicatePairsTable.$inferSelect;

/**
 * Papers with an open finding: a check of one of their files with a finding whose code no chair accepted.
 * A fixed condition on the papers' id column, for the chairs' paper query (filter checkProblems).
 */
export function openProblemsCondition(paperId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${paperFileChecksTable} cross join lateral jsonb_array_elements(${paperFileChecksTable.findings}) f
    where ${paperFileChecksTable.paperId} = ${paperId}
      and not exists (select 1 from ${findingAcceptancesTable} where ${findingAcceptancesTable.fileId} = ${paperFileChecksTable.fileId} and ${findingAcceptancesTable.code} = f->>'code'))`;
}

/** Papers in a duplicate pair that is not dismissed (filter hasDuplicates). */
export function openPairCondition(paperId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${duplicatePairsTable} where (${duplicatePairsTable.paperA} = ${paperId} or ${duplicatePairsTable.paperB} = ${paperId})
    and ${duplicatePairsTable.dismissedAt} is null)`;
}
