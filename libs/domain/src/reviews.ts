/**
 * Reviewing (spec §3 ReviewRequest, Review, decision labels, imported review rows; §4 review request states;
 * §5 Reviews; §8 People messages; §9 limits): the shared contract of the reviews API, the reviewer console and
 * the chair console, the review rules and the conflict-of-interest detection (pure functions).
 */
import { MAX_REVIEWS_PER_PAPER, MAX_REVIEWS_PER_REVIEWER } from './constants.js';
import { institutionDomain } from './mail-domains.js';
import { REVIEW_DECISION_LABELS } from './utils.js';
import type { DiscussionCountsDto } from './discussion.js';

// ----- constants (§9)

export const REVIEW_REPLY_DAYS = 5;
export const REVIEW_EVALUATION_DAYS = 14;
export const REVIEW_ESTIMATED_MINUTES = 15;
export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_COMMENT_MAX_ON_BEHALF = 5000;
export const REVIEW_SCORE_MIN = 0;
export const REVIEW_SCORE_MAX = 10;
/** final: -1 not appropriate for its track, 0 reject, 1 accept, 2 accept after revision; -2 unset. */
export const REVIEW_FINAL_UNSET = -2;
export const REVIEW_FINAL_MIN = -1;
export const REVIEW_FINAL_MAX = 2;
/** evaluation of a request that is not completed. */
export const EVALUATION_NOT_DONE = -1;
/** Largest review-import or reviewer-import spreadsheet accepted (bytes, rows). */
export const REVIEW_IMPORT_MAX_BYTES = 5 * 1000 * 1000;
export const REVIEW_IMPORT_MAX_ROWS = 5000;

// ----- messages

/** §8 People messages used by reviewer assignment and reviewer import, word for word. */
export const REVIEWER_MESSAGES = {
  notReviewer: "User isn't a reviewer!",
  notAllowedTrack: "User isn't allowed to review this track!",
  reviewerAlreadyPresent: 'Reviewer already present!',
  authorOwnPaper: 'An author cannot review his own paper!',
  alreadyReviewer: 'User is already a reviewer for this paper!',
  userNotFound: 'User not found',
} as const;

export const REVIEW_MESSAGES = {
  requestNotFound: 'Review request not found',
  trackMismatch: "The track does not match the paper's track",
  selectTrack: 'Please select one track at least',
  selectPaperAndReviewer: 'Selecting reviewers needs at least one paper and one reviewer',
  quality: `Quality must be a whole number from ${REVIEW_SCORE_MIN} to ${REVIEW_SCORE_MAX}`,
  contribution: `Contribution must be a whole number from ${REVIEW_SCORE_MIN} to ${REVIEW_SCORE_MAX}`,
  originality: `Originality must be a whole number from ${REVIEW_SCORE_MIN} to ${REVIEW_SCORE_MAX}`,
  final: 'Please choose a final decision',
  commentsAuthor: 'Please write your comments to the authors',
  commentsChair: 'Please write your comments to the track chair',
  alreadyAnswered: 'This review request has already been answered',
  declined: 'You declined this review request',
  reviewerDeclined: 'The reviewer declined this review request',
  ownReviewsOnly: 'Track chairs submit their own reviews only',
  reviewerRequired: 'Please select a reviewer',
  selfConflict: 'You cannot declare a conflict with yourself',
  alreadySubmitted: 'This review has already been submitted and cannot go back to a draft',
  reviewed: 'This review request has already been reviewed',
  reviewsNotAvailable: 'The reviews of this paper are not available',
  bulkDeleteFilter: 'Please give at least one filter to delete review requests',
  invalidBid: 'Invalid bid',
  ownPaperBid: 'An author cannot bid on his own paper!',
  decidedPaperBid: 'Bidding is closed for this paper: it already has a decision',
  notXlsx: 'Please select a valid file: only xlsx spreadsheets are accepted',
  corruptXlsx: 'The file is not a valid xlsx spreadsheet',
  noWorkbook: 'The file is not a valid xlsx spreadsheet: it has no workbook',
  tooLargeXlsx: `The spreadsheet is larger than ${REVIEW_IMPORT_MAX_BYTES / 1_000_000} MB`,
  tooManyRows: `The spreadsheet has more than ${REVIEW_IMPORT_MAX_ROWS} rows`,
  noFile: 'Please select a file to upload',
} as const;

