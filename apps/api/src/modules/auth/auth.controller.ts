import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { LoginResponse } from '@symposium/domain';
import type { Request, Response } from 'express';
import { CSRF_COOKIE, CurrentUser, Public, TOKEN_COOKIE, type AuthUser } from '../../common/auth-user.js';
import { MessageDoc, OkDoc } from '../../common/openapi-docs.js';
import { setSessionCookies } from '../../common/session-cookies.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { tokenOf } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import {
  ForgotPasswordDto,
  LoginDto,
  LoginResponseDoc,
  ResetPasswordDto,
  SignupDto,
} from './dto/auth.dto.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('signup')
  @ApiCreatedResponse({ type: LoginResponseDoc })
  async signup(@Body() dto: SignupDto, @Res({ passthrough: true }) res: Response): Promise<LoginResponse> {
    return this.withCookies(res, await this.auth.signup(dto));
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResponseDoc })
  async login(
    @Body() dto: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    return this.withCookies(res, await this.auth.login(dto.email, dto.password, req.ip ?? 'unknown'));
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  @ApiOkResponse({ type: OkDoc })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ ok: true }> {
    await this.auth.logout(tokenOf(req));
    res.clearCookie(TOKEN_COOKIE, { path: '/' });
    res.clearCookie(CSRF_COOKIE, { path: '/' });
    return { ok: true };
  }

  @Public()
  @Post('password/forgot')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDoc })
  forgot(@Body() dto: ForgotPasswordDto, @Req() req: Request): Promise<{ message: string }> {
    return this.auth.forgotPassword(dto.email, req.ip ?? 'unknown');
  }

  @Public()
  @Post('password/reset')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDoc })
  reset(@Body() dto: ResetPasswordDto): Promise<{ message: string }> {
    return this.auth.resetPassword(dto.token, dto.password);
  }

  /** Ends an impersonation and returns to the chair's own session. */
  @Post('impersonation/stop')
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResponseDoc })
  async stopImpersonation(
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    return this.withCookies(res, await this.auth.stopImpersonation(user.impersonatorId, user.id));
  }

  private withCookies(res: Response, session: LoginResponse): LoginResponse {
    return setSessionCookies(res, session, this.config.publicUrl);
  }
}
