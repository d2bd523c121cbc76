import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import {
  MAIL_PAGE_SIZE,
  MAX_SUBJECT_LENGTH,
  MAX_TEXT_LENGTH,
  PAPER_RECIPIENTS,
  type PaperFilter,
  type PaperRecipients,
  type PreviewResponse,
  type RenderedMessage,
  type SendRequest,
  type SendResponse,
  type UserFilter,
} from '@symposium/domain';
import { PaperFilterDoc } from '../../papers/dto/chair-papers.dto.js';
import { FilterDoc } from '../../users/dto/chair-users.dto.js';

/*
 * The OpenAPI schemas of a send (SendRequest, PreviewResponse, SendResponse of libs/domain mail/mail.ts).
 * Documentation only: each class implements its domain type, so the two cannot drift apart; the bodies are
 * checked by parseSendRequest (dto/send-request.ts), which gives each problem its own message (400).
 */

export class PaperRecipientsDoc {
  @ApiProperty({ enum: ['papers'] }) kind!: 'papers';
  @ApiProperty({ enum: PAPER_RECIPIENTS }) who!: PaperRecipients;
  @ApiPropertyOptional({ type: [PaperFilterDoc], description: 'The paper lists’ filters; ignored with ids' })
  filters?: PaperFilter[];
  @ApiPropertyOptional() search?: string;
  @ApiPropertyOptional({ type: [Number], description: 'Paper ids' }) ids?: number[];
}

export class UserRecipientsDoc {
  @ApiProperty({ enum: ['users'] }) kind!: 'users';
  @ApiPropertyOptional({ type: [FilterDoc], description: 'The user list’s filters; ignored with ids' })
  filters?: UserFilter[];
  @ApiPropertyOptional({ type: [Number], description: 'User ids' }) ids?: number[];
}

const RECIPIENTS = {
  oneOf: [{ $ref: getSchemaPath(PaperRecipientsDoc) }, { $ref: getSchemaPath(UserRecipientsDoc) }],
  description: 'kind papers: the people of papers; kind users: users',
};

/** The fields every send and preview share. */
class SendFieldsDoc {
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'A template: its subject and text are used when subject/text are absent',
  })
  emailId?: number | null;
  @ApiPropertyOptional({ maxLength: MAX_SUBJECT_LENGTH }) subject?: string;
  @ApiPropertyOptional({ maxLength: MAX_TEXT_LENGTH }) text?: string;
  @ApiPropertyOptional({ type: [String], maxItems: 100 }) cc?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: 100 }) bc?: string[];
  @ApiPropertyOptional() replyTo?: string;
  @ApiPropertyOptional({ type: [String], description: 'Message keys of the preview left out of the send' })
  exclude?: string[];
}

/** POST /api/{role}/mail/preview: the send's fields, any recipients, a page of the rendered messages. */
export class MailPreviewRequestDoc extends SendFieldsDoc implements SendRequest {
  @ApiProperty(RECIPIENTS) recipients!: SendRequest['recipients'];
  @ApiPropertyOptional({ maxLength: 200, description: 'Not needed for a preview' }) idempotencyKey?: string;
  @ApiPropertyOptional({ default: 1, minimum: 1, description: 'Page of the rendered messages, from 1' })
  cp?: number;
  @ApiPropertyOptional({ default: MAIL_PAGE_SIZE, minimum: 1, maximum: MAIL_PAGE_SIZE }) pg?: number;
}

/** POST /api/{role}/mail with recipients: a send; the idempotency key is required. */
export class MailSendRequestDoc extends SendFieldsDoc implements SendRequest {
  @ApiProperty(RECIPIENTS) recipients!: SendRequest['recipients'];
  @ApiProperty({
    maxLength: 200,
    description: 'One per compose: the same key sent twice queues one set of messages (400 without it)',
  })
  idempotencyKey!: string;
}

/** POST /api/{role}/users/sendEmailstoUsers: a send to users. */
export class UsersSendRequestDoc extends SendFieldsDoc implements SendRequest {
  @ApiProperty({ type: UserRecipientsDoc }) recipients!: UserRecipientsDoc;
  @ApiProperty({ maxLength: 200, description: 'One per compose (400 without it)' }) idempotencyKey!: string;
}

export class SendResponseDoc implements SendResponse {
  @ApiProperty({ enum: ['ok'] }) result!: 'ok';
  @ApiProperty({ description: 'Messages queued (or queued earlier under the same key)' }) count!: number;
  @ApiProperty() sendId!: number;
  @ApiProperty({ description: 'true when this idempotency key was queued before' }) repeated!: boolean;
}

class MessageToDoc {
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
}

export class RenderedMessageDoc implements RenderedMessage {
  @ApiProperty({ description: '`${userId}` or `${userId}:${paperId}`' }) key!: string;
  @ApiProperty() userId!: number;
  @ApiProperty({ type: Number, nullable: true }) paperId!: number | null;
  @ApiProperty({ type: MessageToDoc }) to!: MessageToDoc;
  @ApiProperty() subject!: string;
  @ApiProperty() text!: string;
}

class SkippedDoc extends MessageToDoc {
  @ApiProperty() userId!: number;
}

class RenderErrorDoc {
  @ApiProperty() key!: string;
  @ApiProperty() email!: string;
  @ApiProperty() message!: string;
}

export class PreviewResponseDoc implements PreviewResponse {
  @ApiProperty({ description: 'Messages that would be queued' }) count!: number;
  @ApiProperty() excluded!: number;
  @ApiProperty({ type: [SkippedDoc], description: 'Notify option off' }) skipped!: SkippedDoc[];
  @ApiProperty({ type: [RenderErrorDoc], description: 'The send is refused while there are any' })
  errors!: RenderErrorDoc[];
  @ApiProperty() duplicates!: number;
  @ApiProperty({ type: [String] }) cc!: string[];
  @ApiProperty({ type: [String] }) bc!: string[];
  @ApiProperty() replyTo!: string;
  @ApiProperty({ type: [RenderedMessageDoc] }) page!: RenderedMessageDoc[];
  @ApiProperty() cp!: number;
  @ApiProperty() pg!: number;
}
