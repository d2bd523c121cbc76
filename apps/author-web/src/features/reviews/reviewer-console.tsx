import {
  Alert,
  Button,
  Link as MuiLink,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  BID_VALUES,
  REVIEW_ESTIMATED_MINUTES,
  REVIEW_EVALUATION_DAYS,
  REVIEW_REPLY_DAYS,
  type BidPaperDto,
  type BidValue,
  type DeclaredConflictDto,
  type DiscussionCountsDto,
} from '@symposium/domain';
import { errorMessage, QueryState, useDocumentTitle, useNotify, useSession } from '@symposium/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useBids, useConflicts, useRequests, useSaveBids, useSaveConflicts } from './api/reviewer';
import { DueDates, RequestActions, StateChip } from './components/request-parts';

export const BID_LABELS: Record<BidValue, string> = {
  eager: 'Eager',
  willing: 'Willing',
  notWilling: 'Not willing',
  conflict: 'Conflict',
};

/**
 * The discussion column: the comments the reviewer may read and how many are new, linking to the paper's
 * discussion; a dash while the discussion is not open to them (before their review, or a conflict).
 */
function DiscussionCell({ paper, discussion }: { paper: number; discussion: DiscussionCountsDto | null }) {
  if (!discussion)
    return (
      <Typography variant="body2" color="text.secondary" component="span" data-testid="discussion-closed">
        –
      </Typography>
    );
  const { comments, unread } = discussion;
  return (
    <MuiLink component={Link} to={paths.viewPaperReview(paper)} data-testid="discussion-link">
      {comments} comment{comments === 1 ? '' : 's'}
      {unread ? (
        <Typography component="strong" variant="body2" fontWeight={700} data-testid="discussion-unread">
          {' '}
          · {unread} new
        </Typography>
      ) : null}
    </MuiLink>
  );
}

