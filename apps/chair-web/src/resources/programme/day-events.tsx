import { Button, TableCell, Typography } from '@mui/material';
import {
  EVENT_TYPE_LABELS,
  PROGRAMME_MESSAGES,
  sessionKindOfEventType,
  SESSION_KIND_LABELS,
  type DayDto,
  type EventDto,
} from '@symposium/domain';
import { ListWithDialogs, useListDialogs } from '../../components/list-with-dialogs';
import { EventDialog } from './event-form';
import { deleteError } from './programme-labels';
import { useDeleteEvent } from './api/mutations';

const sessionsText = (e: EventDto) => {
  const kind = sessionKindOfEventType(e.type);
  if (!kind) return '—';
  const n = e.sessions.length;
  return `${n} ${SESSION_KIND_LABELS[kind].toLowerCase()}${n === 1 ? '' : 's'}`;
};

/** The events of a day (time, type, description, sessions) with add, edit and delete. */
export function DayEvents({ day }: { day: DayDto }) {
  const remove = useDeleteEvent();
  const dialogs = useListDialogs<EventDto>();
  const what = (e: EventDto) => `${e.start} ${EVENT_TYPE_LABELS[e.type]} of ${day.date}`;
  return (
    <ListWithDialogs
      dialogs={dialogs}
      items={day.events}
      label={`Events of ${day.date}`}
      outlined={false}
      columns={['Time', 'Type', 'Description', 'Sessions']}
      bodyTestId={`events-of-${day._id}`}
      emptyText="No events on this day yet."
      rowTestId={(e) => `event-${e._id}`}
      name={(e) => `event ${what(e)}`}
      cells={(e) => (
        <>
          <TableCell>
            {e.start}–{e.end}
          </TableCell>
          <TableCell>{EVENT_TYPE_LABELS[e.type]}</TableCell>
          <TableCell sx={{ whiteSpace: 'pre-line' }}>{e.description || '—'}</TableCell>
          <TableCell>{sessionsText(e)}</TableCell>
        </>
      )}
      footer={
        <Button
          size="small"
          variant="outlined"
          sx={{ mt: 1 }}
          aria-label={`Add event to ${day.date}`}
          onClick={dialogs.add}
        >
          Add event
        </Button>
      }
      form={(event, close) => <EventDialog day={day} event={event ?? undefined} onClose={close} />}
      deletion={{
        title: 'Delete this event?',
        text: (e) => (
          <Typography>
            {`${day.date} ${e.start}–${e.end} ${EVENT_TYPE_LABELS[e.type]} will be removed; its sessions stay, without an event.`}
          </Typography>
        ),
        mutation: remove,
        variables: (e) => ({ day: day._id, id: e._id }),
        done: PROGRAMME_MESSAGES.eventDeleted,
        failed: deleteError,
      }}
    />
  );
}
