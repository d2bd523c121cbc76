import type { StatusDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useInvalidatingMutation } from '../../../hooks/use-invalidating-mutation';
import { programmeKeys } from '../../programme/api/queries';
import { statusKeys, type StatusInput } from './queries';

/** A write of the statuses: refreshes every status list, and the programme's status, on success. */
const useStatusMutation = <V, R>(fn: (v: V) => Promise<R>) =>
  useInvalidatingMutation([statusKeys.all, programmeKeys.status], fn, 'success');

export const useCreateStatus = () =>
  useStatusMutation((body: StatusInput) => api<StatusDto>('POST', '/api/chair/status', body));

export const useUpdateStatus = () =>
  useStatusMutation(({ id, body }: { id: number; body: Partial<StatusInput> }) =>
    api<StatusDto>('PUT', `/api/chair/status/${id}`, body),
  );

export const useDeleteStatus = () =>
  useStatusMutation((id: number) => api<{ ok: true }>('DELETE', `/api/chair/status/${id}`));

/** Saves the order of all statuses: position = index + 1. */
export const useSortStatuses = () =>
  useStatusMutation((ids: number[]) => api<StatusDto[]>('PUT', '/api/chair/status/sort', { ids }));
