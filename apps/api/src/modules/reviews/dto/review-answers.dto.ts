import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BID_VALUES,
  REVIEW_REQUEST_STATES,
  type AssignedReviewer,
  type AssignmentResult,
  type BidPaperDto,
  type BidValue,
  type BindingConstraint,
  type CandidateReviewerDto,
  type ConflictEvidence,
  type ConflictFlag,
  type ConflictKind,
  type ConflictOverrideDto,
  type DeclaredConflictDto,
  type FairnessFigures,
  type FeasibilityReport,
  type ImportResult,
  type PaperAssignment,
  type PairConflict,
  type ReviewDto,
  type ReviewRequestDto,
  type ReviewRequestState,
} from '@symposium/domain';
import { UserDoc } from '../../users/dto/user.dto.js';
import { ReviewScoresDoc } from './author-review.dto.js';
import type { ApplyResult } from '../auto-assignment.service.js';
import type { ReviewersService, ReviewerLoadDto } from '../reviewers.service.js';
import type { ReviewRequestsService } from '../review-requests.service.js';

/*
 * The OpenAPI schemas of the reviews module's answers (the libs/domain types and the services' answers), for
 * the API documentation: each class implements the type its routes return, so TypeScript keeps them in step.
 */

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

const CONFLICT_KINDS = Object.keys({
  organization: true,
  emailDomain: true,
  coauthorship: true,
  declared: true,
} satisfies Record<ConflictKind, true>) as ConflictKind[];

const REVIEW_SOURCES = Object.keys({
  reviewer: true,
  chair: true,
  import: true,
} satisfies Record<ReviewDto['source'], true>) as ReviewDto['source'][];

/** A review request (ReviewRequestDto of libs/domain). */
export class ReviewRequestDoc implements ReviewRequestDto {
  @ApiProperty() _id!: number;
  @ApiProperty() track!: number;
  @ApiProperty() paper!: number;
  @ApiProperty({ description: 'The reviewer (user id)' }) reviewer!: number;
  @ApiProperty() isCameraReady!: boolean;
  @ApiProperty({ description: 'The review round (1 = R1)' }) round!: number;
  @ApiProperty({ description: "The round's name" }) roundName!: string;
  @ApiProperty({ enum: ['reviewer', 'meta'], description: "'meta': the paper's meta-reviewer (issue 25)" })
  role!: 'reviewer' | 'meta';
  @ApiProperty() waiting!: boolean;
  @ApiProperty() declined!: boolean;
  @ApiProperty() reviewed!: boolean;
  @ApiProperty({
    description: '-1 until the review is submitted; then quality + contribution + originality (0..30)',
  })
  evaluation!: number;
  @ApiProperty({ enum: REVIEW_REQUEST_STATES }) state!: ReviewRequestState;
  @ApiProperty({ format: 'date-time' }) invitedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) respondedAt!: string | null;
  @ApiProperty({ format: 'date-time', description: 'Reply expected by (invitation + 5 days)' })
  replyDueAt!: string;
  @ApiProperty({ format: 'date-time', description: 'Evaluation expected by (invitation + 14 days)' })
  dueAt!: string;
  @ApiProperty() trackName!: string;
  @ApiProperty() paperTitle!: string;
  @ApiPropertyOptional({ description: 'Chairs and track chairs only' }) reviewerName?: string;
  @ApiPropertyOptional({ description: 'Chairs and track chairs only' }) reviewerEmail?: string;
}

/** A page of review requests and the total of the query (also in X-Total-Count). */
export class ReviewRequestPageDoc implements Answer<ReviewRequestsService['query']> {
  @ApiProperty() count!: number;
  @ApiProperty({ type: [ReviewRequestDoc] }) data!: ReviewRequestDoc[];
}

export class ReviewCommentsDoc {
  @ApiProperty({ description: 'To the authors' }) author!: string;
  @ApiProperty({ description: 'To the track chair' }) chair!: string;
}

