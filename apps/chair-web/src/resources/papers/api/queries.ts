import {
  PAPER_PAGE_SIZE,
  type ChairPaperDto,
  type PaperFilter,
  type PaperQuery,
  type PaperQueryResult,
} from '@symposium/domain';
import { api } from '@symposium/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useRolePrefix, type RolePrefix } from '../../../hooks/use-role-prefix';

/** The one key of the papers: every page and paper of the console is cached under it. */
export const paperKeys = {
  all: ['papers'] as const,
  page: (prefix: RolePrefix, q: PaperQuery) => [...paperKeys.all, prefix, 'query', q] as const,
  detail: (prefix: RolePrefix, id: number) => [...paperKeys.all, prefix, id] as const,
};

/** A filter whose value is null, '' or an empty list is ignored (the API ignores it too). */
export function activeFilters(filters: PaperFilter[]): PaperFilter[] {
  return filters.filter((f) => {
    if (f.value === null || f.value === '' || f.value === undefined) return false;
    if (Array.isArray(f.value)) return f.value.length > 0;
    if (f.name === 'updatedAt') return Boolean(f.value.from || f.value.to);
    return true;
  });
}

function queryBody(q: PaperQuery): PaperQuery {
  const search = q.search?.trim();
  return {
    filters: activeFilters(q.filters ?? []),
    ...(search ? { search } : {}),
    ...(q.sort ? { sort: q.sort } : {}),
    cp: q.cp ?? 1,
    pg: q.pg ?? PAPER_PAGE_SIZE,
  };
}

/** One page of the chair paper query (POST /papers), keeping the previous page on screen while the next loads. */
export const paperPageQueryOptions = (prefix: RolePrefix, q: PaperQuery, enabled = true) =>
  queryOptions({
    queryKey: paperKeys.page(prefix, q),
    queryFn: () => api<PaperQueryResult>('POST', `/api/${prefix}/papers`, queryBody(q)),
    placeholderData: keepPreviousData,
    enabled,
  });

export const paperQueryOptions = (prefix: RolePrefix, id: number) =>
  queryOptions({
    queryKey: paperKeys.detail(prefix, id),
    queryFn: () => api<ChairPaperDto>('GET', `/api/${prefix}/papers/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

export const usePaperPage = (q: PaperQuery, enabled = true) =>
  useQuery(paperPageQueryOptions(useRolePrefix(), q, enabled));

export const usePaper = (id: number) => useQuery(paperQueryOptions(useRolePrefix(), id));
