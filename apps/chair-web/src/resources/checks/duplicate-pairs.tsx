import { Alert, Box, Button, Chip, Grid, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { CHECK_MESSAGES, type DuplicatePairDto, type DuplicatePaperDto } from '@symposium/domain';
import { errorMessage, useConferenceTimeText, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryView } from '../../components/query-view';
import { ReasonDialog } from '../../components/reason-dialog';
import { SwitchField } from '../../components/switch-field';
import { paths } from '../../config/paths';
import { useDismissPair } from './api/mutations';
import { useDuplicatePairs } from './api/queries';
import { DUPLICATE_KIND_LABELS, percent } from './check-labels';

/** One paper of a pair: its title (to its checks), id and track, and its authors. */
function PairPaper({ paper }: { paper: DuplicatePaperDto }) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid="pair-paper">
      <MuiLink
        component={Link}
        to={paths.paperChecks(paper.id)}
        sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
      >
        {paper.id}. {paper.title}
      </MuiLink>
      <Typography variant="body2" color="text.secondary">
        {paper.track.name}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {paper.authors.map((a) => `${a.name} (${a.email})`).join(', ') || 'No author'}
      </Typography>
    </Box>
  );
}

/** A passage as one paper has it, highlighted. */
function Passage({ paperId, text }: { paperId: number; text: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        In paper {paperId}
      </Typography>
      <Box
        component="blockquote"
        sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', overflowWrap: 'anywhere' }}
        data-testid="passage"
      >
        <mark>{text}</mark>
      </Box>
    </Box>
  );
}

function PairCard({ pair, onDismiss }: { pair: DuplicatePairDto; onDismiss: () => void }) {
  const when = useConferenceTimeText();
  const titleId = `pair-${pair.id}-title`;
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ p: 2, minWidth: 0 }}
      data-testid={`pair-${pair.id}`}
      data-dismissed={pair.dismissed ? 'true' : 'false'}
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <Typography variant="h6" component="h3" id={titleId}>
          {percent(pair.similarity)} alike: papers {pair.a.id} and {pair.b.id}
        </Typography>
        <Chip size="small" variant="outlined" label={DUPLICATE_KIND_LABELS[pair.kind]} />
        {pair.dismissed ? <Chip size="small" label="Dismissed" /> : null}
        <Typography variant="body2" color="text.secondary">
          found {when(pair.foundAt)}
        </Typography>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <PairPaper paper={pair.a} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PairPaper paper={pair.b} />
        </Grid>
      </Grid>
      {pair.passages.length ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h4" gutterBottom>
            Shared passages
          </Typography>
          <Stack spacing={1.5}>
            {pair.passages.map((p, i) => (
              <Grid container spacing={2} key={i} data-testid="shared-passage">
                <Grid size={{ xs: 12, md: 6 }}>
                  <Passage paperId={pair.a.id} text={p.a} />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <Passage paperId={pair.b.id} text={p.b} />
                </Grid>
              </Grid>
            ))}
          </Stack>
        </Box>
      ) : null}
      {pair.dismissed ? (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="pair-dismissal">
          Dismissed by {pair.dismissed.by} on {when(pair.dismissed.at)}: {pair.dismissed.reason}
        </Alert>
      ) : (
        <Button
          variant="outlined"
          sx={{ mt: 2 }}
          aria-label={`Dismiss… the pair of papers ${pair.a.id} and ${pair.b.id}`}
          onClick={onDismiss}
        >
          Dismiss…
        </Button>
      )}
    </Paper>
  );
}

/** Asks for the reason, dismisses the pair, shows the server's message; the lists are refreshed. */
function DismissDialog({ pair, onClose }: { pair: DuplicatePairDto; onClose: () => void }) {
  const dismiss = useDismissPair();
  const notify = useNotify();
  const [error, setError] = useState('');
  return (
    <ReasonDialog
      titleId="dismiss-pair-title"
      title="Dismiss this pair?"
      saveLabel="Dismiss pair"
      requiredMessage={CHECK_MESSAGES.dismissReasonRequired}
      busy={dismiss.isPending}
      error={error}
      onClose={onClose}
      onSave={(reason) =>
        dismiss.mutate(
          { pairId: pair.id, reason },
          {
            onSuccess: (r) => {
              notify(r.message);
              onClose();
            },
            onError: (e) => setError(errorMessage(e, 'The pair could not be dismissed')),
          },
        )
      }
    >
      <Typography sx={{ overflowWrap: 'anywhere', mb: 1 }}>
        Papers {pair.a.id} ({pair.a.title}) and {pair.b.id} ({pair.b.title}) will no longer be listed as
        possible duplicates.
      </Typography>
    </ReasonDialog>
  );
}

/**
 * The "Duplicates" tab of /SubmissionChecks: the pairs of submissions found alike (similarity, kind, both
 * papers, the passages they share side by side), each dismissable with a reason; the dismissed pairs on demand.
 */
export function DuplicatePairs() {
  const [showDismissed, setShowDismissed] = useState(false);
  const pairs = useDuplicatePairs(showDismissed);
  const [dismissing, setDismissing] = useState<DuplicatePairDto | null>(null);
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        justifyContent="space-between"
        alignItems="center"
        sx={{ flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h5" component="h2">
          Possible duplicates
        </Typography>
        <SwitchField
          name="showDismissed"
          label="Show dismissed pairs"
          checked={showDismissed}
          onChange={setShowDismissed}
        />
      </Stack>
      <QueryView query={pairs}>
        {(list) => (
          <Stack spacing={2} data-testid="duplicate-pairs">
            <Typography data-testid="pair-count">
              {list.length} {showDismissed ? 'dismissed ' : ''}pair{list.length === 1 ? '' : 's'}
            </Typography>
            {list.map((pair) => (
              <PairCard key={pair.id} pair={pair} onDismiss={() => setDismissing(pair)} />
            ))}
          </Stack>
        )}
      </QueryView>
      {dismissing ? <DismissDialog pair={dismissing} onClose={() => setDismissing(null)} /> : null}
    </Stack>
  );
}
