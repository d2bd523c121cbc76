import { Button, Paper, Stack } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { DateField } from './select-field';

/**
 * A list's filter form: its fields in a row, then From and To dates, Filter (applies them together) and
 * Clear. `alignTop` lines the row up at the top (for fields with a helper text) instead of the middle.
 */
export function FilterPanel({
  label,
  from,
  to,
  onFromChange,
  onToChange,
  onApply,
  onClear,
  alignTop = false,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
  onApply: () => void;
  onClear: () => void;
  alignTop?: boolean;
  /** The fields before the dates. */
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };
  const buttonSx = alignTop ? { flexShrink: 0, mt: 1 } : { flexShrink: 0 };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <form onSubmit={submit} noValidate aria-label={label}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1}
          alignItems={{ md: alignTop ? 'flex-start' : 'center' }}
        >
          {children}
          <DateField label="From" name="from" value={from} onChange={onFromChange} />
          <DateField label="To" name="to" value={to} onChange={onToChange} />
          <Button type="submit" sx={buttonSx}>
            Filter
          </Button>
          <Button variant="text" sx={buttonSx} onClick={onClear}>
            Clear
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
