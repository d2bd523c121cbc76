import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { UserRoles } from '@symposium/domain';

export interface AuthUser {
  id: number;
  email: string;
  roles: UserRoles;
  /** The chair's id while impersonating. */
  impersonatorId?: number;
}

export const IS_PUBLIC = 'isPublic';
/** Route open without signing in. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  const req = ctx.switchToHttp().getRequest<{ user?: AuthUser }>();
  if (!req.user) throw new Error('CurrentUser used on a public route');
  return req.user;
});

export const TOKEN_COOKIE = 'sym_token';
export const CSRF_COOKIE = 'sym_csrf';
export const CSRF_HEADER = 'x-csrf-token';
