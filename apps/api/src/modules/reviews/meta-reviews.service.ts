import { Injectable } from '@nestjs/common';
import {
  decisionLabel,
  validateMetaReview,
  type AuthorMetaReviewDto,
  type MetaReviewDto,
  type MetaReviewInput,
  type MetaReviewPageDto,
  type MetaReviewSummaryDto,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { ActivityService } from '../activity/activity.service.js';
import { PapersService, type PaperRow } from '../papers/papers.service.js';
import { StatusesService } from '../tracks/statuses.service.js';
import { TracksService } from '../tracks/tracks.service.js';
import { UsersService } from '../users/users.service.js';
import { DiscussionService } from './discussion.service.js';
import { ReviewConflictsService } from './review-conflicts.service.js';
import { MetaReviewsRepository } from './meta-reviews.repository.js';
import { assertValidReview } from './review-requests.service.js';
import { ReviewsErrors } from './reviews.errors.js';
import { ReviewsRepository } from './reviews.repository.js';
import type { MetaReviewRow, ReviewRequestRow } from './reviews.table.js';

function toDto(m: MetaReviewRow, recommendationText: string | null, reviewerName?: string): MetaReviewDto {
  return {
    _id: m.id,
    request: m.requestId,
    paper: m.paperId,
    reviewer: m.reviewerId,
    round: m.round,
    recommendation: m.recommendationStatusId,
    recommendationText,
    committeeText: m.committeeText,
    authorText: m.authorText,
    releaseToAuthors: m.releaseToAuthors,
    submitted: m.submittedAt !== null,
    submittedAt: m.submittedAt?.toISOString() ?? null,
    updatedAt: m.updatedAt.toISOString(),
    ...(reviewerName !== undefined ? { reviewerName } : {}),
  };
}

type MetaReviewWithNames = MetaReviewRow & { recommendationText: string | null; reviewerName: string };
const withNames = (m: MetaReviewWithNames) => toDto(m, m.recommendationText, m.reviewerName);

/**
 * Meta-reviews (issue 25). The meta-reviewer of a paper (a request with role 'meta', not declined) reads the
 * submitted reviews of its round and writes the meta-review "after the discussion": once every regular
 * request of that paper, kind and round that is not declined has a submitted review (at least one). Chairs
 * and track chairs of the track read them (beside the scores on the decision-making screen); the authors
 * read the text to the authors only, once the reviews are released and unless the chair withheld it.
 * Anyone with a conflict of interest on the paper gets 404, as for a missing paper.
 */
@Injectable()
export class MetaReviewsService {
  constructor(
    private readonly repo: MetaReviewsRepository,
    private readonly reviews: ReviewsRepository,
    private readonly papers: PapersService,
    private readonly statuses: StatusesService,
    private readonly tracks: TracksService,
    private readonly users: UsersService,
    private readonly discussion: DiscussionService,
    private readonly conflicts: ReviewConflictsService,
    private readonly tx: TransactionRunner,
    private readonly activity: ActivityService,
  ) {}

  /** The meta-reviews of papers with the recommendation's status text and the meta-reviewer's name. */
  private async ofPapers(
    paperIds: number[],
    opts: { submittedOnly: boolean },
  ): Promise<MetaReviewWithNames[]> {
    const rows = await this.repo.ofPapers(paperIds, opts);
    if (!rows.length) return [];
    const statuses = new Map((await this.statuses.list()).map((st) => [st._id, st.text]));
    const users = new Map(
      (await this.users.findByIds([...new Set(rows.map((m) => m.reviewerId))])).map((u) => [
        u.id,
        `${u.firstName} ${u.lastName}`,
      ]),
    );
    return rows.map((m) => ({
      ...m,
      recommendationText:
        m.recommendationStatusId === null ? null : (statuses.get(m.recommendationStatusId) ?? null),
      reviewerName: users.get(m.reviewerId) ?? '',
    }));
  }

  /** The caller's meta request for the paper (not declined; the latest round), else 404 alike. */
  private async metaRequest(
    paperId: number,
    caller: AuthUser,
    ex?: Executor,
  ): Promise<{ paper: PaperRow; request: ReviewRequestRow }> {
    const paper = await this.papers.findById(paperId, ex);
    if (!paper || paper.isDeleted) throw ReviewsErrors.paperNotFound();
    const requests = (await this.repo.metaRequestsOfReviewer(caller.id, paperId, ex)).filter(
      (r) => !r.declined,
    );
    const request = requests.filter((r) => r.isCameraReady === paper.isCameraReady).at(-1) ?? requests.at(-1);
    if (!request || (await this.conflicts.hasConflict(caller.id, paperId, ex)))
      throw ReviewsErrors.paperNotFound();
    return { paper, request };
  }

  /** Submitted / expected regular reviews of the request's round, and the reviews themselves. */
  private async round(request: ReviewRequestRow, ex?: Executor) {
    const rows = (
      await this.repo.regularOfRound(request.paperId, request.isCameraReady, request.round, ex)
    ).filter((r) => !r.request.declined);
    const submitted = rows.filter((r) => r.review && !r.review.draft);
    return { rows, submitted, open: rows.length > 0 && submitted.length === rows.length };
  }

  async page(paperId: number, caller: AuthUser): Promise<MetaReviewPageDto> {
    const { paper, request } = await this.metaRequest(paperId, caller);
    const { rows, submitted, open } = await this.round(request);
    const statuses = await this.statuses.list();
    const meta = await this.repo.findByRequest(request.id);
    const trackName = (await this.tracks.namesOf([paper.trackId])).get(paper.trackId) ?? '';
    // the names the discussion uses, so "Reviewer 2" is the same person on both screens
    const aliases = await this.discussion.aliasesOf(paper.id);
    return {
      paper: { _id: paper.id, title: paper.title, trackName },
      request: {
        _id: request.id,
        round: request.round,
        isCameraReady: request.isCameraReady,
        declined: request.declined,
      },
      open,
      submittedReviews: submitted.length,
      expectedReviews: rows.length,
      reviews: submitted.map((r, i) => ({
        alias: aliases.get(r.request.reviewerId) ?? `Reviewer ${i + 1}`,
        quality: r.review!.quality,
        contribution: r.review!.contribution,
        originality: r.review!.originality,
        final: r.review!.final,
        decision: decisionLabel(r.review!.final),
        commentsAuthor: r.review!.commentsAuthor,
        commentsChair: r.review!.commentsChair,
      })),
      statuses: statuses.map((s) => ({ _id: s._id, text: s.text })),
      metaReview: meta
        ? toDto(meta, statuses.find((s) => s._id === meta.recommendationStatusId)?.text ?? null)
        : null,
    };
  }

  /**
   * Saves the meta-review as a draft (draft: true; refused once submitted) or submits it (re-submitting
   * updates it). Both only once the discussion is over (409 otherwise); a submission needs a recommendation
   * (one of the statuses) and a text to the committee (400 with the field messages).
   */
  async save(
    paperId: number,
    input: MetaReviewInput,
    draft: boolean,
    caller: AuthUser,
  ): Promise<MetaReviewPageDto> {
    await this.tx.run(async (tx) => {
      const { paper, request } = await this.metaRequest(paperId, caller, tx);
      const statusIds = (await this.statuses.list(tx)).map((s) => s._id);
      assertValidReview(validateMetaReview(input, { draft, statusIds }));
      if (!(await this.round(request, tx)).open) throw ReviewsErrors.metaNotOpen();
      const existing = await this.repo.findByRequest(request.id, tx);
      if (draft && existing?.submittedAt) throw ReviewsErrors.alreadySubmitted();
      const now = new Date();
      await this.repo.save(
        {
          requestId: request.id,
          paperId: request.paperId,
          reviewerId: request.reviewerId,
          trackId: request.trackId,
          round: request.round,
          recommendationStatusId: input.recommendation ?? null,
          committeeText: input.committeeText ?? '',
          authorText: input.authorText?.trim() ? input.authorText : null,
          submittedAt: draft ? null : now,
        },
        tx,
      );
      // Writing answers the invitation (as a review draft does); submitting completes the request, as a
      // submitted review does, so request lists, their state filter, reports and reminders count it reviewed.
      const patch: Partial<ReviewRequestRow> = {
        ...(request.waiting ? { waiting: false, respondedAt: now } : {}),
        ...(!draft && !request.reviewed ? { reviewed: true } : {}),
      };
      if (Object.keys(patch).length) await this.reviews.updateRequest(request.id, patch, tx);
      if (!draft)
        await this.activity.record(
          {
            ...ActivityService.fromUser(caller),
            action: 'review.submit',
            summary: `Submitted the meta-review of paper ${paperId} '${paper.title}'`,
            paperId,
            trackId: request.trackId,
            details: { requestId: request.id, role: 'meta', round: request.round },
          },
          tx,
        );
    });
    return this.page(paperId, caller);
  }

  /** Every meta-review of a paper (drafts included, marked) for its chairs; 404 alike out of reach. */
  async forChair(paperId: number, scope: number[] | null, callerId: number): Promise<MetaReviewDto[]> {
    const [paper] = await this.papers.managedPapers([paperId], scope, { includeDeleted: false });
    if (!paper || (await this.conflicts.hasConflict(callerId, paper.id))) throw ReviewsErrors.paperNotFound();
    return (await this.ofPapers([paper.id], { submittedOnly: false })).map(withNames);
  }

  /** Whether the authors read this meta-review's text to the authors with the released reviews. */
  async setRelease(
    paperId: number,
    metaReviewId: number,
    releaseToAuthors: boolean,
    scope: number[] | null,
    callerId: number,
  ): Promise<MetaReviewDto> {
    await this.forChair(paperId, scope, callerId);
    const rows = await this.ofPapers([paperId], { submittedOnly: false });
    if (!rows.some((m) => m.id === metaReviewId)) throw ReviewsErrors.metaReviewNotFound();
    await this.repo.setRelease(metaReviewId, releaseToAuthors);
    const updated = (await this.ofPapers([paperId], { submittedOnly: false })).find(
      (m) => m.id === metaReviewId,
    )!;
    return withNames(updated);
  }

  /**
   * The decision-making page: the submitted meta-reviews of a page of papers, by paper id (papers out of the
   * caller's tracks or with a conflict of interest are left out, as if they had none).
   */
  async summaries(
    ids: number[],
    scope: number[] | null,
    callerId: number,
  ): Promise<Record<number, MetaReviewSummaryDto[]>> {
    const papers = await this.papers.managedPapers([...new Set(ids)], scope, { includeDeleted: false });
    if (!papers.length) return {};
    const conflicted = await this.conflicts.conflictedOf(
      callerId,
      papers.map((p) => p.id),
    );
    const visible = papers.map((p) => p.id).filter((id) => !conflicted.has(id));
    const out: Record<number, MetaReviewSummaryDto[]> = {};
    for (const m of await this.ofPapers(visible, { submittedOnly: true }))
      (out[m.paperId] ??= []).push({
        paper: m.paperId,
        round: m.round,
        recommendation: m.recommendationStatusId,
        recommendationText: m.recommendationText,
        committeeText: m.committeeText,
        reviewerName: m.reviewerName,
      });
    return out;
  }

  /**
   * The authors' view: the submitted meta-reviews' texts to the authors, once the paper's reviews are
   * released (authorViewReviewEnabled) and unless the chair withheld them; never the recommendation or the
   * text to the committee. 404 alike for a paper that is not the caller's or whose reviews are not released.
   */
  async forAuthor(paperId: number, caller: AuthUser): Promise<AuthorMetaReviewDto[]> {
    const paper = await this.papers.findById(paperId);
    const isAuthor =
      paper && !paper.isDeleted && (await this.papers.authoredAmong(caller.id, [paperId])).has(paperId);
    if (!paper || !isAuthor) throw ReviewsErrors.paperNotFound();
    if (!paper.authorViewReviewEnabled) throw ReviewsErrors.notAvailable();
    return (await this.ofPapers([paperId], { submittedOnly: true }))
      .filter((m) => m.releaseToAuthors && m.authorText)
      .map((m) => ({ round: m.round, text: m.authorText! }));
  }
}
