import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import { ViewReports } from './view-reports';

/** Reports (§7): chairs and track chairs (theirs: their tracks). */
export const reportRoutes: ReactNode[] = [
  <Route key="reports" path={paths.viewReports} element={<ViewReports />} />,
];
