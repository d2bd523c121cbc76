import {
  Alert,
  Box,
  Button,
  Checkbox,
  LinearProgress,
  MenuItem,
  List,
  ListItem,
  ListItemText,
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
  REVIEW_MESSAGES,
  type CandidateReviewerDto,
  type ChairPaperDto,
  type ReviewRole,
  type SaveReviewRequestInput,
} from '@symposium/domain';
import { errorMessage, StepsBar, useNotify } from '@symposium/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { SelectAllCheckbox } from '../../components/select-all-checkbox';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { ConflictOverride } from './conflict-override';
import { BidChip, ConflictList, OtherReasons } from './review-labels';
import { TrackPicker } from './track-picker';
import { RoundPicker } from './round-picker';
import { personName, useCandidatesOf, useTrackPapers } from './api/queries';
import { useRoleTracks } from '../tracks/api/queries';
import { useSaveRequests, type PairOutcome } from './api/mutations';
import { scrollRegion } from '../../components/data-table';

const STEPS = ['Select track', 'Select papers', 'Select reviewers', 'Summary'];
const pairKey = (paper: number, reviewer: number) => `${paper}:${reviewer}`;

interface ReviewerRow {
  reviewer: CandidateReviewerDto;
  /** This reviewer as a candidate of each selected paper (undefined when not a candidate). */
  perPaper: Map<number, CandidateReviewerDto>;
}

/** /AssignReviewersManual: select track, select papers, select reviewers (load, bids, conflicts), summary. */
export function AssignReviewersManual() {
  const notify = useNotify();
  const tracks = useRoleTracks();
  const [step, setStep] = useState(0);
  const [track, setTrack] = useState<number | null>(null);
  const [isCameraReady, setCameraReady] = useState(false);
  const [round, setRound] = useState(1);
  const [role, setRole] = useState<'reviewer' | 'meta'>('reviewer');
  const [papers, setPapers] = useState<number[]>([]);
  const [pairs, setPairs] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ message: string; outcomes: PairOutcome[] } | null>(null);
  const trackPapers = useTrackPapers(track);
  const save = useSaveRequests();

  const paperById = useMemo(
    () => new Map((trackPapers.data?.data ?? []).map((p) => [p._id, p])),
    [trackPapers.data],
  );

  const restart = () => {
    setStep(0);
    setPapers([]);
    setPairs(new Set());
    setResult(null);
    setProblem(null);
  };

  const chosenPairs = (): SaveReviewRequestInput[] =>
    [...pairs].map((k) => {
      const [paper, reviewer] = k.split(':').map(Number) as [number, number];
      return { track: track!, paper, reviewer, isCameraReady, round, ...(role === 'meta' ? { role } : {}) };
    });

  const next = () => {
    setProblem(null);
    if (step === 0 && track === null) return setProblem('Please select a track');
    if (step === 1 && papers.length === 0) return setProblem(REVIEW_MESSAGES.selectPaperAndReviewer);
    if (step === 2 && pairs.size === 0) return setProblem(REVIEW_MESSAGES.selectPaperAndReviewer);
    setStep(step + 1);
  };

  return (
    <>
      <PageTitle title="Assign reviewers manually" />
      <StepsBar steps={STEPS} active={step} alternativeLabel />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        {step === 0 ? (
          <QueryView query={tracks}>
            {(list) => (
              <Stack spacing={2}>
                <TrackPicker
                  tracks={list}
                  track={track}
                  onTrack={(t) => {
                    setTrack(t);
                    setRound(1);
                    setPapers([]);
                    setPairs(new Set());
                  }}
                  isCameraReady={isCameraReady}
                  onCameraReady={(v) => {
                    setCameraReady(v);
                    setPairs(new Set());
                  }}
                />
                <RoundPicker
                  track={track}
                  round={round}
                  onRound={(r) => {
                    setRound(r);
                    setPairs(new Set());
                  }}
                />
                <TextField
                  select
                  label="Role"
                  value={role}
                  onChange={(e) => setRole(e.target.value === 'meta' ? 'meta' : 'reviewer')}
                  helperText="A meta-reviewer writes the meta-review after the discussion; one per paper and round."
                  sx={{ maxWidth: 360 }}
                  slotProps={{
                    select: {
                      inputProps: { 'data-testid': 'assign-role' },
                      SelectDisplayProps: { 'aria-label': 'Role' } as object,
                    },
                  }}
                >
                  <MenuItem value="reviewer">Reviewer</MenuItem>
                  <MenuItem value="meta">Meta-reviewer</MenuItem>
                </TextField>
              </Stack>
            )}
          </QueryView>
        ) : null}
        {step === 1 ? (
          <QueryView query={trackPapers}>
            {(page) => (
              <PaperPicker
                papers={page.data}
                selected={papers}
                onChange={(list) => {
                  setPapers(list);
                  setPairs(
                    (prev) => new Set([...prev].filter((k) => list.includes(Number(k.split(':')[0])))),
                  );
                }}
              />
            )}
          </QueryView>
        ) : null}
        {step === 2 ? (
          <ReviewerPicker
            papers={papers.map((id) => paperById.get(id)!).filter(Boolean)}
            isCameraReady={isCameraReady}
            round={round}
            role={role}
            pairs={pairs}
            onChange={setPairs}
          />
        ) : null}
        {step === 3 ? (
          <Summary
            pairs={chosenPairs()}
            paperById={paperById}
            isCameraReady={isCameraReady}
            round={round}
            role={role}
            result={result}
          />
        ) : null}
      </Paper>
      {problem ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {problem}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1}>
        {step > 0 && !result ? (
          <Button variant="outlined" disabled={save.isPending} onClick={() => setStep(step - 1)}>
            Back
          </Button>
        ) : null}
        {step < 3 ? <Button onClick={next}>Next</Button> : null}
        {step === 3 && !result ? (
          <Button
            disabled={save.isPending}
            onClick={() =>
              save.mutate(chosenPairs(), {
                onSuccess: (r) => {
                  setResult(r);
                  notify(r.message, r.outcomes.every((o) => o.ok) ? 'success' : 'warning');
                },
                onError: (e) => notify(errorMessage(e), 'error'),
              })
            }
          >
            Save review requests
          </Button>
        ) : null}
        {result ? (
          <>
            <Button onClick={restart}>Assign more</Button>
            <Button variant="outlined" component={Link} to={paths.viewReviewRequests()}>
              View review requests
            </Button>
          </>
        ) : null}
      </Stack>
      {save.isPending ? <LinearProgress sx={{ mt: 2 }} /> : null}
    </>
  );
}

