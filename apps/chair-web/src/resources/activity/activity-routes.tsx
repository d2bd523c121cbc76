import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import { ActivityReport } from './activity-report';

/** The activity reports (§2 E-mail): chairs only. */
export const activityRoutes: ReactNode[] = [
  <Route key="activity" path={paths.viewActivityReports} element={<ActivityReport />} />,
];
