import { TextField } from '@mui/material';

const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC ISO deadline as the value of a datetime-local input, in the browser's local time. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time) as the UTC ISO string the API stores; empty → no deadline. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value); // a date-time without offset is local time
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Deadlines are edited in local time and shown and sent as UTC (spec §4). */
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
  return (
    <TextField
      label={label}
      name={name}
      type="datetime-local"
      value={isoToLocalInput(value)}
      onChange={(e) => onChange(localInputToIso(e.target.value))}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error ?? (value ? `UTC: ${value.replace('.000Z', 'Z')}` : 'No deadline')}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
    />
  );
}
