import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const ReviewPaper = lazy(() => import('./review-paper').then((m) => ({ default: m.ReviewPaper })));
const ViewPaperReview = lazy(() =>
  import('./view-paper-review').then((m) => ({ default: m.ViewPaperReview })),
);
const MetaReview = lazy(() => import('./meta-review').then((m) => ({ default: m.MetaReview })));
const ViewReviewRequest = lazy(() =>
  import('./view-review-request').then((m) => ({ default: m.ViewReviewRequest })),
);

/** The reviewer screens (spec §2) and the authors' reviews (/ViewPaperReview). */
export const reviewRoutes: ReactNode[] = [
  <Route key="view-paper-review" path={paths.viewPaperReview(':paperId')} element={<ViewPaperReview />} />,
  <Route key="meta-review" path={paths.metaReview(':paperId')} element={<MetaReview />} />,
  <Route key="review-paper" path={paths.reviewPaper(':paperId')} element={<ReviewPaper />} />,
  <Route
    key="view-review-request"
    path={paths.viewReviewRequest(':reviewRequestId')}
    element={<ViewReviewRequest />}
  />,
];
