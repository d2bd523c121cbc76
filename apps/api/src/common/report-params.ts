import { MAX_INT32 } from '@symposium/domain';

/**
 * Parsing of the report requests (activity log, e-mail history): pages, day dates, bounded strings and ids.
 * Every function answers a value or calls `fail(field)`, which throws the caller's 400; nothing here
 * reaches SQL unchecked.
 */
export type Fail = (field: string) => Error;

const DAY_MS = 86_400_000;

/** cp (1-based page) and pg (page size, at most `max`) → offset and limit. */
export function parsePaging(
  cp: unknown,
  pg: unknown,
  max: number,
  fail: Fail,
): { offset: number; limit: number; first: number } {
  const page = cp === undefined || cp === null ? 1 : cp;
  const size = pg === undefined || pg === null ? max : pg;
  if (!Number.isInteger(page) || (page as number) < 1 || (page as number) > 1_000_000) throw fail('cp');
  if (!Number.isInteger(size) || (size as number) < 1) throw fail('pg');
  const limit = Math.min(size as number, max);
  return { offset: ((page as number) - 1) * limit, limit, first: ((page as number) - 1) * limit };
}

/** 'YYYY-MM-DD', a real calendar day → its UTC midnight; '' or absent → undefined. */
export function parseDay(value: unknown, field: string, fail: Fail): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw fail(field);
  const d = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) throw fail(field);
  return d;
}

export const nextDay = (d: Date): Date => new Date(d.getTime() + DAY_MS);

/**
 * The filter's `from` and `to` days (inclusive, UTC) → `from` and `until` (the day after `to`); a bad day
 * calls `fail`, `from` after `to` throws `range()`.
 */
export function parseDayRange(
  f: Record<string, unknown>,
  fail: Fail,
  range: () => Error,
): { from: Date | undefined; until: Date | undefined } {
  const from = parseDay(f.from, 'from', fail);
  const to = parseDay(f.to, 'to', fail);
  if (from && to && from > to) throw range();
  return { from, until: to && nextDay(to) };
}
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);
export const daysBetween = (from: Date, to: Date): number =>
  Math.round((to.getTime() - from.getTime()) / DAY_MS);

/** A trimmed string of at most `max` characters; '' or absent → undefined. */
export function parseText(value: unknown, field: string, max: number, fail: Fail): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max) throw fail(field);
  return value.trim() || undefined;
}

/** A database id given as a number (or digits); absent, null or '' → undefined. */
export function parseOptionalId(value: unknown, field: string, fail: Fail): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > MAX_INT32) throw fail(field);
  return n as number;
}

/** A plain object (the filter) or undefined; anything else fails. */
export function parseObject(value: unknown, field: string, fail: Fail): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw fail(field);
  return value as Record<string, unknown>;
}

/** Only the known keys: an unknown key is a mistake the caller should hear about. */
export function onlyKeys(obj: Record<string, unknown>, keys: readonly string[], fail: Fail): void {
  for (const k of Object.keys(obj)) if (!keys.includes(k)) throw fail(k);
}

/** "emails 0-99/1234" (RFC 9110 style; "emails *\/0" when the page is empty). */
export function contentRange(unit: string, first: number, count: number, total: number): string {
  return count > 0 ? `${unit} ${first}-${first + count - 1}/${total}` : `${unit} */${total}`;
}
