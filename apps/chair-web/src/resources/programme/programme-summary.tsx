import { Alert, Box, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { sessionName, type ProgrammeSessionView, type ProgrammeView } from '@symposium/domain';
import { ColorSwatch } from './day-form';
import { colorName, peopleNames, personName } from './programme-labels';

function sessionDetails(s: ProgrammeSessionView): string {
  const parts: string[] = [];
  if (s.room) parts.push(`Room: ${s.room.name}`);
  if (s.responsables.length) parts.push(`Chairs: ${peopleNames(s.responsables)}`);
  if (s.presenter) parts.push(`Presenter: ${personName(s.presenter)}`);
  if (s.kind === 'technical' && s.papers.length)
    parts.push(`Papers: ${s.papers.map((p, i) => `${i + 1}. ${p.title}`).join('; ')}`);
  return parts.join(' · ');
}

/** Every day, its events and their sessions, as the draft programme holds them. */
export function ProgrammeSummary({ programme }: { programme: ProgrammeView }) {
  if (!programme.days.length) return <Alert severity="info">The programme has no days yet.</Alert>;
  return (
    <Box data-testid="programme-summary">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Times in {programme.timeZone}.
      </Typography>
      {programme.days.map((day) => (
        <Paper
          key={day._id}
          variant="outlined"
          sx={{ p: 2, mb: 2, borderLeft: 6, borderLeftColor: day.color }}
          data-testid={`summary-day-${day._id}`}
        >
          <Stack direction="row" spacing={2} alignItems="center">
            <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
              {day.date}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              icon={<ColorSwatch color={day.color} />}
              label={colorName(day.color)}
            />
          </Stack>
          <Typography color="text.secondary">{day.desk}</Typography>
          {day.events.length === 0 ? <Typography sx={{ mt: 1 }}>No events.</Typography> : null}
          {day.events.map((event) => (
            <Box key={event._id} sx={{ mt: 1.5 }} data-testid={`summary-event-${event._id}`}>
              <Typography sx={{ fontWeight: 600 }}>
                {event.start}–{event.end} {event.typeLabel}
                {event.description ? ` — ${event.description}` : ''}
              </Typography>
              {event.sessions.length ? (
                <List dense disablePadding sx={{ pl: 2 }}>
                  {event.sessions.map((s) => (
                    <ListItem key={`${s.kind}:${s._id}`} disableGutters>
                      <ListItemText
                        primary={`${sessionName(s.kind, s._id)}: ${s.title}`}
                        secondary={sessionDetails(s) || undefined}
                      />
                    </ListItem>
                  ))}
                </List>
              ) : null}
            </Box>
          ))}
        </Paper>
      ))}
    </Box>
  );
}
