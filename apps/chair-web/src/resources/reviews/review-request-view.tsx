import { Alert, Button, Grid, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { ReviewCard } from './review-card';
import { formatDate, STATE_LABELS } from './review-labels';
import { useDeleteRequest } from './api/mutations';
import { useReviewRequest } from './api/queries';

/** /ViewReviewRequest/{reviewRequestId}: the request, its state and dates, and its review once submitted. */
export function ReviewRequestView() {
  const id = Number(useParams().reviewRequestId);
  const request = useReviewRequest(id);
  const remove = useDeleteRequest();
  const notify = useNotify();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  if (!Number.isInteger(id) || id <= 0) return <Alert severity="error">Review request not found</Alert>;
  return (
    <QueryView query={request}>
      {(r) => (
        <>
          <PageTitle
            title={`Review request ${r._id}`}
            subtitle={`Paper ${r.paper}: ${r.paperTitle}`}
            actions={
              <>
                <Button variant="outlined" component={Link} to={paths.viewPaperReviews(r.paper)}>
                  Paper reviews
                </Button>
                <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
                  Delete
                </Button>
              </>
            }
          />
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Grid container spacing={2}>
              {(
                [
                  ['Track', r.trackName],
                  ['Reviewer', `${r.reviewerName ?? ''} (${r.reviewerEmail ?? ''})`],
                  ['Role', r.role === 'meta' ? 'Meta-reviewer' : 'Reviewer'],
                  ['Round', r.roundName],
                  ['Kind', r.isCameraReady ? 'Camera-ready' : 'Submission'],
                  ['State', STATE_LABELS[r.state]],
                  ['Evaluation', r.evaluation < 0 ? 'not completed' : String(r.evaluation)],
                  ['Invited', formatDate(r.invitedAt)],
                  ['Answered', formatDate(r.respondedAt)],
                  ['Reply due', formatDate(r.replyDueAt)],
                  ['Evaluation due', formatDate(r.dueAt)],
                ] as const
              ).map(([label, value]) => (
                <Grid key={label} size={{ xs: 12, sm: 6, md: 4 }}>
                  <Typography variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography data-testid={`request-${label.toLowerCase().replace(' ', '-')}`}>
                    {value}
                  </Typography>
                </Grid>
              ))}
            </Grid>
            <Stack direction="row" sx={{ mt: 2 }}>
              <Button variant="text" component={Link} to={paths.viewReviewRequests(r.reviewer)}>
                Other requests of this reviewer
              </Button>
            </Stack>
          </Paper>
          {r.role === 'meta' ? (
            <Alert severity="info" data-testid="meta-request-note">
              A meta-reviewer writes a meta-review, not a review
              {r.state === 'reviewed' ? ' (submitted)' : ''}: it is on the{' '}
              <MuiLink component={Link} to={paths.viewPaperReviews(r.paper)}>
                paper's reviews
              </MuiLink>
              .
            </Alert>
          ) : r.review ? (
            <ReviewCard review={r.review} title="Review" />
          ) : (
            <Alert severity="info">No review has been submitted for this request yet.</Alert>
          )}
          <ConfirmDialog
            open={confirming}
            title="Delete this review request?"
            confirmLabel="Delete"
            busy={remove.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() =>
              remove.mutate(r._id, {
                onSuccess: (res) => {
                  notify(res.message);
                  void navigate(paths.viewReviewRequests());
                },
                onError: (e) => notify(errorMessage(e), 'error'),
              })
            }
          >
            <Typography>
              {r.reviewerName} on paper {r.paper}. A submitted review is deleted with the request.
            </Typography>
          </ConfirmDialog>
        </>
      )}
    </QueryView>
  );
}
