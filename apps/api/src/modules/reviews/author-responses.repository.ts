import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import {
  authorResponsesTable,
  reviewRequestsTable,
  reviewRoundsTable,
  reviewsTable,
  type AuthorResponseRow,
  type ReviewRoundRow,
  type ReviewRow,
} from './reviews.table.js';

/** The SQL of author responses and of the response window of review rounds (issue 25). */
@Injectable()
export class AuthorResponsesRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async round(trackId: number, number: number, ex: Executor = this.db): Promise<ReviewRoundRow | undefined> {
    const [row] = await ex
      .select()
      .from(reviewRoundsTable)
      .where(and(eq(reviewRoundsTable.trackId, trackId), eq(reviewRoundsTable.number, number)));
    return row;
  }

  roundsOfTrack(trackId: number, ex: Executor = this.db): Promise<ReviewRoundRow[]> {
    return ex
      .select()
      .from(reviewRoundsTable)
      .where(eq(reviewRoundsTable.trackId, trackId))
      .orderBy(asc(reviewRoundsTable.number));
  }

  roundsOfTracks(trackIds: number[], ex: Executor = this.db): Promise<ReviewRoundRow[]> {
    if (!trackIds.length) return Promise.resolve([]);
    return ex
      .select()
      .from(reviewRoundsTable)
      .where(inArray(reviewRoundsTable.trackId, trackIds))
      .orderBy(asc(reviewRoundsTable.trackId), asc(reviewRoundsTable.number));
  }

  /** The response of a paper in a round; forUpdate locks it until the transaction ends. */
  async find(
    paperId: number,
    round: number,
    ex: Executor = this.db,
    opts: { forUpdate?: boolean } = {},
  ): Promise<AuthorResponseRow | undefined> {
    const query = ex
      .select()
      .from(authorResponsesTable)
      .where(and(eq(authorResponsesTable.paperId, paperId), eq(authorResponsesTable.round, round)));
    const [row] = await (opts.forUpdate ? query.for('update') : query);
    return row;
  }

  ofPaper(paperId: number, ex: Executor = this.db): Promise<AuthorResponseRow[]> {
    return ex
      .select()
      .from(authorResponsesTable)
      .where(eq(authorResponsesTable.paperId, paperId))
      .orderBy(asc(authorResponsesTable.round));
  }

  /** Inserts or replaces the response of (paper, round); one statement, safe against two authors at once. */
  async save(
    row: {
      paperId: number;
      trackId: number;
      round: number;
      text: string;
      submitted: boolean;
      submittedAt: Date | null;
      updatedBy: number;
    },
    ex: Executor,
  ): Promise<AuthorResponseRow> {
    const now = new Date();
    const [saved] = await ex
      .insert(authorResponsesTable)
      .values({ ...row, updatedAt: now })
      .onConflictDoUpdate({
        target: [authorResponsesTable.paperId, authorResponsesTable.round],
        set: {
          trackId: row.trackId,
          text: row.text,
          submitted: row.submitted,
          submittedAt: row.submittedAt,
          updatedBy: row.updatedBy,
          updatedAt: now,
        },
      })
      .returning();
    return saved!;
  }

  /** Submitted reviews of a paper from requests of rounds up to `round`, with their round, oldest first. */
  async submittedReviewsUpTo(
    paperId: number,
    round: number,
    ex: Executor = this.db,
  ): Promise<{ review: ReviewRow; round: number }[]> {
    return ex
      .select({ review: reviewsTable, round: reviewRequestsTable.round })
      .from(reviewsTable)
      .innerJoin(reviewRequestsTable, eq(reviewRequestsTable.id, reviewsTable.requestId))
      .where(
        and(
          eq(reviewsTable.paperId, paperId),
          eq(reviewsTable.draft, false),
          lte(reviewRequestsTable.round, round),
        ),
      )
      .orderBy(asc(reviewsTable.submittedAt), asc(reviewsTable.id));
  }
}
