import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { AssignReviewersAuto } from './assign-auto';
import { AssignReviewersManual } from './assign-manual';
import { ImportReviewers } from './import-reviewers';
import { EditPaperReviews, ViewPaperReviews } from './paper-reviews';
import { ReviewRequestList } from './review-request-list';
import { ReviewRequestView } from './review-request-view';
import { SubmitPaperReview, SubmitReviewAsUser } from './review-submit';
import { paths } from '../../config/paths';

/** Review screens of chairs and track chairs (§2; the server limits track chairs to their tracks). */
const sharedReviewRoutes: ReactNode[] = [
  <Route key="assign-manual" path={paths.assignReviewersManual} element={<AssignReviewersManual />} />,
  <Route key="assign-auto" path={paths.assignReviewersAuto} element={<AssignReviewersAuto />} />,
  <Route key="requests" path={paths.viewReviewRequests.pattern} element={<ReviewRequestList />} />,
  <Route key="request" path={paths.viewReviewRequest.pattern} element={<ReviewRequestView />} />,
  <Route key="paper-reviews" path={paths.viewPaperReviews.pattern} element={<ViewPaperReviews />} />,
  <Route key="edit-paper-reviews" path={paths.editPaperReviews.pattern} element={<EditPaperReviews />} />,
  <Route key="import-reviewers" path={paths.importReviewers} element={<ImportReviewers />} />,
];

/** Chairs submit reviews on behalf of users (§6). */
export const chairReviewRoutes: ReactNode[] = [
  ...sharedReviewRoutes,
  <Route key="review-as-user" path={paths.submitReviewAsUser.pattern} element={<SubmitReviewAsUser />} />,
];

/** Track chairs submit their own reviews (§2). */
export const trackChairReviewRoutes: ReactNode[] = [
  ...sharedReviewRoutes,
  <Route key="own-review" path={paths.submitPaperReview.pattern} element={<SubmitPaperReview />} />,
];
