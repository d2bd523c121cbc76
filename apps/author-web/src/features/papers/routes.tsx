import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import { CameraReadySubmission } from './camera-ready-submission';
import { ConfirmationDelete } from './confirmation-delete';
import { ConfirmationEmail } from './confirmation-email';
import { PresentationReadySubmission } from './presentation-ready-submission';
import { SignConsentForm } from './sign-consent-form';
import { SubmissionLight } from './submission-light';
import { ViewPaper } from './view-paper';
import { ViewSessionPaper } from './view-session-paper';

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
