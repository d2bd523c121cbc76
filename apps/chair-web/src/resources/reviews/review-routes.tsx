import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const AssignReviewersAuto = lazy(() =>
  import('./assign-auto').then((m) => ({ default: m.AssignReviewersAuto })),
);
const AssignReviewersManual = lazy(() =>
  import('./assign-manual').then((m) => ({ default: m.AssignReviewersManual })),
);
const ImportReviewers = lazy(() =>
  import('./import-reviewers').then((m) => ({ default: m.ImportReviewers })),
);
const EditPaperReviews = lazy(() => import('./paper-reviews').then((m) => ({ default: m.EditPaperReviews })));
const ViewPaperReviews = lazy(() => import('./paper-reviews').then((m) => ({ default: m.ViewPaperReviews })));
const ReviewRequestList = lazy(() =>
  import('./review-request-list').then((m) => ({ default: m.ReviewRequestList })),
);
const ReviewRequestView = lazy(() =>
  import('./review-request-view').then((m) => ({ default: m.ReviewRequestView })),
);
const DiscussionList = lazy(() => import('./discussion-list').then((m) => ({ default: m.DiscussionList })));
const SubmitPaperReview = lazy(() =>
  import('./review-submit').then((m) => ({ default: m.SubmitPaperReview })),
);
const SubmitReviewAsUser = lazy(() =>
  import('./review-submit').then((m) => ({ default: m.SubmitReviewAsUser })),
);

/** Review screens of chairs and track chairs (§2; the server limits track chairs to their tracks). */
const sharedReviewRoutes: ReactNode[] = [
  <Route key="assign-manual" path={paths.assignReviewersManual} element={<AssignReviewersManual />} />,
  <Route key="assign-auto" path={paths.assignReviewersAuto} element={<AssignReviewersAuto />} />,
  <Route key="requests" path={paths.viewReviewRequests.pattern} element={<ReviewRequestList />} />,
  <Route key="request" path={paths.viewReviewRequest.pattern} element={<ReviewRequestView />} />,
  <Route key="paper-reviews" path={paths.viewPaperReviews.pattern} element={<ViewPaperReviews />} />,
  <Route key="edit-paper-reviews" path={paths.editPaperReviews.pattern} element={<EditPaperReviews />} />,
  <Route key="import-reviewers" path={paths.importReviewers} element={<ImportReviewers />} />,
  <Route key="discussions" path={paths.viewDiscussions} element={<DiscussionList />} />,
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