function PaperPicker({
  papers,
  selected,
  onChange,
}: {
  papers: ChairPaperDto[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  if (!papers.length) return <Alert severity="info">This track has no papers.</Alert>;
  const all = papers.every((p) => selected.includes(p._id));
  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <TableContainer {...scrollRegion('Papers')}>
      <Table size="small" aria-label="Papers">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <SelectAllCheckbox
                label="Select all papers"
                checked={all}
                indeterminate={!all && selected.length > 0}
                onChange={() => onChange(all ? [] : papers.map((p) => p._id))}
              />
            </TableCell>
            <TableCell>ID</TableCell>
            <TableCell>Title</TableCell>
            <TableCell>Authors</TableCell>
          </TableRow>
        </TableHead>
        <TableBody data-testid="paper-rows">
          {papers.map((p) => (
            <TableRow key={p._id} data-testid={`paper-${p._id}`} hover onClick={() => toggle(p._id)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.includes(p._id)}
                  slotProps={{ input: { 'aria-label': `Select paper ${p._id}` } }}
                />
              </TableCell>
              <TableCell>{p._id}</TableCell>
              <TableCell>{p.title}</TableCell>
              <TableCell>{p.authors.map((a) => `${a.firstName} ${a.lastName}`).join(', ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * One row per reviewer of the track with their current load, and one column per selected paper: the bid,
 * the conflicts with their evidence, and a check box for the pair (disabled when the pair cannot be chosen).
 */
function ReviewerPicker({
  papers,
  isCameraReady,
  round,
  role,
  pairs,
  onChange,
}: {
  papers: ChairPaperDto[];
  isCameraReady: boolean;
  round: number;
  role: ReviewRole;
  pairs: Set<string>;
  onChange: (pairs: Set<string>) => void;
}) {
  const results = useCandidatesOf(
    papers.map((p) => p._id),
    isCameraReady,
    round,
    role,
  );
  const failed = results.find((r) => r.isError);
  if (failed) return <Alert severity="error">{errorMessage(failed.error)}</Alert>;
  if (results.some((r) => r.isPending)) return <LinearProgress />;
  const rows = new Map<number, ReviewerRow>();
  results.forEach((r, i) => {
    for (const c of r.data ?? []) {
      const row = rows.get(c._id) ?? { reviewer: c, perPaper: new Map() };
      row.perPaper.set(papers[i]!._id, c);
      rows.set(c._id, row);
    }
  });
  if (!rows.size) return <Alert severity="info">This track has no reviewers.</Alert>;
  const toggle = (key: string) => {
    const next = new Set(pairs);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onChange(next);
  };
  const load = (c: CandidateReviewerDto) => (isCameraReady ? c.load.cameraReady : c.load.total);
  return (
    <TableContainer {...scrollRegion('Reviewers')}>
      <Table size="small" aria-label="Reviewers">
        <TableHead>
          <TableRow>
            <TableCell>Reviewer</TableCell>
            <TableCell>Current load</TableCell>
            {papers.map((p) => (
              <TableCell key={p._id} sx={{ minWidth: 220 }}>
                Paper {p._id}: {p.title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody data-testid="reviewer-rows">
          {[...rows.values()].map(({ reviewer, perPaper }) => (
            <TableRow key={reviewer._id} data-testid={`reviewer-${reviewer._id}`}>
              <TableCell>
                <Typography>{personName(reviewer)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {reviewer.email}
                  {reviewer.organization ? ` · ${reviewer.organization}` : ''}
                </Typography>
              </TableCell>
              <TableCell data-testid="load">
                {load(reviewer)} review{load(reviewer) === 1 ? '' : 's'}
              </TableCell>
              {papers.map((p) => {
                const c = perPaper.get(p._id);
                if (!c) return <TableCell key={p._id}>Not a reviewer of this track</TableCell>;
                const key = pairKey(p._id, c._id);
                return (
                  <TableCell key={p._id} data-testid={`pair-${p._id}-${c._id}`} sx={{ verticalAlign: 'top' }}>
                    <Stack direction="row" spacing={1} alignItems="center">
                      <Checkbox
                        checked={pairs.has(key)}
                        disabled={!c.eligible}
                        onChange={() => toggle(key)}
                        slotProps={{
                          input: { 'aria-label': `Assign ${personName(c)} to paper ${p._id}` },
                        }}
                      />
                      <BidChip bid={c.bid} />
                    </Stack>
                    <ConflictList conflicts={c.conflicts} />
                    <ConflictOverride paper={p._id} candidate={c} />
                    <OtherReasons candidate={c} />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Summary({
  pairs,
  paperById,
  isCameraReady,
  round,
  role,
  result,
}: {
  pairs: SaveReviewRequestInput[];
  paperById: Map<number, ChairPaperDto>;
  isCameraReady: boolean;
  round: number;
  role: ReviewRole;
  result: { message: string; outcomes: PairOutcome[] } | null;
}) {
  // The candidates are cached from the previous step: they give the reviewers' names.
  const candidates = useCandidatesOf([...new Set(pairs.map((p) => p.paper))], isCameraReady, round, role);
  const names = new Map<number, string>();
  for (const r of candidates) for (const c of r.data ?? []) names.set(c._id, `${personName(c)} (${c.email})`);
  const outcome = (p: SaveReviewRequestInput) =>
    result?.outcomes.find((o) => o.pair.paper === p.paper && o.pair.reviewer === p.reviewer);
  return (
    <Box>
      {result ? (
        <Alert
          severity={result.outcomes.every((o) => o.ok) ? 'success' : 'warning'}
          sx={{ mb: 2 }}
          data-testid="assign-result"
        >
          {result.message}
        </Alert>
      ) : (
        <Typography sx={{ mb: 1 }}>
          {pairs.length} review request{pairs.length === 1 ? '' : 's'} will be saved and the reviewers
          invited:
        </Typography>
      )}
      <List dense data-testid="summary">
        {pairs.map((p) => {
          const o = outcome(p);
          return (
            <ListItem key={pairKey(p.paper, p.reviewer)}>
              <ListItemText
                primary={`Paper ${p.paper}: ${paperById.get(p.paper)?.title ?? ''} — ${names.get(p.reviewer) ?? `reviewer #${p.reviewer}`}`}
                secondary={o ? (o.ok ? 'Saved' : o.message) : undefined}
                slotProps={{ secondary: { color: o && !o.ok ? 'error' : 'text.secondary' } }}
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
