import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { RateLimiter } from './rate-limiter.service.js';

@Global()
@Module({
  imports: [
    UsersModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // A KeyObject, made once: given the secret as text, jsonwebtoken first tries (and fails) to read it
        // as a public key on every verify, ~2 ms of CPU per authenticated request.
        const key = createSecretKey(Buffer.from(config.jwtSecret));
        return { secretOrKeyProvider: () => key, signOptions: { expiresIn: '12h', algorithm: 'HS256' } };
      },
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, AuthRepository, RateLimiter, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AuthService, RateLimiter],
})
export class AuthModule {}
