import type {
  EmailSettingsDto,
  EmailTemplateDto,
  EmailTemplateInput,
  PreviewResponse,
  SendRequest,
  SendResponse,
  TrackChairEmailSettingsInput,
} from '@symposium/domain';
import { api } from '@symposium/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useInvalidatingMutation } from '../../../hooks/use-invalidating-mutation';
import { useRolePrefix } from '../../../hooks/use-role-prefix';
import { mailHistoryKeys } from '../../mail-history/api/queries';
import { mailKeys } from './queries';

// Templates -----------------------------------------------------------------------------------------------

const useTemplateMutation = <V, R>(mutationFn: (v: V) => Promise<R>) =>
  useInvalidatingMutation([mailKeys.all], mutationFn);

export const useCreateTemplate = () =>
  useTemplateMutation((body: EmailTemplateInput) =>
    api<EmailTemplateDto>('POST', '/api/chair/emailTemplate', body),
  );

export const useUpdateTemplate = () =>
  useTemplateMutation(({ id, body }: { id: number; body: EmailTemplateInput }) =>
    api<EmailTemplateDto>('PUT', `/api/chair/emailTemplate/${id}`, body),
  );

export const useDeleteTemplate = () =>
  useTemplateMutation((id: number) => api<{ message: string }>('DELETE', `/api/chair/emailTemplate/${id}`));

export const useSortTemplates = () =>
  useTemplateMutation((ids: number[]) =>
    api<EmailTemplateDto[]>('PUT', '/api/chair/emailTemplate/sort', { ids }),
  );

// Settings ------------------------------------------------------------------------------------------------

export function useSaveEmailSettings() {
  const prefix = useRolePrefix();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailSettingsDto | TrackChairEmailSettingsInput) =>
      api<EmailSettingsDto>('PUT', `/api/${prefix}/emailSettings`, body),
    onSuccess: (saved) => qc.setQueryData(mailKeys.settings(prefix), saved),
  });
}

export function useTestEmail() {
  const prefix = useRolePrefix();
  return useMutation({
    mutationFn: () => api<{ message: string }>('POST', `/api/${prefix}/emailSettings/test`),
  });
}

// Preview and send ----------------------------------------------------------------------------------------

/** POST /mail/preview: every message rendered on the server, one page of them returned. */
export function usePreview() {
  const prefix = useRolePrefix();
  return useMutation({
    mutationFn: (body: SendRequest & { cp: number; pg: number }) =>
      api<PreviewResponse>('POST', `/api/${prefix}/mail/preview`, body),
  });
}

/**
 * POST /mail (papers) or /users/sendEmailstoUsers (users): queues the messages. The idempotency key of
 * the compose makes a double click or a retry queue one set of messages.
 */
export function useSend() {
  const prefix = useRolePrefix();
  return useInvalidatingMutation([mailHistoryKeys.all], (body: SendRequest) =>
    api<SendResponse>(
      'POST',
      body.recipients.kind === 'users' ? `/api/${prefix}/users/sendEmailstoUsers` : `/api/${prefix}/mail`,
      body,
    ),
  );
}
