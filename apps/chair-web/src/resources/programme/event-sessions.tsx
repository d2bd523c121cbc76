import {
  Alert,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import {
  EVENT_TYPE_LABELS,
  sessionKindOfEventType,
  sessionName,
  SESSION_KIND_LABELS,
  type DayDto,
  type EventDto,
  type EventSessionsResult,
  type SessionKind,
} from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { saveError } from './programme-labels';
import { sessionLabel } from './session-labels';
import { useSessions, useSetEventSessions } from './use-programme';

/**
 * The sessions of one event: every session of the kind the event type holds, ticked when it is in this
 * event (one linked to another event says so; ticking it moves it, if the server agrees). Saving sets the
 * event's sessions to exactly the ticked ones, then shows the server's result: 'Event sessions successfully
 * saved' or 'N of M sessions were successfully saved' with each refused session's reason.
 */
export function EventSessions({
  day,
  event,
  kind,
  eventNames,
}: {
  day: DayDto;
  event: EventDto;
  kind: SessionKind;
  eventNames: Map<number, string>;
}) {
  const notify = useNotify();
  const sessions = useSessions(kind);
  const save = useSetEventSessions();
  const [selected, setSelected] = useState<number[]>(event.sessions);
  const [result, setResult] = useState<EventSessionsResult | null>(null);
  const name = `${day.date} ${event.start}–${event.end} ${EVENT_TYPE_LABELS[event.type]}`;
  const toggle = (id: number) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <Stack data-testid={`event-sessions-${event._id}`} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3">
        {name}
        {event.description ? ` — ${event.description}` : ''}
      </Typography>
      {sessions.isError ? <Alert severity="error">{errorMessage(sessions.error)}</Alert> : null}
      {sessions.data?.length === 0 ? (
        <Typography color="text.secondary">
          There are no {SESSION_KIND_LABELS[kind].toLowerCase()}s yet.
        </Typography>
      ) : null}
      <FormGroup aria-label={`Sessions of ${name}`}>
        {(sessions.data ?? []).map((s) => {
          const elsewhere = s.event.has && s.event.reference !== null && s.event.reference !== event._id;
          return (
            <FormControlLabel
              key={s._id}
              control={
                <Checkbox
                  checked={selected.includes(s._id)}
                  onChange={() => toggle(s._id)}
                  slotProps={{ input: { 'aria-label': `${sessionName(kind, s._id)} in ${name}` } }}
                />
              }
              label={
                <>
                  {sessionLabel(kind, s)}
                  {elsewhere ? (
                    <Typography component="span" color="text.secondary" variant="body2">
                      {' '}
                      (now in {eventNames.get(s.event.reference!) ?? `event ${s.event.reference}`})
                    </Typography>
                  ) : null}
                </>
              }
            />
          );
        })}
      </FormGroup>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          size="small"
          disabled={save.isPending || !sessions.data}
          aria-label={`Save sessions of ${name}`}
          onClick={() =>
            save.mutate(
              { day: day._id, id: event._id, sessions: selected },
              {
                onSuccess: (r) => {
                  setResult(r);
                  setSelected(r.event.sessions);
                  notify(r.message, r.failed.length ? 'warning' : 'success');
                },
                onError: (e) => notify(saveError(e), 'error'),
              },
            )
          }
        >
          Save sessions
        </Button>
      </Stack>
      {result ? (
        <Alert
          severity={result.failed.length ? 'warning' : 'success'}
          sx={{ mt: 1 }}
          data-testid={`event-sessions-result-${event._id}`}
        >
          <Typography>{result.message}</Typography>
          {result.failed.length ? (
            <List dense disablePadding>
              {result.failed.map((f) => (
                <ListItem key={f._id} disableGutters>
                  <ListItemText primary={`${sessionName(kind, f._id)}: ${f.reason}`} />
                </ListItem>
              ))}
            </List>
          ) : null}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Step 3 of the days wizard: every event whose type holds sessions, with its sessions to tick. */
export function EventSessionsStep({ days, eventNames }: { days: DayDto[]; eventNames: Map<number, string> }) {
  const events = days.flatMap((day) =>
    day.events.flatMap((event) => {
      const kind = sessionKindOfEventType(event.type);
      return kind ? [{ day, event, kind }] : [];
    }),
  );
  if (!events.length)
    return (
      <Alert severity="info">
        No event holds sessions: add a Technical Session, Poster Session or Tutorial event first.
      </Alert>
    );
  return (
    <>
      {events.map(({ day, event, kind }) => (
        <EventSessions key={event._id} day={day} event={event} kind={kind} eventNames={eventNames} />
      ))}
    </>
  );
}
