import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ActivityModule } from '../activity/activity.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { AuthorProfileController } from './author-profile.controller.js';
import { AuthorUsersController } from './author-users.controller.js';
import { ChairUsersController } from './chair-users.controller.js';
import { ChairUsersService } from './chair-users.service.js';
import { ProfileService } from './profile.service.js';
import { SessionTokens } from './session-tokens.service.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/**
 * The people: accounts, roles, profiles and the session version their tokens carry (SessionTokens
 * issues the tokens; the auth module signs people in and checks every request).
 */
@Module({
  imports: [
    ActivityModule,
    OutboxModule,
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
  controllers: [AuthorUsersController, AuthorProfileController, ChairUsersController],
  providers: [UsersRepository, UsersService, ChairUsersService, ProfileService, SessionTokens],
  exports: [UsersService, SessionTokens, JwtModule],
})
export class UsersModule {}
