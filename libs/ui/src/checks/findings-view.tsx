import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import {
  CHECK_MESSAGES,
  findingKind,
  type CheckFinding,
  type CheckResult,
  type CheckStage,
  type FileCheckDto,
  type FindingEvidence,
  type PageOutline,
  type PreflightDto,
  type StoredFindingDto,
} from '@symposium/domain';
import type { ReactNode } from 'react';
import { useConferenceTimeText } from '../conference-time';
import { FINDING_KIND_LABELS, FindingIcon } from './finding-icons';
import { PageThumbnail } from './page-thumbnail';

/** The two stages as the screens name them. */
export const CHECK_STAGE_LABELS: Record<CheckStage, string> = {
  submission: 'Submission',
  cameraReady: 'Camera-ready',
};

/** The warning of a track that only warns: the author may still submit. */
export const CHECK_WARN_MESSAGE = 'The track’s rules are not met; you can still submit';
export const CHECK_PASSED_MESSAGE = 'No problems found';

const isStored = (f: CheckFinding | StoredFindingDto): f is StoredFindingDto => 'accepted' in f;

/** "page 3", "pages 3, 4 and 9" */
const pagesText = (pages: number[]) =>
  pages.length === 1
    ? `page ${pages[0]}`
    : `pages ${pages.slice(0, -1).join(', ')} and ${pages[pages.length - 1]}`;

/** The evidence of a finding by page: one thumbnail per page (every box of that page in red), then the rest. */
function Evidence({ evidence, outlines }: { evidence: FindingEvidence[]; outlines: PageOutline[] }) {
  const pages = [...new Set(evidence.map((e) => e.page).filter((p): p is number => p !== null))];
  const loose = evidence.filter((e) => e.page === null && e.snippet);
  if (!pages.length && !loose.length) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 1 }}>
      {pages.map((page) => {
        const here = evidence.filter((e) => e.page === page);
        const outline = outlines.find((o) => o.page === page);
        const snippets = here.map((e) => e.snippet).filter((s): s is string => Boolean(s));
        return (
          <Box
            component="figure"
            key={page}
            data-testid="evidence"
            sx={{ m: 0, display: 'flex', gap: 1, flexDirection: 'column', maxWidth: 320, minWidth: 0 }}
          >
            {outline ? (
              <PageThumbnail outline={outline} marks={here.map((e) => e.box).filter((b) => b !== null)} />
            ) : null}
            <Typography component="figcaption" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              Page {page}
              {snippets.map((s, i) => (
                <Box component="span" key={i} sx={{ display: 'block' }} data-testid="evidence-snippet">
                  “{s}”
                </Box>
              ))}
            </Typography>
          </Box>
        );
      })}
      {loose.map((e, i) => (
        <Typography
          key={`loose-${i}`}
          variant="body2"
          data-testid="evidence-snippet"
          sx={{ overflowWrap: 'anywhere', maxWidth: 480 }}
        >
          “{e.snippet}”
        </Typography>
      ))}
    </Stack>
  );
}

/** Who accepted a finding, when, and why. */
function Acceptance({ finding }: { finding: StoredFindingDto }) {
  const when = useConferenceTimeText();
  if (!finding.accepted) return null;
  return (
    <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }} data-testid="finding-acceptance">
      Accepted by {finding.accepted.by} on {when(finding.accepted.at)}: {finding.accepted.reason}
    </Typography>
  );
}

/**
 * The findings of one checked PDF: each with the icon and name of its kind, its sentence, the rule and the
 * value measured, its pages and its evidence (a thumbnail of each page with the place marked in red, and the
 * text found there). A finding a chair accepted shows as accepted, with who, when and why. `action` adds a
 * control beside each finding (the chair's "Accept…").
 */