/** A review (ReviewDto of libs/domain). */
export class ReviewDoc extends ReviewScoresDoc implements ReviewDto {
  @ApiProperty() _id!: number;
  @ApiProperty({ description: 'The review request' }) request!: number;
  @ApiProperty() track!: number;
  @ApiProperty() paper!: number;
  @ApiProperty({ description: 'The reviewer (user id)' }) reviewer!: number;
  @ApiProperty() isCameraReady!: boolean;
  @ApiProperty({ description: "The final recommendation's label ('' while unset)" }) decision!: string;
  @ApiProperty({ type: ReviewCommentsDoc }) comments!: ReviewCommentsDoc;
  @ApiProperty() draft!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'The chair who submitted on behalf' })
  submittedBy!: number | null;
  @ApiProperty({ enum: REVIEW_SOURCES }) source!: ReviewDto['source'];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiPropertyOptional() reviewerName?: string;
  @ApiPropertyOptional() reviewerEmail?: string;
}

/** One review request with its review (null before the reviewer saves one). */
export class ReviewRequestWithReviewDoc
  extends ReviewRequestDoc
  implements Answer<ReviewRequestsService['get']>
{
  @ApiProperty({ type: ReviewDoc, nullable: true }) review!: ReviewDoc | null;
}

/** A review submitted: its request (now reviewed) and the review. */
export class RequestAndReviewDoc implements Answer<ReviewRequestsService['submitOnBehalf']> {
  @ApiProperty({ type: ReviewRequestDoc }) request!: ReviewRequestDoc;
  @ApiProperty({ type: ReviewDoc }) review!: ReviewDoc;
}

/** The bulk delete of review requests: how many were deleted. */
export class DeletedRequestsDoc implements Answer<ReviewRequestsService['removeMany']> {
  @ApiProperty() deleted!: number;
}

export class ConflictFlagDoc implements ConflictFlag {
  @ApiProperty({ enum: CONFLICT_KINDS }) kind!: ConflictKind;
  @ApiPropertyOptional({ description: "The paper's author it is about (absent for a 'conflict' bid)" })
  authorId?: number;
  @ApiProperty({ description: 'Human-readable evidence' }) evidence!: string;
}

/** A chair's override of the conflicts detected for a paper and reviewer (ConflictOverrideDto). */
export class ConflictOverrideDoc implements ConflictOverrideDto {
  @ApiProperty() paper!: number;
  @ApiProperty() reviewer!: number;
  @ApiProperty() reason!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The chair who overrode it (name)' })
  by!: string | null;
  @ApiProperty({ format: 'date-time' }) at!: string;
}

/** PUT /api/chair/review_requests/conflicts/{paperId}/{reviewerId}: the message and the override. */
export class ConflictOverrideResultDoc implements Answer<ReviewRequestsService['overrideConflict']> {
  @ApiProperty() message!: string;
  @ApiProperty({ type: ConflictOverrideDoc }) override!: ConflictOverrideDoc;
}

export class CandidateLoadDoc {
  @ApiProperty({ description: 'Review requests not declined' }) total!: number;
  @ApiProperty({ description: 'Camera-ready review requests not declined' }) cameraReady!: number;
}

