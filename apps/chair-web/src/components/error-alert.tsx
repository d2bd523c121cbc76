import { Alert } from '@mui/material';

/** A form's or list's error message above it (nothing while `message` is empty); `onClose` makes it dismissable. */
export function ErrorAlert({
  message,
  testId,
  onClose,
}: {
  message: string;
  testId?: string;
  onClose?: () => void;
}) {
  return message ? (
    <Alert severity="error" sx={{ mb: 2 }} onClose={onClose} data-testid={testId}>
      {message}
    </Alert>
  ) : null;
}
