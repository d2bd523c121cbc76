import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import { ReviewPaper } from './review-paper';
import { ViewPaperReview } from './view-paper-review';
import { ViewReviewRequest } from './view-review-request';

/** The reviewer screens (spec §2) and the authors' reviews (/ViewPaperReview). */
export const reviewRoutes: ReactNode[] = [
  <Route key="view-paper-review" path={paths.viewPaperReview(':paperId')} element={<ViewPaperReview />} />,
  <Route key="review-paper" path={paths.reviewPaper(':paperId')} element={<ReviewPaper />} />,
  <Route
    key="view-review-request"
    path={paths.viewReviewRequest(':reviewRequestId')}
    element={<ViewReviewRequest />}
  />,
];
