import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest } from './errors.js';

/** JSON bodies deeper than this are refused before parsing (deep nesting overflowed the stack: 500). */
export const MAX_JSON_DEPTH = 32;
export const JSON_BODY_LIMIT = '2mb';

export const REQUEST_MESSAGES = {
  tooDeep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
  nul: 'The request contains a NUL character, which is not allowed',
  notObject: 'The request body must be a JSON object',
} as const;

/**
 * The deepest nesting of objects and arrays in a JSON text, without parsing it. A string is skipped with
 * indexOf to its closing quote (one not preceded by an odd run of backslashes): a 2 MB body is mostly
 * strings, and a byte-by-byte loop over them cost more than parsing the body.
 */
export function jsonDepth(buf: Buffer): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (c === 0x22) {
      let end = i;
      for (;;) {
        end = buf.indexOf(0x22, end + 1);
        if (end < 0) return max; // an unterminated string: the parser refuses the body
        let backslashes = 0;
        while (buf[end - 1 - backslashes] === 0x5c) backslashes++;
        if (backslashes % 2 === 0) break;
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/** body-parser `verify` hook: a clear 400 for a body nested deeper than MAX_JSON_DEPTH. */
export function verifyJsonDepth(_req: IncomingMessage, _res: ServerResponse, buf: Buffer): void {
  if (jsonDepth(buf) > MAX_JSON_DEPTH) throw badRequest('request.too_deep', REQUEST_MESSAGES.tooDeep);
}

/** True when a string, or any key or string inside an object or array, holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_JSON_DEPTH + 2 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value))
    if (k.includes('\u0000') || containsNul(v, depth + 1)) return true;
  return false;
}

/**
 * Refuses U+0000 anywhere in the path, the query or a parsed body with a 400 (PostgreSQL cannot store
 * it in text, and answered 500). Multipart fields are checked where they are read.
 */
export function refuseNul(req: Request, _res: Response, next: NextFunction): void {
  let path = req.path;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    // A malformed escape is not a NUL; the router answers it.
  }
  if (path.includes('\u0000') || containsNul(req.query) || containsNul(req.body))
    return next(badRequest('request.nul', REQUEST_MESSAGES.nul));
  next();
}

/**
 * Every request body is an object of its route's fields: a JSON array or scalar at the top level is refused
 * here, for every route at once, before a handler whose body parameter is not a DTO class (which the global
 * ValidationPipe does not look at) could take `[]` for "no fields" and act on its defaults.
 */
export function refuseNonObjectBody(req: Request, _res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body)))
    return next(badRequest('request.invalid', REQUEST_MESSAGES.notObject));
  next();
}
