import {
  Alert,
  Box,
  Button,
  Grid,
  LinearProgress,
  Paper,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  META_LOAD_DEFAULT,
  META_LOAD_MAX,
  type AssignmentId,
  type AssignmentResult,
  type PaperAssignment,
} from '@symposium/domain';
import { api, errorMessage, useNotify } from '@symposium/ui';
import { useMutation } from '@tanstack/react-query';
import { useRolePrefix } from '../../hooks/use-role-prefix';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { BID_LABELS } from './review-labels';
import { TrackPicker } from './track-picker';
import { RoundPicker } from './round-picker';
import { useRoleStatuses } from '../statuses/api/queries';
import { FilterSelect } from '../../components/select-field';
import {
  personName,
  useCandidates,
  useTrackPapers,
  useTrackReviewers,
  type ApplyResult,
} from './api/queries';
import { useApplyProposal, useProposal } from './api/mutations';
import { useRoleTracks } from '../tracks/api/queries';
import { ItemTable } from '../../components/data-table';
import { nativeSelect } from '../../components/select-field';

const num = (id: AssignmentId) => Number(id);
const fixed = (x: number) => (Math.round(x * 100) / 100).toFixed(2);

/** A proposed reviewer as the chair edits it: from the solver (with its reasons) or added by hand. */
interface Pick {
  reviewer: number;
  reasons: string | null;
}

/**
 * /AssignReviewersAuto: the optimal assignment of a track computed by the server, shown as a proposal (per
 * paper its reviewers with the reasons: affinity, bid, load) with fairness figures; the chair removes or adds
 * reviewers, then applies it as review requests.
 */
