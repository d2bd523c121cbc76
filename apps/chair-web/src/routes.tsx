import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { ConferenceInformation } from './resources/conference/conference-information';
import { PublisherSettings } from './resources/conference/publisher-settings';
import { chairLetterRoutes, trackChairLetterRoutes } from './resources/letters/letter-routes';
import { chairMailRoutes, trackChairMailRoutes } from './resources/mail/mail-routes';
import { chairPaperRoutes, paperRoutes } from './resources/papers/paper-routes';
import { programmeRoutes } from './resources/programme/programme-routes';
import { activityRoutes } from './resources/activity/activity-routes';
import { mailHistoryRoutes } from './resources/mail-history/mail-history-routes';
import { reminderRoutes } from './resources/reminders/reminder-routes';
import { reportRoutes } from './resources/reports/report-routes';
import { registrationRoutes } from './resources/registrations/registration-routes';
import { chairReviewRoutes, trackChairReviewRoutes } from './resources/reviews/review-routes';
import { StatusList } from './resources/statuses/status-list';
import { StatusSort } from './resources/statuses/status-sort';
import { TrackCreate } from './resources/tracks/track-create';
import { TrackEdit } from './resources/tracks/track-edit';
import { TrackList } from './resources/tracks/track-list';
import { TrackSort } from './resources/tracks/track-sort';
import { UserContactEdit } from './resources/users/user-contact-edit';
import { UserDelete } from './resources/users/user-delete';
import { UserImpersonate } from './resources/users/user-impersonate';
import { UserList } from './resources/users/user-list';
import { UserLock } from './resources/users/user-lock';
import { UserPasswordReset } from './resources/users/user-password-reset';
import { UserRegister } from './resources/users/user-register';
import { ManageRoles } from './resources/users/user-roles';
import { paths } from './config/paths';

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
];

/** The track chair console's screens (a subset of the chair's, spec §2). */
export const trackChairRoutes: ReactNode[] = [
  ...paperRoutes,
  ...trackChairReviewRoutes,
  ...trackChairMailRoutes,
  ...mailHistoryRoutes,
  ...trackChairLetterRoutes,
  ...reportRoutes,
];
