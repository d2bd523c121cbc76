import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { PersonRef } from '@symposium/domain';
import { errorMessage } from '@symposium/ui';
import { useDeferredValue, useState } from 'react';
import { personName } from './programme-labels';
import { usePeopleSearch } from './api/queries';

/**
 * Chooses people (session chairs) by searching users by name or e-mail (GET programme/people): the chosen
 * ones as chips, a search field, and an Add button per match.
 */
export function PersonPicker({
  label,
  value,
  onChange,
  error,
  idPrefix,
}: {
  label: string;
  value: PersonRef[];
  onChange: (people: PersonRef[]) => void;
  error?: string;
  /** Tells the search fields of several pickers on one screen apart. */
  idPrefix: string;
}) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const people = usePeopleSearch(deferred);
  const chosen = new Set(value.map((p) => p._id));
  const matches = (people.data ?? []).filter((p) => !chosen.has(p._id));
  return (
    <Box role="group" aria-labelledby={`${idPrefix}-label`}>
      {/* A sub-heading of the session it belongs to (under the session's h2). */}
      <Typography
        variant="subtitle2"
        component="h3"
        id={`${idPrefix}-label`}
        color={error ? 'error' : undefined}
      >
        {label}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        flexWrap="wrap"
        sx={{ my: 1 }}
        data-testid={`${idPrefix}-chosen`}
      >
        {value.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            None chosen.
          </Typography>
        ) : null}
        {value.map((p) => (
          <Chip
            key={p._id}
            label={`${personName(p)} (${p.email})`}
            onDelete={() => onChange(value.filter((x) => x._id !== p._id))}
          />
        ))}
      </Stack>
      {error ? (
        <Typography variant="body2" color="error" role="alert">
          {error}
        </Typography>
      ) : null}
      <TextField
        label={`Search ${label.toLowerCase()}`}
        id={`${idPrefix}-search`}
        name={`${idPrefix}-search`}
        placeholder="Name or e-mail, 2 letters at least"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {people.isError ? <Alert severity="error">{errorMessage(people.error)}</Alert> : null}
      {deferred.length >= 2 && people.data ? (
        <List dense data-testid={`${idPrefix}-matches`} sx={{ maxHeight: 240, overflow: 'auto' }}>
          {matches.length === 0 ? (
            <ListItem>
              <ListItemText secondary="No one else matches." />
            </ListItem>
          ) : null}
          {matches.map((p) => (
            <ListItem
              key={p._id}
              secondaryAction={
                <Button
                  size="small"
                  variant="outlined"
                  aria-label={`Add ${personName(p)}`}
                  onClick={() => onChange([...value, p])}
                >
                  Add
                </Button>
              }
            >
              <ListItemText
                primary={personName(p)}
                secondary={[p.email, p.organization].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
    </Box>
  );
}
