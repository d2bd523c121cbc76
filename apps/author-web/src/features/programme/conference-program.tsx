import { Alert, Button, Stack, Typography } from '@mui/material';
import { QueryState, useDocumentTitle } from '@symposium/ui';
import { calendarUrl, useProgramme } from './api/programme';
import { ProgramTable } from './components/program-table';
import { ProgrammeDays } from './components/programme-days';
import { PROGRAMME_VIEW_MESSAGES } from './messages';

/** 'published 2027-05-01 14:05 UTC' from an ISO timestamp. */
const publishedOn = (iso: string | null) =>
  iso ? ` · published ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '';

/** Calendar buttons never wider than the page: their words wrap, however narrow it gets. */
const calendarButton = { maxWidth: '100%', overflowWrap: 'anywhere' } as const;

/** /ConferenceProgram/: the programme table, then the published days with their events and sessions. */
export function ConferenceProgram() {
  useDocumentTitle('Conference programme');
  const programme = useProgramme();
  return (
    <Stack spacing={2} sx={{ overflowWrap: 'break-word', minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        Conference programme
      </Typography>
      <QueryState queries={[programme]} fallback={PROGRAMME_VIEW_MESSAGES.loadFailed}>
        {() => {
          const p = programme.data!;
          const published = p.version !== null;
          return (
            <>
              {published ? (
                <>
                  <Typography variant="body2" color="text.secondary" data-testid="programme-version">
                    Version {p.version}
                    {publishedOn(p.publishedAt)} · times in {p.timeZone}
                  </Typography>
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: 'flex-start' }}
                  >
                    <Button
                      component="a"
                      variant="contained"
                      href={calendarUrl('all')}
                      download
                      sx={calendarButton}
                    >
                      Add the whole programme to my calendar
                    </Button>
                    <Button
                      component="a"
                      variant="outlined"
                      href={calendarUrl('mine')}
                      download
                      sx={calendarButton}
                    >
                      My programme
                    </Button>
                  </Stack>
                </>
              ) : (
                <Alert severity="info" data-testid="programme-not-published">
                  {PROGRAMME_VIEW_MESSAGES.notPublished}
                </Alert>
              )}
              <ProgramTable html={p.programTable} />
              {published && !p.days.length ? (
                <Typography color="text.secondary">The programme has no days yet.</Typography>
              ) : null}
              <ProgrammeDays days={p.days} timeZone={p.timeZone} />
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
}
