import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { managedTracks } from '@symposium/domain';
import type { Request } from 'express';
import { rolePrefixOf, type AuthUser } from './auth-user.js';

/**
 * The one way to declare a route that chairs and track chairs share: one controller served under both
 * prefixes, `@Controller(managedPaths('papers'))` → /api/chair/papers and /api/cochair/papers, whose
 * handlers take `@Scope() caller: CallerScope`. The global guard has already checked that the caller may
 * use the prefix of the path; the scope then limits every query and every object to the caller's tracks.
 * A route only chairs may use lives in a controller of its own under 'chair/...'.
 */
export const managedPaths = (resource: string): string[] => [`chair/${resource}`, `cochair/${resource}`];

export interface CallerScope {
  prefix: 'chair' | 'cochair';
  /** Tracks the caller manages under this prefix; null = every track (chairs and admins). */
  scope: number[] | null;
  user: AuthUser;
}

/** The role prefix of a chair/cochair route and the tracks the caller manages under it. */
export const Scope = createParamDecorator((_data: unknown, ctx: ExecutionContext): CallerScope => {
  const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
  const prefix: 'chair' | 'cochair' = rolePrefixOf(req.path) === 'cochair' ? 'cochair' : 'chair';
  const user = req.user!;
  return { prefix, scope: managedTracks(user.roles, prefix), user };
});
