import { Optional, Nullable } from '../../../common/optional.js';
import { ContactDto } from '../../users/dto/contact.dto.js';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BID_VALUES,
  MAX_INT32,
  META_LOAD_DEFAULT,
  META_LOAD_MAX,
  PAGE_SIZE,
  REVIEW_COMMENT_MAX_ON_BEHALF,
  REVIEW_MESSAGES,
  REVIEW_REQUEST_STATES,
  type BidValue,
  type ReviewRequestState,
} from '@symposium/domain';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsEmail,
  IsIn,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** 'true' / 'false' from a query string (anything else stays as is and fails @IsBoolean). */
const QueryBool = () =>
  Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value), {
    toClassOnly: true,
  });

const Id = () => [IsInt(), Min(1), Max(MAX_INT32)];
const apply =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const d of decorators) d(target, key);
  };
const IdField = () => apply(...Id());
/** A list of at most 1,000 ids (papers, users, tracks, statuses). */
export const IdListField = () =>
  apply(
    IsArray(),
    ArrayMaxSize(1000),
    IsInt({ each: true }),
    Min(1, { each: true }),
    Max(MAX_INT32, { each: true }),
  );
const QueryId = () =>
  apply(
    Optional(),
    Type(() => Number),
    ...Id(),
  );

export class PageQueryDto {
  @ApiPropertyOptional({ description: 'page, from 1' })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_INT32)
  cp?: number;

  @ApiPropertyOptional({ description: `page size, at most ${PAGE_SIZE}` })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(PAGE_SIZE)
  pg?: number;

  @ApiPropertyOptional({ enum: REVIEW_REQUEST_STATES })
  @Optional()
  @IsIn(REVIEW_REQUEST_STATES)
  state?: ReviewRequestState;
}

/** Filters shared by the query and the bulk delete. */
export class RequestFilterDto {
  @ApiPropertyOptional() @QueryId() userId?: number;
  @ApiPropertyOptional() @QueryId() paper?: number;
  @ApiPropertyOptional() @QueryId() track?: number;
  @ApiPropertyOptional({ enum: REVIEW_REQUEST_STATES })
  @Optional()
  @IsIn(REVIEW_REQUEST_STATES)
  state?: ReviewRequestState;
  @ApiPropertyOptional() @Optional() @QueryBool() @IsBoolean() isCameraReady?: boolean;
  @ApiPropertyOptional({ description: 'review round (1 = R1)' }) @QueryId() round?: number;
}

export class QueryRequestsDto extends RequestFilterDto {
  @ApiPropertyOptional() @Optional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_INT32) cp?: number;
  @ApiPropertyOptional() @Optional() @Type(() => Number) @IsInt() @Min(1) @Max(PAGE_SIZE) pg?: number;
}

export class CandidatesQueryDto {
  @ApiPropertyOptional() @Optional() @QueryBool() @IsBoolean() isCameraReady?: boolean;
  @ApiPropertyOptional({ description: 'review round (1 = R1): limits and requests counted in it' })
  @QueryId()
  round?: number;
  @ApiPropertyOptional({
    enum: ['reviewer', 'meta'],
    description: "the role to assign: 'meta' is not held to the §9 limits, one per paper and round",
  })
  @Optional()
  @IsIn(['reviewer', 'meta'])
  role?: 'reviewer' | 'meta';
}

export class SaveRequestDto {
  @ApiProperty() @IdField() track!: number;
  @ApiProperty() @IdField() paper!: number;
  @ApiProperty() @IdField() reviewer!: number;
  @ApiPropertyOptional() @Optional() @IsBoolean() isCameraReady?: boolean;
  @ApiPropertyOptional({ description: "review round of the paper's track (default 1 = R1)" })
  @Optional()
  @IdField()
  round?: number;
  @ApiPropertyOptional({
    enum: ['reviewer', 'meta'],
    description: "'meta': the paper's meta-reviewer (issue 25; one per paper, kind and round)",
  })
  @Optional()
  @IsIn(['reviewer', 'meta'])
  role?: 'reviewer' | 'meta';
}

export class UpdateRequestDto {
  @ApiPropertyOptional({ description: 'reassign to another reviewer (a new invitation is sent)' })
  @Optional()
  @IdField()
  reviewer?: number;
  @ApiPropertyOptional() @Optional() @IsBoolean() waiting?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() declined?: boolean;
  @ApiPropertyOptional() @Optional() @IsDateString() replyDueAt?: string;
  @ApiPropertyOptional() @Optional() @IsDateString() dueAt?: string;
}

export class AnswerRequestDto {
  @ApiProperty({ enum: ['accept', 'decline'] }) @IsIn(['accept', 'decline']) action!: 'accept' | 'decline';
}

export class CommentsDto {
  @ApiPropertyOptional({ type: String, nullable: true })
  @Nullable()
  @IsString()
  @MaxLength(REVIEW_COMMENT_MAX_ON_BEHALF + 1)
  author?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true })
  @Nullable()
  @IsString()
  @MaxLength(REVIEW_COMMENT_MAX_ON_BEHALF + 1)
  chair?: string | null;
}

/** An optional 0..10 score (null clears it), refused with the score's own message. */
const Score = (message: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, maximum: 10 }),
    Nullable(),
    IsInt({ message }),
    Min(0, { message }),
    Max(10, { message }),
  );

