import { Injectable } from '@nestjs/common';
import {
  managedTracks,
  normalizeEmail,
  PAGE_SIZE,
  validateReview,
  type AuthorReviewDto,
  type BidPaperDto,
  type BidValue,
  type DeclaredConflictDto,
  type PaperFileDto,
  type ReviewDto,
  type ReviewRequestDto,
} from '@symposium/domain';
import type { Response } from 'express';
import type { AuthUser } from '../../common/auth-user.js';
import { PaperFilesService } from '../papers/paper-files.service.js';
import { ActivityService } from '../activity/activity.service.js';
import { PapersService } from '../papers/papers.service.js';
import { StatusesService } from '../tracks/statuses.service.js';
import { TracksService } from '../tracks/tracks.service.js';
import { UsersService } from '../users/users.service.js';
import { TransactionRunner } from '../../database/database.module.js';
import type {
  AnswerRequestDto,
  PageQueryDto,
  ReviewerReviewDto,
  SaveBidsDto,
  SaveConflictsDto,
} from './dto/reviews.dto.js';
import { ReviewAssignmentService } from './review-assignment.service.js';
import { ReviewListsService } from './review-lists.service.js';
import { assertValidReview } from './review-requests.service.js';
import { toAuthorReviewDto, toRequestDto, toReviewDto } from './reviews.mapper.js';
import { ReviewsRepository } from './reviews.repository.js';
import type { ReviewRequestRow } from './reviews.table.js';
import { ReviewsErrors } from './reviews.errors.js';
import { DiscussionService } from './discussion.service.js';

/** What a reviewer sees of a paper assigned to them: no authors, files, notes or registration. */
export interface ReviewerPaperDto {
  paper: {
    _id: number;
    title: string;
    abstract: { text: string };
    track: number;
    trackName: string;
    isCameraReady: boolean;
    /** The paper's files the reviewer may download (submission files, camera-ready word and pdf). */
    files: PaperFileDto[];
  };
  requests: ReviewRequestDto[];
  reviews: ReviewDto[];
}

/**
 * The reviewer console (§6: reviewers act only on their own review requests) and the authors' view of the
 * reviews of their papers.
 */