export const reviewCommentTooLongMessage = (field: 'authors' | 'track chair', max: number) =>
  `Comments to ${field === 'authors' ? 'authors' : 'the track chair'} must be at most ${max} characters`;
export const paperFullMessage = (isCameraReady: boolean) =>
  `This paper already has the maximum of ${MAX_REVIEWS_PER_PAPER} ${isCameraReady ? 'camera-ready ' : ''}reviewers`;
export const reviewerFullMessage = (isCameraReady: boolean) =>
  `This reviewer already has the maximum of ${MAX_REVIEWS_PER_REVIEWER} ${isCameraReady ? 'camera-ready ' : ''}review requests`;
export const conflictOfInterestMessage = (flags: ConflictFlag[]) =>
  `Conflict of interest: ${flags.map((f) => f.evidence).join('; ')}`;
/** §8 'N of M review requests saved successfully.' */
/** Review requests one automatic-assignment apply call saves at most; the chair console sends larger
 * proposals in parts of this size. */
export const MAX_APPLY_ASSIGNMENTS = 1000;
export const applyTooLargeMessage = (n: number) =>
  `At most ${MAX_APPLY_ASSIGNMENTS} review requests can be saved in one call (this one has ${n}).`;

export const savedRequestsMessage = (saved: number, total: number) =>
  `${saved} of ${total} review requests saved successfully.`;
export const importPaperNotFoundMessage = (row: number) => `Paper ID not found in row ${row}`;
export const importUserMessage = (row: number) =>
  `User not found or is already a reviewer for paper in row ${row}`;
export const importInvalidRowMessage = (row: number, reason: string) =>
  `Invalid values in row ${row}: ${reason}`;
export const missingColumnsMessage = (columns: string[]) =>
  `The spreadsheet is missing the column${columns.length > 1 ? 's' : ''}: ${columns.join(', ')}`;

// ----- decision labels (§3: REVIEW_DECISION_LABELS of utils, also served by /api/utils)

/** The text label of a final decision; '' while unset. */
export const decisionLabel = (final: number): string =>
  (REVIEW_DECISION_LABELS as Record<string, string>)[String(final)] ?? '';

/** What the decision table shows of a paper's submitted reviews. */
export interface ReviewScoreSummary {
  /** Submitted reviews (drafts and unset finals left out). */
  count: number;
  /** Mean of the final recommendations (-1..2). */
  average: number;
  /** Highest minus lowest final recommendation: 0 when the reviewers agree. */
  spread: number;
  /** Means of quality, contribution and originality over the reviews that gave them; null when none did. */
  quality: number | null;
  contribution: number | null;
  originality: number | null;
}

/** Average and spread of a paper's submitted reviews; null while it has none. */
export function summarizeReviewScores(
  reviews: readonly {
    draft: boolean;
    final: number;
    quality: number | null;
    contribution: number | null;
    originality: number | null;
  }[],
): ReviewScoreSummary | null {
  const done = reviews.filter((r) => !r.draft && r.final >= -1);
  if (!done.length) return null;
  const finals = done.map((r) => r.final);
  const mean = (xs: (number | null)[]) => {
    const given = xs.filter((x): x is number => x !== null);
    return given.length ? given.reduce((a, b) => a + b, 0) / given.length : null;
  };
  return {
    count: done.length,
    average: mean(finals)!,
    spread: Math.max(...finals) - Math.min(...finals),
    quality: mean(done.map((r) => r.quality)),
    contribution: mean(done.map((r) => r.contribution)),
    originality: mean(done.map((r) => r.originality)),
  };
}

