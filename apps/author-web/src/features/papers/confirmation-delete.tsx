import { Alert, Button, Stack, Typography } from '@mui/material';
import { PAPER_MESSAGES } from '@symposium/domain';
import { ConfirmDialog, errorMessage, QueryState, useDocumentTitle, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useDeletePaper, usePaper } from './api/papers';
import { routeId } from './utils/route-id';

/** /ConfirmationDelete/{paperId}: withdraws the paper (soft delete; a chair can restore it) after a confirm. */
export function ConfirmationDelete() {
  useDocumentTitle('Delete paper');
  const paperId = routeId(useParams().paperId);
  const navigate = useNavigate();
  const notify = useNotify();
  const paper = usePaper(paperId);
  const remove = useDeletePaper();
  const [asking, setAsking] = useState(false);
  if (Number.isNaN(paperId)) return <Alert severity="error">{PAPER_MESSAGES.notFound}</Alert>;

  return (
    <QueryState queries={[paper]} fallback={PAPER_MESSAGES.obtainFailed}>
      {() => (
        <Stack spacing={2}>
          <Typography variant="h4" component="h1">
            Delete paper
          </Typography>
          <Typography>
            Paper {paper.data!._id}: <strong>{paper.data!.title}</strong>
          </Typography>
          <Alert severity="warning">
            The paper is withdrawn from the conference. Only a chair can restore it.
          </Alert>
          <Stack direction="row" spacing={2}>
            <Button color="error" onClick={() => setAsking(true)} disabled={!paper.data!.actions.canDelete}>
              Delete paper
            </Button>
            <Button variant="text" component={Link} to={paths.home}>
              Cancel
            </Button>
          </Stack>
          <ConfirmDialog
            open={asking}
            title="Delete this paper?"
            confirmLabel="Delete"
            busy={remove.isPending}
            onCancel={() => setAsking(false)}
            onConfirm={() =>
              remove.mutate(paperId, {
                onSuccess: (r) => {
                  notify(r.message);
                  void navigate(paths.home);
                },
                onError: (e) => {
                  setAsking(false);
                  notify(errorMessage(e, 'Something went wrong while updating!'), 'error');
                },
              })
            }
          >
            {paper.data!.title}
          </ConfirmDialog>
        </Stack>
      )}
    </QueryState>
  );
}
