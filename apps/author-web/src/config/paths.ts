/** Every route of the author app, listed once (spec §2). */
export const paths = {
  home: '/',
  signIn: '/SignIn',
  signUp: '/SignUp',
  forgotPassword: '/ForgotPassword',
  resetPassword: '/ResetPassword',
  /** The signed-in person's contact details, password and e-mail notifications. */
  profile: '/Profile',
  conferenceTrackStatus: '/ConferenceTrackStatus',
  chooseTrack: '/ChooseTrack',
  /** The paper submission screen: new, or edit with a paper id. */
  submission: (trackId: number | string, paperId?: number | string) =>
    `/ChooseTrack/${trackId}/SubmissionLight${paperId === undefined ? '' : `/${paperId}`}`,
  confirmationEmail: (paperId: number | string) => `/ConfirmationEmail/${paperId}`,
  confirmationDelete: (paperId: number | string) => `/ConfirmationDelete/${paperId}`,
  viewPaper: (paperId: number | string) => `/ViewPaper/${paperId}`,
  cameraReady: (trackId: number | string, paperId: number | string) =>
    `/CameraReadySubmission/${trackId}/${paperId}`,
  presentationReady: (trackId: number | string, paperId: number | string) =>
    `/PresentationReadySubmission/${trackId}/${paperId}`,
  signConsentForm: (paperId: number | string) => `/SignConsentForm/${paperId}`,
  viewSessionPaper: (paperId: number | string) => `/ViewSessionPaper/${paperId}`,
  /** The published conference programme. */
  conferenceProgram: '/ConferenceProgram/',
  /** Reviewer front end (and the authors' reviews at viewPaperReview). */
  viewPaperReview: (paperId: number | string) => `/ViewPaperReview/${paperId}`,
  /** The author response of a paper in a review round (issue 25). */
  paperResponse: (paperId: number | string, round: number | string) => `/PaperResponse/${paperId}/${round}`,
  /** The meta-review of a paper by its meta-reviewer (issue 25). */
  metaReview: (paperId: number | string) => `/MetaReview/${paperId}`,
  reviewPaper: (paperId: number | string) => `/ReviewPaper/${paperId}`,
  viewReviewRequest: (reviewRequestId: number | string) => `/ViewReviewRequest/${reviewRequestId}`,
  /** Public (no sign-in): what the document with this verification code is (its QR code opens it). */
  verify: (code: string) => `/verify/${code}`,
} as const;
