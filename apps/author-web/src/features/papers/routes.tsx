import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const CameraReadySubmission = lazy(() =>
  import('./camera-ready-submission').then((m) => ({ default: m.CameraReadySubmission })),
);
const ConfirmationDelete = lazy(() =>
  import('./confirmation-delete').then((m) => ({ default: m.ConfirmationDelete })),
);
const ConfirmationEmail = lazy(() =>
  import('./confirmation-email').then((m) => ({ default: m.ConfirmationEmail })),
);
const PresentationReadySubmission = lazy(() =>
  import('./presentation-ready-submission').then((m) => ({ default: m.PresentationReadySubmission })),
);
const SignConsentForm = lazy(() =>
  import('./sign-consent-form').then((m) => ({ default: m.SignConsentForm })),
);
const SubmissionLight = lazy(() =>
  import('./submission-light').then((m) => ({ default: m.SubmissionLight })),
);
const ViewPaper = lazy(() => import('./view-paper').then((m) => ({ default: m.ViewPaper })));
const ViewSessionPaper = lazy(() =>
  import('./view-session-paper').then((m) => ({ default: m.ViewSessionPaper })),
);

/** /ViewSessionPaper: also the one screen of the session-chair front end besides its days and events. */
export const sessionPaperRoutes: ReactNode[] = [
  <Route key="view-session-paper" path={paths.viewSessionPaper(':paperId')} element={<ViewSessionPaper />} />,
];

/** The papers screens of the author app (spec §2). */
export const paperRoutes: ReactNode[] = [
  <Route key="submission-new" path={paths.submission(':trackId')} element={<SubmissionLight />} />,
  <Route
    key="submission-edit"
    path={paths.submission(':trackId', ':paperId')}
    element={<SubmissionLight />}
  />,
  <Route
    key="confirmation-email"
    path={paths.confirmationEmail(':paperId')}
    element={<ConfirmationEmail />}
  />,
  <Route
    key="confirmation-delete"
    path={paths.confirmationDelete(':paperId')}
    element={<ConfirmationDelete />}
  />,
  <Route key="view-paper" path={paths.viewPaper(':paperId')} element={<ViewPaper />} />,
  <Route
    key="camera-ready"
    path={paths.cameraReady(':trackId', ':paperId')}
    element={<CameraReadySubmission />}
  />,
  <Route
    key="presentation-ready"
    path={paths.presentationReady(':trackId', ':paperId')}
    element={<PresentationReadySubmission />}
  />,
  <Route key="sign-consent" path={paths.signConsentForm(':paperId')} element={<SignConsentForm />} />,
  ...sessionPaperRoutes,
];
