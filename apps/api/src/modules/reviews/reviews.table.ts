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

import { statusesTable, tracksTable } from '../tracks/tracks.table.js';
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
    /** The review round (review_rounds.number of the request's track); 1 is R1, which every track has. */
    round: integer('round').notNull().default(1),
    /**
     * 'reviewer' (a regular review) or 'meta' (issue 25: the paper's meta-reviewer, who writes a meta-review
     * after the discussion; at most one per paper, kind and round; not counted in the §9 review limits).
     */
    role: text('role').$type<'reviewer' | 'meta'>().notNull().default('reviewer'),
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
    /** 'User is already a reviewer for this paper!': one request per reviewer, paper, kind and round. */
    uniqueIndex('review_requests_pair_key').on(t.paperId, t.reviewerId, t.isCameraReady, t.round),
    index('review_requests_reviewer_idx').on(t.reviewerId),
    index('review_requests_track_idx').on(t.trackId),
    index('review_requests_track_round_idx').on(t.trackId, t.round),
    /** One meta-reviewer per paper, kind and round. */
    uniqueIndex('review_requests_meta_key')
      .on(t.paperId, t.isCameraReady, t.round)
      .where(sql`${t.role} = 'meta'`),
    check('review_requests_role_check', sql`${t.role} in ('reviewer', 'meta')`),
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

/**
 * Review rounds of a track (issue 25): R1 (number 1) exists for every track — a trigger of migration 0016
 * inserts it with every new track, and the migration gave it to the tracks before; a chair adds R2, R3 … Each
 * round has its review due date, and the author-response window and length limit of that round. A request's
 * `round` is a round number of its track; the services check that the round exists (no foreign key: a paper
 * moved to another track takes its requests along, and that track may have fewer rounds).
 */
export const reviewRoundsTable = pgTable(
  'review_rounds',
  {
    trackId: integer('track_id')
      .notNull()
      .references(() => tracksTable.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    reviewDueAt: timestamp('review_due_at', { withTimezone: true }),
    responseOpensAt: timestamp('response_opens_at', { withTimezone: true }),
    responseClosesAt: timestamp('response_closes_at', { withTimezone: true }),
    /** Length limit of an author response in this round; null: no response in this round. */
    responseLimit: integer('response_limit'),
    responseLimitUnit: text('response_limit_unit').$type<'words' | 'characters'>().notNull().default('words'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.trackId, t.number] }),
    uniqueIndex('review_rounds_name_key').on(t.trackId, sql`lower(${t.name})`),
    check('review_rounds_number_check', sql`${t.number} >= 1`),
    check('review_rounds_limit_check', sql`coalesce(${t.responseLimit}, 1) >= 1`),
    check('review_rounds_unit_check', sql`${t.responseLimitUnit} in ('words', 'characters')`),
  ],
);
export type ReviewRoundRow = typeof reviewRoundsTable.$inferSelect;

/**
 * Author responses ("rebuttals", issue 25): one per paper and round, written by any author of the paper
 * during the round's window; a draft until submitted, editable (and re-submittable) until the window closes.
 */
export const authorResponsesTable = pgTable(
  'author_responses',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    trackId: integer('track_id').notNull(),
    round: integer('round').notNull(),
    text: text('text').notNull().default(''),
    submitted: boolean('submitted').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    updatedBy: integer('updated_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('author_responses_paper_round_key').on(t.paperId, t.round),
    index('author_responses_track_idx').on(t.trackId, t.round),
  ],
);
export type AuthorResponseRow = typeof authorResponsesTable.$inferSelect;

/**
 * Discussion of a paper (issue 25): comments by the paper's reviewers, its track chairs and chairs. visibility:
 * 'reviewers' (reviewers and chairs), 'chairs' (chairs and track chairs only), 'authors' (shown to the authors
 * with the reviews when they are released). Nobody with a conflict of interest on the paper reads any of it.
 */
export const discussionCommentsTable = pgTable(
  'discussion_comments',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    trackId: integer('track_id').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    visibility: text('visibility').$type<'reviewers' | 'chairs' | 'authors'>().notNull(),
    text: text('text').notNull(),
    /** Users mentioned with @name (ids), notified once. */
    mentions: integer('mentions').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discussion_comments_paper_idx').on(t.paperId, t.id),
    index('discussion_comments_track_idx').on(t.trackId, t.createdAt),
    check('discussion_comments_visibility_check', sql`${t.visibility} in ('reviewers', 'chairs', 'authors')`),
  ],
);
export type DiscussionCommentRow = typeof discussionCommentsTable.$inferSelect;

/** What each user has read of a paper's discussion: comments with a larger id are unread. */
export const discussionReadsTable = pgTable(
  'discussion_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    lastReadCommentId: integer('last_read_comment_id').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.paperId] })],
);

/**
 * The discussion digest per person: comments up to notifiedThroughCommentId have been notified (or were the
 * person's own); at most one digest per hour per person (lastSentAt), claimed in the database so several
 * processes send it once.
 */
export const discussionDigestsTable = pgTable('discussion_digests', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => usersTable.id, { onDelete: 'cascade' }),
  notifiedThroughCommentId: integer('notified_through_comment_id').notNull().default(0),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

/** Every submitted version of a review (issue 25): a reviewer may revise during the discussion. */
export const reviewVersionsTable = pgTable(
  'review_versions',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviewsTable.id, { onDelete: 'cascade' }),
    paperId: integer('paper_id').notNull(),
    version: integer('version').notNull(),
    quality: integer('quality'),
    contribution: integer('contribution'),
    originality: integer('originality'),
    final: integer('final').notNull(),
    commentsAuthor: text('comments_author').notNull(),
    commentsChair: text('comments_chair').notNull(),
    submittedBy: integer('submitted_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_versions_review_version_key').on(t.reviewId, t.version),
    index('review_versions_paper_idx').on(t.paperId),
  ],
);
export type ReviewVersionRow = typeof reviewVersionsTable.$inferSelect;

/**
 * Meta-reviews (issue 25): the meta-reviewer's recommendation (one of the track's statuses), a text to the
 * committee and an optional text to the authors; one per meta request, a draft until submitted. The authors
 * see author_text with the released reviews when release_to_authors (the chair may withhold it per paper).
 */
export const metaReviewsTable = pgTable(
  'meta_reviews',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => reviewRequestsTable.id, { onDelete: 'cascade' }),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papersTable.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    trackId: integer('track_id').notNull(),
    round: integer('round').notNull(),
    recommendationStatusId: integer('recommendation_status_id').references(() => statusesTable.id, {
      onDelete: 'set null',
    }),
    committeeText: text('committee_text').notNull().default(''),
    authorText: text('author_text'),
    releaseToAuthors: boolean('release_to_authors').notNull().default(true),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meta_reviews_request_key').on(t.requestId),
    index('meta_reviews_paper_idx').on(t.paperId),
  ],
);
export type MetaReviewRow = typeof metaReviewsTable.$inferSelect;
