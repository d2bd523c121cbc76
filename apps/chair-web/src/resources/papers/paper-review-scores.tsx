import { Link as MuiLink, Stack, Tooltip, Typography } from '@mui/material';
import type { ReviewDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useRolePrefix } from './use-papers';

/** The submitted reviews of a page of papers, in one call (POST reviews/papers), keyed by paper id. */
export function usePageReviews(paperIds: number[]) {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: ['reviews', prefix, 'papers-reviews', paperIds],
    queryFn: () =>
      api<Record<number, ReviewDto[]>>('POST', `/api/${prefix}/reviews/papers`, { ids: paperIds }),
    enabled: paperIds.length > 0,
  });
}

/**
 * The submitted reviews of a paper side by side (quality / contribution / originality and the decision),
 * for the decision table; nothing while the paper has no submitted review.
 */
export function PaperReviewScores({
  paperId,
  reviews,
}: {
  paperId: number;
  reviews: ReviewDto[] | undefined;
}) {
  const done = (reviews ?? []).filter((r) => !r.draft);
  if (!done.length) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center" data-testid={`scores-${paperId}`}>
      {done.map((r, i) => (
        <Tooltip
          key={r._id}
          title={`${r.reviewerName ?? `Reviewer ${i + 1}`}: quality ${r.quality}, contribution ${r.contribution}, originality ${r.originality}, ${r.decision}`}
        >
          <Typography
            variant="body2"
            data-testid="review-score"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 0.75, whiteSpace: 'nowrap' }}
          >
            {r.quality}/{r.contribution}/{r.originality} · {r.decision}
          </Typography>
        </Tooltip>
      ))}
      <MuiLink component={Link} to={paths.viewPaperReviews(paperId)} variant="body2">
        Reviews
      </MuiLink>
    </Stack>
  );
}
