import { Inject, Injectable } from '@nestjs/common';
import { REVIEW_FINAL_UNSET, type ConflictPerson } from '@symposium/domain';
import { and, arrayContains, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../database/database.js';
import { paperAuthorsTable, papersTable } from '../modules/papers/papers.table.js';
import {
  discussionCommentsTable as dc,
  discussionReadsTable as dr,
  reviewsTable,
} from '../modules/reviews/reviews.table.js';
import { tracksTable } from '../modules/tracks/tracks.table.js';
import { conflictPersonColumns, usersTable as u } from '../modules/users/users.table.js';
import { noneOf } from '../database/statements.js';

/** A chair or track chair who may take part in a track's discussions. */
export interface DiscussionChair {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** 'chair' for chairs and admins, 'trackChair' for the track chairs of the track. */
  role: 'chair' | 'trackChair';
}

export interface DiscussionListQuery {
  /** Tracks the caller manages; null = every track. */
  scope: number[] | null;
  track?: number;
  threshold: number;
  /** Only the papers whose spread reaches the threshold. */
  disagreement?: boolean;
  userId: number;
  /** Papers the caller may not see (conflicts of interest). */
  exclude: number[];
  offset: number;
  limit: number;
}

export interface DiscussionListRow {
  paperId: number;
  title: string;
  trackId: number;
  trackName: string;
  comments: number;
  lastCommentAt: Date | null;
  unread: number;
  reviews: number;
  spread: number | null;
}

/**
 * The discussion's reads over several modules' tables: who chairs a track's discussions (users), a track's
 * discussionBeforeReview setting (tracks) and the chairs' discussion list (papers, reviews, comments, reads).
 */
@Injectable()
export class DiscussionRead {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Chairs (and admins) and the track chairs of the track, unlocked. */
  async chairsOfTrack(trackId: number, ex: Executor = this.db): Promise<DiscussionChair[]> {
    const rows = await ex
      .select({
        id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        isChair: u.isChair,
        isAdmin: u.isAdmin,
      })
      .from(u)
      .where(
        and(
          eq(u.lockStatus, false),
          or(
            eq(u.isChair, true),
            eq(u.isAdmin, true),
            and(eq(u.isCoChair, true), arrayContains(u.coChairTracks, [trackId])),
          ),
        ),
      )
      .orderBy(asc(u.id));
    return rows.map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      role: r.isChair || r.isAdmin ? 'chair' : 'trackChair',
    }));
  }

  /** Whether reviewers of these tracks may read the discussion before submitting their review. */
  async openBeforeReview(trackIds: number[], ex: Executor = this.db): Promise<Set<number>> {
    if (!trackIds.length) return new Set();
    const rows = await ex
      .select({ id: tracksTable.id })
      .from(tracksTable)
      .where(and(inArray(tracksTable.id, trackIds), eq(tracksTable.discussionBeforeReview, true)));
    return new Set(rows.map((r) => r.id));
  }

  /**
   * The list's candidate papers (not deleted, of the scope, with comments or submitted reviews) with their
   * authors' conflict fields, in one statement (a left join: a paper without authors is still a candidate,
   * with no author rows), by paper and author position.
   */
  async candidateAuthors(
    scope: number[] | null,
    track: number | undefined,
    ex: Executor = this.db,
  ): Promise<{ paperIds: number[]; authors: { paperId: number; person: ConflictPerson }[] }> {
    // a paper without authors comes back once, with person null (drizzle's nested select over a left join)
    const rows = await ex
      .select({ paperId: papersTable.id, person: conflictPersonColumns })
      .from(papersTable)
      .leftJoin(paperAuthorsTable, eq(paperAuthorsTable.paperId, papersTable.id))
      .leftJoin(u, eq(u.id, paperAuthorsTable.userId))
      .where(and(...this.paperFilter(scope, track)))
      .orderBy(asc(papersTable.id), asc(paperAuthorsTable.position));
    const paperIds: number[] = [];
    const authors: { paperId: number; person: ConflictPerson }[] = [];
    for (const { paperId, person } of rows) {
      if (paperIds[paperIds.length - 1] !== paperId) paperIds.push(paperId);
      if (person) authors.push({ paperId, person });
    }
    return { paperIds, authors };
  }

  private paperFilter(scope: number[] | null, track: number | undefined): SQL[] {
    const where: SQL[] = [eq(papersTable.isDeleted, false)];
    if (scope) where.push(scope.length ? inArray(papersTable.trackId, scope) : sql`false`);
    if (track !== undefined) where.push(eq(papersTable.trackId, track));
    where.push(
      sql`(exists (select 1 from ${dc} where ${dc.paperId} = ${papersTable.id}) or exists (select 1 from ${reviewsTable} where ${reviewsTable.paperId} = ${papersTable.id} and ${reviewsTable.draft} = false))`,
    );
    return where;
  }

  /**
   * The chairs' discussion list: papers with comments or submitted reviews, their last comment time, the
   * caller's unread count (every visibility: chairs read them all) and the spread of the submitted reviews'
   * `final` scores; most recent activity first. One statement for the page, one for the count.
   */
  async list(
    q: DiscussionListQuery,
    ex: Executor = this.db,
  ): Promise<{ count: number; rows: DiscussionListRow[] }> {
    const stats = ex
      .select({
        paperId: dc.paperId,
        comments: sql<number>`count(*)::int`.as('comments'),
        lastAt: sql<Date | null>`max(${dc.createdAt})`.as('last_at'),
        // the caller's read mark joined, not a correlated subquery: in a single-table select Drizzle writes
        // columns unqualified, and `paper_id = paper_id` inside one matched every read row of the caller
        unread:
          sql<number>`count(*) filter (where ${dc.authorId} <> ${q.userId} and ${dc.id} > coalesce(${dr.lastReadCommentId}, 0))::int`.as(
            'unread',
          ),
      })
      .from(dc)
      .leftJoin(dr, and(eq(dr.userId, q.userId), eq(dr.paperId, dc.paperId)))
      .groupBy(dc.paperId)
      .as('stats');
    const scores = ex
      .select({
        paperId: reviewsTable.paperId,
        reviews: sql<number>`count(*)::int`.as('reviews'),
        spread: sql<
          number | null
        >`case when count(*) filter (where ${reviewsTable.final} <> ${REVIEW_FINAL_UNSET}) > 1 then max(${reviewsTable.final}) filter (where ${reviewsTable.final} <> ${REVIEW_FINAL_UNSET}) - min(${reviewsTable.final}) filter (where ${reviewsTable.final} <> ${REVIEW_FINAL_UNSET}) end`.as(
          'spread',
        ),
      })
      .from(reviewsTable)
      .where(eq(reviewsTable.draft, false))
      .groupBy(reviewsTable.paperId)
      .as('scores');
    const where = this.paperFilter(q.scope, q.track);
    if (q.exclude.length) where.push(noneOf(papersTable.id, q.exclude));
    if (q.disagreement) where.push(sql`${scores.spread} >= ${q.threshold}`);
    const base = ex
      .select({
        paperId: papersTable.id,
        title: papersTable.title,
        trackId: papersTable.trackId,
        trackName: tracksTable.name,
        comments: sql<number>`coalesce(${stats.comments}, 0)::int`,
        lastCommentAt: stats.lastAt,
        unread: sql<number>`coalesce(${stats.unread}, 0)::int`,
        reviews: sql<number>`coalesce(${scores.reviews}, 0)::int`,
        spread: scores.spread,
        total: sql<number>`count(*) over ()::int`,
      })
      .from(papersTable)
      .innerJoin(tracksTable, eq(tracksTable.id, papersTable.trackId))
      .leftJoin(stats, eq(stats.paperId, papersTable.id))
      .leftJoin(scores, eq(scores.paperId, papersTable.id))
      .where(and(...where))
      .orderBy(sql`${stats.lastAt} desc nulls last`, desc(papersTable.id))
      .offset(q.offset)
      .limit(q.limit);
    const rows = await base;
    return {
      count: rows[0]?.total ?? (q.offset ? await this.count(q, ex) : 0),
      rows: rows.map(({ total: _t, ...r }) => {
        void _t;
        return { ...r, lastCommentAt: r.lastCommentAt ? new Date(r.lastCommentAt) : null };
      }),
    };
  }

  private async count(q: DiscussionListQuery, ex: Executor): Promise<number> {
    const { count } = await this.list({ ...q, offset: 0, limit: 1 }, ex);
    return count;
  }
}
