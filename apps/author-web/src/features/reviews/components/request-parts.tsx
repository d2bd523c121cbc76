import { Button, Chip, Stack, Typography } from '@mui/material';
import {
  REVIEW_EVALUATION_DAYS,
  REVIEW_REPLY_DAYS,
  type ReviewRequestDto,
  type ReviewRequestState,
} from '@symposium/domain';
import { ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAnswerRequest } from '../api/reviewer';

export const STATE_LABELS: Record<ReviewRequestState, string> = {
  waiting: 'Waiting for your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  reviewed: 'Reviewed',
};
const STATE_COLORS = {
  waiting: 'warning',
  accepted: 'info',
  declined: 'default',
  reviewed: 'success',
} as const;

export function StateChip({ state }: { state: ReviewRequestState }) {
  return <Chip size="small" label={STATE_LABELS[state]} color={STATE_COLORS[state]} data-testid="state" />;
}

/** A due date as a UTC day (deadlines are UTC strings, §4). */
export const utcDay = (iso: string) => `${iso.slice(0, 10)} UTC`;

const overdue = (iso: string) => Date.parse(iso) < Date.now();

/** Reply within 5 days and evaluation within 14 days of the invitation (§9), marked when late. */
export function DueDates({ request }: { request: ReviewRequestDto }) {
  const replyLate = request.state === 'waiting' && overdue(request.replyDueAt);
  const reviewLate = (request.state === 'waiting' || request.state === 'accepted') && overdue(request.dueAt);
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2" title={`Reply within ${REVIEW_REPLY_DAYS} days of the invitation`}>
        Reply by {utcDay(request.replyDueAt)}
        {replyLate ? ' (overdue)' : ''}
      </Typography>
      <Typography
        variant="body2"
        title={`Evaluation within ${REVIEW_EVALUATION_DAYS} days of the invitation`}
      >
        Review by {utcDay(request.dueAt)}
        {reviewLate ? ' (overdue)' : ''}
      </Typography>
    </Stack>
  );
}

/**
 * What the reviewer can do with a request now: accept or decline while it waits (declining asks first), review
 * once accepted, read the review once submitted.
 */
export function RequestActions({ request }: { request: ReviewRequestDto }) {
  const notify = useNotify();
  const answer = useAnswerRequest();
  const [confirming, setConfirming] = useState(false);
  const send = (action: 'accept' | 'decline') =>
    answer.mutate(
      { id: request._id, action },
      {
        onSuccess: () => {
          setConfirming(false);
          notify(action === 'accept' ? 'Review request accepted' : 'Review request declined');
        },
        onError: (e) => {
          setConfirming(false);
          notify(errorMessage(e, 'Something went wrong while answering the review request'), 'error');
        },
      },
    );
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
      {request.state === 'waiting' ? (
        <>
          <Button size="small" disabled={answer.isPending} onClick={() => send('accept')}>
            Accept
          </Button>
          <Button
            size="small"
            color="error"
            variant="outlined"
            disabled={answer.isPending}
            onClick={() => setConfirming(true)}
          >
            Decline
          </Button>
        </>
      ) : null}
      {request.role === 'meta' && request.state !== 'waiting' && request.state !== 'declined' ? (
        <Button size="small" component={Link} to={paths.metaReview(request.paper)}>
          Meta-review
        </Button>
      ) : null}
      {request.role !== 'meta' && request.state === 'accepted' ? (
        <Button size="small" component={Link} to={paths.reviewPaper(request.paper)}>
          Review paper
        </Button>
      ) : null}
      {request.role !== 'meta' && request.state === 'reviewed' ? (
        <Button size="small" variant="outlined" component={Link} to={paths.viewPaperReview(request.paper)}>
          View review
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Decline this review request?"
        confirmLabel="Decline"
        busy={answer.isPending}
        onConfirm={() => send('decline')}
        onCancel={() => setConfirming(false)}
      >
        <Typography>
          Paper {request.paper} “{request.paperTitle}” ({request.trackName}). Once declined, you can no longer
          review this paper.
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
