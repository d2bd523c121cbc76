import { Box, Chip, Grid, Paper, Stack, Typography } from '@mui/material';
import type { ReviewDto } from '@symposium/domain';
import { formatDate } from './review-labels';

const SOURCE_LABELS: Record<ReviewDto['source'], string> = {
  reviewer: 'by the reviewer',
  chair: 'by a chair on behalf of the reviewer',
  import: 'imported from a spreadsheet',
};

const score = (v: number | null) => (v === null ? '—' : String(v));

/** One review for the chairs: scores, the decision label and both comments. */
export function ReviewCard({ review, title }: { review: ReviewDto; title?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={`review-${review._id}`}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }} flexWrap="wrap">
        <Typography variant="h6" component="h2">
          {title ?? review.reviewerName ?? `Reviewer #${review.reviewer}`}
        </Typography>
        {review.reviewerEmail ? <Typography color="text.secondary">{review.reviewerEmail}</Typography> : null}
        {review.isCameraReady ? <Chip size="small" label="Camera-ready" /> : null}
        {review.draft ? <Chip size="small" color="warning" label="Draft" /> : null}
      </Stack>
      <Grid container spacing={2} sx={{ mb: 1 }}>
        {(
          [
            ['Quality', score(review.quality)],
            ['Contribution', score(review.contribution)],
            ['Originality', score(review.originality)],
            ['Decision', review.decision || 'not chosen'],
          ] as const
        ).map(([label, value]) => (
          <Grid key={label} size={{ xs: 6, md: 3 }}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography data-testid={`review-${label.toLowerCase()}`}>{value}</Typography>
          </Grid>
        ))}
      </Grid>
      <Box sx={{ mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Comments to the authors
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{review.comments.author || '—'}</Typography>
      </Box>
      <Box sx={{ mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Comments to the track chair
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{review.comments.chair || '—'}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Submitted {SOURCE_LABELS[review.source]}
        {review.submittedAt ? `, ${formatDate(review.submittedAt)}` : ''}
      </Typography>
    </Paper>
  );
}
