import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  LinearProgress,
  Paper,
  Switch,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import type { MetaReviewDto, ReviewRequestDto } from '@symposium/domain';
import { api, ApiError, ConferenceTime, errorMessage, ResponseText, useNotify } from '@symposium/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaperResponses } from './api/responses';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { ItemTable } from '../../components/data-table';
import { paths } from '../../config/paths';
import { ReviewCard } from './review-card';
import { BidChip, ConflictList, formatDate, OtherReasons, STATE_LABELS } from './review-labels';
import { personName, useCandidates, usePaperReviews, useReviewPaper, useReviewRequests } from './api/queries';
import { useSaveRequests } from './api/mutations';
import { DeleteRequestDialog } from './delete-request-dialog';
import { PaperDiscussion } from './paper-discussion';
import { useRolePrefix } from '../../hooks/use-role-prefix';

const usePaperId = () => {
  const id = Number(useParams().paperId);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** "Title (Track)" under the page title, once the paper is loaded. */
const paperSubtitle = (paper: { title: string; trackName: string } | undefined) =>
  paper ? `${paper.title} (${paper.trackName})` : undefined;

/** /ViewPaperReviews/{paperId}: every review of the paper with scores, decision label and both comments. */
export function ViewPaperReviews() {
  const paperId = usePaperId();
  const paper = useReviewPaper(paperId);
  const reviews = usePaperReviews(paperId ?? 0);
  const isChair = useRolePrefix() === 'chair';
  if (paperId === null) return <Alert severity="error">The paper could not be obtained</Alert>;
  return (
    <>
      <PageTitle
        title={`Reviews of paper ${paperId}`}
        subtitle={paperSubtitle(paper.data)}
        actions={
          <>
            <Button variant="outlined" component={Link} to={paths.editPaperReviews(paperId)}>
              Edit reviewers
            </Button>
            <Button
              variant="outlined"
              component={Link}
              to={isChair ? paths.submitReviewAsUser(paperId) : paths.submitPaperReview(paperId)}
            >
              {isChair ? 'Submit a review as a user' : 'Submit my review'}
            </Button>
          </>
        }
      />
      {paper.data && reviews.error instanceof ApiError && reviews.error.statusCode === 404 ? (
        // the paper is in reach but its reviews are not: the caller has a conflict of interest with it (issue 25)
        <Alert severity="info" data-testid="reviews-conflict">
          The reviews, responses and discussion of this paper are not shown: you have a conflict of interest
          with it.
        </Alert>
      ) : (
        <>
          <QueryView query={reviews}>
            {(list) =>
              list.length ? (
                <div data-testid="reviews">
                  {list.map((r) => (
                    <ReviewCard key={r._id} review={r} />
                  ))}
                </div>
              ) : (
                <Alert severity="info">This paper has no reviews yet.</Alert>
              )
            }
          </QueryView>
          <PaperMetaReviews paperId={paperId} />
          <PaperResponses paperId={paperId} />
          <PaperDiscussion paperId={paperId} />
        </>
      )}
    </>
  );
}

/**
 * The paper's meta-review(s) (issue 25): recommendation, text to the committee, text to the authors and
 * whether the authors read it with the released reviews (the chair may withhold it).
 */
function PaperMetaReviews({ paperId }: { paperId: number }) {
  const prefix = useRolePrefix();
  const notify = useNotify();
  const qc = useQueryClient();
  const key = ['reviews', prefix, 'meta-reviews', paperId];
  const metas = useQuery({
    queryKey: key,
    queryFn: () => api<MetaReviewDto[]>('GET', `/api/${prefix}/reviews/paper/${paperId}/meta_reviews`),
    retry: false,
    staleTime: 0,
  });
  const release = useMutation({
    mutationFn: ({ id, releaseToAuthors }: { id: number; releaseToAuthors: boolean }) =>
      api<MetaReviewDto>('PUT', `/api/${prefix}/reviews/paper/${paperId}/meta_reviews/${id}`, {
        releaseToAuthors,
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
    onError: (e) => notify(errorMessage(e), 'error'),
  });
  if (!metas.data?.length) return null;
  return (
    <Box component="section" aria-labelledby="meta-reviews" data-testid="meta-reviews" sx={{ mt: 3 }}>
      <Typography variant="h5" component="h2" id="meta-reviews" gutterBottom>
        Meta-review
      </Typography>
      {metas.data.map((m) => (
        <Paper key={m._id} variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography variant="subtitle1" component="h3">
            {m.reviewerName} · round {m.round} ·{' '}
            {m.submitted && m.submittedAt ? (
              <>
                submitted <ConferenceTime value={m.submittedAt} />
              </>
            ) : (
              'draft'
            )}
          </Typography>
          <Typography>
            <strong>Recommendation:</strong> {m.recommendationText ?? '—'}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            <strong>To the committee:</strong> {m.committeeText || '—'}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            <strong>To the authors:</strong> {m.authorText ?? '—'}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={m.releaseToAuthors}
                disabled={release.isPending}
                onChange={(e) => release.mutate({ id: m._id, releaseToAuthors: e.target.checked })}
              />
            }
            label="Show the text to the authors with the released reviews"
          />
        </Paper>
      ))}
    </Box>
  );
}

/** The authors' submitted responses (issue 25; drafts never reach the chairs). */
function PaperResponses({ paperId }: { paperId: number }) {
  const responses = usePaperResponses(paperId);
  if (!responses.data?.length) return null;
  return (
    <Box component="section" aria-labelledby="author-responses" data-testid="author-responses" sx={{ mt: 3 }}>
      <Typography variant="h5" component="h2" id="author-responses" gutterBottom>
        Author responses
      </Typography>
      {responses.data.map((r) => (
        <Paper key={r.round} variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography variant="subtitle1" component="h3">
            {r.roundName} · submitted <ConferenceTime value={r.submittedAt} />
          </Typography>
          <ResponseText text={r.text} />
        </Paper>
      ))}
    </Box>
  );
}

/** /EditPaperReviews/{paperId}: the paper's review requests; add a reviewer from the candidates, remove one. */
export function EditPaperReviews() {
  const paperId = usePaperId();
  const paper = useReviewPaper(paperId);
  const [isCameraReady, setCameraReady] = useState(false);
  const [toRemove, setToRemove] = useState<ReviewRequestDto | null>(null);
  if (paperId === null) return <Alert severity="error">The paper could not be obtained</Alert>;
  return (
    <>
      <PageTitle
        title={`Reviewers of paper ${paperId}`}
        subtitle={paperSubtitle(paper.data)}
        actions={
          <Button variant="outlined" component={Link} to={paths.viewPaperReviews(paperId)}>
            View reviews
          </Button>
        }
      />
      {paper.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(paper.error, 'The paper could not be obtained')}
        </Alert>
      ) : null}
      <FormControlLabel
        sx={{ mb: 1 }}
        control={<Switch checked={isCameraReady} onChange={(e) => setCameraReady(e.target.checked)} />}
        label="Camera-ready reviews"
      />
      <Typography variant="h6" component="h2" gutterBottom>
        Review requests
      </Typography>
      <PaperRequests paperId={paperId} isCameraReady={isCameraReady} onRemove={setToRemove} />
      <Typography variant="h6" component="h2" gutterBottom>
        Add a reviewer
      </Typography>
      <CandidateReviewers paperId={paperId} track={paper.data?.track} isCameraReady={isCameraReady} />
      <DeleteRequestDialog
        request={toRemove}
        title="Remove this reviewer?"
        confirmLabel="Remove"
        onClose={() => setToRemove(null)}
      >
        <Typography>
          The review request of {toRemove?.reviewerName} on this paper is deleted, with its review if one was
          submitted.
        </Typography>
      </DeleteRequestDialog>
    </>
  );
}

