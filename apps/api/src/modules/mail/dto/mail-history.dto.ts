import { ApiPropertyOptional } from '@nestjs/swagger';
import { MAIL_STATES, type MailFilter, type MailState } from '@symposium/domain';

/** For the API documentation; the body is checked by parseMailFilter (its own 400 messages). */
export class MailFilterDto implements MailFilter {
  @ApiPropertyOptional({ enum: [...MAIL_STATES, ''] })
  state?: MailState | '';
  @ApiPropertyOptional({ description: 'Contains, on any address of to' })
  recipient?: string;
  @ApiPropertyOptional({ description: 'Contains' })
  subject?: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD (UTC), inclusive, on createdAt' })
  from?: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD (UTC), inclusive, on createdAt' })
  to?: string;
  @ApiPropertyOptional()
  sendId?: number;
}

/**
 * POST /api/{role}/mail: { cp, pg, filter } lists the history; a body with `recipients` is a send
 * (SendRequest, see MailSendService).
 */
export class MailListDto {
  @ApiPropertyOptional({ description: 'Page, from 1' })
  cp?: number;
  @ApiPropertyOptional({ description: 'Page size (at most 100)' })
  pg?: number;
  @ApiPropertyOptional({ type: MailFilterDto })
  filter?: MailFilterDto;
}

export class MailResendDto {
  @ApiPropertyOptional({ type: MailFilterDto })
  filter?: MailFilterDto;
}
