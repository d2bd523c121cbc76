import { TextField, type SxProps, type TextFieldProps, type Theme } from '@mui/material';
import type { ReactNode, Ref } from 'react';

/** The slot props of a native `<select>` TextField whose label always sits above it. */
export const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** One `<option>` of a SelectField. */
export interface SelectOption {
  value: string;
  label: ReactNode;
}

/** `values` as options, each labelled by `labels`. */
export const optionsOf = <V extends string>(values: readonly V[], labels: (value: V) => ReactNode) =>
  values.map((value): SelectOption => ({ value, label: labels(value) }));

/**
 * A native select (TextField select) of `options`, after an empty first option when `none` is given: a
 * disabled prompt ("Choose a type") with `noneDisabled`, else a choice of its own ("Any"). `error` is the
 * field's message: the field shows it in red, else `hint`.
 */
export function SelectField({
  options,
  none,
  noneDisabled = false,
  error,
  hint,
  children,
  ...field
}: Omit<TextFieldProps, 'select' | 'error' | 'slotProps'> & {
  options: readonly SelectOption[];
  none?: ReactNode;
  noneDisabled?: boolean;
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <TextField select {...field} error={Boolean(error)} helperText={error ?? hint} slotProps={nativeSelect}>
      {none === undefined ? null : (
        <option value="" disabled={noneDisabled}>
          {none}
        </option>
      )}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {children}
    </TextField>
  );
}

/** A text field with its checked message: `error` shows in red in place of the `hint`. */
export function CheckedField({
  error,
  hint,
  ...field
}: Omit<TextFieldProps, 'error' | 'helperText'> & { error?: string; hint?: ReactNode }) {
  return <TextField {...field} error={Boolean(error)} helperText={error ?? hint} />;
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
 * filter, no filter; null: no empty option), then `options`; `onChange` gets the chosen value.
 */
export function FilterSelect({
  options,
  empty = 'Any',
  emptyDisabled = false,
  onChange,
  helperText,
  ...field
}: FieldProps & {
  options: SelectOption[];
  empty?: ReactNode;
  /** The empty option only prompts a choice ("Choose"): it cannot be chosen back. */
  emptyDisabled?: boolean;
}) {
  return (
    <SelectField
      {...field}
      options={options}
      none={empty === null ? undefined : empty}
      noneDisabled={emptyDisabled}
      hint={helperText}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A date input (yyyy-mm-dd) whose label stays above it. */
export function DateField({ onChange, ...field }: FieldProps) {
  return <TextField type="date" slotProps={shrink} onChange={(e) => onChange(e.target.value)} {...field} />;
}