/** A decision given as a number (-1..2) or its label (any case); null when it is neither. */
export function parseDecision(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= -1 && value <= 2 ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^-?\d+$/.test(text)) return parseDecision(Number(text));
  const lower = text.toLowerCase();
  for (const [k, label] of Object.entries(REVIEW_DECISION_LABELS))
    if (label.toLowerCase() === lower) return Number(k);
  return null;
}

// ----- review requests

export type ReviewRequestState = 'waiting' | 'accepted' | 'declined' | 'reviewed';
export const REVIEW_REQUEST_STATES: readonly ReviewRequestState[] = [
  'waiting',
  'accepted',
  'declined',
  'reviewed',
];

/** §4: waiting (invited), declined, reviewed; accepted = answered yes and not reviewed yet. */
export function requestState(r: {
  waiting: boolean;
  declined: boolean;
  reviewed: boolean;
}): ReviewRequestState {
  if (r.reviewed) return 'reviewed';
  if (r.declined) return 'declined';
  return r.waiting ? 'waiting' : 'accepted';
}

export interface ReviewRequestDto {
  _id: number;
  track: number;
  paper: number;
  reviewer: number;
  isCameraReady: boolean;
  /** The review round (number) and its name (issue 25); R1 is 1. */
  round: number;
  roundName: string;
  /** 'reviewer' (a review) or 'meta' (the paper's meta-reviewer, issue 25). */
  role: 'reviewer' | 'meta';
  waiting: boolean;
  declined: boolean;
  reviewed: boolean;
  /** -1 until the review is submitted; then quality + contribution + originality (0..30). */
  evaluation: number;
  state: ReviewRequestState;
  invitedAt: string;
  respondedAt: string | null;
  /** Reply expected by (invitation + 5 days). */
  replyDueAt: string;
  /** Evaluation expected by (invitation + 14 days). */
  dueAt: string;
  trackName: string;
  paperTitle: string;
  /** Chairs only (reviewers never see other reviewers; authors never see these). */
  reviewerName?: string;
  reviewerEmail?: string;
  /** List answers: the caller's unread comments in the paper's discussion (0 when out of reach). */
  discussionUnread?: number;
  /** Reviewer list answers: the discussion column (null while the reviewer may not read it). */
  discussion?: DiscussionCountsDto | null;
}

/** Chair / track chair save: POST /api/{chair|cochair}/review_requests. */
export interface SaveReviewRequestInput {
  track: number;
  paper: number;
  reviewer: number;
  isCameraReady?: boolean;
  /** Review round of the paper's track (default 1 = R1). */
  round?: number;
  /** 'meta': the paper's meta-reviewer (issue 25; default 'reviewer'). */
  role?: 'reviewer' | 'meta';
}

/** Reviewer answer: PUT /api/reviewer/review_requests/:id. */
export interface AnswerReviewRequestInput {
  action: 'accept' | 'decline';
}

/** Query filters of GET /api/{chair|cochair}/review_requests (and the bulk delete). */
export interface ReviewRequestQuery {
  cp?: number;
  pg?: number;
  userId?: number;
  paper?: number;
  track?: number;
  state?: ReviewRequestState;
  isCameraReady?: boolean;
  /** Review round (1 = R1). */
  round?: number;
}

// ----- reviews

export interface ReviewInput {
  quality?: number | null;
  contribution?: number | null;
  originality?: number | null;
  final?: number | null;
  comments?: { author?: string | null; chair?: string | null };
  /** Keeps a draft without requiring completeness. */
  draft?: boolean;
}

export interface ReviewDto {
  _id: number;
  request: number;
  track: number;
  paper: number;
  reviewer: number;
  isCameraReady: boolean;
  quality: number | null;
  contribution: number | null;
  originality: number | null;
  final: number;
  decision: string;
  comments: { author: string; chair: string };
  draft: boolean;
  /** The chair who submitted on behalf of the reviewer, if any. */
  submittedBy: number | null;
  source: 'reviewer' | 'chair' | 'import';
  submittedAt: string | null;
  updatedAt: string;
  reviewerName?: string;
  reviewerEmail?: string;
}

