import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { RolePrefix, UserRoles } from '@symposium/domain';

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

const ROLE_PREFIX = /^\/api\/(author|reviewer|chair|cochair|session)(\/|$)/;

/** The role prefix of an API path (/api/{role}/...), the one the guard checks; undefined for other paths. */
export function rolePrefixOf(path: string): RolePrefix | undefined {
  return ROLE_PREFIX.exec(path)?.[1] as RolePrefix | undefined;
}
