/** Every route of the author app, listed once (spec §2). */
export const paths = {
  home: '/',
  signIn: '/SignIn',
  signUp: '/SignUp',
  forgotPassword: '/ForgotPassword',
  resetPassword: '/ResetPassword',
  conferenceTrackStatus: '/ConferenceTrackStatus',
  chooseTrack: '/ChooseTrack',
  /** The paper submission screen (arrives with the papers issue; until then the author menu answers). */
  submission: (trackId: number | string) => `/ChooseTrack/${trackId}/SubmissionLight`,
} as const;