function Requests() {
  const requests = useRequests();
  return (
    <Stack spacing={1} component="section" aria-labelledby="review-requests">
      <Typography variant="h5" component="h2" id="review-requests">
        Review requests
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Please answer each request within {REVIEW_REPLY_DAYS} days and submit your evaluation within{' '}
        {REVIEW_EVALUATION_DAYS} days of the invitation; a review takes about {REVIEW_ESTIMATED_MINUTES}{' '}
        minutes.
      </Typography>
      <QueryState queries={[requests]} fallback="The review requests could not be obtained">
        {() =>
          requests.data!.data.length ? (
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label="Review requests">
                <TableHead>
                  <TableRow>
                    <TableCell>Request</TableCell>
                    <TableCell>Paper</TableCell>
                    <TableCell>Track</TableCell>
                    <TableCell>Round</TableCell>
                    <TableCell>Due</TableCell>
                    <TableCell>State</TableCell>
                    <TableCell>Discussion</TableCell>
                    <TableCell>Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {requests.data!.data.map((r) => (
                    <TableRow key={r._id} data-testid="request" data-request={r._id}>
                      <TableCell>
                        <MuiLink component={Link} to={paths.viewReviewRequest(r._id)}>
                          #{r._id}
                        </MuiLink>
                      </TableCell>
                      <TableCell>
                        {r.paperTitle}
                        <Typography variant="body2" color="text.secondary">
                          Paper {r.paper}
                          {r.isCameraReady ? ' · camera-ready version' : ''}
                        </Typography>
                      </TableCell>
                      <TableCell>{r.trackName}</TableCell>
                      <TableCell>{r.roundName}</TableCell>
                      <TableCell>
                        <DueDates request={r} />
                      </TableCell>
                      <TableCell>
                        <StateChip state={r.state} />
                      </TableCell>
                      <TableCell data-testid="discussion-column">
                        <DiscussionCell paper={r.paper} discussion={r.discussion ?? null} />
                      </TableCell>
                      <TableCell>
                        <RequestActions request={r} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            <Typography data-testid="no-requests">You have no review requests.</Typography>
          )
        }
      </QueryState>
    </Stack>
  );
}

function BidTable({ papers }: { papers: BidPaperDto[] }) {
  const notify = useNotify();
  const save = useSaveBids();
  const [edits, setEdits] = useState<Record<number, BidValue | null>>({});
  const changed = useMemo(
    () =>
      Object.entries(edits)
        .map(([paper, bid]) => ({ paper: Number(paper), bid }))
        .filter((e) => papers.find((p) => p.paper === e.paper)?.bid !== e.bid),
    [edits, papers],
  );
  if (!papers.length)
    return <Typography data-testid="no-bids">There are no papers in your tracks to bid on.</Typography>;
  return (
    <Stack spacing={1}>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Bids">
          <TableHead>
            <TableRow>
              <TableCell>Paper</TableCell>
              <TableCell>Track</TableCell>
              <TableCell sx={{ width: 200 }}>Your bid</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {papers.map((p) => {
              const value = p.paper in edits ? edits[p.paper]! : p.bid;
              return (
                <TableRow key={p.paper} data-testid="bid" data-paper={p.paper}>
                  <TableCell>
                    <Typography fontWeight={500}>{p.title}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      Paper {p.paper}
                      {p.isCameraReady ? ' · camera-ready' : ''}
                    </Typography>
                    {/* a long abstract scrolls in its box: focusable, so the keyboard can scroll it too */}
                    <Typography
                      variant="body2"
                      component="div"
                      role="region"
                      aria-label={`Abstract of paper ${p.paper}`}
                      tabIndex={0}
                      sx={{ whiteSpace: 'pre-line', maxHeight: 96, overflow: 'auto', mt: 0.5 }}
                    >
                      {p.abstract}
                    </Typography>
                  </TableCell>
                  <TableCell>{p.trackName}</TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      value={value ?? ''}
                      onChange={(e) =>
                        setEdits({ ...edits, [p.paper]: (e.target.value || null) as BidValue | null })
                      }
                      slotProps={{
                        select: { native: true },
                        htmlInput: { 'aria-label': `Bid for paper ${p.paper}` },
                      }}
                    >
                      <option value="">No bid</option>
                      {BID_VALUES.map((b) => (
                        <option key={b} value={b}>
                          {BID_LABELS[b]}
                        </option>
                      ))}
                    </TextField>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={1} alignItems="center">
        <Button
          disabled={!changed.length || save.isPending}
          onClick={() =>
            save.mutate(changed, {
              onSuccess: () => {
                setEdits({});
                notify('Bids saved');
              },
              onError: (e) => notify(errorMessage(e, 'Something went wrong while saving the bids'), 'error'),
            })
          }
        >
          Save bids
        </Button>
        {changed.length ? (
          <Typography variant="body2" color="text.secondary">
            {changed.length} unsaved {changed.length === 1 ? 'change' : 'changes'}
          </Typography>
        ) : null}
      </Stack>
    </Stack>
  );
}

function Bidding() {
  const bids = useBids();
  return (
    <Stack spacing={1} component="section" aria-labelledby="bidding">
      <Typography variant="h5" component="h2" id="bidding">
        Bidding
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Tell the chairs which papers of your tracks you would like to review before they assign them. A
        “Conflict” bid means you will not be assigned that paper.
      </Typography>
      <QueryState queries={[bids]} fallback="The papers to bid on could not be obtained">
        {() => <BidTable papers={bids.data!} />}
      </QueryState>
    </Stack>
  );
}

function ConflictList({ conflicts }: { conflicts: DeclaredConflictDto[] }) {
  const notify = useNotify();
  const save = useSaveConflicts();
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = conflicts.map((c) => ({ email: c.email, reason: c.reason }));
  const store = (list: { email: string; reason?: string }[], done: string, after?: () => void) => {
    setError(null);
    save.mutate(list, {
      onSuccess: () => {
        after?.();
        notify(done);
      },
      onError: (e) => setError(errorMessage(e, 'Something went wrong while saving the conflicts')),
    });
  };
  return (
    <Stack spacing={1}>
      {conflicts.length ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Declared conflicts">
            <TableHead>
              <TableRow>
                <TableCell>Person</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {conflicts.map((c) => (
                <TableRow key={c.userId} data-testid="conflict">
                  <TableCell>{c.name}</TableCell>
                  <TableCell>{c.email}</TableCell>
                  <TableCell>{c.reason || '—'}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      variant="text"
                      color="error"
                      disabled={save.isPending}
                      onClick={() =>
                        store(
                          current.filter((x) => x.email !== c.email),
                          'Conflict removed',
                        )
                      }
                    >
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Typography data-testid="no-conflicts">You have not declared any conflict of interest.</Typography>
      )}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!email.trim()) {
            setError('Please type the e-mail of the person');
            return;
          }
          store([...current, { email: email.trim(), reason: reason.trim() }], 'Conflict declared', () => {
            setEmail('');
            setReason('');
          });
        }}
      >
        <TextField
          label="E-mail of the person"
          size="small"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value.slice(0, 320))}
        />
        <TextField
          label="Reason"
          size="small"
          value={reason}
          onChange={(e) => setReason(e.target.value.slice(0, 500))}
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={save.isPending}>
          Declare conflict
        </Button>
      </Stack>
      {error ? (
        <Alert severity="error" data-testid="conflict-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

function Conflicts() {
  const conflicts = useConflicts();
  return (
    <Stack spacing={1} component="section" aria-labelledby="conflicts">
      <Typography variant="h5" component="h2" id="conflicts">
        Conflicts of interest
      </Typography>
      <Typography variant="body2" color="text.secondary">
        People you should not review (colleagues, recent co-authors, relatives…). You will not be assigned
        their papers.
      </Typography>
      <QueryState queries={[conflicts]} fallback="The conflicts could not be obtained">
        {() => <ConflictList conflicts={conflicts.data!} />}
      </QueryState>
    </Stack>
  );
}

/** The reviewer console (spec §2: every reviewer route without a screen of its own). */
export function ReviewerConsole() {
  useDocumentTitle('Reviewer console');
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack spacing={4}>
      <Typography variant="h4" component="h1">
        Reviewer console
      </Typography>
      <Requests />
      <Bidding />
      <Conflicts />
    </Stack>
  );
}
