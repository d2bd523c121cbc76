import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import type { BuilderProposal } from './api/session-builder';

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(3));

/** The placement against its proven lower bound: 'optimal', or the gap. */
export function placementFigure(p: BuilderProposal['placement']): string {
  if (p.optimal) return `optimal (${p.clashes} clash${p.clashes === 1 ? '' : 'es'})`;
  return `${p.clashes} clash${p.clashes === 1 ? '' : 'es'} vs lower bound ${p.lowerBound} (gap ${p.clashes - p.lowerBound})`;
}

/** The grouping cost against its lower bound, as a ratio (1 = provably optimal). */
export function groupingFigure(g: BuilderProposal['grouping']): string {
  if (g.lowerBound <= 0) return g.cost <= 1e-9 ? 'optimal (cost 0)' : `cost ${fmt(g.cost)} vs lower bound 0`;
  return `${(g.cost / g.lowerBound).toFixed(2)}× the lower bound (cost ${fmt(g.cost)}, bound ${fmt(g.lowerBound)})`;
}

function Figure({ id, label, value }: { id: string; label: string; value: string | number }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, minWidth: 120 }} data-testid={`figure-${id}`}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h6" component="div">
        {value}
      </Typography>
    </Paper>
  );
}

/** What the builder proposed, with the quality of both steps against their lower bounds. */
export function BuilderFigures({ proposal }: { proposal: BuilderProposal }) {
  return (
    <Box data-testid="builder-figures" sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        <Figure id="sessions" label="Sessions" value={proposal.sessions.length} />
        <Figure id="papers" label="Papers" value={proposal.papers} />
        <Figure id="unplaced" label="Unplaced sessions" value={proposal.unplaced} />
        <Figure id="clashes" label="Person clashes" value={proposal.personClashes} />
        <Figure id="placement" label="Placement" value={placementFigure(proposal.placement)} />
        <Figure id="grouping" label="Grouping cost" value={groupingFigure(proposal.grouping)} />
      </Stack>
      {proposal.placement.timedOut ? (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="builder-timed-out">
          The time limit ({Math.round((proposal.timeBudgetMs ?? 0) / 1000)} s) ended the search: this is the
          best placement found, {proposal.placement.clashes - proposal.placement.lowerBound} clash
          {proposal.placement.clashes - proposal.placement.lowerBound === 1 ? '' : 'es'} above the proven
          lower bound. Propose again with a longer time limit to search further.
        </Alert>
      ) : null}
      {proposal.unplaced > 0 ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {proposal.unplaced} session{proposal.unplaced === 1 ? ' has' : 's have'} no slot (fewer event and
          room pairs than sessions): choose an event for {proposal.unplaced === 1 ? 'it' : 'them'} or leave{' '}
          {proposal.unplaced === 1 ? 'it' : 'them'} not placed.
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Figures of the proposal as built; your edits below are checked when you apply, and clashes of the
        programme are listed once the sessions exist.
      </Typography>
    </Box>
  );
}