/** What an author sees: no reviewer identity, no comments to the chair. */
export interface AuthorReviewDto {
  /** 1, 2, 3... in submission order. */
  number: number;
  isCameraReady: boolean;
  quality: number | null;
  contribution: number | null;
  originality: number | null;
  final: number;
  decision: string;
  comments: { author: string };
}

/** Chair submitting on behalf of a user (POST /api/{role}/submit_review_request). */
export interface SubmitReviewOnBehalfInput extends ReviewInput {
  paper: number;
  reviewer?: number;
  isCameraReady?: boolean;
}

const isScore = (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= REVIEW_SCORE_MIN && v <= REVIEW_SCORE_MAX;
const isFinal = (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= REVIEW_FINAL_MIN && v <= REVIEW_FINAL_MAX;
const blank = (s: unknown) => typeof s !== 'string' || s.trim() === '';

export type ReviewField =
  'quality' | 'contribution' | 'originality' | 'final' | 'comments.author' | 'comments.chair';

/**
 * §5 review rules: scores 0-10, final -1..2 (-2 unset), both comments required and at most 1000 characters
 * (5000 when a chair submits on behalf). A draft only checks what is filled in (and the lengths).
 */
export function validateReview(
  input: ReviewInput,
  opts: { onBehalf?: boolean; draft?: boolean } = {},
): Partial<Record<ReviewField, string>> {
  const errors: Partial<Record<ReviewField, string>> = {};
  const max = opts.onBehalf ? REVIEW_COMMENT_MAX_ON_BEHALF : REVIEW_COMMENT_MAX;
  const draft = opts.draft ?? input.draft ?? false;
  for (const f of ['quality', 'contribution', 'originality'] as const) {
    const v = input[f];
    if (v === null || v === undefined) {
      if (!draft) errors[f] = REVIEW_MESSAGES[f];
    } else if (!isScore(v)) errors[f] = REVIEW_MESSAGES[f];
  }
  const final = input.final;
  if (final === null || final === undefined || final === REVIEW_FINAL_UNSET) {
    if (!draft) errors.final = REVIEW_MESSAGES.final;
  } else if (!isFinal(final)) errors.final = REVIEW_MESSAGES.final;
  const author = input.comments?.author;
  const chair = input.comments?.chair;
  if (author !== null && author !== undefined && typeof author === 'string' && author.length > max)
    errors['comments.author'] = reviewCommentTooLongMessage('authors', max);
  else if (!draft && blank(author)) errors['comments.author'] = REVIEW_MESSAGES.commentsAuthor;
  if (chair !== null && chair !== undefined && typeof chair === 'string' && chair.length > max)
    errors['comments.chair'] = reviewCommentTooLongMessage('track chair', max);
  else if (!draft && blank(chair)) errors['comments.chair'] = REVIEW_MESSAGES.commentsChair;
  return errors;
}

/** The stored evaluation of a submitted review: quality + contribution + originality. */
export const evaluationOf = (r: { quality: number; contribution: number; originality: number }) =>
  r.quality + r.contribution + r.originality;

// ----- bids

export const BID_VALUES = ['eager', 'willing', 'notWilling', 'conflict'] as const;
export type BidValue = (typeof BID_VALUES)[number];

export interface BidPaperDto {
  paper: number;
  title: string;
  abstract: string;
  track: number;
  trackName: string;
  isCameraReady: boolean;
  bid: BidValue | null;
}

export interface SaveBidsInput {
  bids: { paper: number; bid: BidValue | null }[];
}

/** A conflict the reviewer declares with a person (an author of any paper), identified by e-mail. */
export interface DeclaredConflictDto {
  userId: number;
  name: string;
  email: string;
  reason: string;
}

// ----- conflicts of interest

export type ConflictKind = 'organization' | 'emailDomain' | 'coauthorship' | 'declared';

export interface ConflictFlag {
  kind: ConflictKind;
  /** The author of the paper the flag is about (absent for a paper-level declaration, i.e. a 'conflict' bid). */
  authorId?: number;
  /** Human-readable evidence the chair sees. */
  evidence: string;
}

export interface ConflictPerson {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  alternateEmail?: string;
  organization: string;
}

/** The fields of a person (a user row, say) that the conflict rule reads, and no other. */
export const conflictPersonOf = (u: ConflictPerson): ConflictPerson => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  alternateEmail: u.alternateEmail,
  organization: u.organization,
});

