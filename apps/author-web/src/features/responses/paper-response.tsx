import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  PAPER_MESSAGES,
  RESPONSE_MESSAGES,
  responseCounterText,
  responseLength,
  responseLimitError,
  type AuthorResponsePhaseDto,
} from '@symposium/domain';
import {
  ConferenceTime,
  errorMessage,
  QueryState,
  ResponseText,
  routeId,
  useDocumentTitle,
  useNotify,
} from '@symposium/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ReviewDetails } from '../reviews/components/review-details';
import { useResponsePhase, useWriteResponse } from './api/responses';

/**
 * /PaperResponse/{paperId}/{round}: the author response of one round (issue 25). The reviews on the left,
 * the response on the right with a live counter counted by libs/domain's responseLength (the server's
 * count); over the limit the counter turns red with the server's message and Submit is disabled. Below
 * ~900 px the two columns stack. Read-only outside the window.
 */
export function PaperResponse() {
  const params = useParams();
  const paperId = routeId(params.paperId);
  const round = routeId(params.round);
  useDocumentTitle(`Author response to the reviews of paper ${paperId}`);
  const phase = useResponsePhase(paperId, round);
  if (Number.isNaN(paperId) || Number.isNaN(round))
    return <Alert severity="error">{PAPER_MESSAGES.notFound}</Alert>;
  return (
    <QueryState queries={[phase]} fallback={PAPER_MESSAGES.notFound}>
      {() => <ResponseScreen key={phase.data!.response?.updatedAt ?? 'new'} phase={phase.data!} />}
    </QueryState>
  );
}

function WindowLine({ phase }: { phase: AuthorResponsePhaseDto }) {
  switch (phase.state) {
    case 'none':
      return <Alert severity="info">{RESPONSE_MESSAGES.noResponse}</Alert>;
    case 'unset':
      return <Alert severity="info">{RESPONSE_MESSAGES.windowNotSet}</Alert>;
    case 'before':
      return (
        <Alert severity="info">
          The response window opens on <ConferenceTime value={phase.opensAt} inline />.
        </Alert>
      );
    case 'closed':
      return (
        <Alert severity="info" data-testid="response-closed">
          The response window closed on <ConferenceTime value={phase.closesAt} inline />. The response can no
          longer be changed.
        </Alert>
      );
    case 'open':
      return (
        <Typography>
          Open until <ConferenceTime value={phase.closesAt} inline />. Any author of the paper may edit and
          re-submit the response until then.
        </Typography>
      );
  }
}

function ResponseScreen({ phase }: { phase: AuthorResponsePhaseDto }) {
  const notify = useNotify();
  const write = useWriteResponse(phase.paper, phase.round);
  const [text, setText] = useState(phase.response?.text ?? '');
  const open = phase.state === 'open' && phase.limit !== null;
  const submitted = phase.response?.submitted ?? false;
  const limit = phase.limit ?? 0;
  const length = responseLength(text, phase.unit);
  const over = open ? responseLimitError(text, limit, phase.unit) : null;
  const save = (submit: boolean) =>
    write.mutate(
      { text, submit },
      { onSuccess: () => notify(submit ? RESPONSE_MESSAGES.submitted : RESPONSE_MESSAGES.saved) },
    );

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Author response · {phase.roundName}
      </Typography>
      <Typography color="text.secondary">
        Paper {phase.paper}: {phase.paperTitle}
      </Typography>
      <WindowLine phase={phase} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack
          spacing={2}
          component="section"
          aria-labelledby="response-reviews"
          data-testid="response-column"
        >
          <Typography variant="h5" component="h2" id="response-reviews">
            Reviews
          </Typography>
          {phase.reviews.length ? (
            phase.reviews.map((r) => (
              <ReviewDetails key={r.number} title={`Review ${r.number} (round ${r.round})`} review={r} />
            ))
          ) : (
            <Typography color="text.secondary">No reviews to show.</Typography>
          )}
        </Stack>
        <Stack
          spacing={2}
          component="section"
          aria-labelledby="response-heading"
          data-testid="response-column"
        >
          <Typography variant="h5" component="h2" id="response-heading">
            Your response{submitted ? ' (submitted)' : phase.response ? ' (draft)' : ''}
          </Typography>
          {open ? (
            <>
              <TextField
                label="Response"
                multiline
                minRows={10}
                value={text}
                onChange={(e) => setText(e.target.value)}
                helperText="Plain text; *emphasis*, **strong**, `code`, lists and [links](https://…) are shown formatted."
                slotProps={{ htmlInput: { 'data-testid': 'response-input' } }}
              />
              <Typography
                data-testid="response-counter"
                aria-live="polite"
                sx={{ color: over ? 'error.main' : 'text.secondary', fontWeight: over ? 'bold' : undefined }}
              >
                {responseCounterText(length, limit, phase.unit)}
              </Typography>
              {over ? (
                <Alert severity="error" data-testid="response-over">
                  {over}
                </Alert>
              ) : null}
              {write.isError ? (
                <Alert severity="error" data-testid="response-error">
                  {errorMessage(write.error)}
                </Alert>
              ) : null}
              <Stack direction="row" spacing={2}>
                {!submitted ? (
                  <Button variant="outlined" disabled={write.isPending} onClick={() => save(false)}>
                    Save draft
                  </Button>
                ) : null}
                <Button
                  variant="contained"
                  disabled={write.isPending || !!over || !text.trim()}
                  onClick={() => save(true)}
                >
                  {submitted ? 'Submit again' : 'Submit'}
                </Button>
              </Stack>
              {text.trim() ? (
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <Typography variant="h6" component="h3" gutterBottom>
                    Preview
                  </Typography>
                  <ResponseText text={text} />
                </Paper>
              ) : null}
            </>
          ) : phase.response ? (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <ResponseText text={phase.response.text} />
            </Paper>
          ) : (
            <Typography color="text.secondary">No response written.</Typography>
          )}
        </Stack>
      </Box>
      <Box>
        <Button variant="text" component={Link} to={paths.viewPaper(phase.paper)}>
          Back to the paper
        </Button>
      </Box>
    </Stack>
  );
}
