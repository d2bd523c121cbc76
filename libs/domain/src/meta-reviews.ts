/**
 * Meta-reviews (issue 25): a paper's meta-reviewer (a review request with role 'meta', at most one per paper,
 * kind and round) writes a recommendation (one of the conference's paper statuses), a text to the committee
 * and an optional text to the authors, once the discussion is over: every regular review request of that
 * paper, kind and round that is not declined has a submitted review (and there is at least one).
 */

export type ReviewRole = 'reviewer' | 'meta';
export const REVIEW_ROLES: readonly ReviewRole[] = ['reviewer', 'meta'];

export const META_TEXT_MAX = 20_000;
/** Default number of papers per meta-reviewer in the automatic meta assignment. */
export const META_LOAD_DEFAULT = 5;
export const META_LOAD_MAX = 100;

export const META_REVIEW_MESSAGES = {
  notOpen:
    'The meta-review opens once every review of the paper in this round is submitted (the discussion is over).',
  alreadyMeta: 'This paper already has a meta-reviewer in this round.',
  recommendationRequired: 'Choose a recommendation.',
  recommendationUnknown: 'The recommendation must be one of the paper statuses.',
  committeeRequired: 'Write the text to the committee.',
  tooLong: `A meta-review text has at most ${META_TEXT_MAX} characters.`,
  submitted: 'Meta-review submitted.',
  saved: 'Draft saved.',
  declined: 'You declined this meta-review request.',
  notFound: 'Meta-review not found.',
} as const;

/** What the meta-reviewer sends (PUT draft, POST submit). */
export interface MetaReviewInput {
  recommendation?: number | null;
  committeeText?: string;
  authorText?: string | null;
}

/** Field errors of a meta-review (a draft: only lengths; a submission: recommendation and committee text too). */
export function validateMetaReview(
  input: MetaReviewInput,
  opts: { draft: boolean; statusIds: number[] },
): Partial<Record<'recommendation' | 'committeeText' | 'authorText', string>> {
  const errors: Partial<Record<'recommendation' | 'committeeText' | 'authorText', string>> = {};
  const rec = input.recommendation ?? null;
  if (rec !== null && !opts.statusIds.includes(rec))
    errors.recommendation = META_REVIEW_MESSAGES.recommendationUnknown;
  else if (rec === null && !opts.draft) errors.recommendation = META_REVIEW_MESSAGES.recommendationRequired;
  const committee = input.committeeText ?? '';
  if (committee.length > META_TEXT_MAX) errors.committeeText = META_REVIEW_MESSAGES.tooLong;
  else if (!committee.trim() && !opts.draft) errors.committeeText = META_REVIEW_MESSAGES.committeeRequired;
  if ((input.authorText ?? '').length > META_TEXT_MAX) errors.authorText = META_REVIEW_MESSAGES.tooLong;
  return errors;
}

/** A meta-review as the meta-reviewer and the chairs see it. */
export interface MetaReviewDto {
  _id: number;
  request: number;
  paper: number;
  reviewer: number;
  round: number;
  recommendation: number | null;
  recommendationText: string | null;
  committeeText: string;
  authorText: string | null;
  /** Whether the authors see authorText with the released reviews (the chair's choice per paper). */
  releaseToAuthors: boolean;
  submitted: boolean;
  submittedAt: string | null;
  updatedAt: string;
  /** Chairs only. */
  reviewerName?: string;
}

/** A submitted review as the meta-reviewer reads it (no identity: "Reviewer N"). */
export interface MetaReviewerReviewDto {
  alias: string;
  quality: number | null;
  contribution: number | null;
  originality: number | null;
  final: number;
  decision: string;
  commentsAuthor: string;
  commentsChair: string;
}

/** GET /api/reviewer/papers/{id}/meta_review: everything the meta-review screen needs. */
export interface MetaReviewPageDto {
  paper: { _id: number; title: string; trackName: string };
  request: { _id: number; round: number; isCameraReady: boolean; declined: boolean };
  /** Whether the meta-review can be written now (every review of the round submitted). */
  open: boolean;
  /** Regular reviews of the round: submitted / expected (not declined). */
  submittedReviews: number;
  expectedReviews: number;
  reviews: MetaReviewerReviewDto[];
  statuses: { _id: number; text: string }[];
  metaReview: MetaReviewDto | null;
}

/** The decision-making screen: per paper, the submitted meta-review beside the scores. */
export interface MetaReviewSummaryDto {
  paper: number;
  round: number;
  recommendation: number | null;
  recommendationText: string | null;
  committeeText: string;
  reviewerName: string;
}

/** What the authors see: the text to the authors only. */
export interface AuthorMetaReviewDto {
  round: number;
  text: string;
}
