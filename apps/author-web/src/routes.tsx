import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from './config/paths';
import { paperRoutes, sessionPaperRoutes } from './features/papers/routes';
import { programmeRoutes } from './features/programme/routes';
import { responseRoutes } from './features/responses/routes';
import { reviewRoutes } from './features/reviews/routes';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const ChooseTrack = lazy(() =>
  import('./features/tracks/choose-track').then((m) => ({ default: m.ChooseTrack })),
);
const ConferenceTrackStatus = lazy(() =>
  import('./features/tracks/conference-track-status').then((m) => ({ default: m.ConferenceTrackStatus })),
);

const Profile = lazy(() => import('./features/profile/profile').then((m) => ({ default: m.Profile })));
const profileRoute = <Route key="profile" path={paths.profile} element={<Profile />} />;

/** The author app's screens; each feature folder adds its <Route>s here (other routes: the author menu). */
export const authorRoutes: ReactNode[] = [
  <Route key="track-status" path={paths.conferenceTrackStatus} element={<ConferenceTrackStatus />} />,
  <Route key="choose-track" path={paths.chooseTrack} element={<ChooseTrack />} />,
  ...paperRoutes,
  ...reviewRoutes,
  ...responseRoutes,
  ...programmeRoutes,
  profileRoute,
];

/**
 * The session-chair front end (spec §2): /ViewSessionPaper, the whole programme and the profile; every other
 * route shows their sessions.
 */
export const sessionChairRoutes: ReactNode[] = [...sessionPaperRoutes, ...programmeRoutes, profileRoute];
