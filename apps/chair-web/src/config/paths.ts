/**
 * Every route of the chair console, listed once (spec §2): `<Route path>` and
 * every link read the same entry. A route without parameters is its path; a
 * route with parameters is a link builder whose `pattern` is the route path.
 */

type Id = number | string;

/** The builder's arguments, one per `:param` of the pattern, in order (`:param?` is optional). */
type Args<P extends string> = P extends `${infer Head}/${infer Tail}`
  ? [...Args<Head>, ...Args<Tail>]
  : P extends `:${string}?`
    ? [Id?]
    : P extends `:${string}`
      ? [Id]
      : [];

type Route<P extends string> = ((...args: Args<P>) => string) & { readonly pattern: P };

/**
 * The link builder of a route pattern. Parameters are URL-encoded, except the
 * positions listed in `preEncoded`; a missing optional parameter leaves its
 * segment empty, so `/SubmitReviewAsUser/:paperId?` gives `/SubmitReviewAsUser/`
 * (the spec's URLs keep these trailing slashes).
 */
function route<P extends string>(pattern: P, preEncoded: readonly number[] = []): Route<P> {
  const build = (...args: Args<P>): string => {
    let i = 0;
    const segments = pattern.split('/').map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const index = i++;
      const value = (args as (Id | undefined)[])[index];
      if (value === undefined) return '';
      return preEncoded.includes(index) ? String(value) : encodeURIComponent(String(value));
    });
    return segments.join('/').replace(/\/{2,}/g, '/');
  };
  return Object.assign(build, { pattern });
}

const reviewRequests = '/ViewReviewRequests';

/** A screen that also edits one item, named by a query parameter (`/AssignTutorials?session=2`). */
function withSession<P extends string>(pattern: P) {
  return Object.assign(
    (session?: Id) => (session === undefined ? pattern : `${pattern}?session=${encodeURIComponent(session)}`),
    { pattern },
  );
}

