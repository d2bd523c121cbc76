import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import { AssignConferenceDays } from './assign-days';
import { AssignPosterSessions } from './assign-poster-sessions';
import { AssignTechnicalSessions } from './assign-technical-sessions';
import { AssignTutorials } from './assign-tutorials';
import { DayList } from './day-list';
import { PosterSessionList } from './poster-session-list';
import { RoomList } from './room-list';
import { SessionBuilder } from './session-builder';
import { SessionLinkForm } from './session-link-form';
import { TechnicalSessionList } from './technical-session-list';
import { TutorialList } from './tutorial-list';

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
