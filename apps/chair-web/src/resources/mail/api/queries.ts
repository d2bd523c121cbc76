import type { EmailSettingsDto, EmailTemplateDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRolePrefix, type RolePrefix } from '../../../hooks/use-role-prefix';

/**
 * The e-mail API of the chair console (templates, settings, preview and send). Chairs use /api/chair,
 * track chairs /api/cochair (their own settings, the chair's templates read only, their tracks' people).
 */
export const mailKeys = {
  all: ['mail'] as const,
  templates: (prefix: RolePrefix) => ['mail', prefix, 'templates'] as const,
  settings: (prefix: RolePrefix) => ['mail', prefix, 'settings'] as const,
};

export const emailTemplatesQueryOptions = (prefix: RolePrefix) =>
  queryOptions({
    queryKey: mailKeys.templates(prefix),
    queryFn: () => api<EmailTemplateDto[]>('GET', `/api/${prefix}/emailTemplate`),
  });

export const emailSettingsQueryOptions = (prefix: RolePrefix) =>
  queryOptions({
    queryKey: mailKeys.settings(prefix),
    queryFn: () => api<EmailSettingsDto>('GET', `/api/${prefix}/emailSettings`),
  });

export const useEmailTemplates = () => useQuery(emailTemplatesQueryOptions(useRolePrefix()));
export const useEmailSettings = () => useQuery(emailSettingsQueryOptions(useRolePrefix()));