export interface ConflictInput {
  reviewer: ConflictPerson;
  /** The authors of the paper. */
  authors: ConflictPerson[];
  /** Papers the reviewer co-authored with one of these authors (any paper in the system). */
  coauthored: { authorId: number; paperId: number; title: string }[];
  /** Conflicts the reviewer declared with people. */
  declaredPeople: { userId: number; reason: string }[];
  /** The reviewer bid 'conflict' on this paper. */
  declaredPaper: boolean;
}

const ORG_ABBREVIATIONS: Record<string, string> = {
  univ: 'university',
  uni: 'university',
  universidade: 'university',
  universidad: 'university',
  universite: 'university',
  universita: 'university',
  universitat: 'university',
  dept: 'department',
  inst: 'institute',
  instituto: 'institute',
  institut: 'institute',
  tech: 'technology',
  natl: 'national',
  intl: 'international',
  co: 'company',
  corp: 'corporation',
  inc: '',
  ltd: '',
  llc: '',
  gmbh: '',
  sa: '',
  the: '',
  of: '',
  de: '',
  do: '',
  da: '',
  di: '',
  du: '',
  la: '',
  and: '',
};

/**
 * An organization name for comparison: accents dropped, lower case, punctuation removed, common
 * abbreviations spelled out, stop words and legal suffixes dropped ('Univ. of Porto' = 'University of Porto').
 */
export function normalizeOrganization(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .map((w) => (Object.hasOwn(ORG_ABBREVIATIONS, w) ? ORG_ABBREVIATIONS[w]! : w))
    .filter(Boolean)
    .join(' ');
}

const nameOf = (p: ConflictPerson) => `${p.firstName} ${p.lastName}`.trim();

/**
 * Conflicts of interest between a reviewer and a paper, each flag with its evidence: same organization
 * (normalized), same institutional e-mail domain (public providers ignored), co-authorship on any paper, and
 * conflicts declared by the reviewer (with a person, or a 'conflict' bid on the paper). Empty = no conflict.
 */
export function detectConflicts(input: ConflictInput): ConflictFlag[] {
  const flags: ConflictFlag[] = [];
  const { reviewer } = input;
  const reviewerOrg = normalizeOrganization(reviewer.organization ?? '');
  const reviewerDomains = new Set(
    [reviewer.email, reviewer.alternateEmail ?? '']
      .map((e) => (e ? institutionDomain(e) : null))
      .filter((d): d is string => d !== null),
  );
  if (input.declaredPaper)
    flags.push({ kind: 'declared', evidence: 'The reviewer declared a conflict with this paper' });
  for (const author of input.authors) {
    if (author.id === reviewer.id) continue;
    const name = nameOf(author);
    const org = normalizeOrganization(author.organization ?? '');
    if (reviewerOrg && org && reviewerOrg === org)
      flags.push({
        kind: 'organization',
        authorId: author.id,
        evidence: `Same organization as ${name}: "${author.organization.trim()}" and "${reviewer.organization.trim()}"`,
      });
    const shared = [author.email, author.alternateEmail ?? '']
      .map((e) => (e ? institutionDomain(e) : null))
      .find((d): d is string => d !== null && reviewerDomains.has(d));
    if (shared)
      flags.push({
        kind: 'emailDomain',
        authorId: author.id,
        evidence: `Same e-mail domain as ${name}: ${shared}`,
      });
    for (const c of input.coauthored.filter((c) => c.authorId === author.id))
      flags.push({
        kind: 'coauthorship',
        authorId: author.id,
        evidence: `Co-authored paper #${c.paperId} "${c.title}" with ${name}`,
      });
    for (const d of input.declaredPeople.filter((d) => d.userId === author.id))
      flags.push({
        kind: 'declared',
        authorId: author.id,
        evidence: `The reviewer declared a conflict with ${name}${d.reason ? `: ${d.reason}` : ''}`,
      });
  }
  return flags;
}

