/**
 * Automatic reviewer assignment (issue 4): the problem model, options and result shapes.
 * Pure data; no Node-only or browser-only imports (this folder is bundled into the React apps).
 */
import type { BidValue, ConflictKind } from '../reviews.js';

/** User, paper and track ids as the API gives them (numeric `_id`s, strings in tests are fine too). */
export type AssignmentId = number | string;

export type BidKind = BidValue;

export interface AssignmentPaper {
  id: AssignmentId;
  track: AssignmentId;
  /** Subject areas of the paper, the primary one first. */
  subjectAreas?: string[];
  /** Title and abstract. */
  text: string;
  /** User ids of the authors. */
  authorIds: AssignmentId[];
  /** Reviewers that already have a (non-declined) request for this paper; kept and counted. */
  reviewerIds?: AssignmentId[];
}

export interface AssignmentReviewer {
  id: AssignmentId;
  tracks: AssignmentId[];
  /** Shown in the messages (e.g. who reached the reviews-per-reviewer limit); the id otherwise. */
  name?: string;
  /** Personal cap on the reviewer's total number of reviews; never above 10 (§9). */
  cap?: number;
  /** Reviews the reviewer already has (existing requests, every track). */
  load?: number;
  subjectAreas?: string[];
  keywords?: string[];
  /** Titles and abstracts of the reviewer's own papers. */
  text?: string;
}

/** Contact facts used for conflict detection (authors and reviewers). */
export interface AssignmentPerson {
  id: AssignmentId;
  organization?: string;
  /** E-mail and alternate e-mail. */
  emails?: string[];
}

export interface AssignmentBid {
  reviewerId: AssignmentId;
  paperId: AssignmentId;
  bid: BidKind;
}

/** A conflict declared by the reviewer: with one paper, or with a person (every paper of that author). */
export interface DeclaredConflict {
  reviewerId: AssignmentId;
  paperId?: AssignmentId;
  userId?: AssignmentId;
  reason?: string;
}

export interface AssignmentPair {
  reviewerId: AssignmentId;
  paperId: AssignmentId;
}

export interface Authorship {
  paperId: AssignmentId;
  authorIds: AssignmentId[];
}

export interface AssignmentProblem {
  papers: AssignmentPaper[];
  reviewers: AssignmentReviewer[];
  /** Organizations and e-mails of reviewers and authors (for conflicts of interest). */
  people?: AssignmentPerson[];
  /**
   * Every paper in the system with its authors (for co-authorship conflicts); the papers being
   * assigned are always included.
   */
  authorships?: Authorship[];
  bids?: AssignmentBid[];
  declaredConflicts?: DeclaredConflict[];
  /** Pairs whose request was declined: never proposed again. */
  declined?: AssignmentPair[];
  /** Pairs whose detected conflict a chair overrode (with a reason): not treated as conflicts. */
  conflictOverrides?: AssignmentPair[];
  /** Track names, for the messages (the id is used otherwise). */
  tracks?: { id: AssignmentId; name: string }[];
}

export interface AffinityWeights {
  eager: number;
  willing: number;
  /** Usually negative: the pair stays possible but is avoided. */
  notWilling: number;
  /** Paper's primary subject area among the reviewer's. */
  primarySubject: number;
  /** One of the paper's other subject areas among the reviewer's. */
  secondarySubject: number;
  /** Multiplies the text cosine similarity (0..1). */
  text: number;
}

export const DEFAULT_AFFINITY_WEIGHTS: AffinityWeights = {
  eager: 1,
  willing: 0.5,
  notWilling: -1,
  primarySubject: 1,
  secondarySubject: 0.5,
  text: 2,
};

export interface AssignmentProgress {
  phase: 'prepare' | 'solve' | 'report';
  /** Units done and to do in this phase (paper reviews for 'solve'). */
  done: number;
  total: number;
}

