import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import {
  metaReviewsTable as mr,
  reviewRequestsTable as rr,
  reviewsTable as rv,
  type MetaReviewRow,
  type ReviewRequestRow,
  type ReviewRow,
} from './reviews.table.js';

/** The SQL of meta-reviews (issue 25): meta requests, meta-reviews and the reviews a meta-reviewer reads. */
@Injectable()
export class MetaReviewsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** The meta request of a paper, kind and round (declined ones too: it is the paper's one meta slot). */
  async metaRequestOf(
    paperId: number,
    isCameraReady: boolean,
    round: number,
    ex: Executor = this.db,
  ): Promise<ReviewRequestRow | undefined> {
    const [row] = await ex
      .select()
      .from(rr)
      .where(
        and(
          eq(rr.paperId, paperId),
          eq(rr.isCameraReady, isCameraReady),
          eq(rr.round, round),
          eq(rr.role, 'meta'),
        ),
      );
    return row;
  }

  /** The caller's meta requests for a paper (newest round first). */
  metaRequestsOfReviewer(reviewerId: number, paperId: number, ex: Executor = this.db) {
    return ex
      .select()
      .from(rr)
      .where(and(eq(rr.paperId, paperId), eq(rr.reviewerId, reviewerId), eq(rr.role, 'meta')))
      .orderBy(asc(rr.isCameraReady), asc(rr.round));
  }

  /** The regular requests of a paper, kind and round with their review (if any), in creation order. */
  async regularOfRound(
    paperId: number,
    isCameraReady: boolean,
    round: number,
    ex: Executor = this.db,
  ): Promise<{ request: ReviewRequestRow; review: ReviewRow | null }[]> {
    const rows = await ex
      .select({ request: rr, review: rv })
      .from(rr)
      .leftJoin(rv, eq(rv.requestId, rr.id))
      .where(
        and(
          eq(rr.paperId, paperId),
          eq(rr.isCameraReady, isCameraReady),
          eq(rr.round, round),
          eq(rr.role, 'reviewer'),
        ),
      )
      .orderBy(asc(rr.id));
    return rows;
  }

  async findByRequest(requestId: number, ex: Executor = this.db): Promise<MetaReviewRow | undefined> {
    const [row] = await ex.select().from(mr).where(eq(mr.requestId, requestId));
    return row;
  }

  /** Writes the meta-review of a request (insert or update), returning the row. */
  async save(row: typeof mr.$inferInsert, ex: Executor): Promise<MetaReviewRow> {
    const now = new Date();
    const [saved] = await ex
      .insert(mr)
      .values({ ...row, updatedAt: now })
      .onConflictDoUpdate({
        target: mr.requestId,
        set: {
          recommendationStatusId: row.recommendationStatusId ?? null,
          committeeText: row.committeeText ?? '',
          authorText: row.authorText ?? null,
          submittedAt: row.submittedAt ?? null,
          updatedAt: now,
        },
      })
      .returning();
    return saved!;
  }

  async setRelease(id: number, releaseToAuthors: boolean, ex: Executor = this.db): Promise<MetaReviewRow> {
    const [row] = await ex
      .update(mr)
      .set({ releaseToAuthors, updatedAt: new Date() })
      .where(eq(mr.id, id))
      .returning();
    return row!;
  }

  /** The meta-reviews of papers (drafts too unless submittedOnly), by paper, round and id. */
  ofPapers(
    paperIds: number[],
    opts: { submittedOnly: boolean },
    ex: Executor = this.db,
  ): Promise<MetaReviewRow[]> {
    if (!paperIds.length) return Promise.resolve([]);
    return ex
      .select()
      .from(mr)
      .where(and(inArray(mr.paperId, paperIds), opts.submittedOnly ? isNotNull(mr.submittedAt) : undefined))
      .orderBy(asc(mr.paperId), asc(mr.round), asc(mr.id));
  }

  /** Meta requests (not declined) per reviewer among these: the meta load (issue 25). */
  async metaLoads(trackId: number, round: number, ex: Executor = this.db): Promise<Map<number, number>> {
    const rows = await ex
      .select({ reviewerId: rr.reviewerId })
      .from(rr)
      .where(and(eq(rr.trackId, trackId), eq(rr.round, round), eq(rr.role, 'meta'), eq(rr.declined, false)));
    const out = new Map<number, number>();
    for (const r of rows) out.set(r.reviewerId, (out.get(r.reviewerId) ?? 0) + 1);
    return out;
  }

  /** Every request of the track's papers in a round (to know which papers have a meta and who reviews what). */
  requestsOfTrackRound(trackId: number, round: number, isCameraReady: boolean, ex: Executor = this.db) {
    return ex
      .select({ paperId: rr.paperId, reviewerId: rr.reviewerId, role: rr.role })
      .from(rr)
      .where(and(eq(rr.trackId, trackId), eq(rr.round, round), eq(rr.isCameraReady, isCameraReady)));
  }
}
