import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, PersonInput, ProfileDto } from '@symposium/domain';
import { api, type CurrentUser } from '@symposium/ui';

/** GET /api/author/profile: the signed-in person's contact details and e-mail notifications switch. */
export const fetchProfile = () => api<ProfileDto>('GET', '/api/author/profile');

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: fetchProfile });

export const useProfile = () => useQuery(profileQueryOptions());

/** PUT /api/author/profile: contact fields and/or notify; keeps the session's current user in step. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonInput & { notify?: boolean }) =>
      api<ProfileDto>('PUT', '/api/author/profile', body),
    onSuccess: (profile) => {
      qc.setQueryData(['profile'], profile);
      qc.setQueryData<CurrentUser | null>(['me'], (me) => (me ? { ...me, ...profile } : me));
    },
  });
}

/** PUT /api/author/profile/password: the server answers a fresh session (earlier ones end). */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword: string; password: string }) =>
      api<LoginResponse>('PUT', '/api/author/profile/password', body),
  });
