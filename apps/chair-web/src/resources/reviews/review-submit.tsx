import { Alert, Button, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  REVIEW_COMMENT_MAX_ON_BEHALF,
  REVIEW_DECISION_LABELS,
  REVIEW_FINAL_UNSET,
  REVIEW_SCORE_MAX,
  REVIEW_SCORE_MIN,
  validateReview,
  type ReviewField,
  type ReviewInput,
} from '@symposium/domain';
import { ApiError, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { personName, useCandidates, useReviewPaper } from './api/queries';
import { useSubmitReview } from './api/mutations';
import { nativeSelect } from '../../components/select-field';

const SCORES = Array.from(
  { length: REVIEW_SCORE_MAX - REVIEW_SCORE_MIN + 1 },
  (_, i) => i + REVIEW_SCORE_MIN,
);
const FINALS = ['2', '1', '0', '-1'] as const;

interface FormState {
  quality: string;
  contribution: string;
  originality: string;
  final: string;
  author: string;
  chair: string;
}

const empty: FormState = { quality: '', contribution: '', originality: '', final: '', author: '', chair: '' };

const toInput = (f: FormState): ReviewInput => ({
  quality: f.quality === '' ? null : Number(f.quality),
  contribution: f.contribution === '' ? null : Number(f.contribution),
  originality: f.originality === '' ? null : Number(f.originality),
  final: f.final === '' ? REVIEW_FINAL_UNSET : Number(f.final),
  comments: { author: f.author, chair: f.chair },
});

/** /SubmitReviewAsUser/{paperId} and /SubmitReviewAsUser/: a chair submits a full review on behalf of a user. */
export function SubmitReviewAsUser() {
  const fromPath = Number(useParams().paperId);
  const initial = Number.isInteger(fromPath) && fromPath > 0 ? fromPath : null;
  const [typed, setTyped] = useState(initial ? String(initial) : '');
  const [paperId, setPaperId] = useState<number | null>(initial);
  const [reviewer, setReviewer] = useState('');
  const [isCameraReady, setCameraReady] = useState(false);
  const paper = useReviewPaper(paperId);
  const candidates = useCandidates(paper.data ? paperId : null, isCameraReady);
  // Those already asked (their review is submitted here) and those who could be asked now.
  const choices = (candidates.data ?? []).filter((c) => c.alreadyAssigned || c.eligible);
  return (
    <>
      <PageTitle title="Submit a review as a user" />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(typed.trim());
            setPaperId(Number.isInteger(n) && n > 0 ? n : null);
            setReviewer('');
          }}
        >
          <TextField
            label="Paper ID"
            name="paper"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Button type="submit" variant="outlined">
            Choose paper
          </Button>
          <TextField
            select
            label="Reviewer"
            name="reviewer"
            value={reviewer}
            disabled={!paper.data}
            sx={{ minWidth: 320 }}
            slotProps={nativeSelect}
            onChange={(e) => setReviewer(e.target.value)}
          >
            <option value="">{candidates.isFetching ? 'Loading…' : 'Choose a reviewer'}</option>
            {choices.map((c) => (
              <option key={c._id} value={String(c._id)}>
                {personName(c)} ({c.email}){c.alreadyAssigned ? ' — already asked' : ''}
              </option>
            ))}
          </TextField>
          <TextField
            select
            label="Kind"
            name="isCameraReady"
            value={String(isCameraReady)}
            slotProps={nativeSelect}
            onChange={(e) => {
              setCameraReady(e.target.value === 'true');
              setReviewer('');
            }}
          >
            <option value="false">Submission</option>
            <option value="true">Camera-ready</option>
          </TextField>
        </Stack>
        {paper.data ? (
          <Typography sx={{ mt: 2 }} data-testid="chosen-paper">
            Paper {paper.data._id}: {paper.data.title} ({paper.data.trackName})
          </Typography>
        ) : null}
        {paper.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(paper.error, 'The paper could not be obtained')}
          </Alert>
        ) : null}
        {paper.data && candidates.data && choices.length === 0 ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            No reviewer of this track can review this paper.
          </Alert>
        ) : null}
      </Paper>
      {paper.data && reviewer ? (
        <ReviewForm
          key={`${paperId}-${reviewer}-${isCameraReady}`}
          paperId={paper.data._id}
          reviewer={Number(reviewer)}
          isCameraReady={isCameraReady}
        />
      ) : null}
    </>
  );
}

