import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

const SubmissionChecks = lazy(() =>
  import('./submission-checks').then((m) => ({ default: m.SubmissionChecks })),
);

/** Submission checks (issue 26): chairs and track chairs (theirs: their tracks). */
export const checkRoutes: ReactNode[] = [
  <Route key="submission-checks" path={paths.submissionChecks.pattern} element={<SubmissionChecks />} />,
];
