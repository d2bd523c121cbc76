import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { MAX_INT32 } from '@symposium/domain';
import type { Request } from 'express';
import { badRequest } from '../../common/errors.js';

/** A database id from a path parameter: 1..2^31-1 in plain digits, else 400 (never a 500 from the database). */
export function parseId(value: unknown, code: string, message: string): number {
  const n = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
  if (!(n <= MAX_INT32)) throw badRequest(code, message);
  return n;
}

/**
 * Reads an id path parameter raw (a custom decorator, so the global ValidationPipe cannot first turn
 * '1e3' into 1000 or 'abc' into NaN) and checks it with parseId.
 */
export const IdParam = createParamDecorator(
  (data: { name: string; code: string; message: string }, ctx: ExecutionContext): number =>
    parseId(ctx.switchToHttp().getRequest<Request>().params[data.name], data.code, data.message),
);

/** PostgreSQL error code of a failed query (drizzle wraps the driver's error as its cause). */
