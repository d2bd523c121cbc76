import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MAX_INT32,
  META_TEXT_MAX,
  type AuthorMetaReviewDto,
  type MetaReviewDto,
  type MetaReviewerReviewDto,
  type MetaReviewPageDto,
  type MetaReviewSummaryDto,
} from '@symposium/domain';
import { IsBoolean, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Nullable, Optional } from '../../common/optional.js';

/** PUT (draft) and POST …/meta_review/submit: the meta-review (issue 25). */
export class SaveMetaReviewDto {
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'a paper status id (required to submit)',
  })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(MAX_INT32)
  recommendation?: number | null;
  @ApiPropertyOptional({ description: 'text to the committee (required to submit)' })
  @Optional()
  @IsString()
  @MaxLength(META_TEXT_MAX + 1)
  committeeText?: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'optional text to the authors' })
  @Nullable()
  @IsString()
  @MaxLength(META_TEXT_MAX + 1)
  authorText?: string | null;
}

/** PUT …/meta_reviews/{id}: whether the authors read the text to the authors with the released reviews. */
export class MetaReleaseDto {
  @ApiProperty() @IsBoolean() releaseToAuthors!: boolean;
}

export class MetaReviewDoc implements MetaReviewDto {
  @ApiProperty() _id!: number;
  @ApiProperty() request!: number;
  @ApiProperty() paper!: number;
  @ApiProperty() reviewer!: number;
  @ApiProperty() round!: number;
  @ApiProperty({ type: Number, nullable: true }) recommendation!: number | null;
  @ApiProperty({ type: String, nullable: true }) recommendationText!: string | null;
  @ApiProperty() committeeText!: string;
  @ApiProperty({ type: String, nullable: true }) authorText!: string | null;
  @ApiProperty() releaseToAuthors!: boolean;
  @ApiProperty() submitted!: boolean;
  @ApiProperty({ type: String, nullable: true }) submittedAt!: string | null;
  @ApiProperty() updatedAt!: string;
  @ApiPropertyOptional({ description: 'chairs only' }) reviewerName?: string;
}

export class MetaReviewerReviewDoc implements MetaReviewerReviewDto {
  @ApiProperty() alias!: string;
  @ApiProperty({ type: Number, nullable: true }) quality!: number | null;
  @ApiProperty({ type: Number, nullable: true }) contribution!: number | null;
  @ApiProperty({ type: Number, nullable: true }) originality!: number | null;
  @ApiProperty() final!: number;
  @ApiProperty() decision!: string;
  @ApiProperty() commentsAuthor!: string;
  @ApiProperty() commentsChair!: string;
}

class MetaPaperDoc {
  @ApiProperty() _id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() trackName!: string;
}
class MetaRequestDoc {
  @ApiProperty() _id!: number;
  @ApiProperty() round!: number;
  @ApiProperty() isCameraReady!: boolean;
  @ApiProperty() declined!: boolean;
}
class MetaStatusDoc {
  @ApiProperty() _id!: number;
  @ApiProperty() text!: string;
}

export class MetaReviewPageDoc implements MetaReviewPageDto {
  @ApiProperty({ type: MetaPaperDoc }) paper!: MetaPaperDoc;
  @ApiProperty({ type: MetaRequestDoc }) request!: MetaRequestDoc;
  @ApiProperty({ description: 'every review of the round submitted: the meta-review can be written' })
  open!: boolean;
  @ApiProperty() submittedReviews!: number;
  @ApiProperty() expectedReviews!: number;
  @ApiProperty({ type: [MetaReviewerReviewDoc] }) reviews!: MetaReviewerReviewDoc[];
  @ApiProperty({ type: [MetaStatusDoc] }) statuses!: MetaStatusDoc[];
  @ApiProperty({ type: MetaReviewDoc, nullable: true }) metaReview!: MetaReviewDoc | null;
}

export class MetaReviewSummaryDoc implements MetaReviewSummaryDto {
  @ApiProperty() paper!: number;
  @ApiProperty() round!: number;
  @ApiProperty({ type: Number, nullable: true }) recommendation!: number | null;
  @ApiProperty({ type: String, nullable: true }) recommendationText!: string | null;
  @ApiProperty() committeeText!: string;
  @ApiProperty() reviewerName!: string;
}

export class AuthorMetaReviewDoc implements AuthorMetaReviewDto {
  @ApiProperty() round!: number;
  @ApiProperty() text!: string;
}
