import {
  MAX_INT32,
  PAPER_FILTER_NAMES,
  PAPER_MAX_PAGE_SIZE,
  PAPER_PAGE_SIZE,
  PAPER_SORT_FIELDS,
  type PaperFilterName,
  type PaperSortField,
  type PaperStatusClass,
} from '@symposium/domain';
import { PapersErrors } from './papers.errors.js';

/**
 * The chair's paper query (contract: libs/domain paper-query.ts) checked and reduced to plain values. Only
 * the names of PAPER_FILTER_NAMES pass; the repository maps each one to a fixed SQL condition, so no text of
 * the request ever becomes SQL.
 */
export type ParsedPaperFilter =
  | { name: 'track' | 'status'; value: number[] }
  | {
      name:
        | 'isDeleted'
        | 'hasSession'
        | 'submittedCameraReady'
        | 'submittedPresentationReady'
        | 'isCameraReady'
        | 'isPresentationReady'
        | 'isRegistered'
        | 'checkProblems'
        | 'hasDuplicates';
      value: boolean;
    }
  | { name: 'paperStatus'; value: PaperStatusClass }
  | { name: 'updatedAt'; value: { from?: Date; to?: Date; toExclusive: boolean } };

export interface ParsedPaperQuery {
  filters: ParsedPaperFilter[];
  search: string;
  sort?: { field: PaperSortField; order: 'asc' | 'desc' };
}

export const PAPER_QUERY_MESSAGES = {
  invalidFilters: 'The filters must be a list of {name, value}',
  unknownFilter: (name: string) =>
    `Unknown filter "${name.slice(0, 50)}": use one of ${PAPER_FILTER_NAMES.join(', ')}`,
  invalidBoolean: (name: string) => `The ${name} filter takes true or false`,
  invalidIds: (name: string) => `The ${name} filter takes an id or a list of ids`,
  invalidPaperStatus: 'The paperStatus filter takes accepted, notAccepted or undecided',
  invalidSort: `Sort by one of ${PAPER_SORT_FIELDS.join(', ')}, in asc or desc order`,
  invalidSearch: 'The search must be text of at most 200 characters',
  invalidPage: `The page (cp) must be 1 or more and the page size (pg) between 1 and ${PAPER_MAX_PAGE_SIZE}`,
  invalidIdsList: 'The papers must be given as a list of paper ids',
} as const;

const BOOLEAN_FILTERS = new Set<PaperFilterName>([
  'isDeleted',
  'hasSession',
  'submittedCameraReady',
  'submittedPresentationReady',
  'isCameraReady',
  'isPresentationReady',
  'isRegistered',
  'checkProblems',
  'hasDuplicates',
]);
const MAX_FILTERS = 50;
const MAX_IDS = 10_000;
const SEARCH_MAX = 200;

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length);

/** A positive database id from a number or a string of digits; undefined otherwise. */
export function toId(v: unknown): number | undefined {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_INT32 ? n : undefined;
}

function toBoolean(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return undefined;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO date or date-time; anything else answers 'Please fill in a valid date on the Last Modified Time Filter'. */
function toDate(v: unknown): Date {
  const d = typeof v === 'string' && v.length <= 40 ? new Date(v.trim()) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw PapersErrors.invalidLastModified();
  return d;
}

function parseUpdatedAt(v: unknown): ParsedPaperFilter | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw PapersErrors.invalidLastModified();
  const { from, to, ...rest } = v as { from?: unknown; to?: unknown };
  if (Object.keys(rest).length) throw PapersErrors.invalidLastModified();
  const value: { from?: Date; to?: Date; toExclusive: boolean } = { toExclusive: false };
  if (!isEmpty(from)) value.from = toDate(from);
  if (!isEmpty(to)) {
    value.to = toDate(to);
    // a day given without a time includes the whole day (UTC): up to the next midnight, exclusive
    if (DATE_ONLY.test(String(to).trim())) {
      value.to = new Date(value.to.getTime() + 86_400_000);
      value.toExclusive = true;
    }
  }
  return value.from || value.to ? { name: 'updatedAt', value } : null;
}

