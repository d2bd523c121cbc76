import {
  canUsePrefix,
  type EmailSettingsDto,
  type EmailTemplateDto,
  type EmailTemplateInput,
  type PreviewResponse,
  type SendRequest,
  type SendResponse,
  type TrackChairEmailSettingsInput,
} from '@symposium/domain';
import { api, useSession } from '@symposium/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The e-mail API of the chair console (templates, settings, preview and send). Chairs use /api/chair,
 * track chairs /api/cochair (their own settings, the chair's templates read only, their tracks' people).
 */
export const mailQueryKey = ['mail'] as const;

export type MailPrefix = 'chair' | 'cochair';

/** The API prefix follows the signed-in role (§6): chairs use /api/chair, track chairs /api/cochair. */
export function useMailPrefix(): MailPrefix {
  const { user } = useSession();
  return user && canUsePrefix(user.roles, 'chair') ? 'chair' : 'cochair';
}

// Templates -----------------------------------------------------------------------------------------------

export function useEmailTemplates() {
  const prefix = useMailPrefix();
  return useQuery({
    queryKey: [...mailQueryKey, prefix, 'templates'],
    queryFn: () => api<EmailTemplateDto[]>('GET', `/api/${prefix}/emailTemplate`),
  });
}

function useTemplateMutation<V, R>(mutationFn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: mailQueryKey });
    },
  });
}

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

export function useEmailSettings() {
  const prefix = useMailPrefix();
  return useQuery({
    queryKey: [...mailQueryKey, prefix, 'settings'],
    queryFn: () => api<EmailSettingsDto>('GET', `/api/${prefix}/emailSettings`),
  });
}

export function useSaveEmailSettings() {
  const prefix = useMailPrefix();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailSettingsDto | TrackChairEmailSettingsInput) =>
      api<EmailSettingsDto>('PUT', `/api/${prefix}/emailSettings`, body),
    onSuccess: (saved) => qc.setQueryData([...mailQueryKey, prefix, 'settings'], saved),
  });
}

export function useTestEmail() {
  const prefix = useMailPrefix();
  return useMutation({
    mutationFn: () => api<{ message: string }>('POST', `/api/${prefix}/emailSettings/test`),
  });
}

// Preview and send ----------------------------------------------------------------------------------------

/** POST /mail/preview: every message rendered on the server, one page of them returned. */
export function usePreview() {
  const prefix = useMailPrefix();
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
  const prefix = useMailPrefix();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendRequest) =>
      api<SendResponse>(
        'POST',
        body.recipients.kind === 'users' ? `/api/${prefix}/users/sendEmailstoUsers` : `/api/${prefix}/mail`,
        body,
      ),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['mail-history'] });
    },
  });
}