@Injectable()
export class ReviewerService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly lists: ReviewListsService,
    private readonly assignment: ReviewAssignmentService,
    private readonly tx: TransactionRunner,
    private readonly paperFiles: PaperFilesService,
    private readonly papers: PapersService,
    private readonly tracks: TracksService,
    private readonly users: UsersService,
    private readonly activity: ActivityService,
    private readonly statuses: StatusesService,
    private readonly discussion: DiscussionService,
  ) {}

  async list(dto: PageQueryDto, caller: AuthUser): Promise<{ count: number; data: ReviewRequestDto[] }> {
    const limit = dto.pg ?? PAGE_SIZE;
    const offset = ((dto.cp ?? 1) - 1) * limit;
    const { count, rows } = await this.lists.queryRequests(
      { scope: null, userId: caller.id, state: dto.state },
      { offset, limit },
    );
    // The discussion column: comments and unread per paper, one statement for the page (null out of reach).
    const counts = await this.discussion.countsFor(
      rows.map((r) => r.request.paperId),
      'reviewer',
      caller,
    );
    return {
      count,
      data: rows.map((r) => {
        const discussion = counts.get(r.request.paperId) ?? null;
        return {
          ...toRequestDto(r, { withReviewer: false }),
          discussionUnread: discussion?.unread ?? 0,
          discussion,
        };
      }),
    };
  }

  async get(id: number, caller: AuthUser): Promise<ReviewRequestDto> {
    const row = await this.own(id, caller);
    return this.dto(row.id);
  }

  /** Accept or decline a waiting request (answering twice the same way is harmless). */
  async answer(id: number, dto: AnswerRequestDto, caller: AuthUser): Promise<ReviewRequestDto> {
    await this.tx.run(async (tx) => {
      const row = await this.own(id, caller, tx);
      const accepting = dto.action === 'accept';
      if (!row.waiting) {
        const same = !row.reviewed && row.declined === !accepting;
        if (same) return;
        throw ReviewsErrors.alreadyAnswered();
      }
      await this.repo.updateRequest(
        row.id,
        { waiting: false, declined: !accepting, respondedAt: new Date() },
        tx,
      );
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller),
          action: 'review.reply',
          summary: `${accepting ? 'Accepted' : 'Declined'} the review request ${row.id} for paper ${row.paperId}`,
          paperId: row.paperId,
          trackId: row.trackId,
          details: { requestId: row.id, accepted: accepting },
        },
        tx,
      );
    });
    return this.dto(id);
  }

  /** A paper the caller has a (not declined) request for; else 404 like a missing paper. */
  /** One of the paper's files, for a reviewer with a (not declined) request for it; otherwise 404 alike. */
  async download(paperId: number, fileId: number, caller: AuthUser, res: Response): Promise<void> {
    await this.assignedPaper(paperId, caller);
    await this.paperFiles.downloadForReviewer(paperId, fileId, res);
  }

  private async assignedPaper(paperId: number, caller: AuthUser) {
    const requests = (await this.repo.requestsOfReviewerForPaper(caller.id, paperId)).filter(
      (r) => !r.declined,
    );
    const paper = requests.length ? await this.papers.findById(paperId) : undefined;
    if (!paper || paper.isDeleted) throw ReviewsErrors.paperNotFound();
    return { paper, requests };
  }

  async paper(paperId: number, caller: AuthUser): Promise<ReviewerPaperDto> {
    const { paper, requests } = await this.assignedPaper(paperId, caller);
    const reviews = [];
    for (const r of requests) {
      const review = await this.repo.findReviewOf(r.id);
      if (review) reviews.push(toReviewDto(review));
    }
    return {
      paper: {
        _id: paper.id,
        title: paper.title,
        abstract: { text: paper.abstractText },
        track: paper.trackId,
        trackName: (await this.tracks.namesOf([paper.trackId])).get(paper.trackId) ?? '',
        isCameraReady: paper.isCameraReady,
        files: await this.paperFiles.reviewerFiles(paper.id),
      },
      requests: (await this.lists.requestsWithNames(requests.map((r) => r.id))).map((r) =>
        toRequestDto(r, { withReviewer: false }),
      ),
      reviews,
    };
  }

  /** Saves the caller's review of a paper: a draft (anything filled in) or the submitted review (§5 rules). */
  async review(
    paperId: number,
    dto: ReviewerReviewDto,
    caller: AuthUser,
  ): Promise<{ request: ReviewRequestDto; review: ReviewDto }> {
    const draft = dto.draft ?? false;
    assertValidReview(validateReview(dto, { onBehalf: false, draft }));
    const requestId = await this.tx.run(async (tx) => {
      const paper = await this.papers.findById(paperId, tx);
      const requests =
        paper && !paper.isDeleted ? await this.repo.requestsOfReviewerForPaper(caller.id, paperId, tx) : [];
      // a meta request takes a meta-review (issue 25), not a review
      const regular = requests.filter((r) => r.role !== 'meta');
      const request = this.pick(regular, dto.isCameraReady, paper?.isCameraReady ?? false);
      if (!request) throw ReviewsErrors.paperNotFound();
      if (request.declined) throw ReviewsErrors.declined();
      const existing = await this.repo.findReviewOf(request.id, tx);
      if (draft && existing && !existing.draft) throw ReviewsErrors.alreadySubmitted();
      await this.assignment.saveReview(request, dto, { draft, source: 'reviewer', submittedBy: null }, tx);
      if (!draft)
        await this.activity.record(
          {
            ...ActivityService.fromUser(caller),
            action: 'review.submit',
            summary: `Submitted a review of paper ${paperId} '${paper!.title}'`,
            paperId,
            trackId: request.trackId,
            details: { requestId: request.id, isCameraReady: request.isCameraReady },
          },
          tx,
        );
      return request.id;
    });
    const review = await this.repo.findReviewOf(requestId);
    return { request: await this.dto(requestId), review: toReviewDto(review!) };
  }

  // ----- bids

  /**
   * Papers of the caller's reviewer tracks (not their own, not deleted, not yet decided: bidding closes with
   * the decision) with the caller's bid.
   */
  async bids(caller: AuthUser): Promise<BidPaperDto[]> {
    const papers = await this.biddablePapers(caller);
    const bids = new Map((await this.repo.bidsOf(caller.id)).map((b) => [b.paperId, b.bid as BidValue]));
    return papers.map((p) => ({
      paper: p.id,
      title: p.title,
      abstract: p.abstractText,
      track: p.trackId,
      trackName: p.trackName,
      isCameraReady: p.isCameraReady,
      bid: bids.get(p.id) ?? null,
    }));
  }

  async saveBids(dto: SaveBidsDto, caller: AuthUser): Promise<BidPaperDto[]> {
    const ids = [...new Set(dto.bids.map((b) => b.paper))];
    const tracks = managedTracks(caller.roles, 'reviewer');
    const papers = await this.papers.managedPapers(ids, tracks, { includeDeleted: false });
    const own = await this.papers.authoredAmong(caller.id, ids);
    const undecided = await this.undecided();
    for (const id of ids) {
      const paper = papers.find((x) => x.id === id);
      if (!paper) throw ReviewsErrors.paperNotFound();
      if (own.has(id)) throw ReviewsErrors.ownPaperBid();
      if (!undecided(paper.statusId)) throw ReviewsErrors.decidedPaperBid();
    }
    await this.tx.run(async (tx) => {
      for (const b of dto.bids) await this.repo.setBid(caller.id, b.paper, b.bid, tx);
    });
    return this.bids(caller);
  }

  // ----- declared conflicts

  async conflicts(caller: AuthUser): Promise<DeclaredConflictDto[]> {
    return (await this.lists.declaredConflictsOf([caller.id])).map((c) => ({
      userId: c.userId,
      name: `${c.firstName} ${c.lastName}`,
      email: c.email,
      reason: c.reason,
    }));
  }

  /** Replaces the caller's declared conflicts (people identified by e-mail; every one must exist). */
  async saveConflicts(dto: SaveConflictsDto, caller: AuthUser): Promise<DeclaredConflictDto[]> {
    const emails = dto.conflicts.map((c) => normalizeEmail(c.email));
    const users = await this.users.findByEmails(emails);
    const byEmail = new Map(users.map((u) => [u.email, u]));
    const rows = new Map<number, { userId: number; reason: string }>();
    dto.conflicts.forEach((c, i) => {
      const user = byEmail.get(emails[i]!);
      if (!user) throw ReviewsErrors.userNotFound();
      if (user.id === caller.id) throw ReviewsErrors.selfConflict();
      rows.set(user.id, { userId: user.id, reason: (c.reason ?? '').trim() });
    });
    await this.tx.run((tx) => this.repo.replaceDeclaredConflicts(caller.id, [...rows.values()], tx));
    return this.conflicts(caller);
  }

  // ----- authors

  /**
   * The submitted reviews of an author's paper, once the chair enabled authorViewReviewEnabled: scores, the
   * decision label and the comments to the authors; never the comments to the chair or who reviewed.
   */
  async forAuthor(paperId: number, caller: AuthUser): Promise<AuthorReviewDto[]> {
    const paper = await this.papers.findById(paperId);
    const isAuthor =
      paper && !paper.isDeleted && (await this.papers.authoredAmong(caller.id, [paperId])).has(paperId);
    if (!paper || !isAuthor) throw ReviewsErrors.paperNotFound();
    if (!paper.authorViewReviewEnabled) throw ReviewsErrors.notAvailable();
    const rows = await this.repo.reviewsOfPaper(paperId, { includeDrafts: false });
    return rows.map((r, i) => toAuthorReviewDto(r, i));
  }

  // -----

  private pick(
    requests: ReviewRequestRow[],
    isCameraReady: boolean | undefined,
    paperIsCameraReady: boolean,
  ): ReviewRequestRow | undefined {
    if (isCameraReady !== undefined) return requests.find((r) => r.isCameraReady === isCameraReady);
    const open = requests.filter((r) => !r.declined && !r.reviewed);
    return (
      open.find((r) => r.isCameraReady === paperIsCameraReady) ??
      open[0] ??
      requests.find((r) => r.isCameraReady === paperIsCameraReady) ??
      requests[0]
    );
  }

  private async biddablePapers(caller: AuthUser) {
    const tracks = managedTracks(caller.roles, 'reviewer');
    const trackIds = tracks ?? (await this.tracks.listIds());
    const papers = await this.papers.listOfTracks(trackIds);
    const own = await this.papers.authoredAmong(
      caller.id,
      papers.map((p) => p.id),
    );
    const names = await this.tracks.namesOf(trackIds);
    const undecided = await this.undecided();
    return papers
      .filter((p) => !own.has(p.id) && undecided(p.statusId))
      .map((p) => ({ ...p, trackName: names.get(p.trackId) ?? '' }));
  }

  /** Whether a paper's status is no decision yet: none, or the default status ("Awaiting Decision"). */
  private async undecided(): Promise<(statusId: number | null) => boolean> {
    const awaiting = (await this.statuses.list()).find((s) => s.isDefault)?._id ?? null;
    return (statusId) => statusId === null || statusId === awaiting;
  }

  private async own(id: number, caller: AuthUser, ex?: Parameters<ReviewsRepository['findRequest']>[1]) {
    const row = await this.repo.findRequest(id, ex);
    if (!row || row.reviewerId !== caller.id) throw ReviewsErrors.requestNotFound();
    return row;
  }

  private async dto(id: number): Promise<ReviewRequestDto> {
    const [row] = await this.lists.requestsWithNames([id]);
    if (!row) throw ReviewsErrors.requestNotFound();
    return toRequestDto(row, { withReviewer: false });
  }
}
