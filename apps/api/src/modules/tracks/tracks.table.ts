import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SurveyQuestion } from '@symposium/domain';

export const tracksTable = pgTable(
  'tracks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    canSubmitPaper: boolean('can_submit_paper').notNull().default(true),
    canSubmitPaperDeadline: timestamp('can_submit_paper_deadline', { withTimezone: true }),
    canEditPaper: boolean('can_edit_paper').notNull().default(false),
    canEditPaperDeadline: timestamp('can_edit_paper_deadline', { withTimezone: true }),
    canSubmitCameraReady: boolean('can_submit_camera_ready').notNull().default(true),
    canSubmitCameraReadyDeadline: timestamp('can_submit_camera_ready_deadline', { withTimezone: true }),
    canSubmitPresentationReady: boolean('can_submit_presentation_ready').notNull().default(true),
    canSubmitPresentationReadyDeadline: timestamp('can_submit_presentation_ready_deadline', {
      withTimezone: true,
    }),
    submissionWelcomeMessage: text('submission_welcome_message').notNull().default(''),
    abstractLength: integer('abstract_length').notNull().default(5000),
    minFilesLimit: integer('min_files_limit').notNull().default(1),
    maxFilesLimit: integer('max_files_limit').notNull().default(1),
    submissionQuestions: jsonb('submission_questions').$type<SurveyQuestion[]>().notNull().default([]),
    cameraReadyWelcomeMessage: text('camera_ready_welcome_message').notNull().default(''),
    cameraReadyFileSizeLimit: integer('camera_ready_file_size_limit').notNull().default(40),
    cameraReadyAllowedFiles: text('camera_ready_allowed_files')
      .array()
      .notNull()
      .default(['doc', 'docx', 'pdf']),
    cameraReadyQuestions: jsonb('camera_ready_questions').$type<SurveyQuestion[]>().notNull().default([]),
    presentationReadyWelcomeMessage: text('presentation_ready_welcome_message').notNull().default(''),
    presentationReadyFileSizeLimit: integer('presentation_ready_file_size_limit').notNull().default(40),
    presentationReadyQuestions: jsonb('presentation_ready_questions')
      .$type<SurveyQuestion[]>()
      .notNull()
      .default([]),
    /** Issue 25: reviewers read a paper's discussion and other reviews before submitting their own. */
    discussionBeforeReview: boolean('discussion_before_review').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  /** Track names are unique ignoring case ('A track with this name already exists'). */
  (t) => [uniqueIndex('tracks_name_key').on(sql`lower(${t.name})`)],
);
export type TrackRow = typeof tracksTable.$inferSelect;

export const subjectAreasTable = pgTable(
  'subject_areas',
  {
    id: serial('id').primaryKey(),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracksTable.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('subject_areas_track_idx').on(t.trackId, t.position)],
);
export type SubjectAreaRow = typeof subjectAreasTable.$inferSelect;

export const statusesTable = pgTable(
  'statuses',
  {
    id: serial('id').primaryKey(),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    isAccepted: boolean('is_accepted').notNull().default(false),
  },
  /** Status texts are unique ignoring case. */
  (t) => [uniqueIndex('statuses_text_key').on(sql`lower(${t.text})`)],
);
export type StatusRow = typeof statusesTable.$inferSelect;
