import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { EmailSettingsDto } from '@symposium/domain';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { ConferenceEmailSettingsDto, TrackChairEmailSettingsDto } from './dto/email-settings.dto.js';
import { EmailSettingsService } from './email-settings.service.js';

/** /EditEmailSettings for chairs: the conference's sending. */
@ApiTags('mail')
@Controller('chair/emailSettings')
export class ChairMailSettingsController {
  constructor(private readonly settings: EmailSettingsService) {}

  @Get()
  get(): Promise<EmailSettingsDto> {
    return this.settings.conferenceSettings();
  }

  @Put()
  update(@Body() body: ConferenceEmailSettingsDto): Promise<EmailSettingsDto> {
    return this.settings.updateConference(body);
  }

  @Post('test')
  @HttpCode(200)
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
  get(@CurrentUser() user: AuthUser): Promise<EmailSettingsDto> {
    return this.settings.trackChairSettings(user.id);
  }

  @Put()
  update(@CurrentUser() user: AuthUser, @Body() body: TrackChairEmailSettingsDto): Promise<EmailSettingsDto> {
    return this.settings.updateTrackChair(user.id, body);
  }

  @Post('test')
  @HttpCode(200)
  test(@CurrentUser() user: AuthUser): Promise<{ message: string }> {
    return this.settings.sendTest(user, 'cochair');
  }
}
