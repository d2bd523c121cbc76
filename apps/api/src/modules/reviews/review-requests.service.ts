import { Injectable } from '@nestjs/common';
import {
  CONFLICT_OVERRIDE_MESSAGES,
  type ConflictOverrideDto,
  isChairLike,
  MAX_REVIEWS_PER_PAPER,
  MAX_REVIEWS_PER_REVIEWER,
  META_REVIEW_MESSAGES,
  PAGE_SIZE,
  paperFullMessage,
  REVIEW_EVALUATION_DAYS,
  REVIEW_REPLY_DAYS,
  REVIEWER_MESSAGES,
  reviewerFullMessage,
  validateReview,
  type CandidateReviewerDto,
  type ReviewDto,
  type ReviewRequestDto,
  type ReviewRole,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { ActivityService } from '../activity/activity.service.js';
import { PapersService } from '../papers/papers.service.js';
import { UsersService } from '../users/users.service.js';
import type {
  QueryRequestsDto,
  RequestFilterDto,
  SaveRequestDto,
  SubmitOnBehalfDto,
  UpdateRequestDto,
} from './dto/reviews.dto.js';
import { ReviewAssignmentService, toOverrideDto } from './review-assignment.service.js';
import { PapersErrors } from '../papers/papers.errors.js';
import { ReviewConflictsService } from './review-conflicts.service.js';
import { ReviewListsService } from './review-lists.service.js';
import { ReviewRoundsService } from './review-rounds.service.js';
import { toRequestDto, toReviewDto } from './reviews.mapper.js';
import { DiscussionService } from './discussion.service.js';
import { ReviewsRepository, type RequestFilter } from './reviews.repository.js';
import type { ReviewRequestRow } from './reviews.table.js';
import { ReviewsErrors } from './reviews.errors.js';

const DAY_MS = 86_400_000;

/** Throws 400 with the first §5 review message (every field message in details). */
export function assertValidReview(errors: Record<string, string | undefined>): void {
  const fields = Object.entries(errors)
    .filter((e): e is [string, string] => Boolean(e[1]))
    .map(([field, message]) => ({ field, message }));
  if (fields.length) throw ReviewsErrors.invalid(fields);
}

/**
 * The chairs' and track chairs' review requests (§7 /api/{chair|cochair}/review_requests and
 * submit_review_request). scope: the tracks the caller manages (null = all); anything outside answers 404
 * exactly like a missing object.
 */
@Injectable()
export class ReviewRequestsService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly lists: ReviewListsService,
    private readonly assignment: ReviewAssignmentService,
    private readonly papers: PapersService,
    private readonly users: UsersService,
    private readonly tx: TransactionRunner,
    private readonly activity: ActivityService,
    private readonly rounds: ReviewRoundsService,
    private readonly discussion: DiscussionService,
    private readonly conflicts: ReviewConflictsService,
  ) {}

  async query(
    dto: QueryRequestsDto,
    scope: number[] | null,
    caller?: { prefix: 'chair' | 'cochair'; user: AuthUser },
  ): Promise<{ count: number; data: ReviewRequestDto[] }> {
    const limit = dto.pg ?? PAGE_SIZE;
    const offset = ((dto.cp ?? 1) - 1) * limit;
    const { count, rows } = await this.lists.queryRequests(this.filter(dto, scope), { offset, limit });
    // The discussion column: the caller's unread comments per paper, one statement for the page.
    const paperIds = rows.map((r) => r.request.paperId);
    const unread = caller ? await this.discussion.unreadFor(paperIds, caller.prefix, caller.user) : {};
    // a caller with a conflict of interest on a paper does not see its reviews' evaluations (issue 25)
    const conflicted = caller
      ? await this.conflicts.conflictedOf(caller.user.id, [...new Set(paperIds)])
      : new Set<number>();
    return {
      count,
      data: rows.map((r) => ({
        ...toRequestDto(r, { withReviewer: true }),
        ...(conflicted.has(r.request.paperId) ? { evaluation: -1 } : {}),
        ...(caller ? { discussionUnread: unread[r.request.paperId] ?? 0 } : {}),
      })),
    };
  }

  /**
   * One request with its review. A caller with a conflict of interest on the paper (issue 25) sees the request
   * but not its review or evaluation, as if none had been submitted.
   */
  async get(
    id: number,
    scope: number[] | null,
    callerId: number,
  ): Promise<ReviewRequestDto & { review: ReviewDto | null }> {
    const row = await this.mustFind(id, scope);
    const dto = await this.dto(row.id);
    if (await this.conflicts.hasConflict(callerId, row.paperId))
      return { ...dto, evaluation: -1, review: null };
    const review = await this.repo.findReviewOf(row.id);
    return { ...dto, review: review ? toReviewDto(review) : null };
  }

  /** Manual assignment of one reviewer: §8 checks, conflicts, §9 limits; the invitation in the same transaction. */
  async save(dto: SaveRequestDto, scope: number[] | null, caller: AuthUser): Promise<ReviewRequestDto> {
    const isCameraReady = dto.isCameraReady ?? false;
    const id = await this.tx.run(async (tx) => {
      const paper = await this.papers.managedPaper(dto.paper, scope, { includeDeleted: false }, tx);
      if (paper.trackId !== dto.track) throw ReviewsErrors.trackMismatch();
      const round = dto.round ?? 1;
      const row = await this.assignment.assign(
        paper,
        dto.reviewer,
        isCameraReady,
        caller,
        { note: `${isCameraReady ? ' (camera-ready)' : ''}${round > 1 ? ` (round ${round})` : ''}` },
        tx,
        round,
        dto.role ?? 'reviewer',
      );
      return row.id;
    });
    return this.dto(id);
  }

  /**
   * Reassigns (new reviewer: same checks, a new invitation), re-opens or marks declined, or moves the due
   * dates. A reviewed request keeps its reviewer and state.
   */
  async update(
    id: number,
    dto: UpdateRequestDto,
    scope: number[] | null,
    caller: AuthUser,
  ): Promise<ReviewRequestDto> {
    await this.tx.run(async (tx) => {
      const current = await this.mustFind(id, scope, tx);
      const changesState =
        (dto.reviewer !== undefined && dto.reviewer !== current.reviewerId) ||
        (dto.waiting !== undefined && dto.waiting !== current.waiting) ||
        (dto.declined !== undefined && dto.declined !== current.declined);
      if (changesState && current.reviewed) throw ReviewsErrors.reviewed();
      const patch: Partial<ReviewRequestRow> = {};
      if (dto.replyDueAt) patch.replyDueAt = new Date(dto.replyDueAt);
      if (dto.dueAt) patch.dueAt = new Date(dto.dueAt);
      const paper = (await this.papers.findById(current.paperId, tx))!;
      if (dto.reviewer !== undefined && dto.reviewer !== current.reviewerId) {
        await this.repo.lockAssignment([paper.id], [dto.reviewer], tx);
        const reviewer = await this.assignment.check(
          paper,
          await this.users.findById(dto.reviewer, tx),
          current.isCameraReady,
          {
            requireRole: true,
            // a meta request is the paper's one meta slot even when declined
            replacing: current.declined && current.role !== 'meta' ? undefined : current.id,
            round: current.round,
            role: current.role,
          },
          tx,
        );
        const now = new Date();
        const moved = await this.repo.updateRequest(
          id,
          {
            ...patch,
            reviewerId: reviewer.id,
            waiting: true,
            declined: false,
            respondedAt: null,
            invitedAt: now,
            replyDueAt: patch.replyDueAt ?? new Date(now.getTime() + REVIEW_REPLY_DAYS * DAY_MS),
            dueAt: patch.dueAt ?? new Date(now.getTime() + REVIEW_EVALUATION_DAYS * DAY_MS),
          },
          tx,
        );
        await this.repo.deleteReviewOf(id, tx); // a draft of the former reviewer is not the new one's
        await this.assignment.invite(moved!, paper, reviewer, caller.id, tx);
        await this.activity.record(
          {
            ...ActivityService.fromUser(caller),
            action: 'review.assign',
            summary: `Reassigned the review of paper ${paper.id} '${paper.title}' to ${reviewer.firstName} ${reviewer.lastName}`,
            subjectId: reviewer.id,
            paperId: paper.id,
            trackId: paper.trackId,
            details: { requestId: id, from: current.reviewerId, isCameraReady: current.isCameraReady },
          },
          tx,
        );
        return;
      }
      if (dto.declined !== undefined) patch.declined = dto.declined;
      if (dto.waiting !== undefined) patch.waiting = dto.waiting;
      const reopening = current.declined && patch.declined === false;
      if (reopening) {
        // a declined request does not count: re-opening it must fit the §9 limits again
        await this.repo.lockAssignment([current.paperId], [current.reviewerId], tx);
        // a meta request keeps its one slot while declined (one per paper, kind and round): no §9 count
        if (current.role !== 'meta')
          await this.assignment.checkLimits(
            current.paperId,
            current.reviewerId,
            current.isCameraReady,
            tx,
            undefined,
            current.round,
          );
      }
      if (reopening && patch.waiting === undefined) patch.waiting = true;
      if (patch.declined === true) patch.waiting = false;
      if (patch.waiting === true) patch.respondedAt = null;
      else if (changesState) patch.respondedAt = new Date();
      if (Object.keys(patch).length) await this.repo.updateRequest(id, patch, tx);
    });
    return this.dto(id);
  }

  async remove(id: number, scope: number[] | null, caller: AuthUser): Promise<{ message: string }> {
    await this.tx.run(async (tx) => {
      const row = await this.mustFind(id, scope, tx);
      await this.repo.deleteRequest(id, tx);
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller),
          action: 'review.unassign',
          summary: `Removed the review request ${id} of reviewer ${row.reviewerId} on paper ${row.paperId}`,
          subjectId: row.reviewerId,
          paperId: row.paperId,
          trackId: row.trackId,
          details: { requestId: id, isCameraReady: row.isCameraReady },
        },
        tx,
      );
    });
    return { message: 'Review request deleted' };
  }

  /** Deletes every request matching the filter (at least one filter; track chairs within their tracks). */
  async removeMany(
    dto: RequestFilterDto,
    scope: number[] | null,
    caller: AuthUser,
  ): Promise<{ deleted: number }> {
    const f = this.filter(dto, scope);
    if (
      f.userId === undefined &&
      f.paper === undefined &&
      f.track === undefined &&
      f.state === undefined &&
      f.isCameraReady === undefined
    )
      throw ReviewsErrors.bulkFilter();
    const deleted = await this.tx.run(async (tx) => {
      const n = await this.repo.deleteRequests(f, tx);
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller),
          action: 'review.unassign',
          summary: `Removed ${n} review request${n === 1 ? '' : 's'}`,
          subjectId: f.userId ?? null,
          paperId: f.paper ?? null,
          trackId: f.track ?? null,
          details: { filter: { ...f }, deleted: n },
        },
        tx,
      );
      return n;
    });
    return { deleted };
  }

  /**
   * The reviewers of the paper's track with their load, bid, conflicts and whether they can be assigned — in
   * the given role: a meta-reviewer (issue 25) is not held to the §9 limits of reviews per paper and per
   * reviewer, but the paper takes one per kind and round.
   */
  async candidates(
    paperId: number,
    isCameraReady: boolean,
    scope: number[] | null,
    round = 1,
    role: ReviewRole = 'reviewer',
  ): Promise<CandidateReviewerDto[]> {
    const paper = await this.papers.managedPaper(paperId, scope, { includeDeleted: false });
    await this.rounds.mustExist(paper.trackId, round);
    const reviewers = await this.users.reviewersOfTrack(paper.trackId);
    const ids = reviewers.map((r) => r.id);
    const [ctx, loads, paperLoad] = await Promise.all([
      this.assignment.context(paper, reviewers),
      this.repo.reviewerLoads(ids, undefined, round),
      this.repo.paperLoad(paper.id, isCameraReady, undefined, undefined, round),
    ]);
    const requests = (
      await this.repo.queryRequests(
        { scope: null, paper: paper.id, isCameraReady, round },
        { offset: 0, limit: 1000 },
      )
    ).rows;
    const assigned = new Set(requests.map((r) => r.reviewerId));
    const hasMeta = requests.some((r) => r.role === 'meta');
    return reviewers.map((u) => {
      const load = loads.get(u.id)!;
      const conflicts = ctx.conflicts.get(u.id) ?? [];
      const overridden = ctx.overrides.get(u.id);
      const isAuthor = ctx.authors.some((a) => a.id === u.id);
      const alreadyAssigned = assigned.has(u.id);
      const reasons: string[] = [];
      if (isAuthor) reasons.push(REVIEWER_MESSAGES.authorOwnPaper);
      if (alreadyAssigned) reasons.push(REVIEWER_MESSAGES.alreadyReviewer);
      reasons.push(...conflicts.map((c) => c.evidence));
      if (role === 'meta') {
        if (!alreadyAssigned && hasMeta) reasons.push(META_REVIEW_MESSAGES.alreadyMeta);
      } else {
        if ((isCameraReady ? load.cameraReady : load.total) >= MAX_REVIEWS_PER_REVIEWER)
          reasons.push(reviewerFullMessage(isCameraReady));
        if (!alreadyAssigned && paperLoad >= MAX_REVIEWS_PER_PAPER)
          reasons.push(paperFullMessage(isCameraReady));
      }
      return {
        _id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        organization: u.organization,
        load: { total: load.total, cameraReady: load.cameraReady },
        bid: ctx.bids.get(u.id) ?? null,
        conflicts: overridden?.flags ?? conflicts,
        conflictOverride: overridden?.override ?? null,
        isAuthor,
        alreadyAssigned,
        eligible: reasons.length === 0,
        reasons,
      };
    });
  }

  /**
   * A full review submitted by a chair on behalf of a user (comments up to 5000), or by a track chair as
   * themselves. Without a request yet, one is created with the same checks as a manual assignment.
   */
  async submitOnBehalf(
    dto: SubmitOnBehalfDto,
    scope: number[] | null,
    caller: AuthUser,
    prefix: 'chair' | 'cochair',
  ): Promise<{ request: ReviewRequestDto; review: ReviewDto }> {
    const reviewerId = dto.reviewer ?? (prefix === 'cochair' ? caller.id : undefined);
    if (reviewerId === undefined) throw ReviewsErrors.reviewerRequired();
    if (prefix === 'cochair' && reviewerId !== caller.id && !isChairLike(caller.roles))
      throw ReviewsErrors.ownReviewsOnly();
    assertValidReview(validateReview(dto, { onBehalf: true, draft: false }));
    const self = reviewerId === caller.id;
    const { requestId } = await this.tx.run(async (tx) => {
      const paper = await this.papers.managedPaper(dto.paper, scope, { includeDeleted: false }, tx);
      const isCameraReady = dto.isCameraReady ?? paper.isCameraReady;
      const round = dto.round ?? 1;
      await this.rounds.mustExist(paper.trackId, round, tx);
      await this.repo.lockAssignment([paper.id], [reviewerId], tx);
      let request = await this.repo.findPair(paper.id, reviewerId, isCameraReady, tx, round);
      if (request?.declined) throw ReviewsErrors.reviewerDeclined();
      if (!request) {
        request = (
          await this.assignment.checkAndCreate(
            paper,
            reviewerId,
            isCameraReady,
            { requireRole: !self, createdBy: caller.id, invite: false, round },
            tx,
          )
        ).row;
      }
      await this.assignment.saveReview(
        request,
        dto,
        { draft: false, source: self ? 'reviewer' : 'chair', submittedBy: self ? null : caller.id },
        tx,
      );
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller),
          action: self ? 'review.submit' : 'review.onBehalf',
          summary: self
            ? `Submitted a review of paper ${paper.id} '${paper.title}'`
            : `Submitted a review of paper ${paper.id} '${paper.title}' on behalf of reviewer ${reviewerId}`,
          subjectId: reviewerId,
          paperId: paper.id,
          trackId: paper.trackId,
          details: { requestId: request.id, isCameraReady: request.isCameraReady },
        },
        tx,
      );
      return { requestId: request.id };
    });
    const review = await this.repo.findReviewOf(requestId);
    return { request: await this.dto(requestId), review: toReviewDto(review!) };
  }

  /** Every review of a paper (drafts included) with the reviewer's name, for the chairs. */
  /** The reviews of a paper (drafts included); 404 alike for a paper out of reach or with a conflict (issue 25). */
  async reviewsOfPaper(paperId: number, scope: number[] | null, callerId: number): Promise<ReviewDto[]> {
    await this.papers.managedPaper(paperId, scope, { includeDeleted: false });
    if (await this.conflicts.hasConflict(callerId, paperId)) throw PapersErrors.notFound();
    const rows = await this.lists.reviewsOfPaper(paperId, { includeDrafts: true });
    return rows.map((r) => toReviewDto(r.review, r));
  }

  /**
   * The submitted reviews of several papers in one query, keyed by paper id (papers out of scope, deleted,
   * missing or with a conflict of interest of the caller simply have no entry — the same answer as a paper
   * without reviews).
   */
  async submittedReviewsOfPapers(
    ids: number[],
    scope: number[] | null,
    callerId: number,
  ): Promise<Record<number, ReviewDto[]>> {
    const unique = [...new Set(ids)];
    const conflicted = await this.conflicts.conflictedOf(callerId, unique);
    const rows = await this.lists.submittedReviewsOfPapers(
      unique.filter((id) => !conflicted.has(id)),
      scope,
    );
    const out: Record<number, ReviewDto[]> = {};
    for (const r of rows) (out[r.review.paperId] ??= []).push(toReviewDto(r.review, r));
    return out;
  }

  // -----

  filter(dto: RequestFilterDto, scope: number[] | null): RequestFilter {
    return {
      scope,
      userId: dto.userId,
      paper: dto.paper,
      track: dto.track,
      state: dto.state,
      isCameraReady: dto.isCameraReady,
      round: dto.round,
    };
  }

  /**
   * A chair overrides the detected conflict of interest between a reviewer and a paper, with a reason:
   * the pair can then be assigned manually and automatically. Refused when nothing is detected.
   */
  async overrideConflict(
    paperId: number,
    reviewerId: number,
    reasonInput: string,
    caller: AuthUser,
  ): Promise<{ message: string; override: ConflictOverrideDto }> {
    const reason = reasonInput.trim();
    if (!reason) throw ReviewsErrors.overrideReason();
    return this.tx.run(async (tx) => {
      const paper = await this.papers.managedPaper(paperId, null, { includeDeleted: false }, tx);
      const reviewer = await this.users.findById(reviewerId, tx);
      if (!reviewer) throw ReviewsErrors.userNotFound();
      const ctx = await this.assignment.context(paper, [reviewer], tx);
      const flags = ctx.overrides.get(reviewer.id)?.flags ?? ctx.conflicts.get(reviewer.id) ?? [];
      if (!flags.length) throw ReviewsErrors.noConflict();
      await this.repo.saveConflictOverride({ paperId, reviewerId, reason, chairId: caller.id }, tx);
      const [saved] = await this.lists.conflictOverrides([paperId], [reviewerId], tx);
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller),
          subjectId: reviewerId,
          paperId,
          trackId: paper.trackId,
          action: 'conflict.override',
          summary: `Overrode the conflict of interest of ${reviewer.firstName} ${reviewer.lastName} with paper ${paperId}`,
          details: { paperId, reviewerId, reason, evidence: flags.map((f) => f.evidence) },
        },
        tx,
      );
      return { message: CONFLICT_OVERRIDE_MESSAGES.saved, override: toOverrideDto(saved!) };
    });
  }

  async removeConflictOverride(
    paperId: number,
    reviewerId: number,
    caller: AuthUser,
  ): Promise<{ message: string }> {
    return this.tx.run(async (tx) => {
      const paper = await this.papers.managedPaper(paperId, null, { includeDeleted: false }, tx);
      if (!(await this.repo.deleteConflictOverride(paperId, reviewerId, tx)))
        throw ReviewsErrors.overrideNotFound();
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller),
          subjectId: reviewerId,
          paperId,
          trackId: paper.trackId,
          action: 'conflict.override_removed',
          summary: `Removed the conflict override of reviewer ${reviewerId} on paper ${paperId}`,
          details: { paperId, reviewerId },
        },
        tx,
      );
      return { message: CONFLICT_OVERRIDE_MESSAGES.removed };
    });
  }

  private async mustFind(id: number, scope: number[] | null, ex?: Executor): Promise<ReviewRequestRow> {
    const row = await this.repo.findRequest(id, ex);
    if (!row || (scope !== null && !scope.includes(row.trackId))) throw ReviewsErrors.requestNotFound();
    return row;
  }

  private async dto(id: number): Promise<ReviewRequestDto> {
    const [row] = await this.lists.requestsWithNames([id]);
    if (!row) throw ReviewsErrors.requestPaperNotFound();
    return toRequestDto(row, { withReviewer: true });
  }
}
