import { REMINDER_MESSAGES as M } from '@symposium/domain';
import { badRequest, conflict, notFound } from '../../common/errors.js';

/** The error codes of the scheduled reminders (rules, runs). */
export const JobsErrors = {
  notFound: () => notFound('reminders.not_found', M.notFound),
  nameRequired: () => badRequest('reminders.name_required', M.nameRequired),
  nameTaken: () => conflict('reminders.name_taken', M.nameTaken),
  kind: () => badRequest('reminders.kind', M.kind),
  offsets: () => badRequest('reminders.offsets', M.offsets),
  template: () => badRequest('reminders.template', M.template),
  templateNotFound: () => badRequest('reminders.template_not_found', M.templateNotFound),
  templateProblem: (m: string) => badRequest('reminders.template_problem', M.templateProblem(m)),
  trackNotFound: () => badRequest('reminders.track_not_found', M.trackNotFound),
  sendHour: () => badRequest('reminders.send_hour', M.sendHour),
  recipients: () => badRequest('reminders.recipients', M.recipients),
  recipientsReview: () => badRequest('reminders.recipients', M.recipientsReview),
} as const;
