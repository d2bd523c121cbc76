import { Button, Stack, TextField } from '@mui/material';

/** A form's Submit and Cancel, side by side below the fields. */
export function SubmitCancel({
  label,
  busy,
  onCancel,
  cancelDisabled = false,
}: {
  label: string;
  busy: boolean;
  onCancel: () => void;
  cancelDisabled?: boolean;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
      <Button variant="outlined" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
    </Stack>
  );
}

/** The e-mail address a screen looks a user up by, with the reason it was refused. */
export function EmailField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      value={value}
      error={Boolean(error)}
      helperText={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
