import { Alert, Button, Link as MuiLink, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  isSessionLink,
  PROGRAMME_MESSAGES,
  sessionName,
  SESSION_KINDS,
  type SessionKind,
} from '@symposium/domain';
import { routeId, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { useGoBack } from '../../components/use-go-back';
import { paths } from '../../config/paths';
import { ClashSummary } from './clash-list';
import { saveError } from './programme-labels';
import { sessionTitle } from './session-labels';
import { useSession } from './api/queries';
import { useUpdateSessionLink } from './api/mutations';

const LIST_PATH: Record<SessionKind, string> = {
  technical: paths.viewTechnicalSessions,
  poster: paths.viewPosterSessions,
  tutorial: paths.viewTutorials,
};

const isKind = (v: string | undefined): v is SessionKind =>
  (SESSION_KINDS as readonly string[]).includes(v ?? '');

/** /AssignSessionLink/{kind}/{sessionId}: the session's link (an http or https address), shown and changed. */
export function SessionLinkForm() {
  const { kind, sessionId } = useParams();
  const id = routeId(sessionId);
  if (!isKind(kind) || Number.isNaN(id))
    return (
      <>
        <PageTitle title="Session link" />
        <Alert severity="error">
          {isKind(kind) ? PROGRAMME_MESSAGES.sessionNotFound : `Unknown kind of session "${kind ?? ''}".`}
        </Alert>
      </>
    );
  return <LinkForm kind={kind} id={id} />;
}

function LinkForm({ kind, id }: { kind: SessionKind; id: number }) {
  const session = useSession(kind, id);
  const name = sessionName(kind, id);
  return (
    <>
      <PageTitle title={`Link of ${name}`} actions={<ClashSummary />} />
      <QueryView query={session}>
        {(s) => <LinkEditor key={s.link} kind={kind} id={id} title={sessionTitle(s)} current={s.link} />}
      </QueryView>
    </>
  );
}

function LinkEditor({
  kind,
  id,
  title,
  current,
}: {
  kind: SessionKind;
  id: number;
  title: string;
  current: string;
}) {
  const notify = useNotify();
  const update = useUpdateSessionLink();
  const back = useGoBack(LIST_PATH[kind]);
  const [link, setLink] = useState(current);
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = link.trim();
    if (!isSessionLink(value)) return setError(PROGRAMME_MESSAGES.link);
    setError('');
    update.mutate(
      { kind, id, link: value },
      {
        onSuccess: (r) => notify(r.message || PROGRAMME_MESSAGES.linkUpdated),
        onError: (err) => notify(saveError(err), 'error'),
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
      <Typography sx={{ mb: 1 }}>{title}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="current-link">
        Current link:{' '}
        {current ? (
          <MuiLink href={current} target="_blank" rel="noopener noreferrer">
            {current}
          </MuiLink>
        ) : (
          'none'
        )}
      </Typography>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Session link"
          name="link"
          placeholder="https://"
          value={link}
          error={Boolean(error)}
          helperText={error || 'The address where the session is streamed or described (http or https)'}
          onChange={(e) => setLink(e.target.value)}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button type="submit" disabled={update.isPending}>
            Save link
          </Button>
          {current ? (
            <Button
              variant="outlined"
              color="error"
              disabled={update.isPending}
              onClick={() =>
                update.mutate(
                  { kind, id, link: '' },
                  {
                    onSuccess: (r) => notify(r.message || PROGRAMME_MESSAGES.linkUpdated),
                    onError: (err) => notify(saveError(err), 'error'),
                  },
                )
              }
            >
              Remove link
            </Button>
          ) : null}
          <Button variant="outlined" onClick={back}>
            Back
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
