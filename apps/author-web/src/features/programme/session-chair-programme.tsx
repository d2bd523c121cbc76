import { Alert, Stack, Typography } from '@mui/material';
import { QueryState, useDocumentTitle } from '@symposium/ui';
import { paths } from '../../config/paths';
import { useSessionProgramme } from './api/session-programme';
import { ProgramTable } from './components/program-table';
import { ProgrammeDays } from './components/programme-days';
import { PROGRAMME_VIEW_MESSAGES } from './messages';

/**
 * The session-chair front end (spec §2): the technical-session events holding the sessions assigned to the
 * user, each labelled with its type and times, their sessions and papers (each opening /ViewSessionPaper),
 * and the conference programme table.
 */
export function SessionChairProgramme() {
  useDocumentTitle('My sessions');
  const programme = useSessionProgramme();
  return (
    <Stack spacing={2} sx={{ overflowWrap: 'break-word', minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        My sessions
      </Typography>
      <QueryState queries={[programme]} fallback={PROGRAMME_VIEW_MESSAGES.loadFailed}>
        {() => {
          const p = programme.data!;
          return (
            <>
              {p.version === null ? (
                <Alert severity="info" data-testid="programme-not-published">
                  {PROGRAMME_VIEW_MESSAGES.notPublished}
                </Alert>
              ) : !p.days.length ? (
                <Alert severity="info" data-testid="no-sessions">
                  {PROGRAMME_VIEW_MESSAGES.noSessions}
                </Alert>
              ) : (
                <ProgrammeDays days={p.days} timeZone={p.timeZone} paperLink={paths.viewSessionPaper} />
              )}
              <ProgramTable html={p.programTable} />
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
}