/** Anything with `aborted` (an AbortSignal, or a flag shared with a worker). */
export interface CancelSignal {
  readonly aborted: boolean;
}

export interface AssignmentOptions {
  /** Reviews per paper (§9: 3). */
  reviewsPerPaper?: number;
  /** Reviews per reviewer (§9: 10); a reviewer's own cap may be lower. */
  maxPerReviewer?: number;
  /** Keep only the K best candidates per paper (sparse network); undefined = all eligible reviewers. */
  candidatesPerPaper?: number;
  weights?: Partial<AffinityWeights>;
  /** Affinity → integer cost factor (cost = -round(affinity × scale)). */
  scale?: number;
  onProgress?: (progress: AssignmentProgress) => void;
  signal?: CancelSignal;
}

export interface ConflictEvidence {
  kind: ConflictKind;
  /** Human-readable evidence, e.g. "same organization: University of Porto (author Ana Lima #12)". */
  detail: string;
  /** The author of the paper the evidence concerns, when there is one. */
  authorId?: AssignmentId;
}

export interface PairConflict {
  paperId: AssignmentId;
  reviewerId: AssignmentId;
  evidence: ConflictEvidence[];
}

export interface AffinityParts {
  bid: number;
  subject: number;
  text: number;
}

export interface AssignedReviewer {
  reviewerId: AssignmentId;
  /** Sum of the parts (as optimized: rounded to 1/scale). */
  affinity: number;
  parts: AffinityParts;
  bid?: BidKind;
  /** The reviewer's total load once the proposal is applied. */
  load: number;
  cap: number;
}

export interface PaperAssignment {
  paperId: AssignmentId;
  track: AssignmentId;
  /** Reviews this paper should have in total: the §9 aim, 3 (or more when it already has more). */
  target: number;
  existing: AssignmentId[];
  proposed: AssignedReviewer[];
  /** Eligible reviewers (passing every hard constraint, with room) before the candidate cut. */
  eligible: number;
  /**
   * Reviews still missing after the proposal (0 when the target is met): those the flow could not give and
   * those no eligible reviewer was there to give.
   */
  short: number;
  /** Why the paper is short (set when short > 0): the binding constraint and/or the limits that left it
   * without eligible reviewers, naming the reviewers at their limit. */
  shortReason?: string;
  /** Sum of the proposed reviewers' affinities. */
  affinity: number;
}

export interface BindingConstraint {
  kind: 'paper' | 'track' | 'group';
  track?: AssignmentId;
  paperIds: AssignmentId[];
  /** Reviews needed by these papers and reviews their eligible reviewers can give. */
  needed: number;
  available: number;
  reviewers: number;
  message: string;
}

export interface FeasibilityReport {
  feasible: boolean;
  /** Reviews the papers need in total (beyond the existing ones) and the most that can be given. */
  needed: number;
  maxAssignable: number;
  binding: BindingConstraint[];
  /**
   * Papers with fewer than 3 eligible reviewers (the solver asks only for what exists; the paper is counted
   * short), each with why: the limits that excluded the track's other reviewers, naming those at their limit.
   */
  fewEligible: { paperId: AssignmentId; eligible: number; message: string }[];
}

export interface FairnessFigures {
  lowestAffinityPaper: { paperId: AssignmentId; affinity: number } | null;
  meanPaperAffinity: number;
  load: { min: number; max: number; spread: number; mean: number };
  papersShort: number;
  reviewsShort: number;
}

export interface AssignmentResult {
  papers: PaperAssignment[];
  fairness: FairnessFigures;
  feasibility: FeasibilityReport;
  /** Conflicts of interest among same-track pairs, each with its evidence (never assigned). */
  conflicts: PairConflict[];
  /** Total affinity of the proposed reviews and the integer cost the flow minimized. */
  objective: { affinity: number; cost: number; assigned: number };
  stats: { papers: number; reviewers: number; arcs: number; searches: number; ms: number };
}
