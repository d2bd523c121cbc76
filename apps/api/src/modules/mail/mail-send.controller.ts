import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SEND_MESSAGES, type PreviewResponse, type SendResponse } from '@symposium/domain';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import {
  MailPreviewRequestDoc,
  PaperRecipientsDoc,
  PreviewResponseDoc,
  SendResponseDoc,
  UserRecipientsDoc,
  UsersSendRequestDoc,
} from './dto/send.dto.js';
import { MailSendService } from './mail-send.service.js';
import { MailErrors } from './mail.errors.js';

/**
 * POST /api/{role}/mail/preview: every message of a send rendered, one page returned. A static path: this
 * controller is registered before the history's /mail/:mailId.
 */
@ApiTags('mail')
@ApiExtraModels(PaperRecipientsDoc, UserRecipientsDoc)
@Controller(managedPaths('mail'))
export class MailPreviewController {
  constructor(private readonly sends: MailSendService) {}

  @Post('preview')
  @HttpCode(200)
  @ApiBody({ type: MailPreviewRequestDoc, description: 'SendRequest (libs/domain mail/mail.ts) with cp, pg' })
  @ApiOkResponse({ type: PreviewResponseDoc })
  preview(@Body() body: unknown, @Scope() caller: CallerScope): Promise<PreviewResponse> {
    return this.sends.preview(caller.user, caller.prefix, body);
  }
}

/** POST /api/{role}/users/sendEmailstoUsers: a send to a filtered (or picked) user list. */
@ApiTags('mail')
@Controller(managedPaths('users'))
export class UsersMailController {
  constructor(private readonly sends: MailSendService) {}

  @Post('sendEmailstoUsers')
  @HttpCode(200)
  @ApiBody({ type: UsersSendRequestDoc, description: 'SendRequest (libs/domain mail/mail.ts) to users' })
  @ApiOkResponse({ type: SendResponseDoc })
  send(@Body() body: unknown, @Scope() caller: CallerScope): Promise<SendResponse> {
    const recipients = (body as { recipients?: { kind?: unknown } } | null)?.recipients;
    if (recipients?.kind !== 'users') throw MailErrors.sendInvalid('recipients', SEND_MESSAGES.recipients);
    return this.sends.send(caller.user, caller.prefix, body);
  }
}
