import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { AssignReviewersAuto } from './assign-auto';
import { AssignReviewersManual } from './assign-manual';
import { ImportReviewers } from './import-reviewers';
import { EditPaperReviews, ViewPaperReviews } from './paper-reviews';
import { ReviewRequestList } from './review-request-list';
import { ReviewRequestView } from './review-request-view';
import { SubmitPaperReview, SubmitReviewAsUser } from './review-submit';

/** Review screens of chairs and track chairs (§2; the server limits track chairs to their tracks). */
const sharedReviewRoutes: ReactNode[] = [
  <Route key="assign-manual" path="/AssignReviewersManual" element={<AssignReviewersManual />} />,
  <Route key="assign-auto" path="/AssignReviewersAuto" element={<AssignReviewersAuto />} />,
  <Route key="requests" path="/ViewReviewRequests" element={<ReviewRequestList />} />,
  <Route key="request" path="/ViewReviewRequest/:reviewRequestId" element={<ReviewRequestView />} />,
  <Route key="paper-reviews" path="/ViewPaperReviews/:paperId" element={<ViewPaperReviews />} />,
  <Route key="edit-paper-reviews" path="/EditPaperReviews/:paperId" element={<EditPaperReviews />} />,
  <Route key="import-reviewers" path="/ImportReviewers" element={<ImportReviewers />} />,
];

/** Chairs submit reviews on behalf of users (§6). */
export const chairReviewRoutes: ReactNode[] = [
  ...sharedReviewRoutes,
  <Route key="review-as-user" path="/SubmitReviewAsUser/:paperId?" element={<SubmitReviewAsUser />} />,
];

/** Track chairs submit their own reviews (§2). */
export const trackChairReviewRoutes: ReactNode[] = [
  ...sharedReviewRoutes,
  <Route key="own-review" path="/SubmitPaperReview/:paperId" element={<SubmitPaperReview />} />,
];
