import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import type { PublishResultDto } from '@symposium/domain';
import { errorMessage, useConferenceTimeText, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { useClashes, useProgrammeStatus } from './api/queries';
import { usePublishProgramme } from './api/mutations';

/**
 * The draft against the published programme (version, changes, clashes) and the "Publish programme"
 * button: it lists the unacknowledged clashes and asks to confirm, then shows the new version and how many
 * change notices were queued.
 */
export function PublishPanel() {
  const when = useConferenceTimeText();
  const status = useProgrammeStatus();
  const clashes = useClashes();
  const publish = usePublishProgramme();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<PublishResultDto | null>(null);
  const s = status.data;
  const open = (clashes.data ?? []).filter((c) => !c.acknowledged);

  const doPublish = () =>
    publish.mutate(undefined, {
      onSuccess: (r) => {
        setResult(r);
        notify(`Programme version ${r.version} published`);
      },
      onError: (e) => notify(errorMessage(e, 'The programme could not be published'), 'error'),
      onSettled: () => setConfirming(false),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="publish-panel">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
        <Stack sx={{ flexGrow: 1 }} spacing={0.5}>
          {status.isError ? (
            <Alert severity="error">{errorMessage(status.error)}</Alert>
          ) : !s ? (
            // A progress bar too: screens (and tests) know the status is still on its way.
            <>
              <Typography color="text.secondary">Loading the programme status…</Typography>
              <LinearProgress aria-label="Loading the programme status" />
            </>
          ) : (
            <>
              <Typography data-testid="published-version">
                {s.publishedVersion === null
                  ? 'The programme has not been published yet.'
                  : `Published version ${s.publishedVersion}${s.publishedAt ? ` on ${when(s.publishedAt)}` : ''}.`}
              </Typography>
              <Typography color="text.secondary" data-testid="draft-status">
                {s.draftChanged
                  ? 'The draft has changes that are not published.'
                  : 'The draft is the published programme.'}{' '}
                {s.clashes} clash{s.clashes === 1 ? '' : 'es'} ({s.unacknowledgedClashes} unacknowledged).
                Times in {s.timeZone}.
              </Typography>
            </>
          )}
        </Stack>
        <Button
          sx={{ flexShrink: 0 }}
          disabled={!s || publish.isPending}
          onClick={() => {
            setResult(null);
            setConfirming(true);
          }}
        >
          Publish programme
        </Button>
      </Stack>
      {result ? (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="publish-result">
          Version {result.version} published on {when(result.publishedAt)}. {result.notices} change notice
          {result.notices === 1 ? '' : 's'} queued.
        </Alert>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="publish-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="publish-title">Publish the programme?</DialogTitle>
        <DialogContent>
          <Typography gutterBottom>
            Authors and session chairs will see this draft as version {(s?.publishedVersion ?? 0) + 1}, and
            those whose sessions changed get a notice.
          </Typography>
          {open.length ? (
            <>
              <Alert severity="warning" sx={{ mb: 1 }}>
                {open.length} clash{open.length === 1 ? ' is' : 'es are'} not acknowledged:
              </Alert>
              <List dense data-testid="publish-clashes">
                {open.map((c) => (
                  <ListItem key={c.key}>
                    <ListItemText primary={c.message} />
                  </ListItem>
                ))}
              </List>
            </>
          ) : (
            <Typography color="text.secondary">No unacknowledged clashes.</Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="text" onClick={() => setConfirming(false)} disabled={publish.isPending}>
            Cancel
          </Button>
          <Button onClick={doPublish} disabled={publish.isPending} data-testid="confirm-publish">
            Publish
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
