import type {
  ReminderDryRunDto,
  ReminderRuleDto,
  ReminderRuleInput,
  ReminderRunDto,
} from '@symposium/domain';
import { api } from '@symposium/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Every key of the reminders starts with 'reminders': a write refreshes the rules and their runs. */
export const remindersQueryKey = ['reminders'] as const;
const base = '/api/chair/reminders';

export const useReminderRules = () =>
  useQuery({
    queryKey: [...remindersQueryKey, 'rules'],
    queryFn: () => api<ReminderRuleDto[]>('GET', base),
  });

/** The runs of one rule (scheduler, chair, command line), newest first; asked when `enabled`. */
export const useReminderRuns = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...remindersQueryKey, 'runs', id],
    queryFn: () => api<ReminderRunDto[]>('GET', `${base}/${id}/history`),
    enabled,
  });

/** A write of the reminders API; refreshes the rules and runs once settled (not awaited). */
function useReminderMutation<V, R>(mutationFn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: remindersQueryKey });
    },
  });
}

export const useCreateReminder = () =>
  useReminderMutation((body: ReminderRuleInput) => api<ReminderRuleDto>('POST', base, body));

export const useUpdateReminder = () =>
  useReminderMutation(({ id, body }: { id: number; body: Partial<ReminderRuleInput> }) =>
    api<ReminderRuleDto>('PUT', `${base}/${id}`, body),
  );

export const useDeleteReminder = () =>
  useReminderMutation((id: number) => api<{ message?: string }>('DELETE', `${base}/${id}`));

/** Pauses or resumes a rule: POST /reminders/{id}/pause or /resume. */
export const useSetReminderPaused = () =>
  useReminderMutation(({ id, paused }: { id: number; paused: boolean }) =>
    api<unknown>('POST', `${base}/${id}/${paused ? 'pause' : 'resume'}`),
  );

/**
 * Who would be reminded now and why, and the rule's tracks whose activity is closed (nothing is sent):
 * asked afresh each time the dry run (or the enable step) opens.
 */
export const useReminderDryRun = (id: number) =>
  useQuery({
    queryKey: [...remindersQueryKey, 'dry-run', id],
    queryFn: () => api<ReminderDryRunDto>('POST', `${base}/${id}/dry-run`),
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

/** Queues the reminders due now: POST /reminders/{id}/run → { queued }. */
export const useRunReminder = () =>
  useReminderMutation((id: number) => api<{ queued: number }>('POST', `${base}/${id}/run`));
