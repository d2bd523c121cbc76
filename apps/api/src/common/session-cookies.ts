import type { LoginResponse } from '@symposium/domain';
import type { Response } from 'express';
import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE, TOKEN_COOKIE } from './auth-user.js';

const SESSION_MS = 12 * 60 * 60 * 1000;

/** Sets the httpOnly session cookie and the readable CSRF cookie (double submit). */
export function setSessionCookies(res: Response, session: LoginResponse, publicUrl: string): LoginResponse {
  const secure = publicUrl.startsWith('https://');
  res.cookie(TOKEN_COOKIE, session.accessToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_MS,
  });
  res.cookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_MS,
  });
  return session;
}
