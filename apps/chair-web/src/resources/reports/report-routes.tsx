import { CircularProgress } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/** The charts library is large and only this screen uses it: its code loads when the screen opens. */
const ViewReports = lazy(() => import('./view-reports').then((m) => ({ default: m.ViewReports })));

/** Reports (§7): chairs and track chairs (theirs: their tracks). */
export const reportRoutes: ReactNode[] = [
  <Route
    key="reports"
    path={paths.viewReports}
    element={
      <Suspense fallback={<CircularProgress aria-label="Loading" />}>
        <ViewReports />
      </Suspense>
    }
  />,
];
