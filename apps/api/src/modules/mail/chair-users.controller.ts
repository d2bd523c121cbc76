import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SEND_MESSAGES, type SendResponse } from '@symposium/domain';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { SendResponseDoc, UsersSendRequestDoc } from './dto/send.dto.js';
import { MailSendService } from './mail-send.service.js';
import { MailErrors } from './mail.errors.js';

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
