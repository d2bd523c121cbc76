/**
 * The chair's paper management contract (§2 chair front end, §7 papers under /api/{chair|cochair}/papers):
 * the query filters, sorting and paging, the bulk-edit parameters and the chair's paper edit. Shared by the API
 * (validation, SQL mapping through a whitelist) and chair-web (screens, encoded filters in /BulkEdit URLs).
 */
import type { PaperDto } from './papers.js';
import type { BulkEditParam } from './utils.js';
import type { DiscussionCountsDto } from './discussion.js';

export const PAPER_PAGE_SIZE = 100;
export const PAPER_MAX_PAGE_SIZE = 1000;

export const CHAIR_PAPER_MESSAGES = {
  registrationInUse: 'Paper registration number already in use!',
  updateError: 'There was some error while updating the paper!',
  updated: 'The paper was successfully updated!',
  somethingWrongUpdating: 'Something went wrong while updating!',
  obtainError: 'Something went wrong while obtaining the paper',
  notObtained: 'The paper could not be obtained',
  invalidLastModified: 'Please fill in a valid date on the Last Modified Time Filter',
} as const;

/**
 * Filter names of the paper query. Boolean filters take true/false; `track` and `status` take ids (a
 * number or a list of numbers); `paperStatus` is 'accepted' | 'notAccepted' | 'undecided' (the status's
 * isAccepted flag; undecided = the default status or none); `hasSession` is true/false (papers placed in a
 * technical session, a poster session or a tutorial of the programme); `updatedAt` takes `from` and/or `to` (ISO dates,
 * inclusive), an unparsable date answers 400 with CHAIR_PAPER_MESSAGES.invalidLastModified.
 */
export const PAPER_FILTER_NAMES = [
  'track',
  'isDeleted',
  'hasSession',
  'status',
  'paperStatus',
  'submittedCameraReady',
  'submittedPresentationReady',
  'isCameraReady',
  'isPresentationReady',
  'isRegistered',
  'updatedAt',
  /** Issue 26: papers with an open (not accepted) format, anonymity or "could not be checked" finding. */
  'checkProblems',
  /** Issue 26: papers in a near-duplicate pair that is not dismissed. */
  'hasDuplicates',
] as const;
export type PaperFilterName = (typeof PAPER_FILTER_NAMES)[number];
export type PaperStatusClass = 'accepted' | 'notAccepted' | 'undecided';

export type PaperFilter =
  | { name: 'track' | 'status'; value: number | number[] | null | '' }
  | {
      name:
        | 'isDeleted'
        | 'hasSession'
        | 'submittedCameraReady'
        | 'submittedPresentationReady'
        | 'isCameraReady'
        | 'isPresentationReady'
        | 'isRegistered'
        | 'checkProblems'
        | 'hasDuplicates';
      value: boolean | null | '';
    }
  | { name: 'paperStatus'; value: PaperStatusClass | null | '' }
  | { name: 'updatedAt'; value: { from?: string | null; to?: string | null } | null };

/** A filter whose value is null, '' or an empty list is ignored. Without an isDeleted filter, deleted papers are left out. */
export const PAPER_SORT_FIELDS = [
  '_id',
  'title',
  'track',
  'status',
  'updatedAt',
  'createdAt',
  'primaryAuthor',
] as const;
export type PaperSortField = (typeof PAPER_SORT_FIELDS)[number];

/** Body of POST /api/{chair|cochair}/papers (the query). */
export interface PaperQuery {
  filters?: PaperFilter[];
  /** Title, author name or e-mail (case-insensitive contains), or a paper id. */
  search?: string;
  sort?: { field: PaperSortField; order: 'asc' | 'desc' };
  /** 1-based page ("cp"), default 1. */
  cp?: number;
  /** Page size ("pg"), default PAPER_PAGE_SIZE, at most PAPER_MAX_PAGE_SIZE. */
  pg?: number;
}

/** A paper in the chair's lists: the author view plus the chair-only fields. */
export interface ChairPaperDto extends PaperDto {
  trackName: string;
  statusText: string | null;
  acceptanceLetterEnabled: boolean;
  /** The authors may download their certificate of presentation (/EditPaperDownloadLetter). */
  certificateEnabled: boolean;
  /** The authors may download their invitation letter (/EditPaperDownloadLetter). */
  invitationLetterEnabled: boolean;
  authorViewReviewEnabled: boolean;
  /** List answers: the discussion column (null when the caller may not read it, e.g. a conflict). */
  discussion?: DiscussionCountsDto | null;
}

