import { Optional } from '../../../common/optional.js';
import { ContactDto } from './contact.dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  FILTER_OPERATORS,
  MAX_INT32,
  PAGE_SIZE,
  USER_FILTER_FIELDS,
  USER_FILTER_MESSAGES,
  type UserFilter,
  type UserFilterField,
} from '@symposium/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

const MAX_LIST = 1000;

export class FlagRoleDto {
  @ApiProperty() @IsBoolean() is!: boolean;
}

/** A track role; `is` is recomputed on the server (true exactly when tracks is non-empty). */
export class TrackRoleDto {
  @ApiPropertyOptional() @Optional() @IsBoolean() is?: boolean;
  @ApiProperty({ type: [Number] })
  @IsArray()
  @ArrayMaxSize(MAX_LIST)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_INT32, { each: true })
  tracks!: number[];
}

export class ReviewerRoleDto extends TrackRoleDto {
  @ApiPropertyOptional() @Optional() @IsInt() @Min(0) @Max(MAX_INT32) count?: number;
}

export class SessionChairRoleDto {
  @ApiProperty({ type: [Number] })
  @IsArray()
  @ArrayMaxSize(MAX_LIST)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_INT32, { each: true })
  sessions!: number[];
}

/** UserRoles of libs/domain; each part optional (missing parts keep their current value). */
export class RolesDto {
  @ApiPropertyOptional() @Optional() @ValidateNested() @Type(() => FlagRoleDto) admin?: FlagRoleDto;
  @ApiPropertyOptional() @Optional() @ValidateNested() @Type(() => FlagRoleDto) chair?: FlagRoleDto;
  @ApiPropertyOptional() @Optional() @ValidateNested() @Type(() => TrackRoleDto) coChair?: TrackRoleDto;
  @ApiPropertyOptional()
  @Optional()
  @ValidateNested()
  @Type(() => ReviewerRoleDto)
  reviewer?: ReviewerRoleDto;
  @ApiPropertyOptional()
  @Optional()
  @ValidateNested()
  @Type(() => SessionChairRoleDto)
  sessionChair?: SessionChairRoleDto;
}

/** RegisterUser: a chair creates an account; the password is generated and e-mailed. */
export class CreateUserDto extends ContactDto {
  @ApiPropertyOptional({ type: RolesDto })
  @Optional()
  @ValidateNested()
  @Type(() => RolesDto)
  roles?: RolesDto;
}

export class LockDto {
  @ApiProperty() @IsBoolean() status!: boolean;
}

/** Any of: contact information, roles, lock, notify, resetPassword. */
export class UpdateUserDto extends CreateUserDto {
  @ApiPropertyOptional({ type: LockDto }) @Optional() @ValidateNested() @Type(() => LockDto) lock?: LockDto;
  @ApiPropertyOptional() @Optional() @IsBoolean() notify?: boolean;
  /** true: generate a new 10-character password, store its hash and e-mail it. */
  @ApiPropertyOptional() @Optional() @IsBoolean() resetPassword?: boolean;
}

export class SortDto {
  @ApiProperty({ enum: USER_FILTER_FIELDS })
  @IsIn(USER_FILTER_FIELDS, { message: USER_FILTER_MESSAGES.invalidSort })
  field!: UserFilterField;
  @ApiProperty({ enum: ['asc', 'desc'] })
  @IsIn(['asc', 'desc'], { message: USER_FILTER_MESSAGES.invalidSort })
  order!: 'asc' | 'desc';
}

export class FilterDoc implements UserFilter {
  @ApiProperty() name!: string;
  @ApiProperty({ enum: FILTER_OPERATORS }) operator!: UserFilter['operator'];
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] })
  value?: string | number | boolean | null;
}

/** Filters are checked by parseUserFilters of @symposium/domain (400 'Invalid filter'). */
export class ExportUsersDto {
  @ApiPropertyOptional({ type: [FilterDoc] })
  @Optional()
  @IsArray({ message: USER_FILTER_MESSAGES.invalid })
  @ArrayMaxSize(100, { message: USER_FILTER_MESSAGES.invalid })
  filters?: unknown[];
  @ApiPropertyOptional({ type: SortDto }) @Optional() @ValidateNested() @Type(() => SortDto) sort?: SortDto;
  @ApiPropertyOptional() @Optional() @MaxLength(200) @IsString() search?: string;
}

export class QueryUsersDto extends ExportUsersDto {
  /** Page, 1-based. */
  @ApiPropertyOptional({ default: 1 }) @Optional() @IsInt() @Min(1) @Max(1_000_000) cp?: number;
  /** Page size; at most (and by default) 100. */
  @ApiPropertyOptional({ default: PAGE_SIZE }) @Optional() @IsInt() @Min(1) @Max(MAX_INT32) pg?: number;
}

export class SearchUsersDto {
  @ApiPropertyOptional() @Optional() @MaxLength(320) @IsString() email?: string;
  @ApiPropertyOptional() @Optional() @MaxLength(200) @IsString() firstName?: string;
  @ApiPropertyOptional() @Optional() @MaxLength(200) @IsString() lastName?: string;
}
