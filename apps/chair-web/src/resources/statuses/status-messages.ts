/** Toasts of the status screens (the spec says they exist without wording them). */
export const STATUS_UI_MESSAGES = {
  created: 'The status was successfully created!',
  createFailed: 'The status could not be created!',
  updated: 'The status was successfully updated!',
  updateFailed: 'The status could not be updated!',
  deleted: 'The status was successfully deleted!',
  sorted: 'The status order was successfully updated!',
  sortFailed: 'The status order could not be updated!',
} as const;
