import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { ClashDto, ClashType } from '@symposium/domain';
import { errorMessage, Loading, useConferenceTimeText, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { personName } from './programme-labels';
import { useAcknowledgeClash, useUnacknowledgeClash } from './api/mutations';
import { useClashes } from './api/queries';

const CLASH_TYPE_LABELS: Record<ClashType, string> = {
  person: 'Person',
  room: 'Room',
  eventType: 'Event type',
  outsideDay: 'Outside the day',
};

/**
 * Every clash of the draft programme with its message; an unacknowledged one can be acknowledged (the chair
 * saw it and keeps it), an acknowledged one says who did it and when, and can be reopened.
 */
export function ClashList({ clashes }: { clashes: ClashDto[] }) {
  const when = useConferenceTimeText();
  const notify = useNotify();
  const ack = useAcknowledgeClash();
  const unack = useUnacknowledgeClash();
  const busy = ack.isPending || unack.isPending;
  if (!clashes.length)
    return (
      <Alert severity="success" data-testid="clash-list">
        No clashes: no person, room or event overlaps in the programme.
      </Alert>
    );
  return (
    <List dense data-testid="clash-list" aria-label="Clashes">
      {clashes.map((c) => (
        <ListItem
          key={c.key}
          data-testid={`clash-${c.key}`}
          divider
          secondaryAction={
            c.acknowledged ? (
              <Button
                size="small"
                variant="text"
                disabled={busy}
                onClick={() => unack.mutate(c.key, { onError: (e) => notify(errorMessage(e), 'error') })}
              >
                Reopen
              </Button>
            ) : (
              <Button
                size="small"
                variant="outlined"
                disabled={busy}
                onClick={() =>
                  ack.mutate(c.key, {
                    onSuccess: () => notify('Clash acknowledged'),
                    onError: (e) => notify(errorMessage(e), 'error'),
                  })
                }
              >
                Acknowledge
              </Button>
            )
          }
          sx={{ pr: 16 }}
        >
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} alignItems="center">
                <Chip
                  size="small"
                  label={CLASH_TYPE_LABELS[c.type] ?? c.type}
                  color={c.acknowledged ? 'default' : 'warning'}
                />
                <span>{c.message}</span>
              </Stack>
            }
            secondary={
              c.acknowledged
                ? `Acknowledged${c.acknowledged.by ? ` by ${personName(c.acknowledged.by)}` : ''} on ${when(c.acknowledged.at)}`
                : 'Not acknowledged'
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

/** The clash list of the draft, loading it. */
export function ProgrammeClashes() {
  const clashes = useClashes();
  if (clashes.isPending) return <Loading />;
  if (clashes.isError) return <Alert severity="error">{errorMessage(clashes.error)}</Alert>;
  return <ClashList clashes={clashes.data} />;
}

/** The clash list under a summary step, with its heading. */
export function SummaryClashes() {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Clashes of the programme
      </Typography>
      <ProgrammeClashes />
    </Box>
  );
}

/**
 * The compact clash count every programme screen shows in its title bar ('2 clashes, 1 unacknowledged');
 * clicking it opens the full list.
 */
export function ClashSummary() {
  const clashes = useClashes();
  const [open, setOpen] = useState(false);
  if (!clashes.data) return null;
  const total = clashes.data.length;
  const open_ = clashes.data.filter((c) => !c.acknowledged).length;
  const label =
    total === 0
      ? 'No clashes'
      : `${total} clash${total === 1 ? '' : 'es'}${open_ ? `, ${open_} unacknowledged` : ''}`;
  return (
    <>
      <Button
        variant="outlined"
        color={open_ ? 'warning' : 'inherit'}
        onClick={() => setOpen(true)}
        data-testid="clash-summary"
      >
        {label}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="md"
        aria-labelledby="clashes-title"
      >
        <DialogTitle id="clashes-title">Clashes of the programme</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            People, rooms or events that overlap in the draft programme. Acknowledge a clash you mean to keep.
          </Typography>
          <ClashList clashes={clashes.data} />
        </DialogContent>
        <DialogActions>
          <Button variant="text" onClick={() => setOpen(false)}>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
