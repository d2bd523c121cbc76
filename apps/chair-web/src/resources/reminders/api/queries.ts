import type { ReminderDryRunDto, ReminderRuleDto, ReminderRunDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Every key of the reminders starts with 'reminders': a write refreshes the rules and their runs. */
export const reminderKeys = {
  all: ['reminders'] as const,
  rules: ['reminders', 'rules'] as const,
  runs: (id: number) => ['reminders', 'runs', id] as const,
  dryRun: (id: number) => ['reminders', 'dry-run', id] as const,
};
export const remindersBase = '/api/chair/reminders';

export const reminderRulesQueryOptions = () =>
  queryOptions({ queryKey: reminderKeys.rules, queryFn: () => api<ReminderRuleDto[]>('GET', remindersBase) });

/** The runs of one rule (scheduler, chair, command line), newest first; asked when `enabled`. */
export const reminderRunsQueryOptions = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: reminderKeys.runs(id),
    queryFn: () => api<ReminderRunDto[]>('GET', `${remindersBase}/${id}/history`),
    enabled,
  });

/**
 * Who would be reminded now and why, and the rule's tracks whose activity is closed (nothing is sent):
 * asked afresh each time the dry run (or the enable step) opens.
 */
export const reminderDryRunQueryOptions = (id: number) =>
  queryOptions({
    queryKey: reminderKeys.dryRun(id),
    queryFn: () => api<ReminderDryRunDto>('POST', `${remindersBase}/${id}/dry-run`),
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export const useReminderRules = () => useQuery(reminderRulesQueryOptions());
export const useReminderRuns = (id: number, enabled: boolean) =>
  useQuery(reminderRunsQueryOptions(id, enabled));
export const useReminderDryRun = (id: number) => useQuery(reminderDryRunQueryOptions(id));
