import { ApiPropertyOptional } from '@nestjs/swagger';
import type { ActivityFilter } from '@symposium/domain';

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
