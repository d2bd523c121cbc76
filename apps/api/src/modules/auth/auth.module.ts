import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ActivityModule } from '../activity/activity.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { RateLimiter } from './rate-limiter.service.js';

/**
 * Signing in and out, sign-up, password reset, the end of an impersonation, the rate limits, and the
 * guard every request passes (APP_GUARD: it applies to every controller of the application). The tokens
 * it checks are issued by the users module, which also holds the JWT set-up.
 */
@Module({
  imports: [UsersModule, ActivityModule, OutboxModule],
  controllers: [AuthController],
  providers: [AuthService, AuthRepository, RateLimiter, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AuthService, RateLimiter],
})
export class AuthModule {}
