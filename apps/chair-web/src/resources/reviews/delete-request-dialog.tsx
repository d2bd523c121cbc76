import type { ReviewRequestDto } from '@symposium/domain';
import { ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import type { ReactNode } from 'react';
import { useDeleteRequest } from './api/mutations';

/**
 * Asks before deleting a review request (and its submitted review), then says what the server answered
 * (`done` when it answers nothing) and closes.
 */
export function DeleteRequestDialog({
  request,
  title,
  confirmLabel,
  done = '',
  onClose,
  children,
}: {
  request: ReviewRequestDto | null;
  title: string;
  confirmLabel: string;
  done?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const notify = useNotify();
  const remove = useDeleteRequest();
  return (
    <ConfirmDialog
      open={request !== null}
      title={title}
      confirmLabel={confirmLabel}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(request!._id, {
          onSuccess: (r) => {
            notify(r.message || done);
            onClose();
          },
          onError: (e) => notify(errorMessage(e), 'error'),
        })
      }
    >
      {children}
    </ConfirmDialog>
  );
}
