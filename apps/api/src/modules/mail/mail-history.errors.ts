import { ACTIVITY_MESSAGES, MAIL_HISTORY_MESSAGES } from '@symposium/domain';
import { badRequest, conflict, notFound } from '../../common/errors.js';

/** The error codes of the e-mail history and the delivery summary. */
export const MailHistoryErrors = {
  /** Missing, and (for a track chair) sent by someone else: one answer. */
  notFound: () => notFound('mail.not_found', MAIL_HISTORY_MESSAGES.notFound),
  notFailed: () => conflict('mail.not_failed', MAIL_HISTORY_MESSAGES.notFailed),
  invalid: (field: string, message: string) =>
    badRequest('mail.history_invalid', message, [{ field, message }]),
  filter: (field: string) => MailHistoryErrors.invalid(field, MAIL_HISTORY_MESSAGES.invalidFilter),
  date: (field: string) => MailHistoryErrors.invalid(field, MAIL_HISTORY_MESSAGES.invalidDate),
  state: () => MailHistoryErrors.invalid('state', MAIL_HISTORY_MESSAGES.invalidState),
  range: () => MailHistoryErrors.invalid('from', MAIL_HISTORY_MESSAGES.invalidRange),
  page: (field: string) => MailHistoryErrors.invalid(field, MAIL_HISTORY_MESSAGES.invalidPage),
  deliveryRange: () => MailHistoryErrors.invalid('from', ACTIVITY_MESSAGES.rangeTooLong),
} as const;
