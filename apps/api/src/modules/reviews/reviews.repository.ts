import { Inject, Injectable } from '@nestjs/common';
import { and, arrayContains, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReviewRequestState } from '@symposium/domain';
import { DB, type Db, type Executor } from '../../database/database.js';
import { paperAuthorsTable, papersTable, type PaperRow } from '../papers/papers.table.js';
import { tracksTable } from '../tracks/tracks.table.js';
import { usersTable, type UserRow } from '../users/users.table.js';
import {
  bidsTable,
  conflictOverridesTable,
  declaredConflictsTable,
  reviewRequestsTable,
  reviewsTable,
  type BidRow,
  type ConflictOverrideRow,
  type DeclaredConflictRow,
  type NewReviewRequestRow,
  type NewReviewRow,
  type ReviewRequestRow,
  type ReviewRow,
} from './reviews.table.js';

/** Filters of the review request query and bulk delete; scope null = every track. */
export interface RequestFilter {
  scope: number[] | null;
  userId?: number;
  paper?: number;
  track?: number;
  state?: ReviewRequestState;
  isCameraReady?: boolean;
}

export interface RequestListRow {
  request: ReviewRequestRow;
  paperTitle: string;
  trackName: string;
  firstName: string;
  lastName: string;
  email: string;
}

const rr = reviewRequestsTable;

function stateCondition(state: ReviewRequestState): SQL {
  switch (state) {
    case 'reviewed':
      return eq(rr.reviewed, true);
    case 'declined':
      return and(eq(rr.reviewed, false), eq(rr.declined, true))!;
    case 'waiting':
      return and(eq(rr.reviewed, false), eq(rr.declined, false), eq(rr.waiting, true))!;
    default:
      return and(eq(rr.reviewed, false), eq(rr.declined, false), eq(rr.waiting, false))!;
  }
}

function whereOf(f: RequestFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.scope !== null) c.push(f.scope.length ? inArray(rr.trackId, f.scope) : sql`false`);
  if (f.userId !== undefined) c.push(eq(rr.reviewerId, f.userId));
  if (f.paper !== undefined) c.push(eq(rr.paperId, f.paper));
  if (f.track !== undefined) c.push(eq(rr.trackId, f.track));
  if (f.state !== undefined) c.push(stateCondition(f.state));
  if (f.isCameraReady !== undefined) c.push(eq(rr.isCameraReady, f.isCameraReady));
  return c.length ? and(...c) : undefined;
}

/** Advisory lock namespaces: the §9 counts of one paper / one reviewer are decided one request at a time. */
const LOCK_PAPER = 7301;
const LOCK_REVIEWER = 7302;

/**
 * All SQL of the reviews module. Review tables are owned here; papers, paper authors, tracks and users are
 * only read (joins for lists, conflict evidence and scoping), never written, except the reviewer role
 * columns of users, which ReviewersService changes through the users repository.
 */
