import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnsweredQuestion, PaperRegistration } from '@symposium/domain';
import { statusesTable, subjectAreasTable, tracksTable } from '../tracks/tracks.table.js';
import { usersTable } from '../users/users.table.js';
import { bytea } from '../../database/columns.js';

/**
 * Papers (§3). Authors live in paper_authors (ordered), files in paper_files (one row per stored file), the
 * signed consent form in paper_consents. Question answers and registrations are free-form jsonb.
 */
export const papersTable = pgTable(
  'papers',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    abstractText: text('abstract_text').notNull(),
    abstractQuestions: jsonb('abstract_questions').$type<AnsweredQuestion[]>().notNull().default([]),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracksTable.id),
    /** Set null when the chair removes the subject area from the track. */
    primarySubjectAreaId: integer('primary_subject_area_id').references(() => subjectAreasTable.id, {
      onDelete: 'set null',
    }),
    /** Set null when the user is deleted (the authors list loses them too). */
    primaryAuthorId: integer('primary_author_id').references(() => usersTable.id, { onDelete: 'set null' }),
    /** Set null when the chair deletes the status. */
    statusId: integer('status_id').references(() => statusesTable.id, { onDelete: 'set null' }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    notes: text('notes').notNull().default(''),
    submittedCameraReady: boolean('submitted_camera_ready').notNull().default(false),
    submittedPresentationReady: boolean('submitted_presentation_ready').notNull().default(false),
    isCameraReady: boolean('is_camera_ready').notNull().default(false),
    isPresentationReady: boolean('is_presentation_ready').notNull().default(false),
    cameraReadyQuestions: jsonb('camera_ready_questions').$type<AnsweredQuestion[]>().notNull().default([]),
    presentationReadyQuestions: jsonb('presentation_ready_questions')
      .$type<AnsweredQuestion[]>()
      .notNull()
      .default([]),
    /** {author, id, amount, extra}; the paper is registered when id is not empty. */
    registration: jsonb('registration').$type<PaperRegistration | null>(),
    otherRegistrations: jsonb('other_registrations').$type<PaperRegistration[]>().notNull().default([]),
    /** The chair lets the authors download their acceptance letter. */
    acceptanceLetterEnabled: boolean('acceptance_letter_enabled').notNull().default(false),
    /** The chair lets the authors download their certificate of presentation. */
    certificateEnabled: boolean('certificate_enabled').notNull().default(false),
    /** The chair lets the authors download their invitation letter (for visas). */
    invitationLetterEnabled: boolean('invitation_letter_enabled').notNull().default(false),
    /** The chair lets the authors read the reviews of the paper. */
    authorViewReviewEnabled: boolean('author_view_review_enabled').notNull().default(false),
    acceptWithRevisionTimestamp: timestamp('accept_with_revision_timestamp', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('papers_track_idx').on(t.trackId),
    index('papers_status_idx').on(t.statusId),
    index('papers_updated_at_idx').on(t.updatedAt),
  ],
);
export type PaperRow = typeof papersTable.$inferSelect;
export type NewPaperRow = typeof papersTable.$inferInsert;

/**
 * 'Paper registration number already in use!': every registration number of a paper (main and other
 * registrations) has a row here, written in the transaction that changes papers.registration /
 * other_registrations; the primary key makes a number belong to one paper (and appear once in it). Waived
 * and Volunteer are not numbers and have no row (many papers may be waived).
 */
export const paperRegistrationIdsTable = pgTable(
  'paper_registration_ids',
  {
    registrationId: text('registration_id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    /** 'main' or 'other'. */
    kind: text('kind').notNull(),
  },
  (t) => [index('paper_registration_ids_paper_idx').on(t.paperId)],
);
export type PaperRegistrationIdRow = typeof paperRegistrationIdsTable.$inferSelect;

/** The authors of a paper, in order (position 0 first). */
export const paperAuthorsTable = pgTable(
  'paper_authors',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.userId] }), index('paper_authors_user_idx').on(t.userId)],
);
export type PaperAuthorRow = typeof paperAuthorsTable.$inferSelect;

/**
 * One stored file of a paper: part is abstract (several) or one of the camera-ready / presentation-ready
 * slots (at most one each); key names the object in the file store; size and sha256 are recorded in the
 * same transaction as the paper change.
 */
export const paperFilesTable = pgTable(
  'paper_files',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    part: text('part').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('paper_files_paper_idx').on(t.paperId, t.part),
    uniqueIndex('paper_files_key_key').on(t.key),
    uniqueIndex('paper_files_single_part_key')
      .on(t.paperId, t.part)
      .where(sql`${t.part} <> 'abstract'`),
  ],
);
export type PaperFileRow = typeof paperFilesTable.$inferSelect;
export type NewPaperFileRow = typeof paperFilesTable.$inferInsert;

/** The signed publishing agreement of a paper (the latest signature): who, when, which version, the image. */
export const paperConsentsTable = pgTable(
  'paper_consents',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    agreementVersion: integer('agreement_version').notNull(),
    /** The agreement text as it was signed. */
    agreementHtml: text('agreement_html').notNull(),
    signatureName: text('signature_name').notNull(),
    font: text('font').notNull(),
    jpeg: bytea('jpeg').notNull(),
  },
  (t) => [uniqueIndex('paper_consents_paper_key').on(t.paperId)],
);
export type PaperConsentRow = typeof paperConsentsTable.$inferSelect;

/**
 * Idempotency keys of the authors' submissions (POST /api/author/papers and …/:paperId/upload): one row per
 * user, route and `Idempotency-Key`, written in the transaction that stores the paper or file row, so a retry
 * after a lost answer replays the first answer instead of storing a second paper. `running` rows hold the key
 * for one attempt (`token`) until `lease_until` (renewed while it runs); a `done` row keeps what the answer is
 * made of. Rows older than 24 hours are removed by the hourly sweep.
 */
export const idempotencyKeysTable = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    /** 'papers.create' or 'papers.upload'. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** The attempt holding the key (random, one per attempt). */
    token: text('token').notNull(),
    state: text('state').$type<'running' | 'done'>().notNull(),
    /** sha256 of what the request asked for: the JSON body, or the file's sha256 with the target. */
    requestHash: text('request_hash').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    /** What the answer is made of (done rows): the paper id, and the upload's file. */
    response: jsonb('response').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.route, t.key] }),
    index('idempotency_keys_token_idx').on(t.token),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
export type IdempotencyKeyRow = typeof idempotencyKeysTable.$inferSelect;
