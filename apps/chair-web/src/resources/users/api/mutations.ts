import type { LoginResponse, PersonInput, UserDto } from '@symposium/domain';
import { api, download } from '@symposium/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys, userQueryBody, type UserQuery, type UserUpdate } from './queries';

function useInvalidateUsers() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: userKeys.all });
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
  download('POST', '/api/chair/users/export/xls', userQueryBody(q), 'users.xlsx');
