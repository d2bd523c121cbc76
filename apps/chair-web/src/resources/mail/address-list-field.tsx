import { Autocomplete, Chip, TextField } from '@mui/material';
import { MAX_COPY_ADDRESSES } from '@symposium/domain';
import { useState } from 'react';

/** Splits "a@x.org, b@y.org; c@z.org" into addresses. */
export const splitAddresses = (s: string): string[] =>
  s
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/**
 * A list of e-mail addresses as chips: typed addresses become chips on Enter, comma, space or leaving the
 * field (a pasted list is split). The server checks each address and names a wrong one.
 */
export function AddressListField({
  label,
  name,
  value,
  onChange,
  disabled,
  helperText,
}: {
  label: string;
  name: string;
  value: string[];
  onChange: (v: string[]) => void;
  disabled?: boolean;
  helperText?: string;
}) {
  const [input, setInput] = useState('');
  const add = (raw: string) => {
    const more = splitAddresses(raw).filter((a) => !value.includes(a));
    if (more.length) onChange([...value, ...more]);
    setInput('');
  };
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={value}
      disabled={disabled}
      inputValue={input}
      onInputChange={(_, v, reason) => {
        if (reason === 'reset') return;
        if (/[,;\s]$/.test(v)) add(v);
        else setInput(v);
      }}
      onChange={(_, v) => onChange(v.flatMap(splitAddresses).filter((a, i, all) => all.indexOf(a) === i))}
      onBlur={() => input.trim() && add(input)}
      renderValue={(chips, getItemProps) =>
        chips.map((a, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <Chip key={key} size="small" label={a} {...rest} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={name}
          helperText={helperText ?? `Press Enter or comma after each address (at most ${MAX_COPY_ADDRESSES})`}
        />
      )}
    />
  );
}
