import { Button, Typography, type ButtonProps } from '@mui/material';
import { MAIL_HISTORY_MESSAGES, type EmailDto } from '@symposium/domain';
import { ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { addressList } from '../../components/mail-labels';
import { useResendEmail } from './api/mutations';

/**
 * Resend of a message: the button when it failed, then a confirm step that queues it again (the dialog
 * stays mounted when the message leaves 'failed', so it closes as usual).
 */
export function ResendEmailButton({ mail, ...buttonProps }: { mail: EmailDto } & ButtonProps) {
  const notify = useNotify();
  const resend = useResendEmail();
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      {mail.state === 'failed' ? (
        <Button size="small" {...buttonProps} disabled={resend.isPending} onClick={() => setConfirm(true)}>
          Resend
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirm}
        title="Send this e-mail again?"
        confirmLabel="Resend"
        busy={resend.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() =>
          resend.mutate(mail._id, {
            onSuccess: () => notify(MAIL_HISTORY_MESSAGES.resent(1)),
            onError: (err) => notify(errorMessage(err), 'error'),
            onSettled: () => setConfirm(false),
          })
        }
      >
        <Typography>
          “{mail.subject}” to {addressList(mail.to)} will be queued again.
        </Typography>
      </ConfirmDialog>
    </>
  );
}
