import {
  decisionLabel,
  requestState,
  type AuthorReviewDto,
  type ReviewDto,
  type ReviewRequestDto,
} from '@symposium/domain';
import type { RequestListRow } from './review-lists.service.js';
import type { ReviewRow } from './reviews.table.js';

/** A review request as the API shows it; the reviewer's name and e-mail only for chairs. */
export function toRequestDto(row: RequestListRow, opts: { withReviewer: boolean }): ReviewRequestDto {
  const r = row.request;
  const dto: ReviewRequestDto = {
    _id: r.id,
    track: r.trackId,
    paper: r.paperId,
    reviewer: r.reviewerId,
    isCameraReady: r.isCameraReady,
    round: r.round,
    roundName: row.roundName,
    role: r.role,
    waiting: r.waiting,
    declined: r.declined,
    reviewed: r.reviewed,
    evaluation: r.evaluation,
    state: requestState(r),
    invitedAt: r.invitedAt.toISOString(),
    respondedAt: r.respondedAt?.toISOString() ?? null,
    replyDueAt: r.replyDueAt.toISOString(),
    dueAt: r.dueAt.toISOString(),
    trackName: row.trackName,
    paperTitle: row.paperTitle,
  };
  if (opts.withReviewer) {
    dto.reviewerName = `${row.firstName} ${row.lastName}`;
    dto.reviewerEmail = row.email;
  }
  return dto;
}

export function toReviewDto(
  r: ReviewRow,
  reviewer?: { firstName: string; lastName: string; email: string },
): ReviewDto {
  const dto: ReviewDto = {
    _id: r.id,
    request: r.requestId,
    track: r.trackId,
    paper: r.paperId,
    reviewer: r.reviewerId,
    isCameraReady: r.isCameraReady,
    quality: r.quality,
    contribution: r.contribution,
    originality: r.originality,
    final: r.final,
    decision: decisionLabel(r.final),
    comments: { author: r.commentsAuthor, chair: r.commentsChair },
    draft: r.draft,
    submittedBy: r.submittedBy,
    source: r.source,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
  if (reviewer) {
    dto.reviewerName = `${reviewer.firstName} ${reviewer.lastName}`;
    dto.reviewerEmail = reviewer.email;
  }
  return dto;
}

/** What authors see: scores, the decision label and the comments to the authors; nothing about who. */
export const toAuthorReviewDto = (r: ReviewRow, index: number): AuthorReviewDto => ({
  number: index + 1,
  isCameraReady: r.isCameraReady,
  quality: r.quality,
  contribution: r.contribution,
  originality: r.originality,
  final: r.final,
  decision: decisionLabel(r.final),
  comments: { author: r.commentsAuthor },
});
