import type { LoginResponse, PersonInput, UserDto } from '@symposium/domain';
import { api, download } from '@symposium/ui';
import { useInvalidatingMutation } from '../../../hooks/use-invalidating-mutation';
import { userKeys, userQueryBody, type UserQuery, type UserUpdate } from './queries';

/** A write of the users; every user query is refreshed on success. */
const useUserMutation = <V, R>(fn: (v: V) => Promise<R>) =>
  useInvalidatingMutation([userKeys.all], fn, 'success');

export const useCreateUser = () =>
  useUserMutation((body: PersonInput) => api<UserDto>('POST', '/api/chair/users', body));

export const useUpdateUser = () =>
  useUserMutation(({ id, body }: { id: number; body: UserUpdate }) =>
    api<UserDto>('PUT', `/api/chair/users/${id}`, body),
  );

export const useDeleteUser = () =>
  useUserMutation((id: number) => api<{ message: string }>('DELETE', `/api/chair/users/${id}`));

/** Enables or disables the user's conference view (register). */
export const useSetRegistered = () =>
  useUserMutation(({ email, status }: { email: string; status: boolean }) =>
    api<{ message: string; user: UserDto }>(
      'POST',
      `/api/chair/users/register/${encodeURIComponent(email)}/${status ? 'true' : 'false'}`,
    ),
  );

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
  download('POST', '/api/chair/users/export/xls', userQueryBody(q), 'users.xlsx');
