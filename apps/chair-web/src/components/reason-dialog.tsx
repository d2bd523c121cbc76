import { Typography, TextField } from '@mui/material';
import { CHECK_MESSAGES, CHECK_REASON_MAX } from '@symposium/domain';
import { useState, type ReactNode } from 'react';
import { FormDialog } from './form-dialog';

/**
 * A dialog asking why (accepting a finding, dismissing a duplicate pair): what it is about, a required reason
 * of at most CHECK_REASON_MAX characters, and the action. `onSave` gets the trimmed reason; `error` is the
 * server's refusal, shown above the field.
 */
export function ReasonDialog({
  titleId,
  title,
  saveLabel,
  requiredMessage,
  busy,
  error,
  onSave,
  onClose,
  children,
}: {
  titleId: string;
  title: string;
  saveLabel: string;
  /** The message when no reason is given. */
  requiredMessage: string;
  busy: boolean;
  error: string;
  onSave: (reason: string) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const submit = () => {
    const r = reason.trim();
    if (!r) return setProblem(requiredMessage);
    if (r.length > CHECK_REASON_MAX) return setProblem(CHECK_MESSAGES.reasonTooLong);
    setProblem('');
    onSave(r);
  };
  const shown = problem || error;
  return (
    <FormDialog
      titleId={titleId}
      title={title}
      busy={busy}
      saveLabel={saveLabel}
      onSubmit={submit}
      onClose={onClose}
    >
      {children}
      {shown ? (
        <Typography role="alert" color="error" data-testid="reason-error" sx={{ mt: 1 }}>
          {shown}
        </Typography>
      ) : null}
      <TextField
        label="Reason"
        name="reason"
        required
        autoFocus
        multiline
        minRows={3}
        value={reason}
        error={Boolean(problem)}
        helperText={`${reason.length} / ${CHECK_REASON_MAX}`}
        slotProps={{ htmlInput: { maxLength: CHECK_REASON_MAX } }}
        onChange={(e) => setReason(e.target.value)}
      />
    </FormDialog>
  );
}
