import { Button } from '@mui/material';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuthorReviews } from '../api/author-reviews';

/**
 * The author menu's link to a paper's reviews, shown once the chair made them available
 * (authorViewReviewEnabled: the reviews endpoint answers; before, it answers 404 and nothing is shown).
 */
export function PaperReviewsButton({ paperId }: { paperId: number }) {
  const reviews = useAuthorReviews(paperId);
  if (!reviews.isSuccess) return null;
  return (
    <Button size="small" component={Link} to={paths.viewPaperReview(paperId)} variant="outlined">
      Reviews
    </Button>
  );
}
