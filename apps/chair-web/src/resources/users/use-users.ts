import {
  PAGE_SIZE,
  type LoginResponse,
  type TrackDto,
  type PersonInput,
  type UserDto,
  type UserFilter,
  type UserFilterField,
  type UserRoles,
} from '@symposium/domain';
import { api, download } from '@symposium/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const usersQueryKey = ['chair', 'users'] as const;

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
function queryBody(q: Omit<UserQuery, 'cp'>) {
  const filters = q.filters.filter(
    (f) => f.value !== undefined && f.value !== null && String(f.value).trim() !== '',
  );
  const search = q.search?.trim();
  return { filters, ...(q.sort ? { sort: q.sort } : {}), ...(search ? { search } : {}) };
}

export const fetchUserPage = (q: UserQuery) =>
  api<UserPage>('POST', '/api/chair/users?isQuery=true', { ...queryBody(q), cp: q.cp, pg: PAGE_SIZE });

/** One page (100) of the §5 user query, keeping the previous page on screen while the next loads. */
export const useUserPage = (q: UserQuery) =>
  useQuery({
    queryKey: [...usersQueryKey, 'query', q],
    queryFn: () => fetchUserPage(q),
    placeholderData: keepPreviousData,
  });

export const useUser = (id: number) =>
  useQuery({
    queryKey: [...usersQueryKey, id],
    queryFn: () => api<UserDto>('GET', `/api/chair/users/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

export const searchUsersByEmail = (email: string) =>
  api<UserDto[]>('GET', `/api/chair/users/search?email=${encodeURIComponent(email.trim())}`);

/** The user with this exact e-mail, or null when none. */
export const useUserByEmail = (email: string) =>
  useQuery({
    queryKey: [...usersQueryKey, 'by-email', email.trim().toLowerCase()],
    queryFn: async () => (await searchUsersByEmail(email))[0] ?? null,
    enabled: email.trim() !== '',
  });

function useInvalidateUsers() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: usersQueryKey });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: PersonInput) => api<UserDto>('POST', '/api/chair/users', body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdate }) =>
      api<UserDto>('PUT', `/api/chair/users/${id}`, body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('DELETE', `/api/chair/users/${id}`),
    onSuccess: () => invalidate(),
  });
}

/** Enables or disables the user's conference view (register). */
export function useSetRegistered() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ email, status }: { email: string; status: boolean }) =>
      api<{ message: string; user: UserDto }>(
        'POST',
        `/api/chair/users/register/${encodeURIComponent(email)}/${status ? 'true' : 'false'}`,
      ),
    onSuccess: () => invalidate(),
  });
}

/** Starts impersonating: the session cookies switch to the user, who lands in the author app. */
export async function impersonate(email: string): Promise<void> {
  await api<LoginResponse>(
    'POST',
    `/api/chair/users/impersonate/${encodeURIComponent(email.trim().toLowerCase())}`,
  );
  window.location.assign('/');
}

/** Downloads the users matching the query as users.xlsx. */
export const exportUsers = (q: Omit<UserQuery, 'cp'>) =>
  download('POST', '/api/chair/users/export/xls', queryBody(q), 'users.xlsx');

/** The tracks to pick for the Track Chairs and Reviewers roles. */
export const useTrackOptions = () =>
  useQuery({ queryKey: ['chair', 'tracks'], queryFn: () => api<TrackDto[]>('GET', '/api/chair/tracks') });
