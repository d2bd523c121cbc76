import {
  PAGE_SIZE,
  type PersonInput,
  type UserDto,
  type UserFilter,
  type UserFilterField,
  type UserRoles,
} from '@symposium/domain';
import { api } from '@symposium/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** The one key of the users: every page and user of the console is cached under it. */
export const userKeys = {
  all: ['users'] as const,
  page: (q: UserQuery) => ['users', 'query', q] as const,
  detail: (id: number) => ['users', id] as const,
  byEmail: (email: string) => ['users', 'by-email', email.trim().toLowerCase()] as const,
};

export interface UserSort {
  field: UserFilterField;
  order: 'asc' | 'desc';
}

export interface UserQuery {
  filters: UserFilter[];
  sort?: UserSort;
  search?: string;
  /** 1-based page */
  cp: number;
}

export interface UserPage {
  count: number;
  data: UserDto[];
}

export interface UserUpdate extends PersonInput {
  roles?: UserRoles;
  lock?: { status: boolean };
  notify?: boolean;
  resetPassword?: boolean;
}

/** Drops filters without a value (the API ignores them too, §5) and an empty search. */
export function userQueryBody(q: Omit<UserQuery, 'cp'>) {
  const filters = q.filters.filter(
    (f) => f.value !== undefined && f.value !== null && String(f.value).trim() !== '',
  );
  const search = q.search?.trim();
  return { filters, ...(q.sort ? { sort: q.sort } : {}), ...(search ? { search } : {}) };
}

export const fetchUserPage = (q: UserQuery) =>
  api<UserPage>('POST', '/api/chair/users?isQuery=true', { ...userQueryBody(q), cp: q.cp, pg: PAGE_SIZE });

/** One page (100) of the §5 user query, keeping the previous page on screen while the next loads. */
export const userPageQueryOptions = (q: UserQuery) =>
  queryOptions({
    queryKey: userKeys.page(q),
    queryFn: () => fetchUserPage(q),
    placeholderData: keepPreviousData,
  });

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: () => api<UserDto>('GET', `/api/chair/users/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

export const searchUsersByEmail = (email: string) =>
  api<UserDto[]>('GET', `/api/chair/users/search?email=${encodeURIComponent(email.trim())}`);

/** The user with this exact e-mail, or null when none. */
export const userByEmailQueryOptions = (email: string) =>
  queryOptions({
    queryKey: userKeys.byEmail(email),
    queryFn: async () => (await searchUsersByEmail(email))[0] ?? null,
    enabled: email.trim() !== '',
  });

export const useUserPage = (q: UserQuery) => useQuery(userPageQueryOptions(q));
export const useUser = (id: number) => useQuery(userQueryOptions(id));
export const useUserByEmail = (email: string) => useQuery(userByEmailQueryOptions(email));