/** The paper's review requests (of the submission or of the camera-ready version), each with Remove. */
function PaperRequests({
  paperId,
  isCameraReady,
  onRemove,
}: {
  paperId: number;
  isCameraReady: boolean;
  onRemove: (r: ReviewRequestDto) => void;
}) {
  const requests = useReviewRequests({ paper: paperId, isCameraReady }, true);
  return (
    <Paper variant="outlined" sx={{ mb: 3 }}>
      {requests.isFetching ? <LinearProgress /> : null}
      <QueryView query={requests}>
        {(page) => (
          <ItemTable
            outlined={false}
            label="Review requests of the paper"
            columns={['Reviewer', 'State', 'Evaluation', 'Due']}
            actions
            bodyTestId="request-rows"
            rows={page.data}
            emptyText="No reviewers yet."
            renderRow={(r) => (
              <TableRow key={r._id} data-testid={`request-${r._id}`}>
                <TableCell>
                  <Link to={paths.viewReviewRequest(r._id)}>{r.reviewerName}</Link> ({r.reviewerEmail})
                </TableCell>
                <TableCell>{STATE_LABELS[r.state]}</TableCell>
                <TableCell>{r.evaluation < 0 ? '—' : r.evaluation}</TableCell>
                <TableCell>{formatDate(r.dueAt)}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    color="error"
                    variant="text"
                    aria-label={`Remove ${r.reviewerName ?? ''}`}
                    onClick={() => onRemove(r)}
                  >
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            )}
          />
        )}
      </QueryView>
    </Paper>
  );
}

/** The track's reviewers not yet asked for this paper, with their load, bid and conflicts, each with Add. */
function CandidateReviewers({
  paperId,
  track,
  isCameraReady,
}: {
  paperId: number;
  /** The paper's track; undefined until the paper is loaded. */
  track: number | undefined;
  isCameraReady: boolean;
}) {
  const notify = useNotify();
  const candidates = useCandidates(paperId, isCameraReady);
  const save = useSaveRequests();
  const add = (reviewer: number) =>
    save.mutate([{ track: track!, paper: paperId, reviewer, isCameraReady }], {
      onSuccess: (r) => {
        const refused = r.outcomes.find((o) => !o.ok);
        notify(refused ? `${r.message} ${refused.message}` : r.message, refused ? 'error' : 'success');
      },
      onError: (e) => notify(errorMessage(e), 'error'),
    });
  return (
    <Paper variant="outlined">
      <QueryView query={candidates}>
        {(list) => (
          <ItemTable
            outlined={false}
            label="Candidate reviewers"
            columns={['Reviewer', 'Load', 'Bid', 'Conflicts and limits']}
            actions
            bodyTestId="candidate-rows"
            rows={list.filter((c) => !c.alreadyAssigned)}
            emptyText="No other reviewers in this track."
            renderRow={(c) => (
              <TableRow key={c._id} data-testid={`candidate-${c._id}`}>
                <TableCell>
                  {personName(c)} ({c.email}){c.organization ? ` · ${c.organization}` : ''}
                </TableCell>
                <TableCell>{isCameraReady ? c.load.cameraReady : c.load.total}</TableCell>
                <TableCell>
                  <BidChip bid={c.bid} />
                </TableCell>
                <TableCell>
                  <ConflictList conflicts={c.conflicts} />
                  <OtherReasons candidate={c} />
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    disabled={!c.eligible || save.isPending || track === undefined}
                    aria-label={`Add ${personName(c)}`}
                    onClick={() => add(c._id)}
                  >
                    Add
                  </Button>
                </TableCell>
              </TableRow>
            )}
          />
        )}
      </QueryView>
    </Paper>
  );
}
