import { Box, Divider, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { getContrastRatio } from '@mui/material/styles';
import {
  EVENT_TYPE_LABELS,
  sessionName,
  type PublicPersonRef,
  type ProgrammeDayView,
  type ProgrammeEventView,
  type ProgrammeSessionView,
  type ScheduledPaperRef,
} from '@symposium/domain';
import type { ReactNode } from 'react';

/**
 * The header text colour on a day's colour: white or near-black, whichever contrasts more (white on the
 * orange day is 3:1, under WCAG's 4.5:1; near-black on it is 6:1).
 */
function headerText(background: string): string {
  try {
    return getContrastRatio(background, '#fff') >= getContrastRatio(background, '#1a1a1a')
      ? '#fff'
      : '#1a1a1a';
  } catch {
    return '#fff';
  }
}
import { Link } from 'react-router';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** yyyy-mm-dd → 'Monday, 3 May 2027' (a calendar date: no time zone shifts it). */
export function longDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(date.getTime())) return isoDate;
  return `${WEEKDAYS[date.getUTCDay()]}, ${d} ${MONTHS[m - 1]} ${y}`;
}

/** '10:30–12:30 (Europe/Lisbon)': every time of the programme is local to the conference. */
export const timeRange = (start: string, end: string, timeZone: string): string =>
  `${start}–${end}${timeZone ? ` (${timeZone})` : ''}`;

/** 'Ana Author (TU Munich)': the organization only when the conference shows it (the API leaves it out). */
const personName = (p: PublicPersonRef) =>
  `${p.firstName} ${p.lastName}`.trim() + (p.organization ? ` (${p.organization})` : '');

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2" component="div">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {children}
    </Typography>
  );
}

function PaperItem({
  paper,
  paperLink,
}: {
  paper: ScheduledPaperRef<PublicPersonRef>;
  paperLink?: (id: number) => string;
}) {
  return (
    <Box component="li" data-testid="programme-paper" data-paper={paper._id} sx={{ mb: 0.5 }}>
      <Typography variant="body2" component="div" fontWeight={500}>
        {paperLink ? (
          <MuiLink component={Link} to={paperLink(paper._id)}>
            {paper.title}
          </MuiLink>
        ) : (
          paper.title
        )}
      </Typography>
      {paper.authors.length ? (
        <Typography variant="body2" color="text.secondary" data-testid="programme-paper-authors">
          {paper.authors.map(personName).join(', ')}
        </Typography>
      ) : null}
    </Box>
  );
}

function SessionItem({
  session,
  paperLink,
}: {
  session: ProgrammeSessionView<PublicPersonRef>;
  paperLink?: (id: number) => string;
}) {
  const name = sessionName(session.kind, session._id);
  // a poster session or tutorial is titled after its one paper, which is listed below anyway
  const onlyPaper = session.papers.length === 1 ? session.papers[0] : undefined;
  const title = session.title && session.title !== onlyPaper?.title ? session.title : '';
  return (
    <Box
      data-testid="programme-session"
      data-session={`${session.kind}-${session._id}`}
      sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
    >
      <Typography variant="overline" component="div" sx={{ lineHeight: 1.6 }}>
        {name}
      </Typography>
      {title ? (
        <Typography variant="subtitle2" component="h4">
          {title}
        </Typography>
      ) : null}
      <Stack spacing={0.25} sx={{ my: 0.5 }}>
        {session.room ? <Field label="Room">{session.room.name}</Field> : null}
        {session.responsables.length ? (
          <Field label={session.responsables.length > 1 ? 'Session chairs' : 'Session chair'}>
            {session.responsables.map(personName).join(', ')}
          </Field>
        ) : null}
        {session.presenter ? <Field label="Presenter">{personName(session.presenter)}</Field> : null}
        {session.link ? (
          <Field label="Link">
            <MuiLink
              href={session.link}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="programme-session-link"
            >
              {session.link}
            </MuiLink>
          </Field>
        ) : null}
      </Stack>
      {session.papers.length ? (
        <Box component="ol" aria-label={`Papers of ${name}`} sx={{ m: 0, pl: 2.5 }}>
          {session.papers.map((p) => (
            <PaperItem key={p._id} paper={p} paperLink={paperLink} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

function EventItem({
  event,
  timeZone,
  paperLink,
}: {
  event: ProgrammeEventView<PublicPersonRef>;
  timeZone: string;
  paperLink?: (id: number) => string;
}) {
  return (
    <Box data-testid="programme-event" data-event={event._id} data-type={event.type} sx={{ px: 2, py: 1.5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0, sm: 2 }}
        sx={{ alignItems: 'baseline' }}
      >
        <Typography
          variant="body2"
          fontWeight={500}
          data-testid="programme-event-time"
          sx={{ flexShrink: 0 }}
        >
          {timeRange(event.start, event.end, timeZone)}
        </Typography>
        <Typography variant="subtitle1" component="h3" fontWeight={500} data-testid="programme-event-type">
          {EVENT_TYPE_LABELS[event.type] ?? event.typeLabel}
        </Typography>
      </Stack>
      {event.description ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>
          {event.description}
        </Typography>
      ) : null}
      {event.sessions.length ? (
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          {event.sessions.map((s) => (
            <SessionItem key={`${s.kind}-${s._id}`} session={s} paperLink={paperLink} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

/**
 * The days of a programme, each with its events in order, their sessions and papers. Stacked blocks, no
 * wide tables, so it reads on a phone. `paperLink` turns each paper title into a link (the session-chair
 * view links to /ViewSessionPaper).
 */
export function ProgrammeDays({
  days,
  timeZone,
  paperLink,
}: {
  days: ProgrammeDayView<PublicPersonRef>[];
  timeZone: string;
  paperLink?: (id: number) => string;
}) {
  return (
    <Stack spacing={3}>
      {days.map((day) => (
        <Paper
          key={day._id}
          variant="outlined"
          component="section"
          aria-labelledby={`day-${day._id}`}
          data-testid="programme-day"
          data-day={day._id}
          sx={{ overflow: 'hidden' }}
        >
          <Box
            sx={{ bgcolor: day.color, color: headerText(day.color), px: 2, py: 1 }}
            data-testid="programme-day-header"
          >
            <Typography variant="h6" component="h2" id={`day-${day._id}`}>
              {longDate(day.isoDate)}
            </Typography>
            {day.desk ? (
              <Typography variant="body2" data-testid="programme-day-desk">
                {day.desk}
              </Typography>
            ) : null}
          </Box>
          {day.events.length ? (
            <Stack divider={<Divider flexItem />}>
              {day.events.map((e) => (
                <EventItem key={e._id} event={e} timeZone={timeZone} paperLink={paperLink} />
              ))}
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
              No events on this day.
            </Typography>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
