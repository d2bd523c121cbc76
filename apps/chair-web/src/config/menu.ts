import { isChairLike, type UserRoles } from '@symposium/domain';
import type { MenuSection } from '@symposium/ui';
import { paths } from './paths';

/** The paper screens of chairs and track chairs (spec §2). */
const papersSection = (chair: boolean): MenuSection => ({
  title: 'Papers',
  items: [
    { label: 'View papers', to: paths.viewPapers },
    { label: 'Registered papers', to: paths.viewRegisteredPapers },
    { label: 'Camera-ready papers', to: paths.viewCameraReadyPapers },
    { label: 'Presentation-ready papers', to: paths.viewPresentationReadyPapers },
    { label: 'Deleted papers', to: paths.viewDeletedPapers },
    { label: 'Decision making', to: paths.paperDecisionMaking },
    { label: 'Reports', to: paths.viewReports },
    { label: 'Submission checks', to: paths.submissionChecks() },
    ...(chair
      ? [
          { label: 'Configure camera-ready', to: paths.configureCameraReady },
          { label: 'Configure presentation-ready', to: paths.configurePresentationReady },
          { label: 'Import registrations', to: paths.importRegistrations },
        ]
      : []),
  ],
});

/** Reviewer assignment, requests and imports (§2); chairs also submit reviews on behalf of users. */
const reviewsSection = (chair: boolean): MenuSection => ({
  title: 'Reviews',
  items: [
    { label: 'Assign reviewers manually', to: paths.assignReviewersManual },
    { label: 'Assign reviewers automatically', to: paths.assignReviewersAuto },
    { label: 'Review requests', to: paths.viewReviewRequests() },
    { label: 'Discussion', to: paths.viewDiscussions },
    ...(chair ? [{ label: 'Submit a review as a user', to: paths.submitReviewAsUser() }] : []),
    { label: 'Import reviewers and reviews', to: paths.importReviewers },
  ],
});

/** E-mail (spec §2 "E-mail"): track chairs send, keep their own settings and see what they sent. */
const emailSection = (chair: boolean): MenuSection => ({
  title: 'E-mail',
  items: [
    { label: 'Send e-mail', to: paths.sendEmail },
    ...(chair ? [{ label: 'E-mail templates', to: paths.emailTemplate }] : []),
    { label: 'E-mail settings', to: paths.editEmailSettings },
    { label: 'E-mail history', to: paths.viewEmailHistory },
    ...(chair
      ? [
          { label: 'Activity reports', to: paths.viewActivityReports },
          { label: 'Reminders', to: paths.viewReminders },
        ]
      : []),
  ],
});

/** Letters, invoices and receipts (issue 11): templates and settings are the chair's. */
const lettersSection = (chair: boolean): MenuSection => ({
  title: 'Letters',
  items: [
    { label: 'Issue letters and receipts', to: paths.issueDocuments() },
    ...(chair
      ? [
          { label: 'Letter templates', to: paths.letterTemplates },
          { label: 'Letter settings', to: paths.letterSettings },
        ]
      : []),
  ],
});

/** The chair menu, or the track chair menu (a subset, spec §2), from the one role map. */
export function chairMenu(roles: UserRoles): MenuSection[] {
  if (!isChairLike(roles)) {
    return [papersSection(false), reviewsSection(false), emailSection(false), lettersSection(false)];
  }
  return [
    papersSection(true),
    reviewsSection(true),
    emailSection(true),
    lettersSection(true),
    {
      title: 'Settings',
      items: [
        { label: 'Conference information', to: paths.conferenceInformation },
        { label: 'Publisher settings', to: paths.publisherSettings },
        { label: 'Tracks', to: paths.editAllTracks },
        { label: 'Add track', to: paths.addTrack },
        { label: 'Sort tracks', to: paths.sortTracks },
        { label: 'Paper statuses', to: paths.editPaperStatusSettings },
        { label: 'Sort paper statuses', to: paths.sortPaperStatusSettings },
      ],
    },
    {
      // Chairs only (spec §2, §6): track chairs get no programme screens.
      title: 'Programme',
      items: [
        { label: 'Rooms', to: paths.viewEditAddRooms },
        { label: 'Conference days', to: paths.viewDays },
        { label: 'Add days, events and sessions', to: paths.assignConferenceDays },
        { label: 'Technical sessions', to: paths.viewTechnicalSessions },
        { label: 'Build technical sessions', to: paths.assignTechnicalSessions() },
        { label: 'Session builder', to: paths.buildTechnicalSessions },
        { label: 'Poster sessions', to: paths.viewPosterSessions },
        { label: 'Build poster sessions', to: paths.assignPosterSessions() },
        { label: 'Tutorials', to: paths.viewTutorials },
        { label: 'Add tutorials', to: paths.assignTutorials() },
      ],
    },
    {
      title: 'Users',
      items: [
        { label: 'View users', to: paths.viewUsers },
        { label: 'Register user', to: paths.registerUser },
        { label: 'Impersonate user', to: paths.impersonateUser },
        { label: 'Lock or unlock a user', to: paths.manageUserLock() },
        { label: 'Reset a user password', to: paths.resetUserPassword() },
      ],
    },
  ];
}
