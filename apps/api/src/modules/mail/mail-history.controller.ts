import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiParam,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { EmailDto, SendResponse } from '@symposium/domain';
import type { Response } from 'express';
import { IdParam } from '../../common/id-param.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { contentRange } from '../../common/report-params.js';
import {
  EmailDoc,
  MailListDto,
  MailResendDto,
  ResendOneResultDoc,
  ResendResultDoc,
} from './dto/mail-history.dto.js';
import {
  MailSendRequestDoc,
  PaperRecipientsDoc,
  SendResponseDoc,
  UserRecipientsDoc,
} from './dto/send.dto.js';
import { MailHistoryErrors } from './mail-history.errors.js';
import { MailHistoryService } from './mail-history.service.js';
import { MailSendService } from './mail-send.service.js';

/** Only whole ids reach the handlers: /mail/preview and /mail/resend are other routes, never a mailId. */
const MailId = () => IdParam('mailId', MailHistoryErrors.notFound);

/**
 * §7 Mail under /api/{chair|cochair}/mail: the history (list, one message, resend one or every failed one)
 * and, when the body has recipients, a send (MailSendService). Track chairs reach only what they sent.
 */
@ApiTags('mail')
@ApiExtraModels(MailListDto, MailSendRequestDoc, PaperRecipientsDoc, UserRecipientsDoc)
@Controller(managedPaths('mail'))
export class MailHistoryController {
  constructor(
    private readonly history: MailHistoryService,
    private readonly sends: MailSendService,
  ) {}

  /**
   * { cp, pg, filter } → EmailDto[] newest first (200), the total in Content-Range ("emails 0-99/1234") and
   * X-Total-Count. A body with `recipients` is a send (SendRequest) → SendResponse (201).
   */
  @Post()
  @ApiBody({
    description: 'A history query (MailListDto), or a send (SendRequest: a body with recipients)',
    schema: { oneOf: [{ $ref: getSchemaPath(MailListDto) }, { $ref: getSchemaPath(MailSendRequestDoc) }] },
  })
  @ApiOkResponse({
    type: [EmailDoc],
    description: 'The history page, newest first; the total in Content-Range and X-Total-Count',
  })
  @ApiCreatedResponse({ type: SendResponseDoc, description: 'A send (the body had recipients): queued' })
  async listOrSend(
    @Body() body: unknown,
    @Scope() caller: CallerScope,
    @Res({ passthrough: true }) res: Response,
  ): Promise<EmailDto[] | SendResponse> {
    if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'recipients' in body) {
      const sent = await this.sends.send(caller.user, caller.prefix, body);
      res.status(201);
      return sent;
    }
    const { count, data, first } = await this.history.list(caller.user, caller.prefix, body);
    res.status(200);
    res.setHeader('Content-Range', contentRange('emails', first, data.length, count));
    res.setHeader('X-Total-Count', String(count));
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count');
    return data;
  }

  /** { filter } → every failed message of the filter queued again → { message, count }. */
  @Post('resend')
  @HttpCode(200)
  @ApiBody({ type: MailResendDto })
  @ApiOkResponse({ type: ResendResultDoc })
  resendAll(
    @Body() body: unknown,
    @Scope() caller: CallerScope,
  ): Promise<{ message: string; count: number }> {
    return this.history.resendAll(caller.user, caller.prefix, body);
  }

  @Get(':mailId')
  @ApiParam({ name: 'mailId', type: Number })
  @ApiOkResponse({ type: EmailDoc })
  get(@MailId() id: number, @Scope() caller: CallerScope): Promise<EmailDto> {
    return this.history.get(caller.user, caller.prefix, id);
  }

  /** A failed message queued again (attempts kept, due now); 409 when it is not failed. */
  @Post(':mailId/resend')
  @HttpCode(200)
  @ApiParam({ name: 'mailId', type: Number })
  @ApiOkResponse({ type: ResendOneResultDoc })
  resendOne(
    @MailId() id: number,
    @Scope() caller: CallerScope,
  ): Promise<{ message: string; count: number; email: EmailDto }> {
    return this.history.resendOne(caller.user, caller.prefix, id);
  }
}
