import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import type { PaperListKind } from './paper-list';

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
const PaperChecks = lazy(() => import('./paper-checks').then((m) => ({ default: m.PaperChecks })));
const PaperList = lazy(() => import('./paper-list').then((m) => ({ default: m.PaperList })));

/** The five paper lists: route key, address and which list. */
const PAPER_LISTS: { key: string; path: string; kind: PaperListKind }[] = [
  { key: 'papers', path: paths.viewPapers, kind: 'all' },
  { key: 'papers-registered', path: paths.viewRegisteredPapers, kind: 'registered' },
  { key: 'papers-camera-ready', path: paths.viewCameraReadyPapers, kind: 'cameraReady' },
  { key: 'papers-presentation-ready', path: paths.viewPresentationReadyPapers, kind: 'presentationReady' },
  { key: 'papers-deleted', path: paths.viewDeletedPapers, kind: 'deleted' },
];

/** The two stages (camera-ready, presentation-ready): their route keys and their screens' addresses. */
const STAGES: {
  stage: 'cameraReady' | 'presentationReady';
  key: string;
  status: string;
  files: string;
  configure: string;
}[] = [
  {
    stage: 'cameraReady',
    key: 'cr',
    status: paths.editCameraReadyStatus.pattern,
    files: paths.editPaperCameraReady.pattern,
    configure: paths.configureCameraReady,
  },
  {
    stage: 'presentationReady',
    key: 'pr',
    status: paths.editPresentationReadyStatus.pattern,
    files: paths.editPaperPresentationReady.pattern,
    configure: paths.configurePresentationReady,
  },
];

/** The paper screens of chairs and track chairs (§2; the server limits track chairs to their tracks). */
export const paperRoutes: ReactNode[] = [
  ...PAPER_LISTS.map(({ key, path, kind }) => (
    <Route key={key} path={path} element={<PaperList key={kind} kind={kind} />} />
  )),
  <Route key="decision" path={paths.paperDecisionMaking} element={<PaperDecisionMaking />} />,
  <Route key="bulk" path={paths.bulkEdit.pattern} element={<BulkEdit />} />,
  <Route key="paper-status" path={paths.editPaperStatus.pattern} element={<EditPaperStatus />} />,
  <Route key="change-track" path={paths.changeTrack.pattern} element={<ChangeTrack />} />,
  ...STAGES.map((s) => (
    <Route
      key={`${s.key}-status`}
      path={s.status}
      element={<EditStageStatus key={s.stage} stage={s.stage} />}
    />
  )),
  ...STAGES.map((s) => (
    <Route key={`${s.key}-files`} path={s.files} element={<EditPaperStage key={s.stage} stage={s.stage} />} />
  )),
  <Route key="paper-files" path={paths.managePaperFiles.pattern} element={<ManagePaperFiles />} />,
  <Route key="paper-checks" path={paths.paperChecks.pattern} element={<PaperChecks />} />,
];

/** Stage settings live on the tracks, which only chairs manage (§6). */
export const chairPaperRoutes: ReactNode[] = [
  ...paperRoutes,
  ...STAGES.map((s) => (
    <Route
      key={`configure-${s.key}`}
      path={s.configure}
      element={<ConfigureStage key={s.stage} stage={s.stage} />}
    />
  )),
];
