import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { BulkEdit } from './bulk-edit';
import { ConfigureStage } from './configure-stage';
import { PaperDecisionMaking } from './paper-decision-making';
import { ChangeTrack, EditPaperStatus, EditStageStatus } from './paper-edit';
import { EditPaperStage, ManagePaperFiles } from './paper-files';
import { PaperList } from './paper-list';

/** The paper screens of chairs and track chairs (§2; the server limits track chairs to their tracks). */
export const paperRoutes: ReactNode[] = [
  <Route key="papers" path="/ViewPapers" element={<PaperList key="all" kind="all" />} />,
  <Route
    key="papers-registered"
    path="/ViewRegisteredPapers"
    element={<PaperList key="registered" kind="registered" />}
  />,
  <Route
    key="papers-camera-ready"
    path="/ViewCameraReadyPapers"
    element={<PaperList key="cameraReady" kind="cameraReady" />}
  />,
  <Route
    key="papers-presentation-ready"
    path="/ViewPresentationReadyPapers"
    element={<PaperList key="presentationReady" kind="presentationReady" />}
  />,
  <Route
    key="papers-deleted"
    path="/ViewDeletedPapers"
    element={<PaperList key="deleted" kind="deleted" />}
  />,
  <Route key="decision" path="/PaperDecisionMaking" element={<PaperDecisionMaking />} />,
  <Route key="bulk" path="/BulkEdit/:filter/:param" element={<BulkEdit />} />,
  <Route key="paper-status" path="/EditPaperStatus/:paperId" element={<EditPaperStatus />} />,
  <Route key="change-track" path="/ChangeTrack/:paperId" element={<ChangeTrack />} />,
  <Route
    key="cr-status"
    path="/EditCameraReadyStatus/:paperId"
    element={<EditStageStatus key="cameraReady" stage="cameraReady" />}
  />,
  <Route
    key="pr-status"
    path="/EditPresentationReadyStatus/:paperId"
    element={<EditStageStatus key="presentationReady" stage="presentationReady" />}
  />,
  <Route
    key="cr-files"
    path="/EditPaperCameraReady/:paperId"
    element={<EditPaperStage key="cameraReady" stage="cameraReady" />}
  />,
  <Route
    key="pr-files"
    path="/EditPaperPresentationReady/:paperId"
    element={<EditPaperStage key="presentationReady" stage="presentationReady" />}
  />,
  <Route key="paper-files" path="/ManagePaperFiles/:paperId" element={<ManagePaperFiles />} />,
];

/** Stage settings live on the tracks, which only chairs manage (§6). */
export const chairPaperRoutes: ReactNode[] = [
  ...paperRoutes,
  <Route
    key="configure-cr"
    path="/ConfigureCameraReady"
    element={<ConfigureStage key="cameraReady" stage="cameraReady" />}
  />,
  <Route
    key="configure-pr"
    path="/ConfigurePresentationReady"
    element={<ConfigureStage key="presentationReady" stage="presentationReady" />}
  />,
];
