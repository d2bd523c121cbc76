import { STATUS_MESSAGES, TRACK_MESSAGES, type FieldError } from '@symposium/domain';
import { badRequest, conflict, notFound } from '../../common/errors.js';

/** The error codes of tracks. */
export const TracksErrors = {
  notFound: () => notFound('tracks.not_found', TRACK_MESSAGES.notFound),
  nameTaken: () => conflict('tracks.name_taken', TRACK_MESSAGES.nameTaken),
  sortIncomplete: () => badRequest('tracks.sort_incomplete', TRACK_MESSAGES.sortIncomplete),
  /** 400 'tracks.invalid' with the first field's message, every field in details. */
  invalid: (fields: FieldError[]) => badRequest('tracks.invalid', fields[0]!.message, fields),
} as const;

/** The error codes of statuses (part of the tracks module). */
export const StatusesErrors = {
  notFound: () => notFound('statuses.not_found', STATUS_MESSAGES.notFound),
  textTaken: () => conflict('statuses.text_taken', STATUS_MESSAGES.textTaken),
  defaultUndeletable: () => badRequest('statuses.default_undeletable', STATUS_MESSAGES.defaultUndeletable),
  sortIncomplete: () => badRequest('statuses.sort_incomplete', STATUS_MESSAGES.sortIncomplete),
  textRequired: () => badRequest('statuses.invalid', STATUS_MESSAGES.textRequired),
} as const;