/** Answer of the query; the total is also in the X-Total-Count header. */
export interface PaperQueryResult {
  count: number;
  data: ChairPaperDto[];
}

/**
 * The chair's edit of one paper, PUT /api/{chair|cochair}/papers/{paperId}; every field optional. Choosing a
 * status whose text includes 'Accept with Revision' stamps acceptWithRevisionTimestamp. Changing the track
 * clears a subject area the new track does not have. A track chair may only move a paper between their tracks.
 * Answer: the updated ChairPaperDto. The chairs' file routes answer { message, file, paper: ChairPaperDto }
 * (upload, 201) and { message, paper: ChairPaperDto } (delete).
 */
export interface ChairPaperUpdate {
  title?: string;
  abstract?: { text?: string };
  track?: number;
  primarySubjectArea?: number | null;
  status?: number | null;
  notes?: string;
  isDeleted?: boolean;
  submittedCameraReady?: boolean;
  submittedPresentationReady?: boolean;
  isCameraReady?: boolean;
  isPresentationReady?: boolean;
  acceptanceLetterEnabled?: boolean;
  certificateEnabled?: boolean;
  invitationLetterEnabled?: boolean;
  authorViewReviewEnabled?: boolean;
  registration?: { author?: number | null; id?: string; amount?: number | null; extra?: string } | null;
  /**
   * Chairs only (a track chair gets 403): the whole list of other registrations, replacing the stored one.
   * Each needs an id (§5 rule); the author must be one of the paper's authors; numbers are unique across papers.
   */
  otherRegistrations?: { author?: number | null; id: string; amount?: number | null; extra?: string }[];
}

/** /BulkEdit/{filter}/{param}: param (BULK_EDIT_PARAMS of utils) → the paper field it changes. */
export const BULK_EDIT_FIELDS = {
  paper: 'track',
  status: 'status',
  cameraReady: 'submittedCameraReady',
  presentationReady: 'submittedPresentationReady',
  notes: 'notes',
  acceptanceLetterEnabled: 'acceptanceLetterEnabled',
  authorViewReviewEnabled: 'authorViewReviewEnabled',
  delete: 'isDeleted',
  'cameraReady.status': 'isCameraReady',
} as const satisfies Record<BulkEditParam, string>;
export type BulkField = (typeof BULK_EDIT_FIELDS)[BulkEditParam];
export const isBulkEditParam = (p: unknown): p is BulkEditParam =>
  typeof p === 'string' && Object.prototype.hasOwnProperty.call(BULK_EDIT_FIELDS, p);

/**
 * Body of POST /api/{chair|cochair}/papers/bulk: the papers are those matching `filters` (+ `search`), or
 * exactly `ids` when given (ids outside the caller's reach are not touched). `set` replaces the field; `push`
 * is only for notes and appends a line. Answer: { nModified }.
 */
export interface BulkEditRequest {
  filters?: PaperFilter[];
  search?: string;
  ids?: number[];
  op: 'set' | 'push';
  field: BulkField;
  value: string | number | boolean | null;
}

/** /BulkEdit/{filter}/{param}: the filter travels as encodeURIComponent(JSON.stringify({filters, search})). */
export function encodeBulkFilter(q: Pick<PaperQuery, 'filters' | 'search'>): string {
  return encodeURIComponent(JSON.stringify({ filters: q.filters ?? [], search: q.search ?? '' }));
}

/** Inverse of encodeBulkFilter (given the raw or the already decoded segment); null when it is not a valid filter. */
export function decodeBulkFilter(s: string): Pick<PaperQuery, 'filters' | 'search'> | null {
  let v: unknown;
  try {
    v = JSON.parse(s.trimStart().startsWith('{') ? s : decodeURIComponent(s));
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as { filters?: unknown; search?: unknown };
  if (o.filters !== undefined && !Array.isArray(o.filters)) return null;
  if (o.search !== undefined && typeof o.search !== 'string') return null;
  return { filters: (o.filters ?? []) as PaperFilter[], search: (o.search as string | undefined) ?? '' };
}