@Injectable()
export class ReviewsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  // ----- locks

  /** Serializes assignment decisions on these papers and reviewers until the transaction ends. */
  async lockAssignment(paperIds: number[], reviewerIds: number[], ex: Executor): Promise<void> {
    for (const id of [...new Set(paperIds)].sort((a, b) => a - b))
      await ex.execute(sql`select pg_advisory_xact_lock(${LOCK_PAPER}, ${id})`);
    for (const id of [...new Set(reviewerIds)].sort((a, b) => a - b))
      await ex.execute(sql`select pg_advisory_xact_lock(${LOCK_REVIEWER}, ${id})`);
  }

  // ----- review requests

  async insertRequest(row: NewReviewRequestRow, ex: Executor = this.db): Promise<ReviewRequestRow> {
    const [created] = await ex.insert(rr).values(row).returning();
    return created!;
  }

  async findRequest(id: number, ex: Executor = this.db): Promise<ReviewRequestRow | undefined> {
    const [row] = await ex.select().from(rr).where(eq(rr.id, id));
    return row;
  }

  async updateRequest(
    id: number,
    patch: Partial<NewReviewRequestRow>,
    ex: Executor = this.db,
  ): Promise<ReviewRequestRow | undefined> {
    const [row] = await ex
      .update(rr)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(rr.id, id))
      .returning();
    return row;
  }

  async deleteRequest(id: number, ex: Executor = this.db): Promise<void> {
    await ex.delete(rr).where(eq(rr.id, id));
  }

  async deleteRequests(f: RequestFilter, ex: Executor = this.db): Promise<number> {
    const rows = await ex.delete(rr).where(whereOf(f)).returning({ id: rr.id });
    return rows.length;
  }

  async findPair(
    paperId: number,
    reviewerId: number,
    isCameraReady: boolean,
    ex: Executor = this.db,
  ): Promise<ReviewRequestRow | undefined> {
    const [row] = await ex
      .select()
      .from(rr)
      .where(
        and(eq(rr.paperId, paperId), eq(rr.reviewerId, reviewerId), eq(rr.isCameraReady, isCameraReady)),
      );
    return row;
  }

  /** The reviewer's requests for one paper (normal and camera-ready). */
  async requestsOfReviewerForPaper(
    reviewerId: number,
    paperId: number,
    ex: Executor = this.db,
  ): Promise<ReviewRequestRow[]> {
    return ex
      .select()
      .from(rr)
      .where(and(eq(rr.paperId, paperId), eq(rr.reviewerId, reviewerId)))
      .orderBy(asc(rr.isCameraReady));
  }

  /** Requests (not declined) of a paper of one kind: the §9 per-paper count. */
  async paperLoad(
    paperId: number,
    isCameraReady: boolean,
    ex: Executor = this.db,
    excludeId?: number,
  ): Promise<number> {
    const [r] = await ex
      .select({ n: count() })
      .from(rr)
      .where(
        and(
          eq(rr.paperId, paperId),
          eq(rr.isCameraReady, isCameraReady),
          eq(rr.declined, false),
          excludeId === undefined ? undefined : ne(rr.id, excludeId),
        ),
      );
    return r?.n ?? 0;
  }

  /** Requests (not declined) of reviewers, per kind: the §9 per-reviewer counts. */
  async reviewerLoads(
    reviewerIds: number[],
    ex: Executor = this.db,
  ): Promise<Map<number, { total: number; cameraReady: number; reviewed: number }>> {
    const out = new Map(reviewerIds.map((id) => [id, { total: 0, cameraReady: 0, reviewed: 0 }]));
    if (!reviewerIds.length) return out;
    const rows = await ex
      .select({
        reviewerId: rr.reviewerId,
        normal: sql<number>`count(*) filter (where not ${rr.isCameraReady} and not ${rr.declined})::int`,
        cameraReady: sql<number>`count(*) filter (where ${rr.isCameraReady} and not ${rr.declined})::int`,
        reviewed: sql<number>`count(*) filter (where ${rr.reviewed})::int`,
      })
      .from(rr)
      .where(inArray(rr.reviewerId, reviewerIds))
      .groupBy(rr.reviewerId);
    for (const r of rows)
      out.set(r.reviewerId, { total: r.normal, cameraReady: r.cameraReady, reviewed: r.reviewed });
    return out;
  }

  /** One page of requests with the paper title, track name and reviewer; and the total. */
  async queryRequests(
    f: RequestFilter,
    page: { offset: number; limit: number },
    ex: Executor = this.db,
  ): Promise<{ count: number; rows: RequestListRow[] }> {
    const where = whereOf(f);
    const [total] = await ex.select({ n: count() }).from(rr).where(where);
    const rows = await ex
      .select({
        request: rr,
        paperTitle: papersTable.title,
        trackName: tracksTable.name,
        firstName: usersTable.firstName,
        lastName: usersTable.lastName,
        email: usersTable.email,
      })
      .from(rr)
      .innerJoin(papersTable, eq(papersTable.id, rr.paperId))
      .innerJoin(tracksTable, eq(tracksTable.id, rr.trackId))
      .innerJoin(usersTable, eq(usersTable.id, rr.reviewerId))
      .where(where)
      .orderBy(desc(rr.id))
      .limit(page.limit)
      .offset(page.offset);
    return { count: total?.n ?? 0, rows };
  }

  async requestsWithNames(ids: number[], ex: Executor = this.db): Promise<RequestListRow[]> {
    if (!ids.length) return [];
    return ex
      .select({
        request: rr,
        paperTitle: papersTable.title,
        trackName: tracksTable.name,
        firstName: usersTable.firstName,
        lastName: usersTable.lastName,
        email: usersTable.email,
      })
      .from(rr)
      .innerJoin(papersTable, eq(papersTable.id, rr.paperId))
      .innerJoin(tracksTable, eq(tracksTable.id, rr.trackId))
      .innerJoin(usersTable, eq(usersTable.id, rr.reviewerId))
      .where(inArray(rr.id, ids))
      .orderBy(asc(rr.id));
  }

  // ----- reviews

  async findReviewOf(requestId: number, ex: Executor = this.db): Promise<ReviewRow | undefined> {
    const [row] = await ex.select().from(reviewsTable).where(eq(reviewsTable.requestId, requestId));
    return row;
  }

  async deleteReviewOf(requestId: number, ex: Executor): Promise<void> {
    await ex.delete(reviewsTable).where(eq(reviewsTable.requestId, requestId));
  }

  async saveReview(row: NewReviewRow, ex: Executor): Promise<ReviewRow> {
    const { requestId: _r, ...rest } = row;
    void _r;
    const [saved] = await ex
      .insert(reviewsTable)
      .values(row)
      .onConflictDoUpdate({ target: reviewsTable.requestId, set: { ...rest, updatedAt: new Date() } })
      .returning();
    return saved!;
  }

  /** Reviews of a paper (drafts too when asked), oldest first, with the reviewer's name. */
  /** The submitted reviews (no drafts) of several papers, within the track scope (null: every track). */
  async submittedReviewsOfPapers(
    paperIds: number[],
    scope: number[] | null,
    ex: Executor = this.db,
  ): Promise<{ review: ReviewRow; firstName: string; lastName: string; email: string }[]> {
    if (!paperIds.length || (scope !== null && !scope.length)) return [];
    return ex
      .select({
        review: reviewsTable,
        firstName: usersTable.firstName,
        lastName: usersTable.lastName,
        email: usersTable.email,
      })
      .from(reviewsTable)
      .innerJoin(usersTable, eq(usersTable.id, reviewsTable.reviewerId))
      .innerJoin(papersTable, eq(papersTable.id, reviewsTable.paperId))
      .where(
        and(
          inArray(reviewsTable.paperId, paperIds),
          eq(reviewsTable.draft, false),
          eq(papersTable.isDeleted, false),
          scope === null ? undefined : inArray(papersTable.trackId, scope),
        ),
      )
      .orderBy(asc(reviewsTable.paperId), asc(reviewsTable.submittedAt), asc(reviewsTable.id));
  }

  async reviewsOfPaper(
    paperId: number,
    opts: { includeDrafts: boolean },
    ex: Executor = this.db,
  ): Promise<{ review: ReviewRow; firstName: string; lastName: string; email: string }[]> {
    return ex
      .select({
        review: reviewsTable,
        firstName: usersTable.firstName,
        lastName: usersTable.lastName,
        email: usersTable.email,
      })
      .from(reviewsTable)
      .innerJoin(usersTable, eq(usersTable.id, reviewsTable.reviewerId))
      .where(
        and(
          eq(reviewsTable.paperId, paperId),
          opts.includeDrafts ? undefined : eq(reviewsTable.draft, false),
        ),
      )
      .orderBy(asc(reviewsTable.submittedAt), asc(reviewsTable.id));
  }

  // ----- bids

  async bidsOf(reviewerId: number, ex: Executor = this.db): Promise<BidRow[]> {
    return ex.select().from(bidsTable).where(eq(bidsTable.reviewerId, reviewerId));
  }

  async bidsOnPaper(paperId: number, ex: Executor = this.db): Promise<BidRow[]> {
    return ex.select().from(bidsTable).where(eq(bidsTable.paperId, paperId));
  }

  async setBid(reviewerId: number, paperId: number, bid: BidRow['bid'] | null, ex: Executor): Promise<void> {
    if (bid === null) {
      await ex
        .delete(bidsTable)
        .where(and(eq(bidsTable.reviewerId, reviewerId), eq(bidsTable.paperId, paperId)));
      return;
    }
    await ex
      .insert(bidsTable)
      .values({ reviewerId, paperId, bid })
      .onConflictDoUpdate({
        target: [bidsTable.reviewerId, bidsTable.paperId],
        set: { bid, updatedAt: new Date() },
      });
  }

  // ----- declared conflicts

  async declaredConflictsOf(
    reviewerIds: number[],
    ex: Executor = this.db,
  ): Promise<(DeclaredConflictRow & { firstName: string; lastName: string; email: string })[]> {
    if (!reviewerIds.length) return [];
    return ex
      .select({
        reviewerId: declaredConflictsTable.reviewerId,
        userId: declaredConflictsTable.userId,
        reason: declaredConflictsTable.reason,
        createdAt: declaredConflictsTable.createdAt,
        firstName: usersTable.firstName,
        lastName: usersTable.lastName,
        email: usersTable.email,
      })
      .from(declaredConflictsTable)
      .innerJoin(usersTable, eq(usersTable.id, declaredConflictsTable.userId))
      .where(inArray(declaredConflictsTable.reviewerId, reviewerIds))
      .orderBy(asc(usersTable.lastName), asc(usersTable.firstName));
  }

  async replaceDeclaredConflicts(
    reviewerId: number,
    rows: { userId: number; reason: string }[],
    ex: Executor,
  ): Promise<void> {
    await ex.delete(declaredConflictsTable).where(eq(declaredConflictsTable.reviewerId, reviewerId));
    if (rows.length) await ex.insert(declaredConflictsTable).values(rows.map((r) => ({ reviewerId, ...r })));
  }

  // ----- papers, authors and users (read only)

  async findPaper(id: number, ex: Executor = this.db): Promise<PaperRow | undefined> {
    const [row] = await ex.select().from(papersTable).where(eq(papersTable.id, id));
    return row;
  }

  async findPapers(ids: number[], ex: Executor = this.db): Promise<PaperRow[]> {
    if (!ids.length) return [];
    return ex.select().from(papersTable).where(inArray(papersTable.id, ids));
  }

  async trackName(id: number, ex: Executor = this.db): Promise<string | undefined> {
    const [row] = await ex.select({ name: tracksTable.name }).from(tracksTable).where(eq(tracksTable.id, id));
    return row?.name;
  }

  async allTrackIds(ex: Executor = this.db): Promise<number[]> {
    return (await ex.select({ id: tracksTable.id }).from(tracksTable)).map((r) => r.id);
  }

  async trackExists(id: number, ex: Executor = this.db): Promise<boolean> {
    return (await this.trackName(id, ex)) !== undefined;
  }

  /** The author user rows of papers. */
  async authorsOf(paperIds: number[], ex: Executor = this.db): Promise<{ paperId: number; user: UserRow }[]> {
    if (!paperIds.length) return [];
    return ex
      .select({ paperId: paperAuthorsTable.paperId, user: usersTable })
      .from(paperAuthorsTable)
      .innerJoin(usersTable, eq(usersTable.id, paperAuthorsTable.userId))
      .where(inArray(paperAuthorsTable.paperId, paperIds))
      .orderBy(asc(paperAuthorsTable.paperId), asc(paperAuthorsTable.position));
  }

  /** Papers on which a reviewer and one of the given authors are both authors (any paper in the system). */
  async coauthored(
    reviewerIds: number[],
    authorIds: number[],
    ex: Executor = this.db,
  ): Promise<{ reviewerId: number; authorId: number; paperId: number; title: string }[]> {
    if (!reviewerIds.length || !authorIds.length) return [];
    const a1 = alias(paperAuthorsTable, 'a1');
    const a2 = alias(paperAuthorsTable, 'a2');
    return ex
      .select({
        reviewerId: a1.userId,
        authorId: a2.userId,
        paperId: papersTable.id,
        title: papersTable.title,
      })
      .from(a1)
      .innerJoin(a2, and(eq(a2.paperId, a1.paperId), ne(a2.userId, a1.userId)))
      .innerJoin(papersTable, eq(papersTable.id, a1.paperId))
      .where(and(inArray(a1.userId, reviewerIds), inArray(a2.userId, authorIds)))
      .orderBy(asc(papersTable.id));
  }

  /** Every request of these papers (any kind, declined too). */
  async requestsOfPapers(paperIds: number[], ex: Executor = this.db): Promise<ReviewRequestRow[]> {
    if (!paperIds.length) return [];
    return ex.select().from(rr).where(inArray(rr.paperId, paperIds));
  }

  /** The bids on these papers. */
  async bidsOnPapers(paperIds: number[], ex: Executor = this.db): Promise<BidRow[]> {
    if (!paperIds.length) return [];
    return ex.select().from(bidsTable).where(inArray(bidsTable.paperId, paperIds));
  }

  /** Papers of which one of these users is an author, with their title, abstract and every author id. */
  async papersAuthoredBy(
    userIds: number[],
    ex: Executor = this.db,
  ): Promise<{ paperId: number; title: string; abstract: string; authorIds: number[] }[]> {
    if (!userIds.length) return [];
    const mine = ex
      .select({ id: paperAuthorsTable.paperId })
      .from(paperAuthorsTable)
      .where(inArray(paperAuthorsTable.userId, userIds));
    const rows = await ex
      .select({
        paperId: papersTable.id,
        title: papersTable.title,
        abstract: papersTable.abstractText,
        userId: paperAuthorsTable.userId,
      })
      .from(papersTable)
      .innerJoin(paperAuthorsTable, eq(paperAuthorsTable.paperId, papersTable.id))
      .where(inArray(papersTable.id, mine))
      .orderBy(asc(papersTable.id), asc(paperAuthorsTable.position));
    const out = new Map<number, { paperId: number; title: string; abstract: string; authorIds: number[] }>();
    for (const r of rows) {
      const e = out.get(r.paperId) ?? {
        paperId: r.paperId,
        title: r.title,
        abstract: r.abstract,
        authorIds: [],
      };
      e.authorIds.push(r.userId);
      out.set(r.paperId, e);
    }
    return [...out.values()];
  }

  /** Papers (not deleted) of these tracks, newest last. */
  async papersOfTracks(
    trackIds: number[],
    ex: Executor = this.db,
  ): Promise<(PaperRow & { trackName: string })[]> {
    if (!trackIds.length) return [];
    const rows = await ex
      .select({ paper: papersTable, trackName: tracksTable.name })
      .from(papersTable)
      .innerJoin(tracksTable, eq(tracksTable.id, papersTable.trackId))
      .where(and(inArray(papersTable.trackId, trackIds), eq(papersTable.isDeleted, false)))
      .orderBy(asc(papersTable.id));
    return rows.map((r) => ({ ...r.paper, trackName: r.trackName }));
  }

  /** Ids of the papers (among these) that the user is an author of. */
  async authoredAmong(userId: number, paperIds: number[], ex: Executor = this.db): Promise<Set<number>> {
    if (!paperIds.length) return new Set();
    const rows = await ex
      .select({ paperId: paperAuthorsTable.paperId })
      .from(paperAuthorsTable)
      .where(and(eq(paperAuthorsTable.userId, userId), inArray(paperAuthorsTable.paperId, paperIds)));
    return new Set(rows.map((r) => r.paperId));
  }

  /** Users with the reviewer role on a track, by name. */
  async reviewersOfTrack(trackId: number, ex: Executor = this.db): Promise<UserRow[]> {
    return ex
      .select()
      .from(usersTable)
      .where(and(eq(usersTable.isReviewer, true), arrayContains(usersTable.reviewerTracks, [trackId])))
      .orderBy(asc(usersTable.lastName), asc(usersTable.firstName), asc(usersTable.id));
  }

  /** Every user with the reviewer role (optionally only these ids). */
  async reviewers(ids: number[] | null, ex: Executor = this.db): Promise<UserRow[]> {
    return ex
      .select()
      .from(usersTable)
      .where(and(eq(usersTable.isReviewer, true), ids === null ? undefined : inArray(usersTable.id, ids)))
      .orderBy(asc(usersTable.id));
  }

  async usersByEmail(emails: string[], ex: Executor = this.db): Promise<UserRow[]> {
    if (!emails.length) return [];
    return ex.select().from(usersTable).where(inArray(usersTable.email, emails));
  }

  // ----- conflict overrides (a chair's decision for one pair)

  /** The overrides of these papers (for these reviewers, when given), with the overriding chair's name. */
  async conflictOverrides(
    paperIds: number[],
    reviewerIds?: number[],
    ex: Executor = this.db,
  ): Promise<(ConflictOverrideRow & { chairName: string | null })[]> {
    if (!paperIds.length || (reviewerIds && !reviewerIds.length)) return [];
    const where = [inArray(conflictOverridesTable.paperId, paperIds)];
    if (reviewerIds) where.push(inArray(conflictOverridesTable.reviewerId, reviewerIds));
    const rows = await ex
      .select({
        o: conflictOverridesTable,
        chairName: sql<
          string | null
        >`nullif(trim(${usersTable.firstName} || ' ' || ${usersTable.lastName}), '')`,
      })
      .from(conflictOverridesTable)
      .leftJoin(usersTable, eq(usersTable.id, conflictOverridesTable.chairId))
      .where(and(...where));
    return rows.map((r) => ({ ...r.o, chairName: r.chairName }));
  }

  async saveConflictOverride(
    row: { paperId: number; reviewerId: number; reason: string; chairId: number },
    ex: Executor = this.db,
  ): Promise<ConflictOverrideRow> {
    const [saved] = await ex
      .insert(conflictOverridesTable)
      .values(row)
      .onConflictDoUpdate({
        target: [conflictOverridesTable.paperId, conflictOverridesTable.reviewerId],
        set: { reason: row.reason, chairId: row.chairId, createdAt: new Date() },
      })
      .returning();
    return saved!;
  }

  async deleteConflictOverride(
    paperId: number,
    reviewerId: number,
    ex: Executor = this.db,
  ): Promise<boolean> {
    const rows = await ex
      .delete(conflictOverridesTable)
      .where(
        and(eq(conflictOverridesTable.paperId, paperId), eq(conflictOverridesTable.reviewerId, reviewerId)),
      )
      .returning({ paperId: conflictOverridesTable.paperId });
    return rows.length > 0;
  }
}
