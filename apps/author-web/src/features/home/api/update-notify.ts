import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CurrentUser } from '@symposium/ui';

/** PUT /api/author/conference/1 {notify}: the current user's "e-mail me about the conference" option. */
export const updateNotify = (conferenceId: number, notify: boolean) =>
  api<{ notify: boolean }>('PUT', `/api/author/conference/${conferenceId}`, { notify });

export function useUpdateNotify(conferenceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (notify: boolean) => updateNotify(conferenceId, notify),
    // The session's current user ('me') carries the option: keep it in step with the server.
    onSuccess: ({ notify }) =>
      qc.setQueryData<CurrentUser | null>(['me'], (me) => (me ? { ...me, notify } : me)),
  });
}
