import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { MAX_INT32 } from '@symposium/domain';
import type { Request } from 'express';

/**
 * The one rule for a database id in a path parameter: 1..2^31-1 written in plain digits. Anything else
 * ('abc', '0', '-1', '1e3', '1.0', '0x10', '99999999999') names no object, so it answers exactly like a
 * missing one: the caller's `missing()` error (a 404 with the object's own message). Never a 500 from the
 * database, and never a different answer that would tell a malformed id from an absent or forbidden one.
 */
export function toDbId(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
  return n <= MAX_INT32 ? n : undefined;
}

/** toDbId, or the caller's not-found error. */
export function parseId(value: unknown, missing: () => Error): number {
  const n = toDbId(value);
  if (n === undefined) throw missing();
  return n;
}

/**
 * Reads an id path parameter raw (a custom decorator, so the global ValidationPipe cannot first turn '1e3'
 * into 1000 or 'abc' into NaN) and checks it with parseId. Declare one per resource beside its controller:
 *
 *     const TrackId = () => IdParam('trackId', trackNotFound);
 */
export const IdParam = (name: string, missing: () => Error) => IdParamDecorator({ name, missing });

const IdParamDecorator = createParamDecorator(
  (data: { name: string; missing: () => Error }, ctx: ExecutionContext): number =>
    parseId(ctx.switchToHttp().getRequest<Request>().params[data.name], data.missing),
);
