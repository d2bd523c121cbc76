import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  PAPER_MESSAGES,
  REVIEW_COMMENT_MAX,
  REVIEW_DECISION_LABELS,
  REVIEW_FINAL_UNSET,
  REVIEW_SCORE_MAX,
  REVIEW_SCORE_MIN,
  validateReview,
  type ReviewDto,
  type ReviewField,
  type ReviewRequestDto,
} from '@symposium/domain';
import {
  ApiError,
  ConferenceTime,
  errorMessage,
  QueryState,
  ResponseText,
  routeId,
  useDocumentTitle,
  useNotify,
} from '@symposium/ui';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useReviewerResponses } from './api/discussion';
import { useReviewerPaper, useSaveReview, type ReviewBody, type ReviewerPaper } from './api/reviewer';
import { DueDates, RequestActions, StateChip } from './components/request-parts';
import { PaperSummary } from './components/review-details';

const PAPER_NOT_FOUND = PAPER_MESSAGES.notFound;
const SCORES = Array.from(
  { length: REVIEW_SCORE_MAX - REVIEW_SCORE_MIN + 1 },
  (_, i) => i + REVIEW_SCORE_MIN,
);
/** §3 decision labels, best first. */
const DECISIONS = [2, 1, 0, -1].map((v) => ({
  value: v,
  label: REVIEW_DECISION_LABELS[String(v) as keyof typeof REVIEW_DECISION_LABELS],
}));
const SCORE_FIELDS = [
  { field: 'quality', label: 'Quality' },
  { field: 'contribution', label: 'Contribution' },
  { field: 'originality', label: 'Originality' },
] as const;

/** The request this screen reviews: an open one, the paper's current kind first (as the API picks). */
export function pickRequest(data: ReviewerPaper): ReviewRequestDto | undefined {
  const open = data.requests.filter((r) => !r.declined && !r.reviewed);
  return (
    open.find((r) => r.isCameraReady === data.paper.isCameraReady) ??
    open[0] ??
    data.requests.find((r) => r.isCameraReady === data.paper.isCameraReady) ??
    data.requests[0]
  );
}

type Form = {
  quality: number | null;
  contribution: number | null;
  originality: number | null;
  final: number;
  author: string;
  chair: string;
};

const fromReview = (r: ReviewDto | undefined): Form => ({
  quality: r?.quality ?? null,
  contribution: r?.contribution ?? null,
  originality: r?.originality ?? null,
  final: r?.final ?? REVIEW_FINAL_UNSET,
  author: r?.comments.author ?? '',
  chair: r?.comments.chair ?? '',
});

