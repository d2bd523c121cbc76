import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const ActivityReport = lazy(() => import('./activity-report').then((m) => ({ default: m.ActivityReport })));

/** The activity reports (§2 E-mail): chairs only. */
export const activityRoutes: ReactNode[] = [
  <Route key="activity" path={paths.viewActivityReports} element={<ActivityReport />} />,
];