export function AssignReviewersAuto() {
  const notify = useNotify();
  const tracks = useRoleTracks();
  const [track, setTrack] = useState<number | null>(null);
  const [isCameraReady, setCameraReady] = useState(false);
  const [round, setRound] = useState(1);
  /** After R1: only the papers of this status (e.g. "Borderline"); '' = every paper. */
  const [status, setStatus] = useState('');
  const statuses = useRoleStatuses();
  const roundBody = { round, ...(round > 1 && status ? { statuses: [Number(status)] } : {}) };
  const proposal = useProposal();
  const apply = useApplyProposal();
  const [picks, setPicks] = useState<Map<number, Pick[]>>(new Map());
  const [applied, setApplied] = useState<ApplyResult | null>(null);
  const [started, setStarted] = useState<number | null>(null);
  const papers = useTrackPapers(proposal.data ? track : null);
  const reviewers = useTrackReviewers(proposal.data ? track : null);

  const result = proposal.data;
  useEffect(() => {
    if (!result) return;
    setPicks(
      new Map(
        result.papers.map((p) => [
          num(p.paperId),
          p.proposed.map((r) => ({
            reviewer: num(r.reviewerId),
            reasons:
              `affinity ${fixed(r.affinity)} (bid ${fixed(r.parts.bid)}, subject ${fixed(r.parts.subject)}, ` +
              `text ${fixed(r.parts.text)})` +
              ` · bid: ${r.bid ? BID_LABELS[r.bid] : 'none'} · load ${r.load} of ${r.cap}`,
          })),
        ]),
      ),
    );
  }, [result]);

  const title = useMemo(() => new Map((papers.data?.data ?? []).map((p) => [p._id, p.title])), [papers.data]);
  const name = useMemo(
    () => new Map((reviewers.data ?? []).map((r) => [r._id, `${personName(r)} (${r.email})`])),
    [reviewers.data],
  );
  const assignments = [...picks.entries()].flatMap(([paper, list]) =>
    list.map((p) => ({ paper, reviewer: p.reviewer })),
  );

  const run = () => {
    if (track === null) return;
    setApplied(null);
    setStarted(Date.now());
    proposal.mutate(
      { track, isCameraReady, ...roundBody },
      { onError: (e) => notify(errorMessage(e), 'error'), onSettled: () => setStarted(null) },
    );
  };

  return (
    <>
      <PageTitle
        title="Assign reviewers automatically"
        subtitle="The optimal assignment of a track: the highest total affinity (bids, subject areas, text similarity) within the limits of 3 reviews per paper and 10 per reviewer, never with an author or a conflict of interest."
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <QueryView query={tracks}>
          {(list) => (
            <Stack spacing={2}>
              <TrackPicker
                tracks={list}
                track={track}
                onTrack={(t) => {
                  setTrack(t);
                  setRound(1);
                  setStatus('');
                  proposal.reset();
                  setApplied(null);
                }}
                isCameraReady={isCameraReady}
                onCameraReady={(v) => {
                  setCameraReady(v);
                  proposal.reset();
                  setApplied(null);
                }}
                disabled={proposal.isPending}
              />
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <RoundPicker
                  track={track}
                  round={round}
                  disabled={proposal.isPending}
                  onRound={(r) => {
                    setRound(r);
                    if (r === 1) setStatus('');
                    proposal.reset();
                    setApplied(null);
                  }}
                />
                {round > 1 ? (
                  <FilterSelect
                    label="Only papers with status"
                    name="status"
                    sx={{ minWidth: 240 }}
                    value={status}
                    options={(statuses.data ?? []).map((s) => ({ value: String(s._id), label: s.text }))}
                    onChange={(v) => {
                      setStatus(v);
                      proposal.reset();
                      setApplied(null);
                    }}
                  />
                ) : null}
              </Stack>
              <Box>
                <Button disabled={track === null || proposal.isPending} onClick={run}>
                  Compute proposal
                </Button>
              </Box>
            </Stack>
          )}
        </QueryView>
        {proposal.isPending ? <Waiting since={started} /> : null}
      </Paper>
      {result && !applied ? (
        <>
          <Fairness result={result} title={title} />
          <Paper variant="outlined" sx={{ mb: 2 }}>
            <ItemTable
              outlined={false}
              label="Proposal"
              columns={['Paper', 'Already assigned', 'Proposed reviewers (reasons)', 'Add']}
              bodyTestId="proposal-rows"
              rows={result.papers}
              emptyText="This track has no papers."
              renderRow={(p) => (
                <ProposalRow
                  key={String(p.paperId)}
                  paper={p}
                  title={title.get(num(p.paperId)) ?? ''}
                  name={(id) => name.get(id) ?? `Reviewer #${id}`}
                  picks={picks.get(num(p.paperId)) ?? []}
                  isCameraReady={isCameraReady}
                  round={round}
                  onChange={(list) => setPicks(new Map(picks).set(num(p.paperId), list))}
                />
              )}
            />
          </Paper>
          <Stack direction="row" spacing={2} alignItems="center">
            <Button
              disabled={apply.isPending || assignments.length === 0}
              onClick={() =>
                apply.mutate(
                  { track: track!, isCameraReady, ...roundBody, assignments },
                  {
                    onSuccess: (r) => {
                      setApplied(r);
                      notify(r.message, r.errors.length ? 'warning' : 'success');
                    },
                    onError: (e) => notify(errorMessage(e), 'error'),
                  },
                )
              }
            >
              Apply proposal
            </Button>
            <Typography data-testid="proposal-count">
              {assignments.length} review request{assignments.length === 1 ? '' : 's'} to save
            </Typography>
          </Stack>
          {apply.isPending ? <LinearProgress sx={{ mt: 2 }} /> : null}
        </>
      ) : null}
      {applied ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Alert severity={applied.errors.length ? 'warning' : 'success'} data-testid="apply-result">
            {applied.message}
          </Alert>
          {applied.errors.map((e) => (
            <Typography key={`${e.paper}:${e.reviewer}`} color="error" sx={{ mt: 1 }}>
              Paper {e.paper}, {name.get(e.reviewer) ?? `reviewer #${e.reviewer}`}: {e.message}
            </Typography>
          ))}
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button variant="outlined" component={Link} to={paths.viewReviewRequests()}>
              View review requests
            </Button>
          </Stack>
        </Paper>
      ) : null}
      {track !== null ? (
        <MetaAssignment
          key={`${track}:${round}:${isCameraReady}`}
          track={track}
          round={round}
          isCameraReady={isCameraReady}
          statuses={roundBody.statuses}
        />
      ) : null}
    </>
  );
}

interface MetaPair {
  paper: number;
  reviewer: number;
  reviewerName: string;
  load: number;
}

/**
 * Meta-reviewers of the chosen track and round (issue 25): the server proposes, per paper without one, a
 * reviewer under the meta load limit (bid first, then load); the chair applies the pairs as meta requests.
 */