function ReviewForm({
  paperId,
  request,
  draft,
  onCancel,
}: {
  paperId: number;
  request: ReviewRequestDto;
  /** The saved draft, or the submitted review being revised (with onCancel). */
  draft: ReviewDto | undefined;
  /** Revising a submitted review (issue 25): no draft, a Cancel button. */
  onCancel?: () => void;
}) {
  const revising = Boolean(onCancel);
  const notify = useNotify();
  const navigate = useNavigate();
  const save = useSaveReview(paperId);
  const [form, setForm] = useState<Form>(() => fromReview(draft));
  const [errors, setErrors] = useState<Partial<Record<ReviewField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const body = (asDraft: boolean): ReviewBody => ({
    quality: form.quality,
    contribution: form.contribution,
    originality: form.originality,
    final: form.final,
    comments: { author: form.author, chair: form.chair },
    draft: asDraft,
    isCameraReady: request.isCameraReady,
  });

  const send = (asDraft: boolean) => {
    const input = body(asDraft);
    const found = validateReview(input, { onBehalf: false, draft: asDraft });
    setErrors(found);
    const messages = Object.values(found);
    if (messages.length) {
      setFormError(messages.join(' · '));
      return;
    }
    setFormError(null);
    save.mutate(input, {
      onSuccess: () => {
        if (asDraft) notify('Draft saved');
        else {
          notify('Review submitted');
          void navigate(paths.viewPaperReview(paperId));
        }
      },
      onError: (e) => {
        const fields = e instanceof ApiError ? e.fieldErrors() : {};
        setErrors(fields as Partial<Record<ReviewField, string>>);
        setFormError(errorMessage(e, 'Something went wrong while saving the review'));
      },
    });
  };

  const counter = (text: string, field: ReviewField) => {
    const count = `${text.length} / ${REVIEW_COMMENT_MAX}`;
    return errors[field] ? `${errors[field]} (${count})` : count;
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={(e) => e.preventDefault()}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {revising ? 'Revise your review' : 'Your review'}
        </Typography>
        {revising ? (
          <Alert severity="info" data-testid="revise-info">
            The other reviewers and the chairs see what you change (scores, decision, comments); every version
            is kept.
          </Alert>
        ) : null}
        {draft?.draft ? (
          <Alert severity="info" data-testid="draft-info">
            Draft saved <ConferenceTime value={draft.updatedAt} />. Submit it when it is complete.
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {SCORE_FIELDS.map(({ field, label }) => (
            <TextField
              key={field}
              id={`review-${field}`}
              select
              label={label}
              required
              value={form[field] ?? ''}
              onChange={(e) => set({ [field]: e.target.value === '' ? null : Number(e.target.value) })}
              error={Boolean(errors[field])}
              helperText={errors[field] ?? `${REVIEW_SCORE_MIN} (lowest) to ${REVIEW_SCORE_MAX} (highest)`}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 180 }}
            >
              <option value="">Choose…</option>
              {SCORES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </TextField>
          ))}
          <TextField
            id="review-final"
            select
            label="Final decision"
            required
            value={form.final}
            onChange={(e) => set({ final: Number(e.target.value) })}
            error={Boolean(errors.final)}
            helperText={errors.final ?? ' '}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 260 }}
          >
            <option value={REVIEW_FINAL_UNSET}>Choose a decision…</option>
            {DECISIONS.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </TextField>
        </Stack>
        <TextField
          label="Comments to the authors"
          required
          multiline
          minRows={5}
          value={form.author}
          onChange={(e) => set({ author: e.target.value })}
          error={Boolean(errors['comments.author']) || form.author.length > REVIEW_COMMENT_MAX}
          helperText={counter(form.author, 'comments.author')}
          fullWidth
        />
        <TextField
          label="Comments to the track chair"
          required
          multiline
          minRows={3}
          value={form.chair}
          onChange={(e) => set({ chair: e.target.value })}
          error={Boolean(errors['comments.chair']) || form.chair.length > REVIEW_COMMENT_MAX}
          helperText={counter(form.chair, 'comments.chair')}
          fullWidth
        />
        <Typography variant="body2" color="text.secondary">
          The authors may be shown your scores, decision and comments to them, never your name or your
          comments to the track chair.
        </Typography>
        {formError ? (
          <Alert severity="error" data-testid="form-error">
            {formError}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1}>
          {revising ? (
            <Button variant="outlined" disabled={save.isPending} onClick={onCancel}>
              Cancel
            </Button>
          ) : (
            <Button variant="outlined" disabled={save.isPending} onClick={() => send(true)}>
              Save draft
            </Button>
          )}
          <Button disabled={save.isPending} onClick={() => send(false)}>
            {revising ? 'Submit revised review' : 'Submit review'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The authors' submitted responses to the reviews, per round (issue 25); nothing while there are none. */
function AuthorResponses({ paperId }: { paperId: number }) {
  const responses = useReviewerResponses(paperId);
  if (!responses.data?.length) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="author-responses"
      data-testid="author-responses"
      sx={{ p: 2 }}
    >
      <Typography variant="h6" component="h2" id="author-responses" gutterBottom>
        Author responses
      </Typography>
      <Stack spacing={2}>
        {responses.data.map((r) => (
          <div key={r.round} data-testid="author-response" data-round={r.round}>
            <Typography variant="subtitle1" component="h3">
              {r.roundName} · submitted <ConferenceTime value={r.submittedAt} />
            </Typography>
            <ResponseText text={r.text} />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

function Review({ paperId, data }: { paperId: number; data: ReviewerPaper }) {
  const [revising, setRevising] = useState(false);
  const request = pickRequest(data);
  if (!request) return <Alert severity="error">{PAPER_NOT_FOUND}</Alert>;
  const review = data.reviews.find((r) => r.request === request._id);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
        <Typography>
          Review request <Link to={paths.viewReviewRequest(request._id)}>#{request._id}</Link>
          {request.isCameraReady ? ' (camera-ready version)' : ''}
        </Typography>
        <StateChip state={request.state} />
        <DueDates request={request} />
      </Stack>
      <PaperSummary paper={data.paper} />
      <AuthorResponses paperId={paperId} />
      {revising && review && !review.draft ? (
        <ReviewForm
          key={`revise-${request._id}`}
          paperId={paperId}
          request={request}
          draft={review}
          onCancel={() => setRevising(false)}
        />
      ) : request.state === 'reviewed' || (review && !review.draft) ? (
        <Alert
          severity="success"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" component={Link} to={paths.viewPaperReview(paperId)}>
                View review
              </Button>
              {review && !review.draft ? (
                <Button color="inherit" size="small" onClick={() => setRevising(true)}>
                  Revise review
                </Button>
              ) : null}
            </Stack>
          }
        >
          You have submitted your review of this paper.
        </Alert>
      ) : request.state === 'waiting' ? (
        <Alert severity="info" action={<RequestActions request={request} />}>
          Please accept the review request before reviewing the paper.
        </Alert>
      ) : (
        <ReviewForm key={request._id} paperId={paperId} request={request} draft={review} />
      )}
    </Stack>
  );
}

/** /ReviewPaper/{paperId}: the reviewer's review of a paper assigned to them (§5 rules; drafts kept). */
export function ReviewPaper() {
  useDocumentTitle('Review paper');
  const paperId = routeId(useParams().paperId);
  const paper = useReviewerPaper(paperId);
  if (Number.isNaN(paperId)) return <Alert severity="error">{PAPER_NOT_FOUND}</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Review paper {paperId}
      </Typography>
      <QueryState queries={[paper]} fallback={PAPER_NOT_FOUND}>
        {() => <Review paperId={paperId} data={paper.data!} />}
      </QueryState>
    </Stack>
  );
}
