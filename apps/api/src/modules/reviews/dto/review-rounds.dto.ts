import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RESPONSE_LIMIT_UNITS, ROUND_MESSAGES, type ResponseLimitUnit } from '@symposium/domain';
import { IsIn, IsInt, IsString, MaxLength, ValidateIf } from 'class-validator';
import { Optional } from '../../../common/optional.js';

const NullableDate = () => (target: object, key: string | symbol) => {
  ValidateIf((_o, v) => v !== undefined && v !== null)(target, key);
  MaxLength(40, { message: ROUND_MESSAGES.dateInvalid })(target, key);
  IsString({ message: ROUND_MESSAGES.dateInvalid })(target, key);
};

/** A round as a chair changes it: absent fields keep their value; null clears a date or the limit. */
export class UpdateReviewRoundDto {
  @ApiPropertyOptional({ description: 'unique in the track, ignoring case' })
  @Optional()
  @IsString({ message: ROUND_MESSAGES.nameRequired })
  @MaxLength(1000, { message: ROUND_MESSAGES.nameTooLong })
  name?: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'UTC' })
  @NullableDate()
  reviewDueAt?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'UTC' })
  @NullableDate()
  responseOpensAt?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'UTC, after opens' })
  @NullableDate()
  responseClosesAt?: string | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'null: no author response in this round',
  })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsInt({ message: ROUND_MESSAGES.limitPositive })
  responseLimit?: number | null;

  @ApiPropertyOptional({ enum: RESPONSE_LIMIT_UNITS })
  @Optional()
  @IsIn(RESPONSE_LIMIT_UNITS, { message: ROUND_MESSAGES.unitInvalid })
  responseLimitUnit?: ResponseLimitUnit;
}

export class CreateReviewRoundDto extends UpdateReviewRoundDto {
  @ApiProperty({ description: 'unique in the track, ignoring case' })
  @IsString({ message: ROUND_MESSAGES.nameRequired })
  @MaxLength(1000, { message: ROUND_MESSAGES.nameTooLong })
  declare name: string;
}

export class ReviewRoundDoc {
  @ApiProperty() track!: number;
  @ApiProperty({ description: '1 for R1' }) number!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) reviewDueAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) responseOpensAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) responseClosesAt!: string | null;
  @ApiProperty({ type: Number, nullable: true }) responseLimit!: number | null;
  @ApiProperty({ enum: RESPONSE_LIMIT_UNITS }) responseLimitUnit!: ResponseLimitUnit;
  @ApiProperty({ description: 'review requests of the round' }) requests!: number;
}
