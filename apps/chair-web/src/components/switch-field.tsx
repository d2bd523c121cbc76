import { FormControlLabel, Switch, type SxProps, type Theme } from '@mui/material';

/** A labelled on/off switch of a form (`name` is the input's name, when the form has one). */
export function SwitchField({
  name,
  label,
  checked,
  sx,
  onChange,
}: {
  name?: string;
  label: string;
  checked: boolean;
  sx?: SxProps<Theme>;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      sx={sx}
      control={<Switch name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={label}
    />
  );
}
