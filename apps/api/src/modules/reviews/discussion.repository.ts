import { Inject, Injectable } from '@nestjs/common';
import type { DiscussionVisibility } from '@symposium/domain';
import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import {
  discussionCommentsTable as dc,
  discussionDigestsTable as dd,
  discussionReadsTable as dr,
  reviewRequestsTable as rr,
  reviewVersionsTable as rv,
  type DiscussionCommentRow,
  type ReviewVersionRow,
} from './reviews.table.js';

export type DigestRow = typeof dd.$inferSelect;

/** Advisory lock namespace of the comments' order (see lockCommentOrder). */
const LOCK_COMMENTS = 7304;

/** The SQL of the discussion (comments, read marks, digests) and of the review versions. */
@Injectable()
export class DiscussionRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * Until the transaction ends no other comment is written: comment ids then become visible in their order.
   * The digests rely on it: a mark moved through comment N (or a new reader's first mark, N - 1) must never
   * pass a lower id that commits later, or that comment would be in nobody's digest. Take it in the
   * comment's transaction, just before insertComment.
   */
  async lockCommentOrder(ex: Executor): Promise<void> {
    await ex.execute(sql`select pg_advisory_xact_lock(${LOCK_COMMENTS}, 0)`);
  }

  async insertComment(row: typeof dc.$inferInsert, ex: Executor): Promise<DiscussionCommentRow> {
    const [saved] = await ex.insert(dc).values(row).returning();
    return saved!;
  }

  commentsOfPaper(
    paperId: number,
    visibilities: DiscussionVisibility[],
    ex: Executor = this.db,
  ): Promise<DiscussionCommentRow[]> {
    return ex
      .select()
      .from(dc)
      .where(and(eq(dc.paperId, paperId), inArray(dc.visibility, visibilities)))
      .orderBy(asc(dc.id));
  }

  /** Every request of a paper in creation order (the "Reviewer N" aliases), declined ones included. */
  requestsOfPaper(paperId: number, ex: Executor = this.db) {
    return ex.select().from(rr).where(eq(rr.paperId, paperId)).orderBy(asc(rr.id));
  }

  /** The caller's requests (not declined) among these papers: the reviewer's access to many papers at once. */
  requestsOfReviewer(reviewerId: number, paperIds: number[], ex: Executor = this.db) {
    if (!paperIds.length) return Promise.resolve([]);
    return ex
      .select()
      .from(rr)
      .where(and(eq(rr.reviewerId, reviewerId), inArray(rr.paperId, paperIds), eq(rr.declined, false)));
  }

  async lastRead(userId: number, paperId: number, ex: Executor = this.db): Promise<number> {
    const [row] = await ex
      .select({ id: dr.lastReadCommentId })
      .from(dr)
      .where(and(eq(dr.userId, userId), eq(dr.paperId, paperId)));
    return row?.id ?? 0;
  }

  /** Moves the user's read mark forward (never back). */
  async markRead(userId: number, paperId: number, commentId: number, ex: Executor = this.db): Promise<void> {
    await ex
      .insert(dr)
      .values({ userId, paperId, lastReadCommentId: commentId, readAt: new Date() })
      .onConflictDoUpdate({
        target: [dr.userId, dr.paperId],
        set: {
          lastReadCommentId: sql`greatest(${dr.lastReadCommentId}, excluded.last_read_comment_id)`,
          readAt: new Date(),
        },
      });
  }

  /**
   * Unread comments per paper for one user in one statement: comments of these visibilities, not the user's
   * own, above the user's read mark.
   */
  async unreadCounts(
    userId: number,
    paperIds: number[],
    visibilities: DiscussionVisibility[],
    ex: Executor = this.db,
  ): Promise<Map<number, number>> {
    if (!paperIds.length) return new Map();
    const rows = await ex
      .select({ paperId: dc.paperId, n: sql<number>`count(*)::int` })
      .from(dc)
      .leftJoin(dr, and(eq(dr.paperId, dc.paperId), eq(dr.userId, userId)))
      .where(
        and(
          inArray(dc.paperId, paperIds),
          ne(dc.authorId, userId),
          inArray(dc.visibility, visibilities),
          sql`${dc.id} > coalesce(${dr.lastReadCommentId}, 0)`,
        ),
      )
      .groupBy(dc.paperId);
    return new Map(rows.map((r) => [r.paperId, Number(r.n)]));
  }

  /**
   * The discussion column for one user in one statement: per paper, its comments of these visibilities and
   * how many of them are unread (not the user's own, above the user's read mark). Papers without such
   * comments are left out.
   */
  async discussionCounts(
    userId: number,
    paperIds: number[],
    visibilities: DiscussionVisibility[],
    ex: Executor = this.db,
  ): Promise<Map<number, { comments: number; unread: number }>> {
    if (!paperIds.length) return new Map();
    const rows = await ex
      .select({
        paperId: dc.paperId,
        comments: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${dc.authorId} <> ${userId} and ${dc.id} > coalesce(${dr.lastReadCommentId}, 0)))::int`,
      })
      .from(dc)
      .leftJoin(dr, and(eq(dr.paperId, dc.paperId), eq(dr.userId, userId)))
      .where(and(inArray(dc.paperId, paperIds), inArray(dc.visibility, visibilities)))
      .groupBy(dc.paperId);
    return new Map(rows.map((r) => [r.paperId, { comments: Number(r.comments), unread: Number(r.unread) }]));
  }

  // ----- review versions

  versionsOfReviews(reviewIds: number[], ex: Executor = this.db): Promise<ReviewVersionRow[]> {
    if (!reviewIds.length) return Promise.resolve([]);
    return ex
      .select()
      .from(rv)
      .where(inArray(rv.reviewId, reviewIds))
      .orderBy(asc(rv.reviewId), asc(rv.version));
  }

  // ----- digests

  /** Digest rows for these users; a new row starts below `fromCommentId` (nothing older is sent). */
  async ensureDigests(userIds: number[], fromCommentId: number, ex: Executor): Promise<void> {
    if (!userIds.length) return;
    await ex
      .insert(dd)
      .values(userIds.map((userId) => ({ userId, notifiedThroughCommentId: fromCommentId - 1 })))
      .onConflictDoNothing();
  }

  /**
   * Claims up to `limit` digests that are due: a comment above their mark, none sent within `minGap`, no
   * live lease. FOR UPDATE SKIP LOCKED plus the lease: two processes never hold the same row.
   */
  async claimDigests(now: Date, leaseUntil: Date, sentBefore: Date, limit: number): Promise<DigestRow[]> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ userId: dd.userId })
        .from(dd)
        .where(
          and(
            or(isNull(dd.leaseUntil), lt(dd.leaseUntil, now)),
            or(isNull(dd.lastSentAt), lte(dd.lastSentAt, sentBefore)),
            sql`exists (select 1 from ${dc} where ${dc.id} > ${dd.notifiedThroughCommentId})`,
          ),
        )
        .orderBy(asc(dd.userId))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      return tx
        .update(dd)
        .set({ leaseUntil })
        .where(
          inArray(
            dd.userId,
            due.map((d) => d.userId),
          ),
        )
        .returning();
    });
  }

  commentsAfter(commentId: number, limit: number, ex: Executor = this.db): Promise<DiscussionCommentRow[]> {
    return ex.select().from(dc).where(gt(dc.id, commentId)).orderBy(asc(dc.id)).limit(limit);
  }

  /**
   * Ends a claimed digest: the mark moves to `through`, lastSentAt set when a message went out. Only while
   * the lease is still ours (false otherwise: the caller's transaction must roll back).
   */
  async finishDigest(
    userId: number,
    lease: Date,
    through: number,
    sentAt: Date | null,
    ex: Executor,
  ): Promise<boolean> {
    const rows = await ex
      .update(dd)
      .set({
        notifiedThroughCommentId: through,
        leaseUntil: null,
        ...(sentAt ? { lastSentAt: sentAt } : {}),
      })
      .where(and(eq(dd.userId, userId), eq(dd.leaseUntil, lease)))
      .returning({ userId: dd.userId });
    return rows.length === 1;
  }
}
