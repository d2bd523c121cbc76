import { TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';

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
  none?: string;
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
