import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const BulkEdit = lazy(() => import('./bulk-edit').then((m) => ({ default: m.BulkEdit })));
const ConfigureStage = lazy(() => import('./configure-stage').then((m) => ({ default: m.ConfigureStage })));
const PaperDecisionMaking = lazy(() =>
  import('./paper-decision-making').then((m) => ({ default: m.PaperDecisionMaking })),
);
const ChangeTrack = lazy(() => import('./paper-edit').then((m) => ({ default: m.ChangeTrack })));
const EditPaperStatus = lazy(() => import('./paper-edit').then((m) => ({ default: m.EditPaperStatus })));
const EditStageStatus = lazy(() => import('./paper-edit').then((m) => ({ default: m.EditStageStatus })));
const EditPaperStage = lazy(() => import('./paper-files').then((m) => ({ default: m.EditPaperStage })));
const ManagePaperFiles = lazy(() => import('./paper-files').then((m) => ({ default: m.ManagePaperFiles })));
const PaperList = lazy(() => import('./paper-list').then((m) => ({ default: m.PaperList })));

/** The paper screens of chairs and track chairs (§2; the server limits track chairs to their tracks). */
export const paperRoutes: ReactNode[] = [
  <Route key="papers" path={paths.viewPapers} element={<PaperList key="all" kind="all" />} />,
  <Route
    key="papers-registered"
    path={paths.viewRegisteredPapers}
    element={<PaperList key="registered" kind="registered" />}
  />,
  <Route
    key="papers-camera-ready"
    path={paths.viewCameraReadyPapers}
    element={<PaperList key="cameraReady" kind="cameraReady" />}
  />,
  <Route
    key="papers-presentation-ready"
    path={paths.viewPresentationReadyPapers}
    element={<PaperList key="presentationReady" kind="presentationReady" />}
  />,
  <Route
    key="papers-deleted"
    path={paths.viewDeletedPapers}
    element={<PaperList key="deleted" kind="deleted" />}
  />,
  <Route key="decision" path={paths.paperDecisionMaking} element={<PaperDecisionMaking />} />,
  <Route key="bulk" path={paths.bulkEdit.pattern} element={<BulkEdit />} />,
  <Route key="paper-status" path={paths.editPaperStatus.pattern} element={<EditPaperStatus />} />,
  <Route key="change-track" path={paths.changeTrack.pattern} element={<ChangeTrack />} />,
  <Route
    key="cr-status"
    path={paths.editCameraReadyStatus.pattern}
    element={<EditStageStatus key="cameraReady" stage="cameraReady" />}
  />,
  <Route
    key="pr-status"
    path={paths.editPresentationReadyStatus.pattern}
    element={<EditStageStatus key="presentationReady" stage="presentationReady" />}
  />,
  <Route
    key="cr-files"
    path={paths.editPaperCameraReady.pattern}
    element={<EditPaperStage key="cameraReady" stage="cameraReady" />}
  />,
  <Route
    key="pr-files"
    path={paths.editPaperPresentationReady.pattern}
    element={<EditPaperStage key="presentationReady" stage="presentationReady" />}
  />,
  <Route key="paper-files" path={paths.managePaperFiles.pattern} element={<ManagePaperFiles />} />,
];

/** Stage settings live on the tracks, which only chairs manage (§6). */
export const chairPaperRoutes: ReactNode[] = [
  ...paperRoutes,
  <Route
    key="configure-cr"
    path={paths.configureCameraReady}
    element={<ConfigureStage key="cameraReady" stage="cameraReady" />}
  />,
  <Route
    key="configure-pr"
    path={paths.configurePresentationReady}
    element={<ConfigureStage key="presentationReady" stage="presentationReady" />}
  />,
];
