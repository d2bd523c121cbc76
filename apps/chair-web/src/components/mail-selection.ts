import {
  PAPER_RECIPIENTS,
  type PaperFilter,
  type PaperRecipients,
  type RecipientSelection,
  type UserFilter,
} from '@symposium/domain';

/**
 * The `filter` of /SendEmail/:filter/:param and /SendEmail?filter=…: JSON of {filters, search} or {ids}
 * (papers), {filters} or {ids} (users), URL-encoded like encodeBulkFilter's. `param` says who: the
 * papers' primaryAuthor, authors or registered authors, or users.
 */
export interface SendFilter {
  filters?: PaperFilter[] | UserFilter[];
  search?: string;
  ids?: number[];
}

export type SendParam = PaperRecipients | 'users';

export const encodeSendFilter = (f: SendFilter): string => encodeURIComponent(JSON.stringify(f));

/** Inverse of encodeSendFilter (raw or already decoded); null when it is not a filter. */
export function decodeSendFilter(s: string): SendFilter | null {
  let v: unknown;
  try {
    v = JSON.parse(s.trimStart().startsWith('{') ? s : decodeURIComponent(s));
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (o.filters !== undefined && !Array.isArray(o.filters)) return null;
  if (o.search !== undefined && typeof o.search !== 'string') return null;
  if (
    o.ids !== undefined &&
    (!Array.isArray(o.ids) || !o.ids.every((id) => Number.isInteger(id) && (id as number) > 0))
  )
    return null;
  return {
    ...(o.filters ? { filters: o.filters as PaperFilter[] } : {}),
    ...(o.search ? { search: o.search as string } : {}),
    ...(o.ids ? { ids: o.ids as number[] } : {}),
  };
}

/** The user list's filters that have a value (the list leaves the others out too). */
const userFilters = (filters: SendFilter['filters']): UserFilter[] =>
  ((filters ?? []) as UserFilter[]).filter(
    (f) => f.value !== undefined && f.value !== null && String(f.value).trim() !== '',
  );

export const isPaperRecipients = (s: string | null | undefined): s is PaperRecipients =>
  (PAPER_RECIPIENTS as readonly string[]).includes(s ?? '');

/** What the compose screen starts from: the URL's selection, or all papers' primary authors. */
export interface InitialSelection {
  selection: RecipientSelection;
  /** The recipients came from a list (a fixed selection: only primaryAuthor/authors/registered may change). */
  fromList: boolean;
  invalid: boolean;
}

export function initialSelection(
  route: { filter?: string; param?: string },
  query: URLSearchParams,
): InitialSelection {
  if (route.filter !== undefined && route.param !== undefined) {
    const f = decodeSendFilter(route.filter);
    if (!f || (route.param !== 'users' && !isPaperRecipients(route.param)))
      return {
        selection: { kind: 'papers', who: 'primaryAuthor', filters: [] },
        fromList: false,
        invalid: true,
      };
    if (route.param === 'users')
      return {
        selection: {
          kind: 'users',
          ...(f.ids ? { ids: f.ids } : { filters: userFilters(f.filters) }),
        },
        fromList: true,
        invalid: false,
      };
    return {
      selection: {
        kind: 'papers',
        who: route.param,
        ...(f.ids
          ? { ids: f.ids }
          : { filters: (f.filters ?? []) as PaperFilter[], ...(f.search ? { search: f.search } : {}) }),
      },
      fromList: true,
      invalid: false,
    };
  }
  const who = PAPER_RECIPIENTS.find((r) => query.has(r)) ?? 'primaryAuthor';
  const raw = query.get('filter');
  const f = raw ? decodeSendFilter(raw) : {};
  return {
    selection: {
      kind: 'papers',
      who,
      ...(f?.ids
        ? { ids: f.ids }
        : { filters: (f?.filters ?? []) as PaperFilter[], ...(f?.search ? { search: f.search } : {}) }),
    },
    fromList: Boolean(raw && f),
    invalid: Boolean(raw && !f),
  };
}
