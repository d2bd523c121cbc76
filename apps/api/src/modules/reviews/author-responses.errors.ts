import { PAPER_MESSAGES, RESPONSE_MESSAGES } from '@symposium/domain';
import { badRequest, conflict, notFound } from '../../common/errors.js';

/** The error codes of author responses (issue 25); the messages are libs/domain's RESPONSE_MESSAGES. */
export const AuthorResponsesErrors = {
  /** A paper the caller is no author / reviewer / chair of answers like a missing one. */
  paperNotFound: () => notFound('reviews.paper_not_found', PAPER_MESSAGES.notFound),
  roundNotFound: () => notFound('reviews.round_not_found', RESPONSE_MESSAGES.roundNotFound),
  noResponse: () => conflict('reviews.response_none', RESPONSE_MESSAGES.noResponse),
  windowNotSet: () => conflict('reviews.response_window_unset', RESPONSE_MESSAGES.windowNotSet),
  notOpen: (opensAt: string) => conflict('reviews.response_not_open', RESPONSE_MESSAGES.notOpen(opensAt)),
  closed: (closedAt: string) => conflict('reviews.response_closed', RESPONSE_MESSAGES.closed(closedAt)),
  tooLong: (message: string) => badRequest('reviews.response_too_long', message),
  textTooLong: () => badRequest('reviews.response_too_long', RESPONSE_MESSAGES.textTooLong),
  empty: () => badRequest('reviews.response_empty', RESPONSE_MESSAGES.empty),
  submitted: () => conflict('reviews.response_submitted', RESPONSE_MESSAGES.alreadySubmitted),
} as const;
