import type { EmailDto, MailFilter } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useInvalidatingMutation } from '../../../hooks/use-invalidating-mutation';
import { useRolePrefix } from '../../../hooks/use-role-prefix';
import { activeMailFilter, mailHistoryKeys } from './queries';

function useMailMutation<V, R>(mutationFn: (prefix: string, v: V) => Promise<R>) {
  const prefix = useRolePrefix();
  return useInvalidatingMutation([mailHistoryKeys.all], (v: V) => mutationFn(prefix, v));
}
/** A failed message queued again: POST /api/{role}/mail/{id}/resend. */
export const useResendEmail = () =>
  useMailMutation((prefix, id: number) =>
    api<EmailDto | { message?: string; count?: number } | undefined>(
      'POST',
      `/api/${prefix}/mail/${id}/resend`,
    ),
  );

/** Every failed message of the filter queued again: POST /api/{role}/mail/resend with { filter } → { count }. */
export const useResendAllFailed = () =>
  useMailMutation((prefix, filter: MailFilter) =>
    api<{ count: number }>('POST', `/api/${prefix}/mail/resend`, { filter: activeMailFilter(filter) }),
  );
