import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { managedTracks, type RolePrefix } from '@symposium/domain';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth-user.js';

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
