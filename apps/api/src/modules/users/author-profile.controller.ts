import { Body, Controller, Get, Inject, Put, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { LoginResponse, ProfileDto } from '@symposium/domain';
import type { Response } from 'express';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { setSessionCookies } from '../../common/session-cookies.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { LoginResponseDoc } from './dto/user.dto.js';
import { ChangePasswordDto, ProfileDoc, UpdateProfileDto } from './dto/profile.dto.js';
import { ProfileService } from './profile.service.js';

/** The signed-in person's own profile (author app /Profile). */
@ApiTags('users')
@Controller('author/profile')
export class AuthorProfileController {
  constructor(
    private readonly profile: ProfileService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOkResponse({ type: ProfileDoc })
  get(@CurrentUser() user: AuthUser): Promise<ProfileDto> {
    return this.profile.get(user);
  }

  @Put()
  @ApiOkResponse({ type: ProfileDoc })
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<ProfileDto> {
    return this.profile.update(user, dto);
  }

  /** Answers a fresh session (cookies too): the password change ends every earlier one. */
  @Put('password')
  @ApiOkResponse({ type: LoginResponseDoc })
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body() dto: ChangePasswordDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    return setSessionCookies(res, await this.profile.changePassword(user, dto), this.config.publicUrl);
  }
}
