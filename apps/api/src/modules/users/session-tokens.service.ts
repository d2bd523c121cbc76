import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { LoginResponse } from '@symposium/domain';
import { toUserResponse } from './users.mapper.js';
import type { UserRow } from './users.service.js';

/**
 * sub: the user; sv: the user's session version when the token was issued (logout, password change,
 * lock, demotion and deletion change it, so every earlier token dies at once). While a chair
 * impersonates: imp is the chair's id and isv the chair's session version; both are checked.
 */
export interface TokenPayload {
  sub: number;
  sv: number;
  imp?: number;
  isv?: number;
}

/**
 * Session tokens: the users module owns the session version they carry, so it issues them (sign-in,
 * password change, impersonation); the auth module's guard verifies them.
 */
@Injectable()
export class SessionTokens {
  constructor(@Inject(JwtService) private readonly jwt: JwtService) {}

  issue(payload: TokenPayload): Promise<string> {
    return this.jwt.signAsync(payload);
  }

  /** A token for the user (carrying their session version); while impersonating, the chair's too. */
  async session(user: UserRow, impersonator?: UserRow): Promise<LoginResponse> {
    const payload: TokenPayload = { sub: user.id, sv: user.sessionVersion };
    if (impersonator) {
      payload.imp = impersonator.id;
      payload.isv = impersonator.sessionVersion;
    }
    return { accessToken: await this.issue(payload), user: toUserResponse(user) };
  }
}
