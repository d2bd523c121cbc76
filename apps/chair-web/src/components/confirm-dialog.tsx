import type { MutateOptions } from '@tanstack/react-query';
import { ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useRef, type ReactNode } from 'react';

/** The part of a react-query mutation a confirmation runs. */
export interface ConfirmableMutation<V, R> {
  mutate: (variables: V, options?: MutateOptions<R, Error, V>) => void;
  isPending: boolean;
}

/**
 * Asks before one write on `item` (null: closed), then runs `mutation` with `variables(item)`: toasts
 * `done` (or what it makes of the answer) on success, toasts `failed(err)` on a refusal (and hands it to
 * `onFailure`, for a message that stays on the screen), and closes once the write is settled. While it
 * fades out it keeps showing the item it asked about.
 */
export function ConfirmMutationDialog<T, V, R>({
  item,
  title,
  confirmLabel = 'Delete',
  children,
  mutation,
  variables,
  done,
  failed = (err) => errorMessage(err),
  onStart,
  onFailure,
  onClose,
}: {
  item: T | null;
  title: string | ((item: T) => string);
  confirmLabel?: string;
  /** The text of the question. */
  children: (item: T) => ReactNode;
  mutation: ConfirmableMutation<V, R>;
  variables: (item: T) => V;
  done: string | ((result: R) => string);
  /** The message of a refusal; by default the server's. */
  failed?: (err: Error) => string;
  onStart?: () => void;
  onFailure?: (message: string) => void;
  onClose: () => void;
}) {
  const notify = useNotify();
  const last = useRef<T | null>(item);
  if (item !== null) last.current = item;
  const shown = item ?? last.current;
  const confirm = () => {
    if (item === null) return;
    onStart?.();
    mutation.mutate(variables(item), {
      onSuccess: (result) => notify(typeof done === 'string' ? done : done(result)),
      onError: (err) => {
        const message = failed(err);
        onFailure?.(message);
        notify(message, 'error');
      },
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      open={item !== null}
      title={shown === null ? '' : typeof title === 'string' ? title : title(shown)}
      confirmLabel={confirmLabel}
      busy={mutation.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      {shown === null ? null : children(shown)}
    </ConfirmDialog>
  );
}
