import { ACTIVITY_MESSAGES } from '@symposium/domain';
import { badRequest } from '../../common/errors.js';

/** The error codes of the activity report (all 400: nothing is read with a bad filter). */
export const ActivityErrors = {
  invalid: (field: string, message: string) => badRequest('activity.invalid', message, [{ field, message }]),
  date: (field: string) => ActivityErrors.invalid(field, ACTIVITY_MESSAGES.invalidDate),
  range: () => ActivityErrors.invalid('from', ACTIVITY_MESSAGES.invalidRange),
  rangeTooLong: () => ActivityErrors.invalid('from', ACTIVITY_MESSAGES.rangeTooLong),
  page: (field: string) => ActivityErrors.invalid(field, ACTIVITY_MESSAGES.invalidPage),
} as const;
