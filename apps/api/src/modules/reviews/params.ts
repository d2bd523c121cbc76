import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { managedTracks, MAX_INT32, type RolePrefix } from '@symposium/domain';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth-user.js';
import { badRequest, notFound } from '../../common/errors.js';

type ErrorKind = 'notFound' | 'badRequest';

/**
 * An id path parameter read raw: 1..2^31-1 in plain digits. Anything else is an object that does not exist
 * (404 with the message of a missing one), or a 400 for ids the caller must name correctly.
 */
export const IdParam = createParamDecorator(
  (
    data: { name: string; code: string; message: string; kind?: ErrorKind },
    ctx: ExecutionContext,
  ): number => {
    const value = ctx.switchToHttp().getRequest<Request>().params[data.name];
    const n = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (!(n <= MAX_INT32))
      throw (data.kind ?? 'notFound') === 'notFound'
        ? notFound(data.code, data.message)
        : badRequest(data.code, data.message);
    return n;
  },
);

export interface CallerScope {
  prefix: 'chair' | 'cochair';
  /** Tracks the caller manages under this prefix; null = every track. */
  scope: number[] | null;
  user: AuthUser;
}

/** The role prefix of a chair/cochair route and the tracks the caller manages under it. */
export const Scope = createParamDecorator((_data: unknown, ctx: ExecutionContext): CallerScope => {
  const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
  const prefix: 'chair' | 'cochair' = /^\/api\/cochair\//.test(req.path) ? 'cochair' : 'chair';
  const user = req.user!;
  return { prefix, scope: managedTracks(user.roles, prefix as RolePrefix), user };
});
