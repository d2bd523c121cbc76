import { TextField, type SxProps, type Theme } from '@mui/material';
import type { ReactNode, Ref } from 'react';

/** One option of a native select. */
export interface SelectOption {
  value: string;
  label: ReactNode;
}

interface FieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  id?: string;
  sx?: SxProps<Theme>;
  disabled?: boolean;
  required?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
}

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;
const shrink = { inputLabel: { shrink: true } } as const;

/** The tracks as options, by id. */
export const trackOptions = (tracks: { _id: number; name: string }[]): SelectOption[] =>
  tracks.map((t) => ({ value: String(t._id), label: t.name }));

/** The paper statuses as options, by id. */
export const statusOptions = (statuses: { _id: number; text: string }[]): SelectOption[] =>
  statuses.map((s) => ({ value: String(s._id), label: s.text }));

/** Yes and No for a filter on a flag ('true' / 'false'). */
export const YES_NO_OPTIONS: SelectOption[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/**
 * A native select whose first option is the empty value, reading `empty` ("Any" by default: for a
 * filter, no filter; null: no empty option), then `options`.
 */
export function SelectField({
  options,
  empty = 'Any',
  emptyDisabled = false,
  onChange,
  ...field
}: FieldProps & {
  options: SelectOption[];
  empty?: ReactNode;
  /** The empty option only prompts a choice ("Choose"): it cannot be chosen back. */
  emptyDisabled?: boolean;
}) {
  return (
    <TextField select slotProps={nativeSelect} onChange={(e) => onChange(e.target.value)} {...field}>
      {empty === null ? null : (
        <option value="" disabled={emptyDisabled}>
          {empty}
        </option>
      )}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

/** A date input (yyyy-mm-dd) whose label stays above it. */
export function DateField({ onChange, ...field }: FieldProps) {
  return <TextField type="date" slotProps={shrink} onChange={(e) => onChange(e.target.value)} {...field} />;
}
