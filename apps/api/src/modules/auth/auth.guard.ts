import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { canUsePrefix, isChairLike, MAX_INT32 } from '@symposium/domain';
import type { Request } from 'express';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  IS_PUBLIC,
  rolePrefixOf,
  TOKEN_COOKIE,
  type AuthUser,
} from '../../common/auth-user.js';
import { Batcher } from '../../common/batcher.js';
import { rolesOf } from '../users/users.mapper.js';
import type { TokenPayload } from '../users/session-tokens.service.js';
import { UsersService } from '../users/users.service.js';
import { AuthErrors } from './auth.errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Global guard: authenticates by Bearer token or cookie (cookie writes need the CSRF header), refuses
 * locked users, and checks the route's role prefix against the caller's roles (one permission map).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  /**
   * The callers' user rows (only the columns the check reads), read for concurrent requests together (one
   * statement for a batch of ids): a request's lookup starts after it arrived, so a logout or lock committed
   * before is always seen.
   */
  private readonly sessionUsers = new Batcher(async (ids: number[]) => {
    const rows = new Map((await this.users.sessionUsers(ids)).map((r) => [r.id, r]));
    return ids.map((id) => rows.get(id));
  });

  constructor(
    private readonly reflector: Reflector,
    @Inject(JwtService) private readonly jwt: JwtService,
    private readonly users: UsersService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.isPublic(context)) return true;
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const token = this.tokenOf(req);
    if (!token) throw AuthErrors.unauthenticated();
    let payload: TokenPayload;
    try {
      payload = await this.jwt.verifyAsync<TokenPayload>(token);
    } catch {
      throw AuthErrors.unauthenticated();
    }
    // One indexed lookup (shared with concurrent requests): the user, and while impersonating the chair too.
    // A validly signed token whose ids are not database ids ('abc', an object, 2^40) names nobody: 401.
    const sub = tokenId(payload.sub);
    const imp = payload.imp === undefined ? undefined : tokenId(payload.imp);
    if (sub === undefined || (payload.imp !== undefined && imp === undefined))
      throw AuthErrors.unauthenticated();
    const [row, chair] = await Promise.all([
      this.sessionUsers.load(sub),
      imp === undefined ? undefined : this.sessionUsers.load(imp),
    ]);
    if (!row) throw AuthErrors.unauthenticated();
    if (row.lockStatus) throw AuthErrors.locked();
    if (row.sessionVersion !== payload.sv) throw AuthErrors.unauthenticated();
    const user: AuthUser = { id: row.id, email: row.email, roles: rolesOf(row) };
    if (imp !== undefined) {
      // Impersonation lives only as long as the chair's own right to it.
      if (!chair || chair.lockStatus || !isChairLike(rolesOf(chair)) || chair.sessionVersion !== payload.isv)
        throw AuthErrors.unauthenticated();
      user.impersonatorId = chair.id;
    }
    req.user = user;
    const prefix = rolePrefixOf(req.path);
    if (prefix && !canUsePrefix(user.roles, prefix)) throw AuthErrors.forbidden();
    return true;
  }

  /** @Public() on the handler or its controller, looked up once per route (metadata never changes). */
  private readonly publicRoutes = new WeakMap<object, WeakMap<object, boolean>>();
  private isPublic(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    const controller = context.getClass();
    let byHandler = this.publicRoutes.get(controller);
    if (!byHandler) this.publicRoutes.set(controller, (byHandler = new WeakMap()));
    let isPublic = byHandler.get(handler);
    if (isPublic === undefined) {
      isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, controller]) === true;
      byHandler.set(handler, isPublic);
    }
    return isPublic;
  }

  private tokenOf(req: Request): string | undefined {
    const token = tokenOf(req);
    if (token && !req.headers.authorization?.startsWith('Bearer ') && !SAFE_METHODS.has(req.method)) {
      const cookies = (req as Request & { cookies?: Record<string, string> }).cookies ?? {};
      const sent = req.headers[CSRF_HEADER];
      if (!sent || sent !== cookies[CSRF_COOKIE]) throw AuthErrors.csrf();
    }
    return token;
  }
}

/** The session token of a request: the Bearer header, else the session cookie. */
export function tokenOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const cookies = (req as Request & { cookies?: Record<string, string> }).cookies ?? {};
  return cookies[TOKEN_COOKIE] || undefined;
}

/** A user id as tokens carry it (a number; a digit string from older tokens), or undefined. */
export function tokenId(value: unknown): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_INT32 ? n : undefined;
}
