import { Optional } from '../../../common/optional.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BULK_EDIT_FIELDS,
  MAX_INT32,
  MAX_OTHER_REGISTRATIONS,
  PAPER_FILTER_NAMES,
  PAPER_MAX_PAGE_SIZE,
  PAPER_PAGE_SIZE,
  PAPER_SORT_FIELDS,
  type ChairPaperUpdate,
} from '@symposium/domain';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNumber,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/*
 * The chair's paper bodies (contract: libs/domain paper-query.ts). Filters, sort, pages, ids and the bulk
 * value are declared here for the OpenAPI document and checked by paper-filters.ts / the service, which give
 * each problem its own message (400).
 */

export class PaperFilterDoc {
  @ApiProperty({ enum: PAPER_FILTER_NAMES }) name!: string;
  @ApiPropertyOptional({
    oneOf: [
      { type: 'number' },
      { type: 'array', items: { type: 'number' } },
      { type: 'boolean' },
      { type: 'string' },
      {
        type: 'object',
        properties: { from: { type: 'string', nullable: true }, to: { type: 'string', nullable: true } },
      },
    ],
    nullable: true,
    description:
      'track/status: id or ids; booleans: true/false; paperStatus: accepted|notAccepted|undecided; updatedAt: {from, to} ISO dates',
  })
  value?: unknown;
}

class PaperSortDoc {
  @ApiProperty({ enum: PAPER_SORT_FIELDS }) field!: string;
  @ApiProperty({ enum: ['asc', 'desc'] }) order!: string;
}

/** The filters and search of a selection (exports, bulk). */
export class PaperSelectionDto {
  @ApiPropertyOptional({ type: [PaperFilterDoc] }) @Allow() filters?: unknown;
  @ApiPropertyOptional({
    type: String,
    description: 'Title, author name or e-mail (contains), or a paper id',
  })
  @Allow()
  search?: unknown;
  @ApiPropertyOptional({ type: PaperSortDoc }) @Allow() sort?: unknown;
}

/** POST /api/{chair|cochair}/papers: the query. */
export class PaperQueryDto extends PaperSelectionDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1, description: '1-based page' })
  @Allow()
  cp?: unknown;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    default: PAPER_PAGE_SIZE,
    maximum: PAPER_MAX_PAGE_SIZE,
  })
  @Allow()
  pg?: unknown;
}
/** The query's body as the route takes it (fields checked by BodyFieldsPipe, not the global pipe). */
export type PaperQueryBody = Pick<PaperQueryDto, keyof PaperQueryDto>;

/** POST /export/xls and /export/html: the selected papers (ids) or those matching filters and search. */
export class PaperExportDto extends PaperSelectionDto {
  @ApiPropertyOptional({ type: [Number] }) @Allow() ids?: unknown;
}

/** POST /download: the selected papers. */
export class PaperIdsDto {
  @ApiProperty({ type: [Number] }) @Allow() ids?: unknown;
}

/** POST /bulk. */
export class BulkEditDto extends PaperExportDto {
  @ApiProperty({ enum: ['set', 'push'] }) @Allow() op?: unknown;
  @ApiProperty({ enum: Object.values(BULK_EDIT_FIELDS) }) @Allow() field?: unknown;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }], nullable: true })
  @Allow()
  value?: unknown;
}
/** The bulk body as the route takes it (fields checked by BodyFieldsPipe, values by the service). */
export type BulkEditBody = Pick<BulkEditDto, keyof BulkEditDto>;

/** An id: 1..2^31-1, or null. */
const NullableId = () => (target: object, key: string) => {
  ValidateIf((_o, v) => v !== null && v !== undefined)(target, key);
  Max(MAX_INT32)(target, key);
  Min(1)(target, key);
  IsInt()(target, key);
};

export class ChairAbstractDto {
  @ApiPropertyOptional() @Optional() @MaxLength(200_000) @IsString() text?: string;
}

export class ChairRegistrationDto {
  @ApiPropertyOptional({ type: Number, nullable: true }) @NullableId() author?: number | null;
  @ApiPropertyOptional() @Optional() @MaxLength(100) @IsString() id?: string;
  @ApiPropertyOptional({ type: Number, nullable: true })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @Max(1e12)
  @Min(0)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  amount?: number | null;
  @ApiPropertyOptional() @Optional() @MaxLength(2000) @IsString() extra?: string;
}

/** One of the other registrations (each needs an id, checked with the §5 rule by the service). */
export class ChairOtherRegistrationDto {
  @ApiPropertyOptional({ type: Number, nullable: true }) @NullableId() author?: number | null;
  @ApiProperty() @MaxLength(100) @IsString() id!: string;
  @ApiPropertyOptional({ type: Number, nullable: true })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @Max(1e12)
  @Min(0)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  amount?: number | null;
  @ApiPropertyOptional() @Optional() @MaxLength(2000) @IsString() extra?: string;
}

/** PUT /api/{chair|cochair}/papers/:paperId (ChairPaperUpdate); every field optional. */
export class ChairPaperUpdateDto implements ChairPaperUpdate {
  @ApiPropertyOptional() @Optional() @MaxLength(2000) @IsString() title?: string;
  @ApiPropertyOptional({ type: ChairAbstractDto })
  @Optional()
  @ValidateNested()
  @Type(() => ChairAbstractDto)
  abstract?: ChairAbstractDto;
  @ApiPropertyOptional() @Optional() @Max(MAX_INT32) @Min(1) @IsInt() track?: number;
  @ApiPropertyOptional({ type: Number, nullable: true }) @NullableId() primarySubjectArea?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) @NullableId() status?: number | null;
  @ApiPropertyOptional() @Optional() @MaxLength(10_000) @IsString() notes?: string;
  @ApiPropertyOptional({ description: 'false restores a deleted paper' })
  @Optional()
  @IsBoolean()
  isDeleted?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() submittedCameraReady?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() submittedPresentationReady?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() isCameraReady?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() isPresentationReady?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() acceptanceLetterEnabled?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() certificateEnabled?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() invitationLetterEnabled?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() authorViewReviewEnabled?: boolean;
  @ApiPropertyOptional({ type: ChairRegistrationDto, nullable: true })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @ValidateNested()
  @Type(() => ChairRegistrationDto)
  registration?: ChairRegistrationDto | null;
  @ApiPropertyOptional({
    type: [ChairOtherRegistrationDto],
    description: 'chairs only; the whole list, replacing the stored one',
  })
  @Optional()
  @ArrayMaxSize(MAX_OTHER_REGISTRATIONS)
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ChairOtherRegistrationDto)
  otherRegistrations?: ChairOtherRegistrationDto[];
}

/** POST /email/:paperId: a message to every author of the paper. */
export class ChairPaperEmailDto {
  @ApiProperty() @Optional() @MaxLength(500) @IsString() subject?: string;
  @ApiProperty() @Optional() @MaxLength(100_000) @IsString() text?: string;
}