/** Scores are checked here for type and range; completeness and comment lengths by validateReview. */
export class ReviewDto {
  @Score(REVIEW_MESSAGES.quality)
  quality?: number | null;
  @Score(REVIEW_MESSAGES.contribution)
  contribution?: number | null;
  @Score(REVIEW_MESSAGES.originality)
  originality?: number | null;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: -2,
    maximum: 2,
    description: '-1..2, -2 unset',
  })
  @Nullable()
  @IsInt({ message: REVIEW_MESSAGES.final })
  @Min(-2, { message: REVIEW_MESSAGES.final })
  @Max(2, { message: REVIEW_MESSAGES.final })
  final?: number | null;
  @ApiPropertyOptional({ type: CommentsDto })
  @Optional()
  @ValidateNested()
  @Type(() => CommentsDto)
  comments?: CommentsDto;
}

export class ReviewerReviewDto extends ReviewDto {
  @ApiPropertyOptional() @Optional() @IsBoolean() draft?: boolean;
  @ApiPropertyOptional({ description: 'which request when the reviewer has both kinds' })
  @Optional()
  @IsBoolean()
  isCameraReady?: boolean;
}

export class SubmitOnBehalfDto extends ReviewDto {
  @ApiProperty() @IdField() paper!: number;
  @ApiPropertyOptional({ description: 'the user reviewed for; track chairs: themselves' })
  @Optional()
  @IdField()
  reviewer?: number;
  @ApiPropertyOptional() @Optional() @IsBoolean() isCameraReady?: boolean;
  @ApiPropertyOptional({ description: "review round of the paper's track (default 1 = R1)" })
  @Optional()
  @IdField()
  round?: number;
}

export class BidDto {
  @ApiProperty() @IdField() paper!: number;
  @ApiProperty({ enum: BID_VALUES, nullable: true })
  @ValidateIf((_o, v) => v !== null)
  @IsIn(BID_VALUES, { message: REVIEW_MESSAGES.invalidBid })
  bid!: BidValue | null;
}

export class SaveBidsDto {
  @ApiProperty({ type: [BidDto] })
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => BidDto)
  bids!: BidDto[];
}

export class DeclaredConflictDto {
  @ApiProperty() @IsEmail() @MaxLength(320) email!: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(500) reason?: string;
}

export class SaveConflictsDto {
  @ApiProperty({ type: [DeclaredConflictDto] })
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => DeclaredConflictDto)
  conflicts!: DeclaredConflictDto[];
}

/** POST /reviews/papers: the reviews of a page of papers in one call (the decision table). */
export class PapersReviewsDto {
  @ApiProperty({ type: [Number] })
  @IdListField()
  ids!: number[];
}

export class ReviewCountDto {
  @ApiPropertyOptional({ type: [Number], description: 'these users only (default: every reviewer in scope)' })
  @Optional()
  @IdListField()
  userIds?: number[];
}

/** One reviewer into tracks: an existing user (userId or email) or a new one (§5 reviewer creation). */
export class ImportReviewerDto extends ContactDto {
  @ApiPropertyOptional() @Optional() @IdField() userId?: number;
  @ApiProperty({ type: [Number] })
  @Optional()
  @IdListField()
  tracks?: number[];
}

/** The round of an automatic assignment and, after R1, the paper statuses it is limited to. */
export class AutoRoundDto {
  @ApiPropertyOptional({ description: 'review round of the track (default 1 = R1)' })
  @Optional()
  @IdField()
  round?: number;
  @ApiPropertyOptional({
    type: [Number],
    description: 'rounds after R1: only papers with one of these status ids (e.g. "Borderline")',
  })
  @Optional()
  @IdListField()
  statuses?: number[];
}

export class AutoProposalDto extends AutoRoundDto {
  @ApiProperty() @IdField() track!: number;
  @ApiPropertyOptional() @Optional() @IsBoolean() isCameraReady?: boolean;
}

export class ProposalPairDto {
  @ApiProperty() @IdField() paper!: number;
  @ApiProperty() @IdField() reviewer!: number;
}

export class AutoApplyDto extends AutoRoundDto {
  @ApiProperty() @IdField() track!: number;
  @ApiPropertyOptional() @Optional() @IsBoolean() isCameraReady?: boolean;
  @ApiPropertyOptional({
    enum: ['reviewer', 'meta'],
    description: "'meta': the pairs are meta-reviewers (issue 25)",
  })
  @Optional()
  @IsIn(['reviewer', 'meta'])
  role?: 'reviewer' | 'meta';
  @ApiPropertyOptional({
    description: `role 'meta': at most this many meta requests per reviewer in the round (default ${META_LOAD_DEFAULT})`,
  })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(META_LOAD_MAX)
  metaLoad?: number;
  @ApiProperty({ type: [ProposalPairDto] })
  @IsArray()
  @ArrayMinSize(1, { message: REVIEW_MESSAGES.selectPaperAndReviewer })
  @ArrayMaxSize(60000)
  @ValidateNested({ each: true })
  @Type(() => ProposalPairDto)
  assignments!: ProposalPairDto[];
}

/** POST …/review_requests/auto/meta_proposal: the meta-reviewers of a track's papers (issue 25). */
export class AutoMetaProposalDto extends AutoRoundDto {
  @ApiProperty() @IdField() track!: number;
  @ApiPropertyOptional() @Optional() @IsBoolean() isCameraReady?: boolean;
  @ApiPropertyOptional({
    description: `at most this many meta requests per reviewer in the round (default ${META_LOAD_DEFAULT})`,
  })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(META_LOAD_MAX)
  metaLoad?: number;
}
