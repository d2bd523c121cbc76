import { TextField } from '@mui/material';
import { formatConferenceTime, fromZonedInput, toZonedInput, viewerTimeZone } from '@symposium/domain';
import { useSession } from '@symposium/ui';

/**
 * A deadline entered as a wall-clock time in the conference's time zone (whatever the browser's zone), stored
 * as UTC; the helper text shows it labelled, with the chair's own time beside it where that differs.
 */
export function DeadlineField({
  label,
  value,
  onChange,
  onBlur,
  name,
  error,
}: {
  label: string;
  error?: string;
  value: string | null;
  onChange: (iso: string | null) => void;
  onBlur?: () => void;
  name?: string;
}) {
  const zone = useSession().conference?.timeZone || 'UTC';
  return (
    <TextField
      label={`${label} (${zone})`}
      name={name}
      type="datetime-local"
      value={toZonedInput(value, zone)}
      onChange={(e) => onChange(fromZonedInput(e.target.value, zone))}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error ?? (value ? formatConferenceTime(value, zone, viewerTimeZone()) : 'No deadline')}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
    />
  );
}