// ----- candidates (manual assignment screen)

/** A chair's override of a detected conflict of interest for one reviewer and one paper. */
export interface ConflictOverrideDto {
  paper: number;
  reviewer: number;
  reason: string;
  /** The chair who overrode it (name), when the account still exists. */
  by: string | null;
  at: string;
}

export const CONFLICT_OVERRIDE_MESSAGES = {
  reasonRequired: 'Please give the reason for overriding the conflict of interest',
  noConflict: 'There is no conflict of interest to override between this reviewer and this paper',
  saved: 'The conflict of interest was overridden',
  removed: 'The conflict override was removed',
  notFound: 'There is no conflict override for this reviewer and this paper',
} as const;
export const CONFLICT_OVERRIDE_REASON_MAX = 500;

export interface CandidateReviewerDto {
  _id: number;
  firstName: string;
  lastName: string;
  email: string;
  organization: string;
  /** Review requests not declined, per kind (the §9 limits count them separately). */
  load: { total: number; cameraReady: number };
  bid: BidValue | null;
  /** The conflicts detected (also when a chair overrode them: see conflictOverride). */
  conflicts: ConflictFlag[];
  /** A chair's override of the detected conflicts for this pair: they no longer block the assignment. */
  conflictOverride: ConflictOverrideDto | null;
  isAuthor: boolean;
  alreadyAssigned: boolean;
  /** Can be assigned now: no conflict, not an author, not assigned, under the limit. */
  eligible: boolean;
  /** Why not, when not eligible. */
  reasons: string[];
}

// ----- invitation e-mail

export interface InvitationMailInput {
  reviewerName: string;
  paperId: number;
  paperTitle: string;
  trackName: string;
  isCameraReady: boolean;
  replyDueAt: Date;
  dueAt: Date;
  link: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** §9 invitation: reply within 5 days, evaluation within 14 days, about 15 minutes. */
export function invitationMail(i: InvitationMailInput): { subject: string; text: string } {
  return {
    subject: `Review request: paper #${i.paperId} "${i.paperTitle}"`,
    text:
      `Dear ${i.reviewerName},\n\n` +
      `You are invited to review the ${i.isCameraReady ? 'camera-ready version of the ' : ''}paper ` +
      `#${i.paperId} "${i.paperTitle}" of the track ${i.trackName}.\n\n` +
      `Please reply to this request within ${REVIEW_REPLY_DAYS} days (by ${day(i.replyDueAt)} UTC) and, ` +
      `if you accept, submit your evaluation within ${REVIEW_EVALUATION_DAYS} days (by ${day(i.dueAt)} UTC). ` +
      `The review takes about ${REVIEW_ESTIMATED_MINUTES} minutes.\n\n` +
      `Accept or decline the request at: ${i.link}\n`,
  };
}

// ----- spreadsheets

/** §3 review import columns, in order. */
export const REVIEW_IMPORT_COLUMNS = [
  'Paper ID',
  'Reviewer Email',
  'Reviewer Decision',
  'Quality',
  'Contribution',
  'Originality',
  'Comments to Authors',
  'Comments to track chair',
] as const;

/** Reviewer import columns (§5 reviewer creation: like an author without the country). */
export const REVIEWER_IMPORT_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Alternate Email',
  'Organization',
  'Phone',
] as const;

export interface ImportResult {
  valid: number;
  total: number;
  errors: string[];
}
