import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ReviewRequestState } from '@symposium/domain';
import { DB, type Db, type Executor } from '../../database/database.js';
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
import { appendReviewVersion } from './review-versions.js';
import { anyOf } from '../../database/statements.js';

/** Filters of the review request query and bulk delete; scope null = every track. */
export interface RequestFilter {
  scope: number[] | null;
  userId?: number;
  paper?: number;
  track?: number;
  state?: ReviewRequestState;
  isCameraReady?: boolean;
  /** The review round (number). */
  round?: number;
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
  if (f.round !== undefined) c.push(eq(rr.round, f.round));
  return c.length ? and(...c) : undefined;
}

/** Advisory lock namespaces: the §9 counts of one paper / one reviewer are decided one request at a time. */
const LOCK_PAPER = 7301;
const LOCK_REVIEWER = 7302;

/**
 * All SQL of the reviews module, against the review tables only. Papers, authors, tracks and users are
 * asked of their modules' services (see ReviewListsService for the names shown with review rows).
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

  /** Many requests in one statement; the rows in the order given (serial ids follow VALUES). */
  async insertRequests(rows: NewReviewRequestRow[], ex: Executor): Promise<ReviewRequestRow[]> {
    if (!rows.length) return [];
    const created = await ex.insert(rr).values(rows).returning();
    return created.sort((a, b) => a.id - b.id);
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
    round = 1,
  ): Promise<ReviewRequestRow | undefined> {
    const [row] = await ex
      .select()
      .from(rr)
      .where(
        and(
          eq(rr.paperId, paperId),
          eq(rr.reviewerId, reviewerId),
          eq(rr.isCameraReady, isCameraReady),
          eq(rr.round, round),
        ),
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

  /** Requests (not declined) of a paper of one kind in one round: the §9 per-paper count. */
  async paperLoad(
    paperId: number,
    isCameraReady: boolean,
    ex: Executor = this.db,
    excludeId?: number,
    round = 1,
  ): Promise<number> {
    const [r] = await ex
      .select({ n: count() })
      .from(rr)
      .where(
        and(
          eq(rr.paperId, paperId),
          eq(rr.isCameraReady, isCameraReady),
          eq(rr.round, round),
          eq(rr.declined, false),
          ne(rr.role, 'meta'), // meta-reviewers have their own limit (issue 25)
          excludeId === undefined ? undefined : ne(rr.id, excludeId),
        ),
      );
    return r?.n ?? 0;
  }

  /** Requests (not declined) of reviewers, per kind (in one round when given): the §9 per-reviewer counts. */
  async reviewerLoads(
    reviewerIds: number[],
    ex: Executor = this.db,
    round?: number,
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
      .where(
        and(
          inArray(rr.reviewerId, reviewerIds),
          round === undefined ? undefined : eq(rr.round, round),
          ne(rr.role, 'meta'), // meta requests have their own limit (issue 25)
        ),
      )
      .groupBy(rr.reviewerId);
    for (const r of rows)
      out.set(r.reviewerId, { total: r.normal, cameraReady: r.cameraReady, reviewed: r.reviewed });
    return out;
  }

  /** One page of requests, newest first; and the total. */
  async queryRequests(
    f: RequestFilter,
    page: { offset: number; limit: number },
    ex: Executor = this.db,
  ): Promise<{ count: number; rows: ReviewRequestRow[] }> {
    const where = whereOf(f);
    const [total] = await ex.select({ n: count() }).from(rr).where(where);
    const rows = await ex
      .select()
      .from(rr)
      .where(where)
      .orderBy(desc(rr.id))
      .limit(page.limit)
      .offset(page.offset);
    return { count: total?.n ?? 0, rows };
  }

  /** These requests, by id. */
  async findRequests(ids: number[], ex: Executor = this.db): Promise<ReviewRequestRow[]> {
    if (!ids.length) return [];
    return ex.select().from(rr).where(inArray(rr.id, ids)).orderBy(asc(rr.id));
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
    // Every submit of a changed review is a new version (issue 25: revised during the discussion).
    if (!saved!.draft) await appendReviewVersion(saved!, ex);
    return saved!;
  }

  /** Reviews of new requests (none has one yet), 500 rows per statement. */
  async insertReviews(rows: NewReviewRow[], ex: Executor): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) await ex.insert(reviewsTable).values(rows.slice(i, i + 500));
  }

  /** The submitted reviews (no drafts) of these papers, by paper, then oldest first. */
  async submittedReviewsOfPapers(paperIds: number[], ex: Executor = this.db): Promise<ReviewRow[]> {
    if (!paperIds.length) return [];
    return ex
      .select()
      .from(reviewsTable)
      .where(and(inArray(reviewsTable.paperId, paperIds), eq(reviewsTable.draft, false)))
      .orderBy(asc(reviewsTable.paperId), asc(reviewsTable.submittedAt), asc(reviewsTable.id));
  }

  /** Reviews of a paper (drafts too when asked), oldest first. */
  async reviewsOfPaper(
    paperId: number,
    opts: { includeDrafts: boolean },
    ex: Executor = this.db,
  ): Promise<ReviewRow[]> {
    return ex
      .select()
      .from(reviewsTable)
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

  async declaredConflictsOf(reviewerIds: number[], ex: Executor = this.db): Promise<DeclaredConflictRow[]> {
    if (!reviewerIds.length) return [];
    return ex
      .select()
      .from(declaredConflictsTable)
      .where(inArray(declaredConflictsTable.reviewerId, reviewerIds));
  }

  async replaceDeclaredConflicts(
    reviewerId: number,
    rows: { userId: number; reason: string }[],
    ex: Executor,
  ): Promise<void> {
    await ex.delete(declaredConflictsTable).where(eq(declaredConflictsTable.reviewerId, reviewerId));
    if (rows.length) await ex.insert(declaredConflictsTable).values(rows.map((r) => ({ reviewerId, ...r })));
  }

  // ----- the automatic assignment's reads: only the columns its problem needs (one slice of ids each)

  /** The requests of these papers (any kind, declined too): pair, kind and declined only. */
  async assignmentRequests(
    paperIds: number[],
    ex: Executor = this.db,
    round?: number,
  ): Promise<{ paperId: number; reviewerId: number; isCameraReady: boolean; declined: boolean }[]> {
    if (!paperIds.length) return [];
    return ex
      .select({
        paperId: rr.paperId,
        reviewerId: rr.reviewerId,
        isCameraReady: rr.isCameraReady,
        declined: rr.declined,
      })
      .from(rr)
      .where(and(inArray(rr.paperId, paperIds), round === undefined ? undefined : eq(rr.round, round)));
  }

  /** The bids on these papers: pair and bid only. */
  async assignmentBids(
    paperIds: number[],
    ex: Executor = this.db,
  ): Promise<{ reviewerId: number; paperId: number; bid: string }[]> {
    if (!paperIds.length) return [];
    return ex
      .select({ reviewerId: bidsTable.reviewerId, paperId: bidsTable.paperId, bid: bidsTable.bid })
      .from(bidsTable)
      .where(inArray(bidsTable.paperId, paperIds));
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

  // ----- conflict overrides (a chair's decision for one pair)

  /** The overrides of these papers (for these reviewers, when given). */
  async conflictOverrides(
    paperIds: number[],
    reviewerIds?: number[],
    ex: Executor = this.db,
  ): Promise<ConflictOverrideRow[]> {
    if (!paperIds.length || (reviewerIds && !reviewerIds.length)) return [];
    const where = [anyOf(conflictOverridesTable.paperId, paperIds)];
    if (reviewerIds) where.push(anyOf(conflictOverridesTable.reviewerId, reviewerIds));
    return ex
      .select()
      .from(conflictOverridesTable)
      .where(and(...where));
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
