import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { chairLetterRoutes, trackChairLetterRoutes } from './resources/letters/letter-routes';
import { chairMailRoutes, trackChairMailRoutes } from './resources/mail/mail-routes';
import { chairPaperRoutes, paperRoutes } from './resources/papers/paper-routes';
import { programmeRoutes } from './resources/programme/programme-routes';
import { activityRoutes } from './resources/activity/activity-routes';
import { mailHistoryRoutes } from './resources/mail-history/mail-history-routes';
import { reminderRoutes } from './resources/reminders/reminder-routes';
import { reportRoutes } from './resources/reports/report-routes';
import { checkRoutes } from './resources/checks/check-routes';
import { registrationRoutes } from './resources/registrations/registration-routes';
import { chairReviewRoutes, trackChairReviewRoutes } from './resources/reviews/review-routes';
import { paths } from './config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const ConferenceInformation = lazy(() =>
  import('./resources/conference/conference-information').then((m) => ({ default: m.ConferenceInformation })),
);
const PublisherSettings = lazy(() =>
  import('./resources/conference/publisher-settings').then((m) => ({ default: m.PublisherSettings })),
);
const StatusList = lazy(() =>
  import('./resources/statuses/status-list').then((m) => ({ default: m.StatusList })),
);
const StatusSort = lazy(() =>
  import('./resources/statuses/status-sort').then((m) => ({ default: m.StatusSort })),
);
const TrackCreate = lazy(() =>
  import('./resources/tracks/track-create').then((m) => ({ default: m.TrackCreate })),
);
const TrackEdit = lazy(() => import('./resources/tracks/track-edit').then((m) => ({ default: m.TrackEdit })));
const TrackList = lazy(() => import('./resources/tracks/track-list').then((m) => ({ default: m.TrackList })));
const TrackSort = lazy(() => import('./resources/tracks/track-sort').then((m) => ({ default: m.TrackSort })));
const UserContactEdit = lazy(() =>
  import('./resources/users/user-contact-edit').then((m) => ({ default: m.UserContactEdit })),
);
const UserDelete = lazy(() =>
  import('./resources/users/user-delete').then((m) => ({ default: m.UserDelete })),
);
const UserImpersonate = lazy(() =>
  import('./resources/users/user-impersonate').then((m) => ({ default: m.UserImpersonate })),
);
const UserList = lazy(() => import('./resources/users/user-list').then((m) => ({ default: m.UserList })));
const UserLock = lazy(() => import('./resources/users/user-lock').then((m) => ({ default: m.UserLock })));
const UserPasswordReset = lazy(() =>
  import('./resources/users/user-password-reset').then((m) => ({ default: m.UserPasswordReset })),
);
const UserRegister = lazy(() =>
  import('./resources/users/user-register').then((m) => ({ default: m.UserRegister })),
);
const ManageRoles = lazy(() =>
  import('./resources/users/user-roles').then((m) => ({ default: m.ManageRoles })),
);

/** The chair console's screens (paths of spec §2, listed in config/paths.ts). */
export const chairRoutes: ReactNode[] = [
  <Route key="conference" path={paths.conferenceInformation} element={<ConferenceInformation />} />,
  <Route key="publisher" path={paths.publisherSettings} element={<PublisherSettings />} />,
  <Route key="tracks" path={paths.editAllTracks} element={<TrackList />} />,
  <Route key="track-add" path={paths.addTrack} element={<TrackCreate />} />,
  <Route key="track-edit" path={paths.editTrack.pattern} element={<TrackEdit />} />,
  <Route key="track-sort" path={paths.sortTracks} element={<TrackSort />} />,
  <Route key="statuses" path={paths.editPaperStatusSettings} element={<StatusList />} />,
  <Route key="status-sort" path={paths.sortPaperStatusSettings} element={<StatusSort />} />,
  <Route key="users" path={paths.viewUsers} element={<UserList />} />,
  <Route key="user-delete" path={paths.confirmationDeleteUser.pattern} element={<UserDelete />} />,
  <Route key="impersonate" path={paths.impersonateUser} element={<UserImpersonate />} />,
  <Route key="register" path={paths.registerUser} element={<UserRegister />} />,
  <Route key="roles" path={paths.manageRoles.pattern} element={<ManageRoles />} />,
  <Route key="lock" path={paths.manageUserLock.pattern} element={<UserLock />} />,
  <Route key="reset" path={paths.resetUserPassword.pattern} element={<UserPasswordReset />} />,
  <Route key="contact" path={paths.editContactInformation.pattern} element={<UserContactEdit />} />,
  ...chairPaperRoutes,
  ...registrationRoutes,
  ...chairReviewRoutes,
  ...programmeRoutes,
  ...chairMailRoutes,
  ...mailHistoryRoutes,
  ...activityRoutes,
  ...reminderRoutes,
  ...chairLetterRoutes,
  ...reportRoutes,
  ...checkRoutes,
];

/** The track chair console's screens (a subset of the chair's, spec §2). */
export const trackChairRoutes: ReactNode[] = [
  ...paperRoutes,
  ...trackChairReviewRoutes,
  ...trackChairMailRoutes,
  ...mailHistoryRoutes,
  ...trackChairLetterRoutes,
  ...reportRoutes,
  ...checkRoutes,
];
