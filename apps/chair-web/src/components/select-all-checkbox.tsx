import { Checkbox, TableCell, type CheckboxProps } from '@mui/material';
import { useEffect, useRef } from 'react';

/**
 * A "select all" checkbox that can be half-checked. MUI marks the half state with aria-checked="mixed" only;
 * the native input's `indeterminate` property is set too, so the two agree (axe aria-conditional-attr) and
 * assistive technology reads "mixed" from either.
 */
export function SelectAllCheckbox({
  label,
  indeterminate = false,
  ...props
}: Omit<CheckboxProps, 'slotProps' | 'inputRef'> & { label: string }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <Checkbox
      {...props}
      indeterminate={indeterminate}
      inputRef={input}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}

/** A header cell holding a select-all checkbox (for a table whose rows start with a `CheckboxCell`). */
export function CheckboxHeaderCell(props: {
  label: string;
  checked: boolean;
  indeterminate: boolean;
  onChange: () => void;
}) {
  return (
    <TableCell padding="checkbox">
      <SelectAllCheckbox {...props} />
    </TableCell>
  );
}

/** A row's first cell: its checkbox, named by `label` ("Select paper 12"). */
export function CheckboxCell({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange?: () => void;
}) {
  return (
    <TableCell padding="checkbox">
      <Checkbox checked={checked} onChange={onChange} slotProps={{ input: { 'aria-label': label } }} />
    </TableCell>
  );
}
