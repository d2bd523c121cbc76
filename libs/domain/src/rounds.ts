/**
 * Review rounds (issue 25): a track has R1 (number 1, always there) and the rounds a chair adds (R2, R3 …).
 * Each round has its review due date, and the author-response window and length limit of that round. A
 * review request belongs to one round of its paper's track.
 */
import type { ResponseLimitUnit } from './responses.js';

/** A review round as the API shows it (chairs and track chairs). Dates are UTC ISO strings or null. */
export interface ReviewRoundDto {
  track: number;
  /** 1 for R1, 2 for the next round, … */
  number: number;
  name: string;
  reviewDueAt: string | null;
  responseOpensAt: string | null;
  responseClosesAt: string | null;
  /** Length limit of the author response; null: no author response in this round. */
  responseLimit: number | null;
  responseLimitUnit: ResponseLimitUnit;
  /** Review requests of the round (a round with requests cannot be deleted). */
  requests: number;
}

/** What a chair sends to create or change a round (absent fields keep their value; null clears). */
export interface ReviewRoundInput {
  name?: string;
  reviewDueAt?: string | null;
  responseOpensAt?: string | null;
  responseClosesAt?: string | null;
  responseLimit?: number | null;
  responseLimitUnit?: ResponseLimitUnit;
}

/** The first round, which every track has and which cannot be deleted. */
export const FIRST_ROUND = 1;

export const ROUND_MESSAGES = {
  notFound: 'Review round not found',
  nameRequired: 'Please fill in the round name',
  nameTaken: 'A review round with this name already exists in this track',
  nameTooLong: 'The round name must be at most 100 characters',
  firstUndeletable: 'The first review round (R1) cannot be deleted',
  hasRequests: 'This review round has review requests: delete or move them before deleting the round',
  windowOrder: 'The response window must close after it opens',
  windowIncomplete: 'Please give both the opening and the closing date of the response window',
  dateInvalid: 'Please give the dates as UTC ISO strings (e.g. 2026-05-01T12:00:00Z)',
  unitInvalid: "The response limit unit must be 'words' or 'characters'",
  limitPositive: 'The response limit must be a positive whole number',
  unknownRound: "This review round does not exist in the paper's track",
  statusMismatch: "This paper's status is not one of the statuses this round is assigned to",
  statusFilterFirstRound: 'The status filter applies only to rounds after R1',
  created: 'Review round added',
  updated: 'Review round saved',
  deleted: 'Review round deleted',
} as const;

/** The maximum length of a round name. */
export const ROUND_NAME_MAX = 100;

/** 'R2' for round 2: the default name a new round is offered with. */
export const defaultRoundName = (n: number): string => `R${n}`;

/** The label of a round in lists ('R2' or the round's name when it differs). */
export const roundLabel = (r: { number: number; name?: string | null }): string =>
  r.name && r.name.trim() ? r.name : defaultRoundName(r.number);
