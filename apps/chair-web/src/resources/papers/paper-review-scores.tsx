import { Link as MuiLink, TableCell, Tooltip, Typography } from '@mui/material';
import { summarizeReviewScores, type ReviewDto } from '@symposium/domain';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

const oneDecimal = (x: number | null) => (x === null ? '–' : x.toFixed(1));

/**
 * Three cells of the decision table: the number of submitted reviews (a link to them), the average final
 * recommendation (-1..2) with the mean quality / contribution / originality under it (each review's scores in
 * its tooltip), and the spread of the recommendations (highest minus lowest). Empty cells without a review.
 */
export function ReviewScoreCells({
  paperId,
  reviews,
}: {
  paperId: number;
  reviews: ReviewDto[] | undefined;
}) {
  const done = (reviews ?? []).filter((r) => !r.draft);
  const summary = summarizeReviewScores(done);
  if (!summary)
    return (
      <>
        <TableCell>0</TableCell>
        <TableCell />
        <TableCell />
      </>
    );
  const details = done
    .map(
      (r, i) =>
        `${r.reviewerName ?? `Reviewer ${i + 1}`}: quality ${r.quality ?? '–'}, contribution ${r.contribution ?? '–'}, originality ${r.originality ?? '–'}, ${r.decision}`,
    )
    .join('; ');
  return (
    <>
      <TableCell>
        <MuiLink
          component={Link}
          to={paths.viewPaperReviews(paperId)}
          aria-label={`${summary.count} ${summary.count === 1 ? 'review' : 'reviews'} of paper ${paperId}`}
        >
          {summary.count}
        </MuiLink>
      </TableCell>
      <TableCell>
        <Tooltip title={details}>
          <span tabIndex={0}>
            <Typography variant="body2" component="span" data-testid={`score-average-${paperId}`}>
              {summary.average.toFixed(2)}
            </Typography>
            <Typography
              variant="caption"
              component="span"
              color="text.secondary"
              data-testid={`score-means-${paperId}`}
              sx={{ display: 'block', whiteSpace: 'nowrap' }}
            >
              Q {oneDecimal(summary.quality)} · C {oneDecimal(summary.contribution)} · O{' '}
              {oneDecimal(summary.originality)}
            </Typography>
          </span>
        </Tooltip>
      </TableCell>
      <TableCell>
        <Typography
          variant="body2"
          data-testid={`score-spread-${paperId}`}
          sx={summary.spread >= 2 ? { color: 'error.dark', fontWeight: 600 } : undefined}
          title={summary.spread >= 2 ? 'The reviewers disagree' : undefined}
        >
          {summary.spread}
        </Typography>
      </TableCell>
    </>
  );
}
