import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ActivityEntryDto, ActivityFilter } from '@symposium/domain';

/** For the API documentation; the body is checked by parseActivityFilter (its own 400 messages). */
export class ActivityFilterDto implements ActivityFilter {
  @ApiPropertyOptional({ description: "An action ('paper.submit') or a group ('paper')" })
  action?: string;
  @ApiPropertyOptional({ description: 'Contains, on the name or e-mail of the actor' })
  actor?: string;
  @ApiPropertyOptional()
  paperId?: number;
  @ApiPropertyOptional()
  trackId?: number;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD (UTC), inclusive' })
  from?: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD (UTC), inclusive' })
  to?: string;
}

export class ActivityQueryDto {
  @ApiPropertyOptional({ description: 'Page, from 1' })
  cp?: number;
  @ApiPropertyOptional({ description: 'Page size (at most 100)' })
  pg?: number;
  @ApiPropertyOptional({ type: ActivityFilterDto })
  filter?: ActivityFilterDto;
}

export class ActivityExportDto {
  @ApiPropertyOptional({ type: ActivityFilterDto })
  filter?: ActivityFilterDto;
}

class ActivityPersonDoc {
  @ApiProperty() _id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
}

/** One entry of the activity log (ActivityEntryDto of libs/domain), for the API documentation. */
export class ActivityEntryDoc implements ActivityEntryDto {
  @ApiProperty() _id!: number;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty() action!: string;
  @ApiProperty() summary!: string;
  @ApiProperty({ type: ActivityPersonDoc, nullable: true }) actor!: ActivityPersonDoc | null;
  @ApiProperty({ type: ActivityPersonDoc, nullable: true, description: 'The chair behind an impersonation' })
  impersonator!: ActivityPersonDoc | null;
  @ApiProperty({ type: Number, nullable: true }) subjectId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) paperId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) trackId!: number | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) details!: Record<string, unknown>;
}

/** POST /api/chair/activity: one page, newest first. */
export class ActivityPageDoc {
  @ApiProperty() count!: number;
  @ApiProperty({ type: [ActivityEntryDoc] }) data!: ActivityEntryDoc[];
}
