import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  buildUtils,
  FILTER_OPERATORS,
  type FilterOperator,
  type TrackDto,
  type UserFilter,
} from '@symposium/domain';
import { useSession } from '@symposium/ui';
import { DateField, FilterSelect, trackOptions, YES_NO_OPTIONS } from '../../components/select-field';
import { useState } from 'react';

/** A filterable attribute as GET /api/utils describes it (filters.user). */
export interface FilterField {
  name: string;
  label: string;
  type: string;
  operators: string[];
}

/** The attributes of GET /api/utils filters.user (the same list the domain library builds for the API). */
export function useFilterFields(): FilterField[] {
  const { utils } = useSession();
  const fromServer = utils?.filters?.user;
  return Array.isArray(fromServer) && fromServer.length ? fromServer : buildUtils().filters.user;
}

const isTrackField = (f?: FilterField) => Boolean(f && (f.type === 'track' || f.name.endsWith('.tracks')));

interface Row extends UserFilter {
  key: number;
}

let nextKey = 1;
const newRow = (field?: FilterField): Row => ({
  key: nextKey++,
  name: field?.name ?? '',
  operator: (field?.operators[0] as FilterOperator | undefined) ?? '=',
  value: '',
});

/** §5 filter builder: attribute, operator and value rows; rows without a value are ignored. */
export function UserFilterBuilder({
  tracks,
  onApply,
}: {
  tracks: TrackDto[];
  onApply: (filters: UserFilter[]) => void;
}) {
  const fields = useFilterFields();
  const [rows, setRows] = useState<Row[]>([]);
  const fieldOf = (name: string) => fields.find((f) => f.name === name);
  const setRow = (key: number, change: Partial<Row>) =>
    setRows(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const apply = (list: Row[]) =>
    onApply(
      list
        .filter((r) => r.name && r.value !== undefined && r.value !== null && String(r.value).trim() !== '')
        .map(({ name, operator, value }) => ({ name, operator, value })),
    );

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Filters
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No filters: every user is listed.
        </Typography>
      ) : null}
      <Stack spacing={1} data-testid="filter-rows">
        {rows.map((row, i) => {
          const field = fieldOf(row.name);
          const operators = field?.operators ?? FILTER_OPERATORS;
          return (
            <Stack
              key={row.key}
              direction={{ xs: 'column', md: 'row' }}
              spacing={1}
              alignItems={{ md: 'center' }}
            >
              <TextField
                select
                label="Attribute"
                name={`filter-${i}-name`}
                value={row.name}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                onChange={(e) => {
                  const f = fieldOf(e.target.value);
                  const operator = f?.operators.includes(row.operator)
                    ? row.operator
                    : (f?.operators[0] as FilterOperator);
                  setRow(row.key, { name: e.target.value, operator: operator ?? '=', value: '' });
                }}
              >
                <option value="" disabled>
                  Choose an attribute
                </option>
                {fields.map((f) => (
                  <option key={f.name} value={f.name}>
                    {f.label}
                  </option>
                ))}
              </TextField>
              <TextField
                select
                label="Operator"
                name={`filter-${i}-operator`}
                value={row.operator}
                sx={{ maxWidth: { md: 160 } }}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                onChange={(e) => setRow(row.key, { operator: e.target.value as FilterOperator })}
              >
                {operators.map((op) => (
                  <option key={op} value={op}>
                    {op}
                  </option>
                ))}
              </TextField>
              <ValueInput
                index={i}
                field={field}
                tracks={tracks}
                value={row.value == null ? '' : String(row.value)}
                onChange={(value) => setRow(row.key, { value })}
              />
              <Button
                variant="outlined"
                color="error"
                size="small"
                sx={{ flexShrink: 0 }}
                aria-label={`Remove filter ${i + 1}`}
                onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
              >
                Remove
              </Button>
            </Stack>
          );
        })}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={() => setRows([...rows, newRow(fields[0])])}>
          Add filter
        </Button>
        <Button onClick={() => apply(rows)}>Apply filters</Button>
        {rows.length ? (
          <Button
            variant="text"
            onClick={() => {
              setRows([]);
              apply([]);
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ValueInput({
  index,
  field,
  tracks,
  value,
  onChange,
}: {
  index: number;
  field?: FilterField;
  tracks: TrackDto[];
  value: string;
  onChange: (value: string) => void;
}) {
  const common = { label: 'Value', name: `filter-${index}-value`, value } as const;
  if (isTrackField(field))
    return <FilterSelect {...common} options={trackOptions(tracks)} onChange={onChange} />;
  if (field?.type === 'boolean')
    return <FilterSelect {...common} options={YES_NO_OPTIONS} onChange={onChange} />;
  if (field?.type === 'date') return <DateField {...common} onChange={onChange} />;
  const numeric = field?.type === 'number' || field?.type === 'integer';
  return (
    <TextField
      {...common}
      type={numeric ? 'number' : 'text'}
      slotProps={{ inputLabel: { shrink: true } }}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
