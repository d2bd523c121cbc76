/**
 * §5 user filters: the pure part of the chair's user query (validation of a filter list and value
 * coercion). The API turns the parsed filters into SQL through its own column map; nothing here is SQL.
 */
import { FILTER_OPERATORS, USER_FILTER_FIELDS, type FilterOperator, type UserFilterField } from './models.js';

export const USER_FILTER_MESSAGES = {
  invalid: 'Invalid filter',
  invalidSort: 'Invalid sort',
} as const;

/** Array fields filtered by track: '=' means "has this track", '<>' means "does not have it". */
export const USER_TRACK_FILTER_FIELDS = ['roles.reviewer.tracks', 'roles.coChair.tracks'] as const;
export type UserTrackFilterField = (typeof USER_TRACK_FILTER_FIELDS)[number];
export type UserFilterName = UserFilterField | UserTrackFilterField;

export type UserFilterType = 'string' | 'email' | 'integer' | 'boolean' | 'date' | 'track';

/** The type of every filterable name (the whitelist). */
export const USER_FILTER_TYPES: Record<UserFilterName, UserFilterType> = {
  _id: 'integer',
  firstName: 'string',
  lastName: 'string',
  email: 'email',
  alternateEmail: 'email',
  organization: 'string',
  country: 'string',
  phone: 'string',
  isRegistered: 'boolean',
  notify: 'boolean',
  'lock.status': 'boolean',
  'roles.admin.is': 'boolean',
  'roles.chair.is': 'boolean',
  'roles.coChair.is': 'boolean',
  'roles.reviewer.is': 'boolean',
  'roles.reviewer.count': 'integer',
  createdAt: 'date',
  'roles.reviewer.tracks': 'track',
  'roles.coChair.tracks': 'track',
};

const OPERATORS_BY_TYPE: Record<UserFilterType, readonly FilterOperator[]> = {
  string: FILTER_OPERATORS,
  email: FILTER_OPERATORS,
  integer: ['=', '<>', '>', '<', '>=', '<='],
  boolean: ['=', '<>'],
  date: ['=', '<>', '>', '<', '>=', '<='],
  track: ['=', '<>'],
};

/** Largest value of a PostgreSQL integer column. */
export const MAX_INT32 = 2_147_483_647;

/** A filter after validation: the value has the column's type. */
export type ParsedUserFilter =
  | { name: UserFilterName; type: 'string' | 'email'; operator: FilterOperator; value: string }
  | { name: UserFilterName; type: 'integer' | 'track'; operator: FilterOperator; value: number }
  | { name: UserFilterName; type: 'boolean'; operator: FilterOperator; value: boolean }
  /** Dates are a half-open range [from, to): a whole UTC day for 'YYYY-MM-DD', one millisecond otherwise. */
  | { name: UserFilterName; type: 'date'; operator: FilterOperator; value: { from: Date; to: Date } };

export class InvalidUserFilterError extends Error {
  constructor(
    /** Position of the offending filter in the list. */
    public readonly index: number,
    public readonly reason: string,
  ) {
    super(USER_FILTER_MESSAGES.invalid);
  }
}

export const isUserFilterName = (name: unknown): name is UserFilterName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(USER_FILTER_TYPES, name);

export const isUserSortField = (name: unknown): name is UserFilterField =>
  typeof name === 'string' && (USER_FILTER_FIELDS as readonly string[]).includes(name);

/** A filter without a value (undefined, null or an empty string) is ignored (§5). */
export const hasFilterValue = (value: unknown): boolean =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Converts a raw value to the column type; returns undefined when it cannot be converted. */
export function coerceUserFilterValue(
  type: UserFilterType,
  raw: unknown,
): string | number | boolean | { from: Date; to: Date } | undefined {
  switch (type) {
    case 'string':
    case 'email': {
      if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') return undefined;
      const s = String(raw).trim();
      return type === 'email' ? s.toLowerCase() : s;
    }
    case 'integer':
    case 'track': {
      let n: number;
      if (typeof raw === 'number') n = raw;
      else if (typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw)) n = Number(raw);
      else return undefined;
      if (!Number.isSafeInteger(n) || Math.abs(n) > MAX_INT32) return undefined;
      if (type === 'track' && n < 1) return undefined;
      return n;
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return raw;
      if (typeof raw === 'string') {
        const s = raw.trim().toLowerCase();
        if (s === 'true') return true;
        if (s === 'false') return false;
      }
      return undefined;
    }
    case 'date': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
      if (typeof raw === 'string') {
        const m = DATE_ONLY.exec(raw.trim());
        if (m) {
          const from = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
          // Reject rolled-over days such as 2024-02-31.
          if (
            from.getUTCFullYear() !== Number(m[1]) ||
            from.getUTCMonth() !== Number(m[2]) - 1 ||
            from.getUTCDate() !== Number(m[3])
          )
            return undefined;
          return { from, to: new Date(from.getTime() + DAY_MS) };
        }
      }
      const from = new Date(typeof raw === 'string' ? raw.trim() : raw);
      const t = from.getTime();
      if (!Number.isFinite(t)) return undefined;
      const year = from.getUTCFullYear();
      if (year < 1 || year > 9999) return undefined;
      return { from, to: new Date(t + 1) };
    }
  }
}

/**
 * Validates a §5 filter list: ignores filters without a value; every other filter needs a whitelisted name,
 * an operator allowed for that name's type, and a value convertible to that type. Throws
 * InvalidUserFilterError ('Invalid filter') otherwise.
 */
export function parseUserFilters(filters: unknown): ParsedUserFilter[] {
  if (filters === undefined || filters === null) return [];
  if (!Array.isArray(filters)) throw new InvalidUserFilterError(-1, 'filters must be a list');
  const out: ParsedUserFilter[] = [];
  filters.forEach((f: unknown, index) => {
    if (typeof f !== 'object' || f === null || Array.isArray(f))
      throw new InvalidUserFilterError(index, 'a filter must be an object');
    const { name, operator, value, ...rest } = f as Record<string, unknown>;
    if (Object.keys(rest).length)
      throw new InvalidUserFilterError(index, `unknown property ${Object.keys(rest)[0]}`);
    if (!hasFilterValue(value)) return;
    if (!isUserFilterName(name)) throw new InvalidUserFilterError(index, 'unknown filter name');
    const type = USER_FILTER_TYPES[name];
    if (typeof operator !== 'string' || !(OPERATORS_BY_TYPE[type] as readonly string[]).includes(operator))
      throw new InvalidUserFilterError(index, `operator not allowed for ${name}`);
    const coerced = coerceUserFilterValue(type, value);
    if (coerced === undefined) throw new InvalidUserFilterError(index, `value is not a valid ${type}`);
    out.push({ name, type, operator: operator as FilterOperator, value: coerced } as ParsedUserFilter);
  });
  return out;
}

/** Escapes LIKE wildcards (% _ and the escape character itself) so Contains is a plain substring match. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Spreadsheet cells starting with these characters would be read as formulas. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet would read as a formula once the cell is edited. The xlsx exports store such text as it
 * is, in a cell with the Text number format (apps/api/src/common/xlsx-text.ts): shown without an apostrophe,
 * never evaluated.
 */
export const formulaLike = (text: string): boolean => FORMULA_START.test(text);
