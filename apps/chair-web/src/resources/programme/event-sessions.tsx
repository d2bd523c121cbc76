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
import { PROGRAMME_UI_MESSAGES, saveError } from './programme-labels';
import { sessionLabel } from './session-labels';
import { useSessions } from './api/queries';
import { useSetEventSessions } from './api/mutations';

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
  const [problem, setProblem] = useState<string | null>(null);
  const name = `${day.date} ${event.start}–${event.end} ${EVENT_TYPE_LABELS[event.type]}`;
  const toggle = (id: number) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  // What the ticks would change on the server (the event's stored sessions come with every refetch of the days).
  const added = selected.filter((id) => !event.sessions.includes(id));
  const removed = event.sessions.filter((id) => !selected.includes(id));
  const unsaved = added.length + removed.length > 0;
  const send = () => {
    setProblem(null);
    if (!sessions.data) return setProblem(PROGRAMME_UI_MESSAGES.sessionsNotLoaded);
    save.mutate(
      { day: day._id, id: event._id, sessions: selected },
      {
        onSuccess: (r) => {
          setResult(r);
          setSelected(r.event.sessions);
          notify(r.message, r.failed.length ? 'warning' : 'success');
        },
        onError: (e) => {
          setProblem(saveError(e));
          notify(saveError(e), 'error');
        },
      },
    );
  };

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
      <FormGroup role="group" aria-label={`Sessions of ${name}`} aria-busy={sessions.isPending}>
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
      <Stack direction="row" spacing={1} sx={{ mt: 1 }} alignItems="center" flexWrap="wrap" useFlexGap>
        <Button size="small" disabled={save.isPending} aria-label={`Save sessions of ${name}`} onClick={send}>
          {save.isPending ? 'Saving…' : 'Save sessions'}
        </Button>
        {unsaved && !save.isPending ? (
          <Typography
            variant="body2"
            color="warning.dark"
            data-testid={`event-sessions-unsaved-${event._id}`}
          >
            {unsavedText(kind, added, removed)}
          </Typography>
        ) : null}
      </Stack>
      {problem ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid={`event-sessions-problem-${event._id}`}>
          {problem}
        </Alert>
      ) : null}
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

/** 'Not saved yet: Poster session 1 added, Poster session 2 removed'. */
function unsavedText(kind: SessionKind, added: number[], removed: number[]): string {
  const parts = [
    ...added.map((id) => `${sessionName(kind, id)} added`),
    ...removed.map((id) => `${sessionName(kind, id)} removed`),
  ];
  return `Not saved yet: ${parts.join(', ')}`;
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
