import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ConfirmationEmailDto } from '@symposium/domain';
import { api } from '@symposium/ui';

/** GET /api/author/papers/:paperId/email: the confirmation e-mail as it will be sent. */
export const getConfirmationEmail = (paperId: number) =>
  api<ConfirmationEmailDto>('GET', `/api/author/papers/${paperId}/email`);
export const confirmationEmailQueryOptions = (paperId: number) =>
  queryOptions({
    queryKey: ['author', 'papers', paperId, 'email'],
    queryFn: () => getConfirmationEmail(paperId),
    retry: false,
    staleTime: 0,
  });
export const useConfirmationEmail = (paperId: number) => useQuery(confirmationEmailQueryOptions(paperId));

/** POST /api/author/papers/:paperId/email {recipients}: queued in the outbox for the chosen authors. */
export const sendConfirmationEmail = (paperId: number, recipients: number[]) =>
  api<{ ok: true; message: string; to: string[] }>('POST', `/api/author/papers/${paperId}/email`, {
    recipients,
  });
export const useSendConfirmationEmail = (paperId: number) =>
  useMutation({ mutationFn: (recipients: number[]) => sendConfirmationEmail(paperId, recipients) });
