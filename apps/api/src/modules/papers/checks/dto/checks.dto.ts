import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CHECK_MESSAGES,
  CHECK_MODES,
  CHECK_REASON_MAX,
  CHECK_STAGES,
  FINDING_CODES,
  MAX_INT32,
  PAPER_SIZES,
  type CheckMode,
  type CheckStage,
  type FindingCode,
  type PaperSize,
} from '@symposium/domain';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Optional } from '../../../../common/optional.js';

const RULES = { message: CHECK_MESSAGES.rulesInvalid };

export class MarginsDto {
  @ApiProperty() @IsNumber({}, RULES) @Min(0, RULES) @Max(5, RULES) top!: number;
  @ApiProperty() @IsNumber({}, RULES) @Min(0, RULES) @Max(5, RULES) right!: number;
  @ApiProperty() @IsNumber({}, RULES) @Min(0, RULES) @Max(5, RULES) bottom!: number;
  @ApiProperty() @IsNumber({}, RULES) @Min(0, RULES) @Max(5, RULES) left!: number;
}

/** The format rules of one stage (FormatRules of @symposium/domain); null limits are not checked. */
export class FormatRulesDto {
  @ApiProperty() @IsBoolean(RULES) enabled!: boolean;

  @ApiProperty({ nullable: true, type: Number })
  @ValidateIf((_o, v) => v !== null)
  @IsInt(RULES)
  @Min(1, RULES)
  @Max(10_000, RULES)
  pageLimit!: number | null;

  @ApiProperty() @IsBoolean(RULES) excludeReferences!: boolean;
  @ApiProperty() @IsBoolean(RULES) excludeAppendix!: boolean;

  @ApiProperty({ enum: PAPER_SIZES }) @IsIn(PAPER_SIZES, RULES) paperSize!: PaperSize;

  @ApiProperty() @IsNumber({}, RULES) @Min(0, RULES) @Max(72, RULES) sizeTolerancePt!: number;

  @ApiProperty({ nullable: true, type: Number })
  @ValidateIf((_o, v) => v !== null)
  @IsNumber({}, RULES)
  @Min(1, RULES)
  @Max(72, RULES)
  minFontPt!: number | null;

  @ApiProperty({ nullable: true, type: MarginsDto })
  @ValidateIf((_o, v) => v !== null)
  @IsObject(RULES)
  @ValidateNested()
  @Type(() => MarginsDto)
  minMarginsIn!: MarginsDto | null;

  @ApiProperty({ nullable: true, type: Number })
  @ValidateIf((_o, v) => v !== null)
  @IsInt(RULES)
  @Min(1, RULES)
  @Max(6, RULES)
  columns!: number | null;

  @ApiProperty({ nullable: true, type: Number })
  @ValidateIf((_o, v) => v !== null)
  @IsNumber({}, RULES)
  @Min(0.001, RULES)
  @Max(1000, RULES)
  maxFileMb!: number | null;

  @ApiProperty() @IsBoolean(RULES) requireEmbeddedFonts!: boolean;
}

/** PUT /api/{chair|cochair}/tracks/:trackId/checks (TrackChecks of @symposium/domain). */
export class TrackChecksDto {
  @ApiProperty({ type: FormatRulesDto })
  @IsObject(RULES)
  @ValidateNested()
  @Type(() => FormatRulesDto)
  submission!: FormatRulesDto;

  @ApiProperty({ type: FormatRulesDto })
  @IsObject(RULES)
  @ValidateNested()
  @Type(() => FormatRulesDto)
  cameraReady!: FormatRulesDto;

  @ApiProperty({ enum: CHECK_MODES }) @IsIn(CHECK_MODES, RULES) mode!: CheckMode;
  @ApiProperty() @IsBoolean(RULES) doubleBlind!: boolean;

  @ApiProperty({ minimum: 0.1, maximum: 1 })
  @IsNumber({}, { message: CHECK_MESSAGES.thresholdInvalid })
  @Min(0.1, { message: CHECK_MESSAGES.thresholdInvalid })
  @Max(1, { message: CHECK_MESSAGES.thresholdInvalid })
  duplicateThreshold!: number;
}

/** POST …/papers/:paperId/checks/:fileId/accept */
export class AcceptFindingDto {
  @ApiProperty({ enum: FINDING_CODES })
  @IsIn(FINDING_CODES, { message: CHECK_MESSAGES.findingNotFound })
  code!: FindingCode;

  @ApiProperty({ maxLength: CHECK_REASON_MAX })
  @IsString({ message: CHECK_MESSAGES.acceptReasonRequired })
  @MaxLength(CHECK_REASON_MAX, { message: CHECK_MESSAGES.reasonTooLong })
  reason!: string;
}

/** POST …/checks/duplicates/:pairId/dismiss */
export class DismissPairDto {
  @ApiProperty({ maxLength: CHECK_REASON_MAX })
  @IsString({ message: CHECK_MESSAGES.dismissReasonRequired })
  @MaxLength(CHECK_REASON_MAX, { message: CHECK_MESSAGES.reasonTooLong })
  reason!: string;
}

/** GET …/checks/duplicates?dismissed= */
export class DuplicatesQueryDto {
  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Default false: the open pairs' })
  @Optional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  dismissed?: boolean;
}

/** POST /api/author/checks?track=&stage= */
export class PreflightQueryDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_INT32)
  track!: number;

  @ApiProperty({ enum: CHECK_STAGES })
  @IsIn(CHECK_STAGES, { message: CHECK_MESSAGES.stageInvalid })
  stage!: CheckStage;
}
