/**
 * The reviewer discussion of a paper (issue 25): comment visibilities, limits, messages, the answers the apps
 * read and the @mention rule shared by the server and the browser.
 */

export const DISCUSSION_VISIBILITIES = ['reviewers', 'chairs', 'authors'] as const;
export type DiscussionVisibility = (typeof DISCUSSION_VISIBILITIES)[number];

/** Characters of one comment. */
export const DISCUSSION_COMMENT_MAX = 5000;
/** The score-disagreement threshold of the chairs' discussion list when none is given (spread of `final`). */
export const DISCUSSION_SPREAD_DEFAULT = 2;

export const DISCUSSION_MESSAGES = {
  textRequired: 'The comment is empty',
  textTooLong: `A comment has at most ${DISCUSSION_COMMENT_MAX} characters`,
  visibility: "The visibility is one of 'reviewers', 'chairs' or 'authors'",
  reviewerChairsOnly: 'Reviewers cannot post comments visible to the chairs only',
  reviewNotFound: 'Review not found',
  notAvailable: 'The discussion is not available',
} as const;

/** One comment as the caller may see it. */
export interface DiscussionCommentDto {
  _id: number;
  paper: number;
  /** How the caller sees the author: "Reviewer 2" for reviewers seen by another reviewer, else the name. */
  author: string;
  /** The author's part: reviewer, track chair or chair. */
  role: 'reviewer' | 'trackChair' | 'chair';
  mine: boolean;
  visibility: DiscussionVisibility;
  text: string;
  /** The mentioned participants as the caller sees them. */
  mentions: string[];
  createdAt: string;
  /** Posted after the caller's last read (never the caller's own comments). */
  unread: boolean;
}

/** A paper's discussion for the caller: the comments, the names usable in @mentions, the read state. */
export interface DiscussionDto {
  paper: { _id: number; title: string; track: number };
  comments: DiscussionCommentDto[];
  /** The tokens the caller may write after "@" (participants who may read a 'reviewers' comment). */
  participants: { mention: string; name: string; role: DiscussionCommentDto['role'] }[];
  /** The caller's last read comment id before this answer (the answer marks everything read). */
  lastRead: number;
  unread: number;
  /** Whether the caller may post comments visible to the chairs only. */
  canPostChairsOnly: boolean;
}

export interface ReviewChangeDto<T> {
  changed: boolean;
  old: T;
  new: T;
}

/** One version of a review and what changed from the version before (none for version 1). */
export interface ReviewVersionDto {
  version: number;
  createdAt: string;
  scores: { quality: number | null; contribution: number | null; originality: number | null; final: number };
  comments: { author: string; chair?: string };
  changes: {
    quality: ReviewChangeDto<number | null>;
    contribution: ReviewChangeDto<number | null>;
    originality: ReviewChangeDto<number | null>;
    final: ReviewChangeDto<number>;
    commentsAuthor: ReviewChangeDto<string>;
    commentsChair?: ReviewChangeDto<string>;
  } | null;
}

/** A submitted review of a paper in the discussion, with its history. */
export interface DiscussionReviewDto {
  _id: number;
  /** "Reviewer 2" to reviewers; the reviewer's name to chairs. */
  reviewer: string;
  mine: boolean;
  revised: boolean;
  versions: ReviewVersionDto[];
}

/** A comment to the authors as the paper's authors read it (no identity: "Programme committee"). */
export interface AuthorDiscussionCommentDto {
  _id: number;
  author: string;
  text: string;
  createdAt: string;
}

/**
 * The "discussion" column of the reviewer console and the chairs' paper list: the paper's comments the caller
 * may read and how many of them are unread; null when the caller may not read the discussion (yet).
 */
export interface DiscussionCountsDto {
  comments: number;
  unread: number;
}

/** A row of the chairs' discussion list. */
export interface DiscussionListRowDto {
  paper: number;
  title: string;
  track: number;
  trackName: string;
  comments: number;
  lastCommentAt: string | null;
  unread: number;
  reviews: number;
  /** max - min of the submitted reviews' `final` scores (null under two reviews). */
  spread: number | null;
  disagreement: boolean;
}

/** The token a participant is mentioned with: the display name without spaces ("@AdaLovelace", "@Reviewer2"). */
export const mentionToken = (displayName: string): string => displayName.replace(/\s+/g, '');

/** The @tokens of a text (letters, digits, '.', '-', '_', apostrophes), lower-cased, without the '@'. */
export function mentionTokens(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/(^|[^\w@])@([\p{L}\p{N}._'-]+)/gu))
    out.add(m[2]!.replace(/[.'_-]+$/, '').toLowerCase());
  return [...out];
}