export function FindingsView({
  findings,
  outlines,
  action,
}: {
  findings: (CheckFinding | StoredFindingDto)[];
  outlines: PageOutline[];
  action?: (finding: CheckFinding | StoredFindingDto, index: number) => ReactNode;
}) {
  if (!findings.length) return null;
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="findings">
      {findings.map((f, i) => {
        const kind = findingKind(f.code);
        const accepted = isStored(f) && f.accepted !== null;
        return (
          <Paper
            component="li"
            variant="outlined"
            key={`${f.code}-${i}`}
            data-testid="finding"
            data-code={f.code}
            data-accepted={accepted ? 'true' : 'false'}
            sx={{ p: 1.5, minWidth: 0 }}
          >
            <Stack direction="row" spacing={1.5} alignItems="flex-start">
              <FindingIcon
                kind={accepted ? 'accepted' : kind}
                color={
                  accepted
                    ? 'success'
                    : kind === 'format'
                      ? 'warning'
                      : kind === 'anonymity'
                        ? 'error'
                        : 'action'
                }
                sx={{ mt: 0.25 }}
              />
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                  <Chip size="small" variant="outlined" label={FINDING_KIND_LABELS[kind]} />
                  {accepted ? <Chip size="small" color="success" label="Accepted" /> : null}
                  <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {f.message}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  Rule: {f.rule} · Measured: {f.measured}
                  {f.pages.length ? ` · ${pagesText(f.pages)}` : ''}
                </Typography>
                {isStored(f) ? <Acceptance finding={f} /> : null}
                <Evidence evidence={f.evidence} outlines={outlines} />
              </Box>
              {action ? <Box sx={{ flexShrink: 0 }}>{action(f, i)}</Box> : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * A check result before (the preflight) or at (a refused upload) a submission: "No problems found", or the
 * warning of a track that only warns, or the refusal of a track that blocks, then the findings.
 */
export function CheckResultView({
  result,
  blocking,
  blockedMessage = CHECK_MESSAGES.blocked,
}: {
  result: CheckResult | PreflightDto;
  blocking: boolean;
  blockedMessage?: string;
}) {
  const summary =
    result.pageCount === null
      ? null
      : `${result.pageCount} page${result.pageCount === 1 ? '' : 's'}${
          result.bodyPages === null ? '' : `, ${result.bodyPages} counted towards the limit`
        }`;
  return (
    <Stack
      spacing={1.5}
      data-testid="check-result"
      data-status={result.status}
      data-blocking={String(blocking)}
    >
      {result.status === 'passed' ? (
        <Alert severity="success">
          {CHECK_PASSED_MESSAGE}
          {summary ? ` (${summary})` : ''}
        </Alert>
      ) : blocking ? (
        <Alert severity="error" data-testid="check-blocked">
          {blockedMessage}
        </Alert>
      ) : (
        <Alert severity="warning" data-testid="check-warning">
          {CHECK_WARN_MESSAGE}
        </Alert>
      )}
      <FindingsView findings={result.findings} outlines={result.outlines} />
    </Stack>
  );
}

/**
 * The stored checks of a paper's PDFs, one block per file: its name, stage and when it was checked, what was
 * counted, and its findings. `action` adds a control beside each finding of a file (the chair's "Accept…").
 */
export function FileChecksView({
  checks,
  headingLevel = 'h3',
  empty = 'No PDF of this paper has been checked.',
  action,
}: {
  checks: FileCheckDto[];
  headingLevel?: 'h2' | 'h3' | 'h4';
  empty?: string;
  action?: (file: FileCheckDto, finding: StoredFindingDto) => ReactNode;
}) {
  const when = useConferenceTimeText();
  if (!checks.length)
    return (
      <Typography color="text.secondary" data-testid="no-checks">
        {empty}
      </Typography>
    );
  return (
    <Stack spacing={2}>
      {checks.map((c) => {
        const open = c.findings.filter((f) => !f.accepted).length;
        return (
          <Box key={c.fileId} data-testid={`file-check-${c.fileId}`} data-status={c.status}>
            <Typography variant="subtitle1" component={headingLevel} sx={{ overflowWrap: 'anywhere' }}>
              {c.fileName}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {CHECK_STAGE_LABELS[c.stage]} · checked {when(c.checkedAt)}
              {c.pageCount === null ? '' : ` · ${c.pageCount} page${c.pageCount === 1 ? '' : 's'}`}
              {c.bodyPages === null ? '' : `, ${c.bodyPages} counted towards the limit`}
            </Typography>
            {c.status === 'passed' ? (
              <Alert severity="success">{CHECK_PASSED_MESSAGE}</Alert>
            ) : open === 0 ? (
              <Alert severity="success" sx={{ mb: 1 }}>
                Every finding was accepted
              </Alert>
            ) : null}
            <FindingsView
              findings={c.findings}
              outlines={c.outlines}
              action={action ? (f) => action(c, f as StoredFindingDto) : undefined}
            />
          </Box>
        );
      })}
    </Stack>
  );
}