/** A reviewer of the track for a paper (CandidateReviewerDto of libs/domain). */
export class CandidateReviewerDoc implements CandidateReviewerDto {
  @ApiProperty() _id!: number;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() organization!: string;
  @ApiProperty({ type: CandidateLoadDoc }) load!: CandidateLoadDoc;
  @ApiProperty({ enum: BID_VALUES, nullable: true }) bid!: BidValue | null;
  @ApiProperty({ type: [ConflictFlagDoc], description: 'Detected (also when overridden)' })
  conflicts!: ConflictFlagDoc[];
  @ApiProperty({ type: ConflictOverrideDoc, nullable: true }) conflictOverride!: ConflictOverrideDoc | null;
  @ApiProperty() isAuthor!: boolean;
  @ApiProperty() alreadyAssigned!: boolean;
  @ApiProperty({ description: 'Can be assigned now' }) eligible!: boolean;
  @ApiProperty({ type: [String], description: 'Why not, when not eligible' }) reasons!: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Automatic assignment (AssignmentResult of libs/domain; ids are the API's numeric ids)

export class AffinityPartsDoc {
  @ApiProperty() bid!: number;
  @ApiProperty() subject!: number;
  @ApiProperty() text!: number;
}

export class AssignedReviewerDoc implements AssignedReviewer {
  @ApiProperty() reviewerId!: number;
  @ApiProperty({ description: 'Sum of the parts' }) affinity!: number;
  @ApiProperty({ type: AffinityPartsDoc }) parts!: AffinityPartsDoc;
  @ApiPropertyOptional({ enum: BID_VALUES }) bid?: BidValue;
  @ApiProperty({ description: "The reviewer's total load once the proposal is applied" }) load!: number;
  @ApiProperty() cap!: number;
}

export class PaperAssignmentDoc implements PaperAssignment {
  @ApiProperty() paperId!: number;
  @ApiProperty() track!: number;
  @ApiProperty({ description: 'Reviews this paper should have in total' }) target!: number;
  @ApiProperty({ type: [Number], description: 'Reviewers with a request already' }) existing!: number[];
  @ApiProperty({ type: [AssignedReviewerDoc] }) proposed!: AssignedReviewerDoc[];
  @ApiProperty({ description: 'Eligible reviewers before the candidate cut' }) eligible!: number;
  @ApiProperty({ description: 'Reviews still missing after the proposal' }) short!: number;
  @ApiPropertyOptional({ description: 'Why the paper is short (when short > 0)' }) shortReason?: string;
  @ApiProperty() affinity!: number;
}

export class PaperAffinityDoc {
  @ApiProperty() paperId!: number;
  @ApiProperty() affinity!: number;
}

export class LoadFiguresDoc {
  @ApiProperty() min!: number;
  @ApiProperty() max!: number;
  @ApiProperty() spread!: number;
  @ApiProperty() mean!: number;
}

export class FairnessFiguresDoc implements FairnessFigures {
  @ApiProperty({ type: PaperAffinityDoc, nullable: true }) lowestAffinityPaper!: PaperAffinityDoc | null;
  @ApiProperty() meanPaperAffinity!: number;
  @ApiProperty({ type: LoadFiguresDoc }) load!: LoadFiguresDoc;
  @ApiProperty() papersShort!: number;
  @ApiProperty() reviewsShort!: number;
}

export class BindingConstraintDoc implements BindingConstraint {
  @ApiProperty({ enum: ['paper', 'track', 'group'] }) kind!: BindingConstraint['kind'];
  @ApiPropertyOptional() track?: number;
  @ApiProperty({ type: [Number] }) paperIds!: number[];
  @ApiProperty() needed!: number;
  @ApiProperty() available!: number;
  @ApiProperty() reviewers!: number;
  @ApiProperty() message!: string;
}

export class FewEligibleDoc {
  @ApiProperty() paperId!: number;
  @ApiProperty() eligible!: number;
  @ApiProperty() message!: string;
}

export class FeasibilityReportDoc implements FeasibilityReport {
  @ApiProperty() feasible!: boolean;
  @ApiProperty() needed!: number;
  @ApiProperty() maxAssignable!: number;
  @ApiProperty({ type: [BindingConstraintDoc] }) binding!: BindingConstraintDoc[];
  @ApiProperty({ type: [FewEligibleDoc] }) fewEligible!: FewEligibleDoc[];
}

export class ConflictEvidenceDoc implements ConflictEvidence {
  @ApiProperty({ enum: CONFLICT_KINDS }) kind!: ConflictKind;
  @ApiProperty() detail!: string;
  @ApiPropertyOptional() authorId?: number;
}

export class PairConflictDoc implements PairConflict {
  @ApiProperty() paperId!: number;
  @ApiProperty() reviewerId!: number;
  @ApiProperty({ type: [ConflictEvidenceDoc] }) evidence!: ConflictEvidenceDoc[];
}

export class AssignmentObjectiveDoc {
  @ApiProperty() affinity!: number;
  @ApiProperty() cost!: number;
  @ApiProperty() assigned!: number;
}

export class AssignmentStatsDoc {
  @ApiProperty() papers!: number;
  @ApiProperty() reviewers!: number;
  @ApiProperty() arcs!: number;
  @ApiProperty() searches!: number;
  @ApiProperty() ms!: number;
}

/** POST .../review_requests/auto/proposal: the proposed assignment of a track (AssignmentResult). */
export class AssignmentResultDoc implements AssignmentResult {
  @ApiProperty({ type: [PaperAssignmentDoc] }) papers!: PaperAssignmentDoc[];
  @ApiProperty({ type: FairnessFiguresDoc }) fairness!: FairnessFiguresDoc;
  @ApiProperty({ type: FeasibilityReportDoc }) feasibility!: FeasibilityReportDoc;
  @ApiProperty({ type: [PairConflictDoc] }) conflicts!: PairConflictDoc[];
  @ApiProperty({ type: AssignmentObjectiveDoc }) objective!: AssignmentObjectiveDoc;
  @ApiProperty({ type: AssignmentStatsDoc }) stats!: AssignmentStatsDoc;
}

export class ApplyErrorDoc {
  @ApiProperty() paper!: number;
  @ApiProperty() reviewer!: number;
  @ApiProperty() message!: string;
}

/** POST .../review_requests/auto/apply: 'N of M review requests saved successfully.' and what failed. */
export class ApplyResultDoc implements ApplyResult {
  @ApiProperty() saved!: number;
  @ApiProperty() total!: number;
  @ApiProperty({ example: '3 of 3 review requests saved successfully.' }) message!: string;
  @ApiProperty({ type: [ReviewRequestDoc] }) data!: ReviewRequestDoc[];
  @ApiProperty({ type: [ApplyErrorDoc] }) errors!: ApplyErrorDoc[];
}

// ---------------------------------------------------------------------------------------------------------
// The reviewer console: bids and declared conflicts

export class BidPaperDoc implements BidPaperDto {
  @ApiProperty() paper!: number;
  @ApiProperty() title!: string;
  @ApiProperty() abstract!: string;
  @ApiProperty() track!: number;
  @ApiProperty() trackName!: string;
  @ApiProperty() isCameraReady!: boolean;
  @ApiProperty({ enum: BID_VALUES, nullable: true }) bid!: BidValue | null;
}

export class DeclaredConflictDoc implements DeclaredConflictDto {
  @ApiProperty() userId!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() reason!: string;
}

// ---------------------------------------------------------------------------------------------------------
// Reviewers as people (/users/... routes) and the imports

export class ReviewerLoadFiguresDoc {
  @ApiProperty({ description: 'Review requests not declined' }) total!: number;
  @ApiProperty({ description: 'Camera-ready review requests not declined' }) cameraReady!: number;
  @ApiProperty({ description: 'Reviews submitted' }) reviewed!: number;
}

/** A reviewer of a track with their load. */
export class ReviewerLoadDoc extends UserDoc implements ReviewerLoadDto {
  @ApiProperty({ type: ReviewerLoadFiguresDoc }) load!: ReviewerLoadFiguresDoc;
}

export class ReviewCountItemDoc {
  @ApiProperty({ description: 'The reviewer (user id)' }) _id!: number;
  @ApiProperty({ description: 'Review requests not declined (roles.reviewer.count)' }) count!: number;
  @ApiProperty({ description: 'Reviews submitted' }) reviewed!: number;
}

export class ReviewCountDoc implements Answer<ReviewersService['reviewCount']> {
  @ApiProperty({ type: [ReviewCountItemDoc] }) data!: ReviewCountItemDoc[];
}

/** POST .../users/import/reviewer: 'Reviewer created' or 'Reviewer added', and the user. */
export class ImportReviewerResultDoc implements Answer<ReviewersService['importOne']> {
  @ApiProperty({ example: 'Reviewer created' }) message!: string;
  @ApiProperty({ description: 'A new account was created' }) created!: boolean;
  @ApiProperty({ type: UserDoc }) user!: UserDoc;
}

/** A spreadsheet import: rows imported, rows read, and a message per refused row (ImportResult). */
export class ImportResultDoc implements ImportResult {
  @ApiProperty() valid!: number;
  @ApiProperty() total!: number;
  @ApiProperty({ type: [String] }) errors!: string[];
}
