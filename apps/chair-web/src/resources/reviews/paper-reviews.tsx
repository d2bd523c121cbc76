import {
  Alert,
  Button,
  FormControlLabel,
  LinearProgress,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReviewRequestDto } from '@symposium/domain';
import { ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ActionsHeaderCell, scrollRegion } from '../../components/data-table';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { ReviewCard } from './review-card';
import { BidChip, ConflictList, formatDate, STATE_LABELS } from './review-labels';
import { personName, useCandidates, usePaperReviews, useReviewPaper, useReviewRequests } from './api/queries';
import { useDeleteRequest, useSaveRequests } from './api/mutations';
import { useRolePrefix } from '../../hooks/use-role-prefix';

const usePaperId = () => {
  const id = Number(useParams().paperId);
  return Number.isInteger(id) && id > 0 ? id : null;
};

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
        subtitle={paper.data ? `${paper.data.title} (${paper.data.trackName})` : undefined}
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
    </>
  );
}

/** /EditPaperReviews/{paperId}: the paper's review requests; add a reviewer from the candidates, remove one. */
export function EditPaperReviews() {
  const paperId = usePaperId();
  const notify = useNotify();
  const paper = useReviewPaper(paperId);
  const [isCameraReady, setCameraReady] = useState(false);
  const requests = useReviewRequests({ paper: paperId ?? 0, isCameraReady }, paperId !== null);
  const candidates = useCandidates(paperId, isCameraReady);
  const save = useSaveRequests();
  const remove = useDeleteRequest();
  const [toRemove, setToRemove] = useState<ReviewRequestDto | null>(null);
  if (paperId === null) return <Alert severity="error">The paper could not be obtained</Alert>;
  return (
    <>
      <PageTitle
        title={`Reviewers of paper ${paperId}`}
        subtitle={paper.data ? `${paper.data.title} (${paper.data.trackName})` : undefined}
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
      <Paper variant="outlined" sx={{ mb: 3 }}>
        {requests.isFetching ? <LinearProgress /> : null}
        <QueryView query={requests}>
          {(page) => (
            <TableContainer {...scrollRegion('Review requests of the paper')}>
              <Table size="small" aria-label="Review requests of the paper">
                <TableHead>
                  <TableRow>
                    <TableCell>Reviewer</TableCell>
                    <TableCell>State</TableCell>
                    <TableCell>Evaluation</TableCell>
                    <TableCell>Due</TableCell>
                    <ActionsHeaderCell />
                  </TableRow>
                </TableHead>
                <TableBody data-testid="request-rows">
                  {page.data.map((r) => (
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
                          onClick={() => setToRemove(r)}
                        >
                          Remove
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                  {page.data.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={5}>No reviewers yet.</TableCell>
                    </TableRow>
                  ) : null}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </QueryView>
      </Paper>
      <Typography variant="h6" component="h2" gutterBottom>
        Add a reviewer
      </Typography>
      <Paper variant="outlined">
        <QueryView query={candidates}>
          {(list) => (
            <TableContainer {...scrollRegion('Candidate reviewers')}>
              <Table size="small" aria-label="Candidate reviewers">
                <TableHead>
                  <TableRow>
                    <TableCell>Reviewer</TableCell>
                    <TableCell>Load</TableCell>
                    <TableCell>Bid</TableCell>
                    <TableCell>Conflicts and limits</TableCell>
                    <ActionsHeaderCell />
                  </TableRow>
                </TableHead>
                <TableBody data-testid="candidate-rows">
                  {list
                    .filter((c) => !c.alreadyAssigned)
                    .map((c) => (
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
                          {c.reasons
                            .filter((r) => !c.conflicts.some((f) => f.evidence === r))
                            .map((r) => (
                              <Typography key={r} variant="body2" color="text.secondary">
                                {r}
                              </Typography>
                            ))}
                        </TableCell>
                        <TableCell>
                          <Button
                            size="small"
                            disabled={!c.eligible || save.isPending || !paper.data}
                            aria-label={`Add ${personName(c)}`}
                            onClick={() =>
                              save.mutate(
                                [
                                  {
                                    track: paper.data!.track,
                                    paper: paperId,
                                    reviewer: c._id,
                                    isCameraReady,
                                  },
                                ],
                                {
                                  onSuccess: (r) => {
                                    const refused = r.outcomes.find((o) => !o.ok);
                                    notify(
                                      refused ? `${r.message} ${refused.message}` : r.message,
                                      refused ? 'error' : 'success',
                                    );
                                  },
                                  onError: (e) => notify(errorMessage(e), 'error'),
                                },
                              )
                            }
                          >
                            Add
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  {list.filter((c) => !c.alreadyAssigned).length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={5}>No other reviewers in this track.</TableCell>
                    </TableRow>
                  ) : null}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </QueryView>
      </Paper>
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove this reviewer?"
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() =>
          remove.mutate(toRemove!._id, {
            onSuccess: (r) => {
              notify(r.message);
              setToRemove(null);
            },
            onError: (e) => notify(errorMessage(e), 'error'),
          })
        }
      >
        <Typography>
          The review request of {toRemove?.reviewerName} on this paper is deleted, with its review if one was
          submitted.
        </Typography>
      </ConfirmDialog>
    </>
  );
}
