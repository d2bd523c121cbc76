import type { StatusDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const statusesQueryKey = ['chair', 'status'] as const;

export interface StatusInput {
  text: string;
  isAccepted: boolean;
}

/** Toasts of the status screens (the spec says they exist without wording them). */
export const STATUS_UI_MESSAGES = {
  created: 'The status was successfully created!',
  createFailed: 'The status could not be created!',
  updated: 'The status was successfully updated!',
  updateFailed: 'The status could not be updated!',
  deleted: 'The status was successfully deleted!',
  sorted: 'The status order was successfully updated!',
  sortFailed: 'The status order could not be updated!',
} as const;

export const fetchStatuses = () => api<StatusDto[]>('GET', '/api/chair/status');

export const useStatuses = () => useQuery({ queryKey: statusesQueryKey, queryFn: fetchStatuses });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ predicate: (q) => q.queryKey.includes('status') });
}

export function useCreateStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StatusInput) => api<StatusDto>('POST', '/api/chair/status', body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<StatusInput> }) =>
      api<StatusDto>('PUT', `/api/chair/status/${id}`, body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api<{ ok: true }>('DELETE', `/api/chair/status/${id}`),
    onSuccess: () => invalidate(),
  });
}

/** Saves the order of all statuses: position = index + 1. */
export function useSortStatuses() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) => api<StatusDto[]>('PUT', '/api/chair/status/sort', { ids }),
    onSuccess: () => invalidate(),
  });
}
