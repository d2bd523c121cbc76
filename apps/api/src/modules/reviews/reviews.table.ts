import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { papersTable } from '../papers/papers.table.js';
import { tracksTable } from '../tracks/tracks.table.js';
import { usersTable } from '../users/users.table.js';

/**
 * Review requests (§3, §4): one reviewer invited to review one paper (or its camera-ready version). State:
 * waiting (invited, not answered), declined, reviewed; evaluation -1 until the review is submitted.
 */
export const reviewRequestsTable = pgTable(
  'review_requests',
  {
    id: serial('id').primaryKey(),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracksTable.id),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    isCameraReady: boolean('is_camera_ready').notNull().default(false),
    waiting: boolean('waiting').notNull().default(true),
    declined: boolean('declined').notNull().default(false),
    reviewed: boolean('reviewed').notNull().default(false),
    evaluation: integer('evaluation').notNull().default(-1),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    replyDueAt: timestamp('reply_due_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** 'User is already a reviewer for this paper!': one request per reviewer, paper and kind. */
    uniqueIndex('review_requests_pair_key').on(t.paperId, t.reviewerId, t.isCameraReady),
    index('review_requests_reviewer_idx').on(t.reviewerId),
    index('review_requests_track_idx').on(t.trackId),
  ],
);
export type ReviewRequestRow = typeof reviewRequestsTable.$inferSelect;
export type NewReviewRequestRow = typeof reviewRequestsTable.$inferInsert;

/**
 * Reviews (§3): at most one per request. Scores are null in an incomplete draft; final is -2 until chosen.
 * submittedBy is the chair who submitted on behalf of the reviewer; source tells reviewer, chair or import.
 */
export const reviewsTable = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => reviewRequestsTable.id, { onDelete: 'cascade' }),
    trackId: integer('track_id').notNull(),
    paperId: integer('paper_id').notNull(),
    reviewerId: integer('reviewer_id').notNull(),
    isCameraReady: boolean('is_camera_ready').notNull().default(false),
    quality: integer('quality'),
    contribution: integer('contribution'),
    originality: integer('originality'),
    final: integer('final').notNull().default(-2),
    commentsAuthor: text('comments_author').notNull().default(''),
    commentsChair: text('comments_chair').notNull().default(''),
    draft: boolean('draft').notNull().default(true),
    submittedBy: integer('submitted_by'),
    source: text('source').$type<'reviewer' | 'chair' | 'import'>().notNull().default('reviewer'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_request_key').on(t.requestId),
    index('reviews_paper_idx').on(t.paperId),
    check(
      'reviews_scores_check',
      sql`coalesce(${t.quality}, 0) between 0 and 10
      and coalesce(${t.contribution}, 0) between 0 and 10 and coalesce(${t.originality}, 0) between 0 and 10
      and ${t.final} between -2 and 2`,
    ),
  ],
);
export type ReviewRow = typeof reviewsTable.$inferSelect;
export type NewReviewRow = typeof reviewsTable.$inferInsert;

/** A reviewer's bid on a paper of their tracks: eager, willing, notWilling or conflict. */
export const bidsTable = pgTable(
  'bids',
  {
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    bid: text('bid').$type<'eager' | 'willing' | 'notWilling' | 'conflict'>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewerId, t.paperId] }), index('bids_paper_idx').on(t.paperId)],
);
export type BidRow = typeof bidsTable.$inferSelect;

/** Conflicts a reviewer declares with a person (any paper of that person is then a conflict). */
export const declaredConflictsTable = pgTable(
  'declared_conflicts',
  {
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewerId, t.userId] })],
);
export type DeclaredConflictRow = typeof declaredConflictsTable.$inferSelect;

/** A chair's override of one detected conflict of interest for one reviewer and one paper, with a reason. */
export const conflictOverridesTable = pgTable(
  'conflict_overrides',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    chairId: integer('chair_id').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.paperId, t.reviewerId] }),
    index('conflict_overrides_reviewer_idx').on(t.reviewerId),
  ],
);
export type ConflictOverrideRow = typeof conflictOverridesTable.$inferSelect;
