import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { META_REVIEW_MESSAGES, PAPER_MESSAGES, type MetaReviewPageDto } from '@symposium/domain';
import { errorMessage, QueryState, routeId, useDocumentTitle, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useMetaReviewPage, useWriteMetaReview } from './api/reviewer';
import { ReviewDetails } from './components/review-details';

/**
 * /MetaReview/{paperId}: the meta-review of the paper's meta-reviewer (issue 25). The round's submitted
 * reviews (scores and comments, "Reviewer N") on the left, the form on the right: recommendation (a paper
 * status), text to the committee, optional text to the authors; save a draft or submit. The form opens once
 * every review of the round is submitted (the server enforces it). Below ~900 px the columns stack.
 */
export function MetaReview() {
  const params = useParams();
  const paperId = routeId(params.paperId);
  useDocumentTitle(`Meta-review of paper ${paperId}`);
  const page = useMetaReviewPage(paperId);
  if (Number.isNaN(paperId)) return <Alert severity="error">{PAPER_MESSAGES.notFound}</Alert>;
  return (
    <QueryState queries={[page]} fallback={PAPER_MESSAGES.notFound}>
      {() => <MetaReviewScreen key={page.data!.metaReview?.updatedAt ?? 'new'} page={page.data!} />}
    </QueryState>
  );
}

function MetaReviewScreen({ page }: { page: MetaReviewPageDto }) {
  const notify = useNotify();
  const write = useWriteMetaReview(page.paper._id);
  const m = page.metaReview;
  const [recommendation, setRecommendation] = useState<number | ''>(m?.recommendation ?? '');
  const [committeeText, setCommitteeText] = useState(m?.committeeText ?? '');
  const [authorText, setAuthorText] = useState(m?.authorText ?? '');
  const submitted = m?.submitted ?? false;
  const save = (submit: boolean) =>
    write.mutate(
      {
        submit,
        recommendation: recommendation === '' ? null : recommendation,
        committeeText,
        authorText: authorText.trim() ? authorText : null,
      },
      { onSuccess: () => notify(submit ? META_REVIEW_MESSAGES.submitted : META_REVIEW_MESSAGES.saved) },
    );

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Meta-review
      </Typography>
      <Typography color="text.secondary">
        Paper {page.paper._id}: {page.paper.title} ({page.paper.trackName}, round {page.request.round})
      </Typography>
      {!page.open ? (
        <Alert severity="info" data-testid="meta-closed">
          {META_REVIEW_MESSAGES.notOpen} Submitted: {page.submittedReviews} of {page.expectedReviews}.
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} component="section" aria-labelledby="meta-reviews-heading">
          <Typography variant="h5" component="h2" id="meta-reviews-heading">
            Reviews and scores
          </Typography>
          {page.reviews.length ? (
            page.reviews.map((r) => (
              <ReviewDetails
                key={r.alias}
                title={r.alias}
                review={{
                  quality: r.quality,
                  contribution: r.contribution,
                  originality: r.originality,
                  final: r.final,
                  comments: { author: r.commentsAuthor, chair: r.commentsChair },
                }}
              />
            ))
          ) : (
            <Typography color="text.secondary">No submitted reviews yet.</Typography>
          )}
        </Stack>
        <Stack spacing={2} component="section" aria-labelledby="meta-form-heading" data-testid="meta-form">
          <Typography variant="h5" component="h2" id="meta-form-heading">
            Your meta-review{submitted ? ' (submitted)' : m ? ' (draft)' : ''}
          </Typography>
          <TextField
            select
            label="Recommendation"
            value={recommendation}
            disabled={!page.open}
            onChange={(e) => setRecommendation(e.target.value === '' ? '' : Number(e.target.value))}
            slotProps={{ select: { SelectDisplayProps: { 'aria-label': 'Recommendation' } as object } }}
          >
            <MenuItem value="">
              <em>Choose…</em>
            </MenuItem>
            {page.statuses.map((s) => (
              <MenuItem key={s._id} value={s._id}>
                {s.text}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Text to the committee"
            multiline
            minRows={6}
            value={committeeText}
            disabled={!page.open}
            onChange={(e) => setCommitteeText(e.target.value)}
            helperText="Read by the chairs and track chairs only."
            slotProps={{ htmlInput: { 'data-testid': 'meta-committee' } }}
          />
          <TextField
            label="Text to the authors (optional)"
            multiline
            minRows={4}
            value={authorText}
            disabled={!page.open}
            onChange={(e) => setAuthorText(e.target.value)}
            helperText="Shown to the authors with the reviews when the chair releases them."
            slotProps={{ htmlInput: { 'data-testid': 'meta-author' } }}
          />
          {write.isError ? (
            <Alert severity="error" data-testid="meta-error">
              {errorMessage(write.error)}
            </Alert>
          ) : null}
          {page.open ? (
            <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
              {!submitted ? (
                <Button variant="outlined" disabled={write.isPending} onClick={() => save(false)}>
                  Save draft
                </Button>
              ) : null}
              <Button variant="contained" disabled={write.isPending} onClick={() => save(true)}>
                {submitted ? 'Submit again' : 'Submit'}
              </Button>
            </Stack>
          ) : null}
          {submitted ? (
            <Typography data-testid="meta-submitted">
              Submitted {m?.submittedAt?.slice(0, 16).replace('T', ' ')} UTC
              {m?.recommendationText ? ` · recommendation: ${m.recommendationText}` : ''}
            </Typography>
          ) : null}
        </Stack>
      </Box>
      <Box>
        <Button variant="text" component={Link} to={paths.home}>
          Back to the review requests
        </Button>
      </Box>
    </Stack>
  );
}