/** Checks the filter list; a filter whose value is null, '' or an empty list is left out. */
export function parsePaperFilters(filters: unknown): ParsedPaperFilter[] {
  if (filters === undefined || filters === null) return [];
  if (!Array.isArray(filters) || filters.length > MAX_FILTERS)
    throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidFilters);
  const out: ParsedPaperFilter[] = [];
  for (const f of filters) {
    if (typeof f !== 'object' || f === null || Array.isArray(f) || typeof f.name !== 'string')
      throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidFilters);
    const { name, value } = f as { name: string; value?: unknown };
    if (!(PAPER_FILTER_NAMES as readonly string[]).includes(name))
      throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.unknownFilter(name));
    const filterName = name as PaperFilterName;
    if (filterName === 'updatedAt') {
      if (isEmpty(value)) continue;
      const parsed = parseUpdatedAt(value);
      if (parsed) out.push(parsed);
      continue;
    }
    if (isEmpty(value)) continue;
    if (BOOLEAN_FILTERS.has(filterName)) {
      const b = toBoolean(value);
      if (b === undefined) throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidBoolean(name));
      out.push({ name: filterName, value: b } as ParsedPaperFilter);
    } else if (filterName === 'track' || filterName === 'status') {
      const list = Array.isArray(value) ? value : [value];
      if (list.length > MAX_IDS) throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidIds(name));
      const ids = list.map(toId);
      if (ids.some((id) => id === undefined))
        throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidIds(name));
      out.push({ name: filterName, value: [...new Set(ids as number[])] });
    } else {
      if (value !== 'accepted' && value !== 'notAccepted' && value !== 'undecided')
        throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidPaperStatus);
      out.push({ name: 'paperStatus', value });
    }
  }
  return out;
}

export function parseSearch(search: unknown): string {
  if (search === undefined || search === null) return '';
  if (typeof search !== 'string' || search.length > SEARCH_MAX)
    throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidSearch);
  return search.trim();
}

export function parseSort(sort: unknown): ParsedPaperQuery['sort'] {
  if (sort === undefined || sort === null) return undefined;
  const s = sort as { field?: unknown; order?: unknown };
  if (
    typeof sort !== 'object' ||
    Array.isArray(sort) ||
    !(PAPER_SORT_FIELDS as readonly unknown[]).includes(s.field) ||
    (s.order !== undefined && s.order !== 'asc' && s.order !== 'desc') ||
    Object.keys(sort).some((k) => k !== 'field' && k !== 'order')
  )
    throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidSort);
  return { field: s.field as PaperSortField, order: s.order === 'desc' ? 'desc' : 'asc' };
}

/** cp (1-based page) and pg (page size, default 100, at most 1000) → offset and limit. */
export function parsePage(cp: unknown, pg: unknown): { offset: number; limit: number } {
  const page = cp === undefined || cp === null ? 1 : Number(cp);
  const size = pg === undefined || pg === null ? PAPER_PAGE_SIZE : Number(pg);
  if (
    !Number.isInteger(page) ||
    page < 1 ||
    page > 1_000_000 ||
    !Number.isInteger(size) ||
    size < 1 ||
    size > PAPER_MAX_PAGE_SIZE
  )
    throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidPage);
  return { offset: (page - 1) * size, limit: size };
}

/** A list of paper ids (the selected papers); duplicates are dropped. */
export function parseIds(ids: unknown, { required }: { required: boolean }): number[] | undefined {
  if (ids === undefined || ids === null) {
    if (required) throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidIdsList);
    return undefined;
  }
  if (!Array.isArray(ids) || ids.length > MAX_IDS || (required && !ids.length))
    throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidIdsList);
  const parsed = ids.map((v) => (typeof v === 'number' ? toId(v) : undefined));
  if (parsed.some((id) => id === undefined))
    throw PapersErrors.invalidQuery(PAPER_QUERY_MESSAGES.invalidIdsList);
  return [...new Set(parsed as number[])];
}

/** The whole query body: filters, search and sort. */
export function parsePaperQuery(body: {
  filters?: unknown;
  search?: unknown;
  sort?: unknown;
}): ParsedPaperQuery {
  return {
    filters: parsePaperFilters(body.filters),
    search: parseSearch(body.search),
    sort: parseSort(body.sort),
  };
}
