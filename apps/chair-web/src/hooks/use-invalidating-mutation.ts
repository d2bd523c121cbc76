import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * When a write refreshes its queries: 'settled' after success or refusal, not awaited (the caller's own
 * callbacks run at once, before a refetched list can re-render the form that asked); 'settled-awaited'
 * after success or refusal, the mutation ending once the refresh is done; 'success' on success only,
 * awaited.
 */
export type RefreshWhen = 'settled' | 'settled-awaited' | 'success';

/** A write that refreshes every query under `keys` afterwards (see RefreshWhen). */
export function useInvalidatingMutation<V, R>(
  keys: readonly QueryKey[],
  mutationFn: (v: V) => Promise<R>,
  when: RefreshWhen = 'settled',
) {
  const qc = useQueryClient();
  const invalidate = () => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    onSuccess: when === 'success' ? () => invalidate() : undefined,
    onSettled:
      when === 'settled'
        ? () => void invalidate()
        : when === 'settled-awaited'
          ? () => invalidate()
          : undefined,
  });
}
