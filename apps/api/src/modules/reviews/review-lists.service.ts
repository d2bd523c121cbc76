import { Injectable } from '@nestjs/common';
import type { Executor } from '../../database/database.js';
import { PapersService } from '../papers/papers.service.js';
import { TracksService } from '../tracks/tracks.service.js';
import { UsersService, type UserRow } from '../users/users.service.js';
import { defaultRoundName } from '@symposium/domain';
import { ReviewRoundsRepository } from './review-rounds.repository.js';
import { ReviewsRepository, type RequestFilter } from './reviews.repository.js';
import type {
  ConflictOverrideRow,
  DeclaredConflictRow,
  ReviewRequestRow,
  ReviewRow,
} from './reviews.table.js';

export interface RequestListRow {
  request: ReviewRequestRow;
  paperTitle: string;
  trackName: string;
  /** The name of the request's round ('R<n>' when its track has no such round). */
  roundName: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface Named {
  firstName: string;
  lastName: string;
  email: string;
}

const named = (u: UserRow): Named => ({ firstName: u.firstName, lastName: u.lastName, email: u.email });

/**
 * Review rows with the names they are shown with: paper titles, track names and people. The review tables
 * are read through the reviews repository; the names come from the papers, tracks and users services, one
 * batched query per kind (never one per row). Executors are used one after the other (inside a transaction
 * the executor is a single connection).
 */
@Injectable()
export class ReviewListsService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly papers: PapersService,
    private readonly tracks: TracksService,
    private readonly users: UsersService,
    private readonly rounds: ReviewRoundsRepository,
  ) {}

  /** One page of requests with the paper title, track name and reviewer; and the total. */
  async queryRequests(
    f: RequestFilter,
    page: { offset: number; limit: number },
    ex?: Executor,
  ): Promise<{ count: number; rows: RequestListRow[] }> {
    const { count, rows } = await this.repo.queryRequests(f, page, ex);
    return { count, rows: await this.withNames(rows, ex) };
  }

  /** These requests (by id) with the paper title, track name and reviewer. */
  async requestsWithNames(ids: number[], ex?: Executor): Promise<RequestListRow[]> {
    return this.withNames(await this.repo.findRequests(ids, ex), ex);
  }

  /** The submitted reviews (no drafts) of several papers not deleted and within the scope (null: every track). */
  async submittedReviewsOfPapers(
    paperIds: number[],
    scope: number[] | null,
    ex?: Executor,
  ): Promise<({ review: ReviewRow } & Named)[]> {
    const visible = (await this.papers.managedPapers(paperIds, scope, { includeDeleted: false }, ex)).map(
      (p) => p.id,
    );
    return this.withReviewers(await this.repo.submittedReviewsOfPapers(visible, ex), ex);
  }

  /** Reviews of a paper (drafts too when asked), oldest first, with the reviewer's name. */
  async reviewsOfPaper(
    paperId: number,
    opts: { includeDrafts: boolean },
    ex?: Executor,
  ): Promise<({ review: ReviewRow } & Named)[]> {
    return this.withReviewers(await this.repo.reviewsOfPaper(paperId, opts, ex), ex);
  }

  /** The conflicts these reviewers declared, with the named user, by the user's last and first name. */
  async declaredConflictsOf(reviewerIds: number[], ex?: Executor): Promise<(DeclaredConflictRow & Named)[]> {
    const rows = await this.repo.declaredConflictsOf(reviewerIds, ex);
    if (!rows.length) return [];
    // the users service answers by last name, first name, id: that order is kept
    const users = await this.users.findByIds(
      rows.map((r) => r.userId),
      ex,
    );
    return users.flatMap((u) => rows.filter((r) => r.userId === u.id).map((r) => ({ ...r, ...named(u) })));
  }

  /** The overrides of these papers (for these reviewers, when given), with the overriding chair's name. */
  async conflictOverrides(
    paperIds: number[],
    reviewerIds?: number[],
    ex?: Executor,
  ): Promise<(ConflictOverrideRow & { chairName: string | null })[]> {
    const rows = await this.repo.conflictOverrides(paperIds, reviewerIds, ex);
    const chairIds = rows.flatMap((r) => (r.chairId === null ? [] : [r.chairId]));
    const chairs = new Map((await this.users.findByIds(chairIds, ex)).map((u) => [u.id, u]));
    return rows.map((r) => {
      const chair = r.chairId === null ? undefined : chairs.get(r.chairId);
      const name = chair ? `${chair.firstName} ${chair.lastName}`.trim() : '';
      return { ...r, chairName: name || null };
    });
  }

  private async withNames(rows: ReviewRequestRow[], ex?: Executor): Promise<RequestListRow[]> {
    if (!rows.length) return [];
    const papers = new Map(
      (
        await this.papers.findByIds(
          rows.map((r) => r.paperId),
          ex,
        )
      ).map((p) => [p.id, p.title]),
    );
    const tracks = await this.tracks.namesOf(
      rows.map((r) => r.trackId),
      ex,
    );
    const users = new Map(
      (
        await this.users.findByIds(
          rows.map((r) => r.reviewerId),
          ex,
        )
      ).map((u) => [u.id, u]),
    );
    const roundNames = new Map(
      (
        await this.rounds.ofTracks(
          rows.map((r) => r.trackId),
          ex,
        )
      ).map((r) => [`${r.trackId}:${r.number}`, r.name]),
    );
    // a row whose paper, track or reviewer is gone is left out (as the inner joins of one query would)
    return rows.flatMap((request) => {
      const paperTitle = papers.get(request.paperId);
      const trackName = tracks.get(request.trackId);
      const user = users.get(request.reviewerId);
      if (paperTitle === undefined || trackName === undefined || !user) return [];
      const roundName =
        roundNames.get(`${request.trackId}:${request.round}`) ?? defaultRoundName(request.round);
      return [{ request, paperTitle, trackName, roundName, ...named(user) }];
    });
  }

  private async withReviewers(rows: ReviewRow[], ex?: Executor): Promise<({ review: ReviewRow } & Named)[]> {
    if (!rows.length) return [];
    const users = new Map(
      (
        await this.users.findByIds(
          rows.map((r) => r.reviewerId),
          ex,
        )
      ).map((u) => [u.id, u]),
    );
    // a review whose reviewer account is gone is left out (as an inner join would)
    return rows.flatMap((review) => {
      const user = users.get(review.reviewerId);
      return user ? [{ review, ...named(user) }] : [];
    });
  }
}
