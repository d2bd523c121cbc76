import { Grid, TextField } from '@mui/material';
import type { PersonField, PersonInput } from '@symposium/domain';

const FIELDS: { name: PersonField; label: string; type?: string }[] = [
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'alternateEmail', label: 'Alternate Email', type: 'email' },
  { name: 'organization', label: 'Organization' },
  { name: 'country', label: 'Country' },
  { name: 'phone', label: 'Phone', type: 'tel' },
];

export const PERSON_FIELDS = FIELDS.map((f) => f.name);

/** The §5 People fields, with each field's message under it. */
export function PersonFields({
  value,
  errors,
  onChange,
}: {
  value: PersonInput;
  errors: Partial<Record<string, string>>;
  onChange: (value: PersonInput) => void;
}) {
  return (
    <Grid container spacing={2}>
      {FIELDS.map((f) => (
        <Grid key={f.name} size={{ xs: 12, md: 6 }}>
          <TextField
            label={f.label}
            name={f.name}
            type={f.type ?? 'text'}
            required
            value={value[f.name] ?? ''}
            error={Boolean(errors[f.name])}
            helperText={errors[f.name]}
            onChange={(e) => onChange({ ...value, [f.name]: e.target.value })}
          />
        </Grid>
      ))}
    </Grid>
  );
}

/** The contact fields of a user, trimmed, emails lowercased. */
export const cleanPerson = (p: PersonInput): PersonInput => {
  const out: PersonInput = {};
  for (const name of PERSON_FIELDS) {
    const v = (p[name] ?? '').trim();
    out[name] = name === 'email' || name === 'alternateEmail' ? v.toLowerCase() : v;
  }
  return out;
};
