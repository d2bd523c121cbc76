import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type PreviewResponse } from '@symposium/domain';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import {
  MailPreviewRequestDoc,
  PaperRecipientsDoc,
  PreviewResponseDoc,
  UserRecipientsDoc,
} from './dto/send.dto.js';
import { MailSendService } from './mail-send.service.js';

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
