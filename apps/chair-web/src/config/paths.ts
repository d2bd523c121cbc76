/** Every route of the chair console, listed once (spec §2). */
export const paths = {
  home: '/',
  signIn: '/SignIn',
  conferenceInformation: '/ConferenceInformation',
  publisherSettings: '/PublisherSettings',
  editAllTracks: '/EditAllTracks/',
  addTrack: '/AddTrack/',
  editTrack: (trackId: number | string) => `/EditTrack/${trackId}`,
  sortTracks: '/SortTracks',
  editPaperStatusSettings: '/EditPaperStatusSettings/',
  sortPaperStatusSettings: '/SortPaperStatusSettings/',
  viewUsers: '/ViewUsers',
  confirmationDeleteUser: (userId: number | string) => `/ConfirmationDeleteUser/${userId}`,
  impersonateUser: '/ImpersonateUser',
  registerUser: '/RegisterUser',
  manageRoles: (userId: number | string, x: string = 'reviewers', y: string = 'add') =>
    `/ManageRoles/${userId}/${x}/${y}`,
  manageUserLock: (email?: string) =>
    email ? `/ManageUserLock/${encodeURIComponent(email)}/` : '/ManageUserLock/',
  resetUserPassword: (email?: string) =>
    email ? `/ResetUserPassword/${encodeURIComponent(email)}` : '/ResetUserPassword/',
  editContactInformation: (userId: number | string) => `/EditContactInformation/${userId}`,
} as const;
