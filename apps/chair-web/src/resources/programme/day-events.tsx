import {
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  EVENT_TYPE_LABELS,
  PROGRAMME_MESSAGES,
  sessionKindOfEventType,
  SESSION_KIND_LABELS,
  type DayDto,
  type EventDto,
} from '@symposium/domain';
import { ConfirmDialog, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { EventDialog } from './event-form';
import { deleteError } from './programme-labels';
import { useDeleteEvent } from './api/mutations';
import { scrollRegion } from '../../components/data-table';

const sessionsText = (e: EventDto) => {
  const kind = sessionKindOfEventType(e.type);
  if (!kind) return '—';
  const n = e.sessions.length;
  return `${n} ${SESSION_KIND_LABELS[kind].toLowerCase()}${n === 1 ? '' : 's'}`;
};

/** The events of a day (time, type, description, sessions) with add, edit and delete. */
export function DayEvents({ day }: { day: DayDto }) {
  const notify = useNotify();
  const remove = useDeleteEvent();
  const [editing, setEditing] = useState<EventDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EventDto | null>(null);
  return (
    <>
      <TableContainer {...scrollRegion(`Events of ${day.date}`)}>
        <Table size="small" aria-label={`Events of ${day.date}`}>
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Description</TableCell>
              <TableCell>Sessions</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody data-testid={`events-of-${day._id}`}>
            {day.events.map((e) => (
              <TableRow key={e._id} data-testid={`event-${e._id}`}>
                <TableCell>
                  {e.start}–{e.end}
                </TableCell>
                <TableCell>{EVENT_TYPE_LABELS[e.type]}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-line' }}>{e.description || '—'}</TableCell>
                <TableCell>{sessionsText(e)}</TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} justifyContent="flex-end">
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={`Edit event ${e.start} ${EVENT_TYPE_LABELS[e.type]} of ${day.date}`}
                      onClick={() => setEditing(e)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      color="error"
                      aria-label={`Delete event ${e.start} ${EVENT_TYPE_LABELS[e.type]} of ${day.date}`}
                      onClick={() => setDeleting(e)}
                    >
                      Delete
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
            {day.events.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>No events on this day yet.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <Button
        size="small"
        variant="outlined"
        sx={{ mt: 1 }}
        aria-label={`Add event to ${day.date}`}
        onClick={() => setEditing('new')}
      >
        Add event
      </Button>
      {editing ? (
        <EventDialog
          day={day}
          event={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete this event?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { day: day._id, id: deleting._id },
            {
              onSuccess: () => notify(PROGRAMME_MESSAGES.eventDeleted),
              onError: (err) => notify(deleteError(err), 'error'),
              onSettled: () => setDeleting(null),
            },
          );
        }}
      >
        <Typography>
          {deleting
            ? `${day.date} ${deleting.start}–${deleting.end} ${EVENT_TYPE_LABELS[deleting.type]} will be removed; its sessions stay, without an event.`
            : ''}
        </Typography>
      </ConfirmDialog>
    </>
  );
}
