import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import {
  canUsePrefix,
  PAPER_MESSAGES,
  type AuthorMetaReviewDto,
  type AuthorReviewDto,
} from '@symposium/domain';
import {
  api,
  ApiError,
  errorMessage,
  QueryState,
  routeId,
  useConferenceTimeText,
  useDocumentTitle,
  useSession,
} from '@symposium/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuthorReviews } from './api/author-reviews';
import { useReviewerPaper, type ReviewerPaper } from './api/reviewer';
import { PaperSummary, ReviewDetails } from './components/review-details';
import { SubmittedResponses } from '../responses/components/submitted-responses';
import { AuthorDiscussion, DiscussionPanel } from './components/discussion-panel';

/** A reviewer's own submitted review(s) of the paper, read-only (with their comments to the chair). */
function ReviewerView({ paperId, data }: { paperId: number; data: ReviewerPaper }) {
  const submitted = data.reviews.filter((r) => !r.draft);
  const when = useConferenceTimeText();
  return (
    <Stack spacing={2}>
      <PaperSummary paper={data.paper} />
      {submitted.length ? (
        submitted.map((r) => (
          <ReviewDetails
            key={r._id}
            title={`Your review${r.isCameraReady ? ' of the camera-ready version' : ''}${
              r.submittedAt ? `, submitted ${when(r.submittedAt)}` : ''
            }`}
            review={r}
          />
        ))
      ) : (
        <Alert
          severity="info"
          data-testid="not-submitted"
          action={
            <Button color="inherit" size="small" component={Link} to={paths.reviewPaper(paperId)}>
              Review paper
            </Button>
          }
        >
          You have not submitted your review of this paper yet.
        </Alert>
      )}
      <SubmittedResponses paperId={paperId} />
      <DiscussionPanel paperId={paperId} />
    </Stack>
  );
}

/** The reviews of an author's paper: decision label, scores and comments to the authors; nobody's name. */
function AuthorView({ reviews }: { reviews: AuthorReviewDto[] }) {
  if (!reviews.length)
    return (
      <Alert severity="info" data-testid="no-reviews">
        No review of this paper has been submitted yet.
      </Alert>
    );
  return (
    <Stack spacing={2}>
      {reviews.map((r) => (
        <ReviewDetails
          key={r.number}
          title={`Review ${r.number}${r.isCameraReady ? ' (camera-ready version)' : ''}`}
          review={r}
        />
      ))}
    </Stack>
  );
}

/**
 * The meta-review's text to the authors (issue 25), once the reviews are released and unless the chair
 * withheld it; nothing when there is none.
 */
function AuthorMetaReview({ paperId }: { paperId: number }) {
  const meta = useQuery({
    queryKey: ['author', 'papers', paperId, 'meta_review'],
    queryFn: () => api<AuthorMetaReviewDto[]>('GET', `/api/author/papers/${paperId}/meta_review`),
    retry: false,
    staleTime: 0,
  });
  if (!meta.data?.length) return null;
  return (
    <Stack spacing={1} component="section" aria-labelledby="author-meta-heading">
      <Typography variant="h5" component="h2" id="author-meta-heading">
        Meta-review
      </Typography>
      {meta.data.map((m) => (
        <Paper key={m.round} variant="outlined" sx={{ p: 1.5 }} data-testid="author-meta-review">
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.text}</Typography>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * /ViewPaperReview/{paperId}: for a reviewer, their submitted review; for an author, the reviews of their
 * paper once the chair enabled it (a reviewer is never an author of the papers they review).
 */
export function ViewPaperReview() {
  const paperId = routeId(useParams().paperId);
  useDocumentTitle(`Reviews of paper ${paperId}`);
  const { user } = useSession();
  const canReview = user ? canUsePrefix(user.roles, 'reviewer') : false;
  const asReviewer = useReviewerPaper(paperId, canReview);
  const asAuthor = useAuthorReviews(paperId, !canReview || asReviewer.isError);
  if (Number.isNaN(paperId)) return <Alert severity="error">{PAPER_MESSAGES.notFound}</Alert>;

  const heading = (
    <Typography variant="h4" component="h1">
      Reviews of paper {paperId}
    </Typography>
  );
  if (asReviewer.isSuccess)
    return (
      <Stack spacing={2}>
        {heading}
        <ReviewerView paperId={paperId} data={asReviewer.data} />
      </Stack>
    );
  const closed =
    asAuthor.error instanceof ApiError && asAuthor.error.code === 'reviews.not_available'
      ? asAuthor.error
      : null;
  return (
    <Stack spacing={2}>
      {heading}
      {closed ? (
        <Alert severity="info" data-testid="reviews-closed">
          {errorMessage(closed)}. The chair has not made them available to the authors yet.
        </Alert>
      ) : (
        <QueryState
          queries={asReviewer.isError ? [asAuthor] : [asReviewer, asAuthor]}
          fallback={PAPER_MESSAGES.notFound}
        >
          {() => (
            <>
              <AuthorView reviews={asAuthor.data ?? []} />
              <AuthorMetaReview paperId={paperId} />
              <AuthorDiscussion paperId={paperId} />
            </>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
