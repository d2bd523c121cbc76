import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { CHAIR_PAPER_MESSAGES, type ChairPaperDto } from '@symposium/domain';
import { ApiError, errorMessage, Loading } from '@symposium/ui';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from './page-title';
import { useGoBack } from './use-go-back';
import { paths } from '../config/paths';
import { authorNames } from '../resources/papers/paper-labels';
import { usePaper } from '../resources/papers/api/queries';

/**
 * The frame of the per-paper screens: loads the paper of the `paperId` route parameter ('The paper could not
 * be obtained' when it is missing or outside the caller's tracks) and shows its title, authors and track.
 */
export function PaperScreen({
  title,
  children,
}: {
  title: string;
  children: (paper: ChairPaperDto, back: () => void) => ReactNode;
}) {
  const { paperId } = useParams();
  const id = Number(paperId);
  const paper = usePaper(id);
  const back = useGoBack(paths.viewPapers);
  const valid = Number.isInteger(id) && id > 0;
  let body: ReactNode;
  if (!valid || paper.isError) {
    const notFound = !valid || (paper.error instanceof ApiError && paper.error.statusCode < 500);
    body = (
      <Alert severity="error" sx={{ mb: 2 }}>
        {notFound
          ? CHAIR_PAPER_MESSAGES.notObtained
          : errorMessage(paper.error, CHAIR_PAPER_MESSAGES.obtainError)}
      </Alert>
    );
  } else if (paper.isPending) body = <Loading />;
  else
    body = (
      <>
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="paper-summary">
          <Typography variant="h6" component="h2">
            {paper.data._id}. {paper.data.title}
          </Typography>
          <Typography color="text.secondary">{authorNames(paper.data)}</Typography>
          <Typography color="text.secondary">
            Track: {paper.data.trackName} · Status: {paper.data.statusText ?? '—'}
            {paper.data.isDeleted ? ' · Deleted' : ''}
          </Typography>
        </Paper>
        {children(paper.data, back)}
      </>
    );
  return (
    <>
      <PageTitle
        title={title}
        actions={
          <Button variant="outlined" onClick={back}>
            Back
          </Button>
        }
      />
      {body}
    </>
  );
}

/** Save and cancel buttons of the per-paper forms. */
export function SaveBar({
  busy,
  disabled,
  onBack,
}: {
  busy: boolean;
  disabled?: boolean;
  onBack: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
      <Button type="submit" disabled={busy || disabled}>
        Save
      </Button>
      <Button variant="outlined" onClick={onBack} disabled={busy}>
        Cancel
      </Button>
    </Stack>
  );
}
