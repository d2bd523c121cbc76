import {
  Button,
  Link as MuiLink,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { PROGRAMME_MESSAGES, sessionName, type SessionKind } from '@symposium/domain';
import { useNotify } from '@symposium/ui';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { ClashSummary } from './clash-list';
import { eventsById, PROGRAMME_UI_MESSAGES, serverMessage } from './programme-labels';
import { useDays, useSessions, type SessionDtoOf } from './api/queries';
import { useDeleteSession } from './api/mutations';
import { scrollRegion, scrollSx } from '../../components/data-table';

export interface SessionColumn<K extends SessionKind> {
  label: string;
  render: (session: SessionDtoOf[K]) => ReactNode;
}

const ASSIGN_PATH: Record<SessionKind, (session?: number) => string> = {
  technical: paths.assignTechnicalSessions,
  poster: paths.assignPosterSessions,
  tutorial: paths.assignTutorials,
};

/**
 * A list of sessions of one kind: number, the kind's own columns, room, event and link, each row linking to
 * its edit and its link form. The actions are stacked in their column and long texts wrap, so a row's buttons
 * stay inside the table at desktop widths (no sideways scrolling to reach Delete). Delete follows spec §4: Delete puts the row in delete-pending (Confirm and
 * Cancel), Cancel clears it, Confirm deletes and the row leaves the list on success.
 */
export function SessionList<K extends SessionKind>({
  kind,
  title,
  subtitle,
  columns,
}: {
  kind: K;
  title: string;
  subtitle: string;
  columns: SessionColumn<K>[];
}) {
  const sessions = useSessions(kind);
  const days = useDays();
  const remove = useDeleteSession(kind);
  const notify = useNotify();
  const [pending, setPending] = useState<number | null>(null);
  const eventNames = eventsById(days.data);
  const isTutorial = kind === 'tutorial';
  const addLabel = isTutorial ? 'Add tutorial' : 'Add sessions';

  const confirmDelete = (id: number) =>
    remove.mutate(id, {
      onSuccess: () =>
        notify(isTutorial ? PROGRAMME_UI_MESSAGES.tutorialDeleted : PROGRAMME_UI_MESSAGES.sessionDeleted),
      onError: (err) =>
        notify(
          serverMessage(
            err,
            isTutorial ? PROGRAMME_MESSAGES.tutorialDeleteFailed : PROGRAMME_MESSAGES.sessionDeleteFailed,
          ),
          'error',
        ),
      onSettled: () => setPending(null),
    });

  return (
    <>
      <PageTitle
        title={title}
        subtitle={subtitle}
        actions={
          <>
            <ClashSummary />
            <Button component={Link} to={ASSIGN_PATH[kind]()}>
              {addLabel}
            </Button>
          </>
        }
      />
      <QueryView query={sessions}>
        {(list) => (
          <TableContainer
            component={Paper}
            variant="outlined"
            {...scrollRegion(title)}
            sx={{ ...scrollSx, overflowWrap: 'anywhere' }}
          >
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>Number</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.label}>{c.label}</TableCell>
                  ))}
                  <TableCell>Room</TableCell>
                  <TableCell>Event</TableCell>
                  <TableCell>Link</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody data-testid="session-rows">
                {list.map((s) => {
                  const name = sessionName(kind, s._id);
                  return (
                    <TableRow key={s._id} data-testid={`session-${s._id}`}>
                      <TableCell>{s._id}</TableCell>
                      {columns.map((c) => (
                        <TableCell key={c.label}>{c.render(s)}</TableCell>
                      ))}
                      <TableCell>{s.room?.name ?? '—'}</TableCell>
                      <TableCell>
                        {s.event.has && s.event.reference !== null
                          ? (eventNames.get(s.event.reference) ?? `Event ${s.event.reference}`)
                          : 'Not in an event'}
                      </TableCell>
                      <TableCell>
                        {s.link ? (
                          <MuiLink
                            href={s.link}
                            target="_blank"
                            rel="noopener noreferrer"
                            title={s.link}
                            sx={{
                              display: 'block',
                              maxWidth: 180,
                              overflow: 'hidden',
                              textOverflow: 'ellipsis',
                              whiteSpace: 'nowrap',
                            }}
                          >
                            {s.link}
                          </MuiLink>
                        ) : (
                          '—'
                        )}
                      </TableCell>
                      <TableCell align="right">
                        {pending === s._id ? (
                          <Stack spacing={0.5} alignItems="stretch">
                            <Typography variant="body2" color="error">
                              Delete {name}?
                            </Typography>
                            <Button
                              size="small"
                              color="error"
                              disabled={remove.isPending}
                              aria-label={`Confirm deleting ${name}`}
                              onClick={() => confirmDelete(s._id)}
                            >
                              Confirm
                            </Button>
                            <Button
                              size="small"
                              variant="outlined"
                              disabled={remove.isPending}
                              aria-label={`Cancel deleting ${name}`}
                              onClick={() => setPending(null)}
                            >
                              Cancel
                            </Button>
                          </Stack>
                        ) : (
                          <Stack spacing={0.5} alignItems="stretch">
                            <Button
                              size="small"
                              variant="outlined"
                              component={Link}
                              to={ASSIGN_PATH[kind](s._id)}
                              aria-label={`Edit ${name}`}
                            >
                              Edit
                            </Button>
                            <Button
                              size="small"
                              variant="outlined"
                              component={Link}
                              to={paths.assignSessionLink(kind, s._id)}
                              aria-label={`Link of ${name}`}
                            >
                              Link
                            </Button>
                            <Button
                              size="small"
                              variant="outlined"
                              color="error"
                              disabled={remove.isPending}
                              aria-label={`Delete ${name}`}
                              onClick={() => setPending(s._id)}
                            >
                              Delete
                            </Button>
                          </Stack>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
                {list.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={columns.length + 5}>Nothing scheduled yet.</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryView>
    </>
  );
}
