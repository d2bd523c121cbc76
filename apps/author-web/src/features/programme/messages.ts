/** Texts of the programme screens. */
export const PROGRAMME_VIEW_MESSAGES = {
  notPublished: 'The conference programme has not been published yet.',
  noSessions: 'None of your sessions is in the published programme yet.',
  loadFailed: 'The conference programme could not be obtained',
} as const;
