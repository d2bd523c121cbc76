import type { ReminderRuleDto, ReminderRuleInput } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useInvalidatingMutation } from '../../../hooks/use-invalidating-mutation';
import { reminderKeys, remindersBase as base } from './queries';

/** A write of the reminders API; refreshes the rules and runs once settled (not awaited). */
const useReminderMutation = <V, R>(mutationFn: (v: V) => Promise<R>) =>
  useInvalidatingMutation([reminderKeys.all], mutationFn);

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

/** Queues the reminders due now: POST /reminders/{id}/run → { queued }. */
export const useRunReminder = () =>
  useReminderMutation((id: number) => api<{ queued: number }>('POST', `${base}/${id}/run`));
