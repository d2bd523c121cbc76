import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MAIL_STATES,
  type DeliveryDay,
  type EmailDto,
  type MailFilter,
  type MailState,
} from '@symposium/domain';

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

/** One message of the history (EmailDto of libs/domain mail/mail.ts), for the API documentation. */
export class EmailDoc implements EmailDto {
  @ApiProperty() _id!: number;
  @ApiProperty({ description: 'What queued it (bulk, test, reminder, …)' }) kind!: string;
  @ApiProperty() subject!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ type: [String] }) to!: string[];
  @ApiProperty({ type: [String] }) cc!: string[];
  @ApiProperty({ type: [String] }) bc!: string[];
  @ApiProperty({ type: String, nullable: true }) replyTo!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sentAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ enum: MAIL_STATES }) state!: MailState;
  @ApiProperty() attempts!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The SMTP server’s last answer or the last error',
  })
  lastResponse!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) nextAttemptAt!: string | null;
  @ApiProperty({ type: Number, nullable: true }) sendId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) paperId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) createdBy!: number | null;
}

export class ResendResultDoc {
  @ApiProperty() message!: string;
  @ApiProperty() count!: number;
}

export class ResendOneResultDoc extends ResendResultDoc {
  @ApiProperty({ type: EmailDoc }) email!: EmailDoc;
}

/** GET /api/chair/activity/delivery: the outbox messages created on one UTC day, by state. */
export class DeliveryDayDoc implements DeliveryDay {
  @ApiProperty({ format: 'date', example: '2026-03-14' }) day!: string;
  @ApiProperty({ description: 'Waiting to be sent' }) queued!: number;
  @ApiProperty() sending!: number;
  @ApiProperty() sent!: number;
  @ApiProperty() failed!: number;
}
