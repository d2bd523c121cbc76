import { Alert, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { CheckResult } from '@symposium/domain';
import { CheckResultView, errorMessage, FindingsView } from '@symposium/ui';
import type { usePreflights } from '../api/checks';

export type Preflight = ReturnType<typeof usePreflights>['items'][number];

/** Whether a preflight still runs, and whether one would stop the submission (a track that blocks). */
export const preflightState = (preflights: Preflight[]) => ({
  checking: preflights.some((p) => p.query.isPending),
  blocking: preflights.some((p) => p.query.data?.blocking === true),
});

/**
 * What the checks say about each chosen PDF before it is submitted: "Checking…", then "No problems found", the
 * warning of a track that only warns, or the refusal of a track that blocks, with the findings and their
 * thumbnails. A preflight that fails (the network) does not stop anything: the server checks on submission.
 */
export function PreflightPanel({ preflights }: { preflights: Preflight[] }) {
  if (!preflights.length) return null;
  return (
    <Stack spacing={2} data-testid="preflight" aria-live="polite" sx={{ mt: 2 }}>
      {preflights.map(({ file, query }, i) => (
        <Paper
          variant="outlined"
          key={`${file.name}-${i}`}
          sx={{ p: 2, minWidth: 0 }}
          data-testid="preflight-file"
        >
          <Typography variant="subtitle2" component="p" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            Checks of {file.name}
          </Typography>
          {query.isPending ? (
            <Stack direction="row" spacing={1.5} alignItems="center" data-testid="preflight-checking">
              <CircularProgress size={20} aria-label={`Checking ${file.name}`} />
              <Typography variant="body2">Checking the file against the track’s rules…</Typography>
            </Stack>
          ) : query.isError ? (
            <Alert severity="info" data-testid="preflight-failed">
              The file could not be checked now ({errorMessage(query.error)}); it is checked when you submit.
            </Alert>
          ) : (
            <CheckResultView result={query.data} blocking={query.data.blocking} />
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/** The findings of an upload or confirmation the checks refused (the message is shown by the form). */
export function RefusedCheck({ result }: { result: CheckResult | null }) {
  if (!result) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="refused-check">
      <FindingsView findings={result.findings} outlines={result.outlines} />
    </Paper>
  );
}
