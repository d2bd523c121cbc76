import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { decisionLabel, type PaperFileDto } from '@symposium/domain';
import type { ReactNode } from 'react';

/** One name–value pair of a <dl>: a <div> holding its <dt> and <dd> (the only wrapper a <dl> allows). */
export function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Typography variant="subtitle2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const score = (v: number | null) => (v === null ? '—' : `${v} / 10`);

const PART_LABELS: Record<string, string> = {
  abstract: 'Submitted file',
  word: 'Camera-ready (Word)',
  pdf: 'Camera-ready (PDF)',
};

/** The paper a reviewer reviews: title, track, abstract and its files (the API gives reviewers no authors). */
export function PaperSummary({
  paper,
}: {
  paper: {
    _id: number;
    title: string;
    abstract: { text: string };
    trackName: string;
    isCameraReady: boolean;
    files?: PaperFileDto[];
  };
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h5" component="h2" data-testid="paper-title">
        {paper.title}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        Paper {paper._id} · {paper.trackName}
        {paper.isCameraReady ? ' · camera-ready version' : ''}
      </Typography>
      <Typography variant="subtitle2" color="text.secondary">
        Abstract
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="paper-abstract">
        {paper.abstract.text}
      </Typography>
      {paper.files?.length ? (
        <Stack component="ul" spacing={0.5} sx={{ pl: 2, mt: 1, mb: 0 }} data-testid="paper-files">
          {paper.files.map((f) => (
            <li key={f._id}>
              {PART_LABELS[f.part] ?? f.part}:{' '}
              <Link href={`/api/reviewer/papers/${paper._id}/download/${f._id}`} download={f.name}>
                {f.name}
              </Link>
            </li>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}

/**
 * One review, read-only: the scores, the final decision as its §3 label and the comments; the comments to the
 * chair only when given (the reviewer's own review; authors never receive them).
 */
export function ReviewDetails({
  title,
  review,
}: {
  title: string;
  review: {
    quality: number | null;
    contribution: number | null;
    originality: number | null;
    final: number;
    comments: { author: string; chair?: string };
  };
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" data-testid="review">
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {/* the scores side by side, the rest full width: a grid, so every pair stays a direct child of the dl */}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))', gap: 1 }}
      >
        <Field label="Final decision" wide>
          <span data-testid="decision">{decisionLabel(review.final) || 'not chosen'}</span>
        </Field>
        <Field label="Quality">{score(review.quality)}</Field>
        <Field label="Contribution">{score(review.contribution)}</Field>
        <Field label="Originality">{score(review.originality)}</Field>
        <Field label="Comments to the authors" wide>
          <span data-testid="comments-author">{review.comments.author || '—'}</span>
        </Field>
        {review.comments.chair !== undefined ? (
          <Field label="Comments to the track chair" wide>
            <span data-testid="comments-chair">{review.comments.chair || '—'}</span>
          </Field>
        ) : null}
      </Box>
    </Paper>
  );
}
