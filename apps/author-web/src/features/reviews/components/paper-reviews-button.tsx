import { Button } from '@mui/material';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The author menu's link to a paper's reviews, shown once the chair made them available (actions.canViewReviews). */
export function PaperReviewsButton({ paperId, enabled }: { paperId: number; enabled: boolean }) {
  if (!enabled) return null;
  return (
    <Button size="small" component={Link} to={paths.viewPaperReview(paperId)} variant="outlined">
      Reviews
    </Button>
  );
}