function MetaAssignment({
  track,
  round,
  isCameraReady,
  statuses,
}: {
  track: number;
  round: number;
  isCameraReady: boolean;
  statuses?: number[];
}) {
  const prefix = useRolePrefix();
  const notify = useNotify();
  const [metaLoad, setMetaLoad] = useState(String(META_LOAD_DEFAULT));
  const body = {
    track,
    round,
    isCameraReady,
    ...(statuses ? { statuses } : {}),
    metaLoad: Number(metaLoad) || META_LOAD_DEFAULT,
  };
  const propose = useMutation({
    mutationFn: () => api<MetaPair[]>('POST', `/api/${prefix}/review_requests/auto/meta_proposal`, body),
    onError: (e) => notify(errorMessage(e), 'error'),
  });
  const apply = useMutation({
    mutationFn: (pairs: MetaPair[]) =>
      api<ApplyResult>('POST', `/api/${prefix}/review_requests/auto/apply`, {
        ...body,
        role: 'meta',
        assignments: pairs.map((p) => ({ paper: p.paper, reviewer: p.reviewer })),
      }),
    onError: (e) => notify(errorMessage(e), 'error'),
  });
  const pairs = propose.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="meta-assign-heading">
      <Typography variant="h6" component="h2" id="meta-assign-heading" gutterBottom>
        Meta-reviewers
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        One meta-reviewer per paper and round, who writes the meta-review once every review is submitted.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <TextField
          label="Papers per meta-reviewer"
          type="number"
          value={metaLoad}
          onChange={(e) => setMetaLoad(e.target.value)}
          slotProps={{ htmlInput: { min: 1, max: META_LOAD_MAX } }}
          sx={{ maxWidth: 240 }}
        />
        <Button variant="outlined" disabled={propose.isPending} onClick={() => propose.mutate()}>
          Propose meta-reviewers
        </Button>
      </Stack>
      {propose.isSuccess ? (
        pairs.length ? (
          <Box sx={{ mt: 2 }}>
            <Box component="ul" sx={{ pl: 3 }} data-testid="meta-proposal">
              {pairs.map((p) => (
                <li key={p.paper}>
                  Paper {p.paper}: {p.reviewerName} (meta load {p.load})
                </li>
              ))}
            </Box>
            <Button disabled={apply.isPending} onClick={() => apply.mutate(pairs)}>
              Apply {pairs.length} meta-reviewer{pairs.length === 1 ? '' : 's'}
            </Button>
          </Box>
        ) : (
          <Alert severity="info" sx={{ mt: 2 }}>
            Every paper has a meta-reviewer, or nobody is under the limit.
          </Alert>
        )
      ) : null}
      {apply.data ? (
        <Alert severity={apply.data.errors.length ? 'warning' : 'success'} sx={{ mt: 2 }}>
          {apply.data.message}
          {apply.data.errors.map((e) => ` Paper ${e.paper}: ${e.message}`).join('')}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** The wait while the server solves (an exact min-cost flow: seconds on large tracks). */
function Waiting({ since }: { since: number | null }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const seconds = since ? Math.max(0, Math.floor((now - since) / 1000)) : 0;
  return (
    <Box sx={{ mt: 2 }} role="status">
      <Typography>Computing the optimal assignment… {seconds} s</Typography>
      <LinearProgress sx={{ mt: 1 }} />
    </Box>
  );
}

function Figure({ label, value, testid }: { label: string; value: string; testid: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" data-testid={testid}>
        {value}
      </Typography>
    </Grid>
  );
}

/** Fairness of the computed proposal: lowest-affinity paper, load spread, papers short and why. */
function Fairness({ result, title }: { result: AssignmentResult; title: Map<number, string> }) {
  const f = result.fairness;
  const low = f.lowestAffinityPaper;
  const short = result.papers.filter((p) => p.short > 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="fairness">
      <Typography variant="h6" component="h2" gutterBottom>
        Fairness of the proposal
      </Typography>
      <Grid container spacing={2}>
        <Figure
          label="Lowest-affinity paper"
          testid="lowest-affinity"
          value={
            low
              ? `Paper ${String(low.paperId)}${title.get(num(low.paperId)) ? ` (${title.get(num(low.paperId))})` : ''}: ${fixed(low.affinity)}`
              : '—'
          }
        />
        <Figure label="Mean paper affinity" testid="mean-affinity" value={fixed(f.meanPaperAffinity)} />
        <Figure
          label="Reviewer load (min – max, spread)"
          testid="load-spread"
          value={`${f.load.min} – ${f.load.max}, spread ${f.load.spread} (mean ${fixed(f.load.mean)})`}
        />
        <Figure
          label="Papers short of reviewers"
          testid="papers-short"
          value={`${f.papersShort} (${f.reviewsShort} review${f.reviewsShort === 1 ? '' : 's'} missing)`}
        />
      </Grid>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {result.objective.assigned} reviews proposed, total affinity {fixed(result.objective.affinity)};{' '}
        {result.stats.papers} papers, {result.stats.reviewers} reviewers, solved in {result.stats.ms} ms.
      </Typography>
      {result.feasibility.binding.map((b, i) => (
        <Alert key={i} severity="warning" sx={{ mt: 1 }} data-testid="binding">
          {b.message}
        </Alert>
      ))}
      {result.feasibility.fewEligible.length ? (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="few-eligible">
          {result.feasibility.fewEligible.length} paper
          {result.feasibility.fewEligible.length === 1 ? ' has' : 's have'} fewer than 3 eligible reviewers;
          each is listed below with the limits that leave it short.
        </Alert>
      ) : null}
      {short.length ? (
        <Box sx={{ mt: 1 }}>
          {short.map((p) => (
            <Typography key={String(p.paperId)} variant="body2" color="error" data-testid="short-paper">
              Paper {String(p.paperId)} is short of {p.short} review{p.short === 1 ? '' : 's'}
              {p.shortReason ? `: ${p.shortReason}` : ''}
            </Typography>
          ))}
        </Box>
      ) : null}
      {result.conflicts.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {result.conflicts.length} conflicted pair{result.conflicts.length === 1 ? ' was' : 's were'} left
          out.
        </Typography>
      ) : null}
    </Paper>
  );
}

function ProposalRow({
  paper,
  title,
  name,
  picks,
  isCameraReady,
  round,
  onChange,
}: {
  paper: PaperAssignment;
  title: string;
  name: (id: number) => string;
  picks: Pick[];
  isCameraReady: boolean;
  round: number;
  onChange: (picks: Pick[]) => void;
}) {
  const id = num(paper.paperId);
  const existing = paper.existing.map(num);
  return (
    <TableRow data-testid={`proposal-${id}`} sx={{ verticalAlign: 'top' }}>
      <TableCell>
        <Typography>
          Paper {id}: {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          target {paper.target} reviews, {paper.eligible} eligible reviewers
        </Typography>
        {paper.short > 0 ? (
          <Typography variant="body2" color="error">
            Short of {paper.short}
            {paper.shortReason ? `: ${paper.shortReason}` : ''}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        {existing.length ? existing.map((r) => <Typography key={r}>{name(r)}</Typography>) : '—'}
      </TableCell>
      <TableCell>
        <Stack spacing={1}>
          {picks.map((p) => (
            <Box key={p.reviewer} data-testid={`pick-${id}-${p.reviewer}`}>
              <Stack direction="row" spacing={1} alignItems="center">
                <Typography>{name(p.reviewer)}</Typography>
                <Button
                  size="small"
                  variant="text"
                  color="error"
                  aria-label={`Remove ${name(p.reviewer)} from paper ${id}`}
                  onClick={() => onChange(picks.filter((x) => x.reviewer !== p.reviewer))}
                >
                  Remove
                </Button>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {p.reasons ?? 'added by hand'}
              </Typography>
            </Box>
          ))}
          {picks.length === 0 ? <Typography color="text.secondary">None</Typography> : null}
        </Stack>
      </TableCell>
      <TableCell>
        <AddReviewer
          paperId={id}
          isCameraReady={isCameraReady}
          round={round}
          exclude={[...existing, ...picks.map((p) => p.reviewer)]}
          onAdd={(reviewer) => onChange([...picks, { reviewer, reasons: null }])}
        />
      </TableCell>
    </TableRow>
  );
}

/** Adds one of the paper's eligible candidates (no conflict, not an author, with room) to the proposal. */
function AddReviewer({
  paperId,
  isCameraReady,
  round,
  exclude,
  onAdd,
}: {
  paperId: number;
  isCameraReady: boolean;
  round: number;
  exclude: number[];
  onAdd: (reviewer: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const candidates = useCandidates(open ? paperId : null, isCameraReady, round);
  if (!open)
    return (
      <Button
        size="small"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={`Add reviewer to paper ${paperId}`}
      >
        Add reviewer
      </Button>
    );
  const options = (candidates.data ?? []).filter((c) => c.eligible && !exclude.includes(c._id));
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <TextField
        select
        size="small"
        label="Reviewer"
        value={value}
        sx={{ minWidth: 220 }}
        slotProps={{ ...nativeSelect, htmlInput: { 'aria-label': `Reviewer to add to paper ${paperId}` } }}
        onChange={(e) => setValue(e.target.value)}
      >
        <option value="">{candidates.isPending ? 'Loading…' : 'Choose'}</option>
        {options.map((c) => (
          <option key={c._id} value={String(c._id)}>
            {personName(c)} (load {isCameraReady ? c.load.cameraReady : c.load.total}
            {c.bid ? `, ${BID_LABELS[c.bid]}` : ''})
          </option>
        ))}
      </TextField>
      <Button
        size="small"
        disabled={!value}
        onClick={() => {
          onAdd(Number(value));
          setValue('');
          setOpen(false);
        }}
      >
        Add
      </Button>
    </Stack>
  );
}
