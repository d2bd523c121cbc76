import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../common/errors.js';

export const AUTH_MESSAGES = {
  signIn: 'Please sign in',
  locked: 'Your account is locked. Please contact the conference chair.',
  csrf: 'Missing or invalid CSRF token',
  prefix: 'You do not have access to this area',
} as const;

export const LOGIN_MESSAGES = {
  invalid: 'Wrong e-mail or password',
  rateLimited: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  forgotSent: 'If this e-mail address has an account, a password reset link has been sent to it.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  resetDone: 'Your password has been changed. You can sign in now.',
  forgotRateLimited: 'Too many password reset requests. Please wait 15 minutes and try again.',
} as const;

/** The error codes of the auth module. */
export const AuthErrors = {
  unauthenticated: () => unauthorized('auth.unauthenticated', AUTH_MESSAGES.signIn),
  locked: () => unauthorized('auth.locked', AUTH_MESSAGES.locked),
  forbidden: () => forbidden('auth.forbidden', AUTH_MESSAGES.prefix),
  csrf: () => forbidden('auth.csrf', AUTH_MESSAGES.csrf),
  invalidCredentials: () => unauthorized('auth.invalid_credentials', LOGIN_MESSAGES.invalid),
  rateLimited: () => tooManyRequests('auth.rate_limited', LOGIN_MESSAGES.rateLimited),
  forgotRateLimited: () => tooManyRequests('auth.forgot_rate_limited', LOGIN_MESSAGES.forgotRateLimited),
  resetInvalid: () => badRequest('auth.reset_invalid', LOGIN_MESSAGES.resetInvalid),
  notImpersonating: () => badRequest('auth.not_impersonating', 'You are not impersonating anyone'),
} as const;
