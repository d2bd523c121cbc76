import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

const PaperResponse = lazy(() => import('./paper-response').then((m) => ({ default: m.PaperResponse })));

/** The authors' response screen (issue 25). */
export const responseRoutes: ReactNode[] = [
  <Route key="paper-response" path={paths.paperResponse(':paperId', ':round')} element={<PaperResponse />} />,
];
