import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { REVIEW_MESSAGES, type ReviewRequestDto } from '@symposium/domain';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useRequest, useReviewerPaper } from './api/reviewer';
import { DueDates, RequestActions, StateChip, utcDay } from './components/request-parts';
import { Field, PaperSummary } from './components/review-details';
import { QueryState, routeId, useDocumentTitle } from '@symposium/ui';

function RequestView({ request }: { request: ReviewRequestDto }) {
  // The API shows a reviewer the paper of a request they did not decline.
  const paper = useReviewerPaper(request.paper, request.state !== 'declined');
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={2} alignItems="center">
            <Typography variant="h6" component="h2">
              {request.paperTitle}
            </Typography>
            <StateChip state={request.state} />
          </Stack>
          <Stack component="dl" direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ m: 0 }}>
            <Field label="Paper">
              {request.paper}
              {request.isCameraReady ? ' (camera-ready version)' : ''}
            </Field>
            <Field label="Track">{request.trackName}</Field>
            <Field label="Invited">{utcDay(request.invitedAt)}</Field>
            {request.respondedAt ? <Field label="Answered">{utcDay(request.respondedAt)}</Field> : null}
            <Field label="Due">
              <DueDates request={request} />
            </Field>
          </Stack>
          <RequestActions request={request} />
        </Stack>
      </Paper>
      {paper.isSuccess ? (
        <PaperSummary paper={paper.data.paper} />
      ) : request.state === 'declined' ? (
        <Alert severity="info">You declined this review request.</Alert>
      ) : null}
      <Button variant="text" component={Link} to={paths.home} sx={{ alignSelf: 'flex-start' }}>
        Back to the reviewer console
      </Button>
    </Stack>
  );
}

/** /ViewReviewRequest/{reviewRequestId}: one of the reviewer's requests with its paper; accept or decline. */
export function ViewReviewRequest() {
  useDocumentTitle('Review request');
  const id = routeId(useParams().reviewRequestId);
  const request = useRequest(id);
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Review request {Number.isNaN(id) ? '' : `#${id}`}
      </Typography>
      {Number.isNaN(id) ? (
        <Alert severity="error">{REVIEW_MESSAGES.requestNotFound}</Alert>
      ) : (
        <QueryState queries={[request]} fallback={REVIEW_MESSAGES.requestNotFound}>
          {() => <RequestView request={request.data!} />}
        </QueryState>
      )}
    </Stack>
  );
}
