import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const AssignConferenceDays = lazy(() =>
  import('./assign-days').then((m) => ({ default: m.AssignConferenceDays })),
);
const AssignPosterSessions = lazy(() =>
  import('./assign-poster-sessions').then((m) => ({ default: m.AssignPosterSessions })),
);
const AssignTechnicalSessions = lazy(() =>
  import('./assign-technical-sessions').then((m) => ({ default: m.AssignTechnicalSessions })),
);
const AssignTutorials = lazy(() =>
  import('./assign-tutorials').then((m) => ({ default: m.AssignTutorials })),
);
const DayList = lazy(() => import('./day-list').then((m) => ({ default: m.DayList })));
const PosterSessionList = lazy(() =>
  import('./poster-session-list').then((m) => ({ default: m.PosterSessionList })),
);
const RoomList = lazy(() => import('./room-list').then((m) => ({ default: m.RoomList })));
const SessionBuilder = lazy(() => import('./session-builder').then((m) => ({ default: m.SessionBuilder })));
const SessionLinkForm = lazy(() =>
  import('./session-link-form').then((m) => ({ default: m.SessionLinkForm })),
);
const TechnicalSessionList = lazy(() =>
  import('./technical-session-list').then((m) => ({ default: m.TechnicalSessionList })),
);
const TutorialList = lazy(() => import('./tutorial-list').then((m) => ({ default: m.TutorialList })));

/** The programme screens (spec §2 "Programme"): chairs only, track chairs get none (§6). */
export const programmeRoutes: ReactNode[] = [
  <Route key="rooms" path={paths.viewEditAddRooms} element={<RoomList />} />,
  <Route key="days" path={paths.viewDays} element={<DayList />} />,
  <Route key="assign-days" path={paths.assignConferenceDays} element={<AssignConferenceDays />} />,
  <Route key="technical" path={paths.viewTechnicalSessions} element={<TechnicalSessionList />} />,
  <Route key="posters" path={paths.viewPosterSessions} element={<PosterSessionList />} />,
  <Route key="tutorials" path={paths.viewTutorials} element={<TutorialList />} />,
  <Route
    key="assign-technical"
    path={paths.assignTechnicalSessions.pattern}
    element={<AssignTechnicalSessions />}
  />,
  <Route key="session-builder" path={paths.buildTechnicalSessions} element={<SessionBuilder />} />,
  <Route key="assign-posters" path={paths.assignPosterSessions.pattern} element={<AssignPosterSessions />} />,
  <Route key="assign-tutorials" path={paths.assignTutorials.pattern} element={<AssignTutorials />} />,
  <Route key="session-link" path={paths.assignSessionLink.pattern} element={<SessionLinkForm />} />,
];