export const paths = {
  home: '/',
  signIn: '/SignIn',
  signUp: '/SignUp',
  forgotPassword: '/ForgotPassword',
  resetPassword: '/ResetPassword',
  conferenceInformation: '/ConferenceInformation',
  publisherSettings: '/PublisherSettings',
  editAllTracks: '/EditAllTracks/',
  addTrack: '/AddTrack/',
  editTrack: route('/EditTrack/:trackId'),
  sortTracks: '/SortTracks',
  editPaperStatusSettings: '/EditPaperStatusSettings/',
  sortPaperStatusSettings: '/SortPaperStatusSettings/',
  viewUsers: '/ViewUsers',
  confirmationDeleteUser: route('/ConfirmationDeleteUser/:userId'),
  impersonateUser: '/ImpersonateUser',
  registerUser: '/RegisterUser',
  manageRoles: route('/ManageRoles/:userId/:x/:y'),
  manageUserLock: route('/ManageUserLock/:email?/'),
  resetUserPassword: route('/ResetUserPassword/:email?'),
  editContactInformation: route('/EditContactInformation/:userId'),
  viewPapers: '/ViewPapers',
  viewRegisteredPapers: '/ViewRegisteredPapers',
  viewCameraReadyPapers: '/ViewCameraReadyPapers',
  viewPresentationReadyPapers: '/ViewPresentationReadyPapers',
  viewDeletedPapers: '/ViewDeletedPapers',
  paperDecisionMaking: '/PaperDecisionMaking',
  configureCameraReady: '/ConfigureCameraReady',
  configurePresentationReady: '/ConfigurePresentationReady',
  /** `filter` comes encoded (encodeBulkFilter). */
  bulkEdit: route('/BulkEdit/:filter/:param', [0]),
  changeTrack: route('/ChangeTrack/:paperId'),
  editPaperStatus: route('/EditPaperStatus/:paperId'),
  editCameraReadyStatus: route('/EditCameraReadyStatus/:paperId'),
  editPresentationReadyStatus: route('/EditPresentationReadyStatus/:paperId'),
  editPaperCameraReady: route('/EditPaperCameraReady/:paperId'),
  editPaperPresentationReady: route('/EditPaperPresentationReady/:paperId'),
  managePaperFiles: route('/ManagePaperFiles/:paperId'),
  /** Submission checks (issue 26): a paper's stored findings (accept with a reason), and the checks screen. */
  paperChecks: route('/PaperChecks/:paperId'),
  /** The report and the near-duplicate pairs; `?tab=duplicates` opens the pairs. */
  submissionChecks: Object.assign(
    (tab?: 'report' | 'duplicates' | 'rules') =>
      tab && tab !== 'report' ? `/SubmissionChecks?tab=${tab}` : '/SubmissionChecks',
    { pattern: '/SubmissionChecks' },
  ),
  /** Registrations (chair only): one paper's registrations, and the xlsx import. */
  editPaperRegistration: route('/EditPaperRegistration/:paperId'),
  importRegistrations: '/ImportRegistrations',
  assignReviewersManual: '/AssignReviewersManual',
  assignReviewersAuto: '/AssignReviewersAuto',
  /** The review requests, optionally of one reviewer (a query parameter, not a path segment). */
  viewReviewRequests: Object.assign(
    (userId?: Id) => (userId === undefined ? reviewRequests : `${reviewRequests}?userId=${userId}`),
    { pattern: reviewRequests },
  ),
  viewReviewRequest: route('/ViewReviewRequest/:reviewRequestId'),
  viewPaperReviews: route('/ViewPaperReviews/:paperId'),
  editPaperReviews: route('/EditPaperReviews/:paperId'),
  submitReviewAsUser: route('/SubmitReviewAsUser/:paperId?'),
  submitPaperReview: route('/SubmitPaperReview/:paperId'),
  importReviewers: '/ImportReviewers',
  /** The discussion list (issue 25): papers by discussion activity, unread, score disagreement. */
  viewDiscussions: '/ViewDiscussions',
  viewEditAddRooms: '/ViewEditAddRooms',
  viewDays: '/ViewDays/',
  assignConferenceDays: '/AssignConferenceDays',
  viewTechnicalSessions: '/ViewTechnicalSessions',
  viewPosterSessions: '/ViewPosterSessions',
  viewTutorials: '/ViewTutorials',
  /** Build new technical sessions, or edit session N with `?session=N`. */
  assignTechnicalSessions: withSession('/AssignTechnicalSessions'),
  /** The session builder: proposes technical sessions for a track's papers, edited then applied at once. */
  buildTechnicalSessions: '/BuildTechnicalSessions',
  assignPosterSessions: withSession('/AssignPosterSessions'),
  assignTutorials: withSession('/AssignTutorials'),
  /** kind: technical, poster or tutorial. */
  assignSessionLink: route('/AssignSessionLink/:kind/:sessionId'),
  /** Compose and send e-mail (optional ?primaryAuthor, ?authors or ?registered; ?filter; ?emailId). */
  sendEmail: '/SendEmail',
  /** E-mail to a list selection; `filter` comes encoded (encodeBulkFilter), param: primaryAuthor | authors | registered | users. */
  sendEmailSelection: route('/SendEmail/:filter/:param', [0]),
  emailTemplate: '/EmailTemplate/',
  editEmailSettings: '/EditEmailSettings/',
  viewEmailHistory: '/ViewEmailHistory/',
  viewEmail: route('/ViewEmail/:emailId'),
  viewActivityReports: '/ViewActivityReports/',
  viewReminders: '/ViewReminders/',
  /** Reports (§7): generate User or Paper reports, their summaries and xlsx. */
  viewReports: '/ViewReports',
  /** Letters (issue 11): the switches and issued documents of a paper, and the generators. */
  editPaperDownloadLetter: route('/EditPaperDownloadLetter/:paperId'),
  generateLetter: route('/GenerateLetter/:paperId'),
  generateInvoiceOrReceipt: route('/GenerateInvoiceOrReceipt/:paperId'),
  letterTemplates: '/LetterTemplates',
  letterSettings: '/LetterSettings',
  /** Bulk issue; the papers ticked on /ViewPapers come as `?ids=1,2,3`. */
  issueDocuments: Object.assign(
    (ids?: readonly number[]) =>
      ids && ids.length ? `/IssueDocuments?ids=${ids.join(',')}` : '/IssueDocuments',
    { pattern: '/IssueDocuments' },
  ),
} as const;
