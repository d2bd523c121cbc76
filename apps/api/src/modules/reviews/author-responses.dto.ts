import { ApiProperty } from '@nestjs/swagger';
import {
  RESPONSE_LIMIT_UNITS,
  type AuthorResponsePhaseDto,
  type ResponseLimitUnit,
  type ResponseReviewDto,
  type ResponseWindowState,
  type SubmittedResponseDto,
} from '@symposium/domain';
import { IsString } from 'class-validator';
import { AuthorReviewCommentsDoc, ReviewScoresDoc } from './dto/author-review.dto.js';

/** PUT and POST …/responses/{round}(/submit): the text (its length is checked by the service, with the message). */
export class SaveResponseDto {
  @ApiProperty({ description: 'Plain text or the safe Markdown subset' })
  @IsString({ message: 'Please fill in the response text' })
  text!: string;
}

export class ResponseReviewDoc extends ReviewScoresDoc implements ResponseReviewDto {
  @ApiProperty() number!: number;
  @ApiProperty() round!: number;
  @ApiProperty() decision!: string;
  @ApiProperty({ type: AuthorReviewCommentsDoc }) comments!: AuthorReviewCommentsDoc;
}

export class ResponseTextDoc {
  @ApiProperty() text!: string;
  @ApiProperty() submitted!: boolean;
  @ApiProperty({ type: String, nullable: true }) submittedAt!: string | null;
  @ApiProperty() updatedAt!: string;
}

export class AuthorResponsePhaseDoc implements AuthorResponsePhaseDto {
  @ApiProperty() paper!: number;
  @ApiProperty() paperTitle!: string;
  @ApiProperty() round!: number;
  @ApiProperty() roundName!: string;
  @ApiProperty({ type: String, nullable: true }) opensAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) closesAt!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: no author response in this round' })
  limit!: number | null;
  @ApiProperty({ enum: RESPONSE_LIMIT_UNITS }) unit!: ResponseLimitUnit;
  @ApiProperty({ enum: ['none', 'unset', 'before', 'open', 'closed'] }) state!: ResponseWindowState;
  @ApiProperty() now!: string;
  @ApiProperty() timeZone!: string;
  @ApiProperty({ type: [ResponseReviewDoc] }) reviews!: ResponseReviewDoc[];
  @ApiProperty({ type: ResponseTextDoc, nullable: true }) response!: ResponseTextDoc | null;
}

export class SubmittedResponseDoc implements SubmittedResponseDto {
  @ApiProperty() paper!: number;
  @ApiProperty() round!: number;
  @ApiProperty() roundName!: string;
  @ApiProperty() text!: string;
  @ApiProperty() submittedAt!: string;
  @ApiProperty() updatedAt!: string;
}
