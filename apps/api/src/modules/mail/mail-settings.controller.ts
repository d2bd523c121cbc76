import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { EmailSettingsDto } from '@symposium/domain';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { MessageDoc } from '../../common/openapi-docs.js';
import {
  ConferenceEmailSettingsDto,
  EmailSettingsDoc,
  TrackChairEmailSettingsDto,
} from './dto/email-settings.dto.js';
import { EmailSettingsService } from './email-settings.service.js';

/** /EditEmailSettings for chairs: the conference's sending. */
@ApiTags('mail')
@Controller('chair/emailSettings')
export class ChairMailSettingsController {
  constructor(private readonly settings: EmailSettingsService) {}

  @Get()
  @ApiOkResponse({ type: EmailSettingsDoc })
  get(): Promise<EmailSettingsDto> {
    return this.settings.conferenceSettings();
  }

  @Put()
  @ApiOkResponse({ type: EmailSettingsDoc })
  update(@Body() body: ConferenceEmailSettingsDto): Promise<EmailSettingsDto> {
    return this.settings.updateConference(body);
  }

  @Post('test')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDoc, description: 'The test e-mail is queued' })
  test(@CurrentUser() user: AuthUser): Promise<{ message: string }> {
    return this.settings.sendTest(user, 'chair');
  }
}

/** A track chair's own sending (reply-to, signature); the rest is the conference's, read only. */
@ApiTags('mail')
@Controller('cochair/emailSettings')
export class TrackChairMailSettingsController {
  constructor(private readonly settings: EmailSettingsService) {}

  @Get()
  @ApiOkResponse({ type: EmailSettingsDoc })
  get(@CurrentUser() user: AuthUser): Promise<EmailSettingsDto> {
    return this.settings.trackChairSettings(user.id);
  }

  @Put()
  @ApiOkResponse({ type: EmailSettingsDoc })
  update(@CurrentUser() user: AuthUser, @Body() body: TrackChairEmailSettingsDto): Promise<EmailSettingsDto> {
    return this.settings.updateTrackChair(user.id, body);
  }

  @Post('test')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDoc, description: 'The test e-mail is queued' })
  test(@CurrentUser() user: AuthUser): Promise<{ message: string }> {
    return this.settings.sendTest(user, 'cochair');
  }
}