/** /SubmitPaperReview/{paperId}: a track chair submits their own review of a paper in their tracks. */
export function SubmitPaperReview() {
  const id = Number(useParams().paperId);
  const paperId = Number.isInteger(id) && id > 0 ? id : null;
  const paper = useReviewPaper(paperId);
  return (
    <>
      <PageTitle
        title="Submit my review"
        subtitle={
          paper.data ? `Paper ${paper.data._id}: ${paper.data.title} (${paper.data.trackName})` : undefined
        }
      />
      {paper.isError || paperId === null ? (
        <Alert severity="error">{errorMessage(paper.error, 'The paper could not be obtained')}</Alert>
      ) : null}
      {paper.data ? (
        <ReviewForm paperId={paper.data._id} reviewer={null} isCameraReady={paper.data.isCameraReady} />
      ) : null}
    </>
  );
}

/**
 * The review form (§5): quality, contribution and originality 0-10, the final decision, comments to the
 * authors and to the track chair (required, at most 5000 characters when a chair submits, labelled per row).
 */
function ReviewForm({
  paperId,
  reviewer,
  isCameraReady,
}: {
  paperId: number;
  /** null: the caller reviews as themselves (track chairs). */
  reviewer: number | null;
  isCameraReady: boolean;
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  const submit = useSubmitReview();
  const [form, setForm] = useState<FormState>(empty);
  const [errors, setErrors] = useState<Partial<Record<ReviewField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  /** Editing a field clears its message (the next submit checks again). */
  const set = (k: keyof FormState) => (e: { target: { value: string } }) => {
    setForm({ ...form, [k]: e.target.value });
    const field: ReviewField = k === 'author' || k === 'chair' ? `comments.${k}` : k;
    if (errors[field]) {
      const rest = { ...errors };
      delete rest[field];
      setErrors(rest);
    }
  };

  const onSubmit = () => {
    setServerError(null);
    const input = toInput(form);
    const found = validateReview(input, { onBehalf: true, draft: false });
    setErrors(found);
    if (Object.keys(found).length) return;
    submit.mutate(
      { ...input, paper: paperId, ...(reviewer !== null ? { reviewer } : {}), isCameraReady },
      {
        onSuccess: () => {
          notify('The review was submitted');
          void navigate(paths.viewPaperReviews(paperId));
        },
        onError: (e) => {
          if (e instanceof ApiError) {
            const fields = e.fieldErrors();
            if (Object.keys(fields).length) setErrors(fields as Partial<Record<ReviewField, string>>);
          }
          setServerError(errorMessage(e));
        },
      },
    );
  };

  const scoreField = (k: 'quality' | 'contribution' | 'originality', label: string) => (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <TextField
        select
        fullWidth
        required
        label={label}
        name={k}
        value={form[k]}
        error={Boolean(errors[k])}
        helperText={errors[k] ?? `${REVIEW_SCORE_MIN} to ${REVIEW_SCORE_MAX}`}
        slotProps={nativeSelect}
        onChange={set(k)}
      >
        <option value="">—</option>
        {SCORES.map((s) => (
          <option key={s} value={String(s)}>
            {s}
          </option>
        ))}
      </TextField>
    </Grid>
  );

  const commentField = (k: 'author' | 'chair', label: string) => {
    const key = `comments.${k}` as const;
    const length = form[k].length;
    return (
      <TextField
        fullWidth
        multiline
        required
        minRows={4}
        label={label}
        name={`comments-${k}`}
        value={form[k]}
        error={Boolean(errors[key]) || length > REVIEW_COMMENT_MAX_ON_BEHALF}
        helperText={errors[key] ?? `${length} of at most ${REVIEW_COMMENT_MAX_ON_BEHALF} characters`}
        onChange={set(k)}
      />
    );
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        Review
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {scoreField('quality', 'Quality')}
        {scoreField('contribution', 'Contribution')}
        {scoreField('originality', 'Originality')}
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            fullWidth
            required
            label="Final decision"
            name="final"
            value={form.final}
            error={Boolean(errors.final)}
            helperText={errors.final ?? ' '}
            slotProps={nativeSelect}
            onChange={set('final')}
          >
            <option value="">—</option>
            {FINALS.map((f) => (
              <option key={f} value={f}>
                {REVIEW_DECISION_LABELS[f]}
              </option>
            ))}
          </TextField>
        </Grid>
      </Grid>
      <Stack spacing={2}>
        {commentField('author', 'Comments to the authors')}
        {commentField('chair', 'Comments to the track chair')}
      </Stack>
      {serverError ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {serverError}
        </Alert>
      ) : null}
      {Object.keys(errors).length && !serverError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          Please correct the fields highlighted in red
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" disabled={submit.isPending}>
          Submit review
        </Button>
        <Button variant="outlined" component={Link} to={paths.viewPaperReviews(paperId)}>
          Cancel
        </Button>
      </Stack>
    </Paper>
  );
}
