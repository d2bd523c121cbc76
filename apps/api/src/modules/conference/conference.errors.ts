import { CONFERENCE_MESSAGES } from '@symposium/domain';
import { badRequest, notFound } from '../../common/errors.js';

/** The error codes of the conference module. */
export const ConferenceErrors = {
  notFound: () => notFound('conference.not_found', CONFERENCE_MESSAGES.notFound),
  invalidFile: () => badRequest('conference.invalid_file', CONFERENCE_MESSAGES.invalidFile),
  /** 400 'conference.incomplete': one detail per missing field. */
  incomplete: (missing: readonly string[]) =>
    badRequest(
      'conference.incomplete',
      CONFERENCE_MESSAGES.fillAll,
      missing.map((field) => ({ field, message: CONFERENCE_MESSAGES.fillAll })),
    ),
  imageNotFound: () => notFound('conference.image_not_found', CONFERENCE_MESSAGES.imageNotFound),
  notifyFailed: () => badRequest('conference.notify_failed', CONFERENCE_MESSAGES.notify),
  consentButtonLabel: () => badRequest('conference.invalid', CONFERENCE_MESSAGES.consentButtonLabel),
  authorView: () => badRequest('conference.invalid', CONFERENCE_MESSAGES.authorView),
  timeZone: () => badRequest('conference.invalid', CONFERENCE_MESSAGES.timeZone),
} as const;
