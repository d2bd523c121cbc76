import type { StatusDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRolePrefix, type RolePrefix } from '../../../hooks/use-role-prefix';

/** The one key of the paper statuses: every status list of the console is cached under it. */
export const statusKeys = {
  all: ['statuses'] as const,
  list: (prefix: RolePrefix) => [...statusKeys.all, prefix] as const,
};

export interface StatusInput {
  text: string;
  isAccepted: boolean;
}

/** GET /api/{prefix}/status: every status by position. */
export const statusesQueryOptions = (prefix: RolePrefix = 'chair') =>
  queryOptions({
    queryKey: statusKeys.list(prefix),
    queryFn: () => api<StatusDto[]>('GET', `/api/${prefix}/status`),
  });

/** Every status (chair API). */
export const useStatuses = () => useQuery(statusesQueryOptions('chair'));
/** The statuses through the signed-in role's API. */
export const useRoleStatuses = () => useQuery(statusesQueryOptions(useRolePrefix()));
