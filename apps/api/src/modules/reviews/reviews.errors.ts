import {
  applyTooLargeMessage,
  CONFLICT_OVERRIDE_MESSAGES,
  conflictOfInterestMessage,
  MAX_APPLY_ASSIGNMENTS,
  META_REVIEW_MESSAGES,
  PAPER_MESSAGES,
  paperFullMessage,
  REVIEW_MESSAGES,
  REVIEWER_MESSAGES,
  ROUND_MESSAGES,
  reviewerFullMessage,
  TRACK_MESSAGES,
  type ConflictFlag,
  type FieldError,
} from '@symposium/domain';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../../common/errors.js';

/** The error codes of the reviews module (review requests, reviews, bids, conflicts, reviewers, imports). */
export const ReviewsErrors = {
  // ----- not found (one answer for missing and out of reach)
  trackNotFound: () => notFound('reviews.track_not_found', TRACK_MESSAGES.notFound),
  paperNotFound: () => notFound('reviews.paper_not_found', PAPER_MESSAGES.notFound),
  userNotFound: () => notFound('reviews.user_not_found', REVIEWER_MESSAGES.userNotFound),
  requestNotFound: () => notFound('reviews.request_not_found', REVIEW_MESSAGES.requestNotFound),
  /** A request just written that cannot be read back with its names. */
  requestPaperNotFound: () => notFound('reviews.request_not_found', PAPER_MESSAGES.notFound),
  overrideNotFound: () => notFound('reviews.override_not_found', CONFLICT_OVERRIDE_MESSAGES.notFound),
  notAvailable: () => notFound('reviews.not_available', REVIEW_MESSAGES.reviewsNotAvailable),

  // ----- assigning a reviewer
  notReviewer: () => badRequest('reviews.not_reviewer', REVIEWER_MESSAGES.notReviewer),
  trackNotAllowed: () => badRequest('reviews.track_not_allowed', REVIEWER_MESSAGES.notAllowedTrack),
  authorOwnPaper: () => badRequest('reviews.author_own_paper', REVIEWER_MESSAGES.authorOwnPaper),
  alreadyReviewer: () => conflict('reviews.already_reviewer', REVIEWER_MESSAGES.alreadyReviewer),
  metaNotOpen: () => conflict('meta_reviews.not_open', META_REVIEW_MESSAGES.notOpen),
  metaReviewNotFound: () => notFound('meta_reviews.not_found', META_REVIEW_MESSAGES.notFound),
  alreadyMeta: () => conflict('reviews.already_meta', META_REVIEW_MESSAGES.alreadyMeta),
  metaLoadFull: (limit: number) =>
    conflict(
      'reviews.meta_load_full',
      `This reviewer already meta-reviews ${limit} paper${limit === 1 ? '' : 's'} in this round (the limit).`,
    ),
  conflictOfInterest: (flags: ConflictFlag[]) =>
    conflict('reviews.conflict_of_interest', conflictOfInterestMessage(flags), { conflicts: flags }),
  paperFull: (isCameraReady: boolean) => conflict('reviews.paper_full', paperFullMessage(isCameraReady)),
  reviewerFull: (isCameraReady: boolean) =>
    conflict('reviews.reviewer_full', reviewerFullMessage(isCameraReady)),
  trackMismatch: () => badRequest('reviews.track_mismatch', REVIEW_MESSAGES.trackMismatch),
  reviewed: () => conflict('reviews.reviewed', REVIEW_MESSAGES.reviewed),
  reviewerDeclined: () => conflict('reviews.declined', REVIEW_MESSAGES.reviewerDeclined),
  bulkFilter: () => badRequest('reviews.bulk_filter', REVIEW_MESSAGES.bulkDeleteFilter),
  reviewerRequired: () => badRequest('reviews.reviewer_required', REVIEW_MESSAGES.reviewerRequired),
  ownReviewsOnly: () => forbidden('reviews.own_reviews_only', REVIEW_MESSAGES.ownReviewsOnly),
  /** 413: more pairs than one auto-apply call may save. */
  applyTooLarge: (count: number) =>
    new DomainError('reviews.apply_too_large', applyTooLargeMessage(count), 413, {
      limit: MAX_APPLY_ASSIGNMENTS,
    }),

  // ----- conflict overrides
  overrideReason: () => badRequest('reviews.override_reason', CONFLICT_OVERRIDE_MESSAGES.reasonRequired),
  noConflict: () => badRequest('reviews.no_conflict', CONFLICT_OVERRIDE_MESSAGES.noConflict),

  // ----- the reviewer's side
  /** 400 'reviews.invalid' with the first field's message, every field in details. */
  invalid: (fields: FieldError[]) => badRequest('reviews.invalid', fields[0]!.message, fields),
  alreadyAnswered: () => conflict('reviews.already_answered', REVIEW_MESSAGES.alreadyAnswered),
  declined: () => conflict('reviews.declined', REVIEW_MESSAGES.declined),
  alreadySubmitted: () => conflict('reviews.already_submitted', REVIEW_MESSAGES.alreadySubmitted),
  ownPaperBid: () => badRequest('reviews.own_paper_bid', REVIEW_MESSAGES.ownPaperBid),
  decidedPaperBid: () => badRequest('reviews.decided_paper_bid', REVIEW_MESSAGES.decidedPaperBid),
  selfConflict: () => badRequest('reviews.self_conflict', REVIEW_MESSAGES.selfConflict),

  // ----- reviewers and imports
  reviewerPresent: () => conflict('reviews.reviewer_present', REVIEWER_MESSAGES.reviewerAlreadyPresent),
  selectTrack: () => badRequest('reviews.select_track', REVIEW_MESSAGES.selectTrack),
  invalidTracks: () => badRequest('reviews.invalid_tracks', 'Invalid track list'),
  invalidXlsx: (message: string) => badRequest('reviews.invalid_xlsx', message),
  xlsxTooLarge: () => new DomainError('reviews.xlsx_too_large', REVIEW_MESSAGES.tooLargeXlsx, 413),

  // ----- review rounds
  roundNotFound: () => notFound('reviews.round_not_found', ROUND_MESSAGES.notFound),
  /** A request names a round its paper's track does not have (nothing written). */
  unknownRound: () => badRequest('reviews.unknown_round', ROUND_MESSAGES.unknownRound),
  roundNameTaken: () => conflict('reviews.round_name_taken', ROUND_MESSAGES.nameTaken),
  firstRoundUndeletable: () => badRequest('reviews.round_first', ROUND_MESSAGES.firstUndeletable),
  roundHasRequests: () => conflict('reviews.round_has_requests', ROUND_MESSAGES.hasRequests),
  statusMismatch: () => badRequest('reviews.round_status_mismatch', ROUND_MESSAGES.statusMismatch),
  statusFilterFirstRound: () =>
    badRequest('reviews.round_status_filter', ROUND_MESSAGES.statusFilterFirstRound),
  /** 400 'reviews.round_invalid' with the first field's message, every field in details. */
  roundInvalid: (fields: FieldError[]) => badRequest('reviews.round_invalid', fields[0]!.message, fields),
} as const;
