import { EMAIL_TEMPLATE_MESSAGES, SEND_MESSAGES, type FieldError } from '@symposium/domain';
import { badRequest, conflict, notFound } from '../../common/errors.js';

/** The error codes of e-mail templates, e-mail settings and bulk sending. */
export const MailErrors = {
  templateNotFound: () => notFound('mail.template_not_found', EMAIL_TEMPLATE_MESSAGES.notFound),
  /** 400 'mail.template_invalid' with the first field's message, every field in details. */
  templateInvalid: (fields: FieldError[]) => badRequest('mail.template_invalid', fields[0]!.message, fields),
  templateInReminder: (names: string[]) =>
    conflict('mail.template_in_use', EMAIL_TEMPLATE_MESSAGES.usedByReminder(names), { reminders: names }),
  sortIds: () => badRequest('mail.template_sort', EMAIL_TEMPLATE_MESSAGES.sortIds),
  settingsInvalid: (fields: FieldError[]) => badRequest('mail.settings_invalid', fields[0]!.message, fields),
  sendInvalid: (field: string, message: string) =>
    badRequest('mail.send_invalid', message, [{ field, message }]),
  sendTemplateNotFound: () => badRequest('mail.send_template', SEND_MESSAGES.templateNotFound),
  nothingToSend: () => badRequest('mail.nothing_to_send', SEND_MESSAGES.nothingToSend),
  renderFailed: (errors: { key: string; email: string; message: string }[]) =>
    badRequest('mail.render_failed', SEND_MESSAGES.renderFailed(errors.length), errors.slice(0, 100)),
  tooMany: () => badRequest('mail.too_many', SEND_MESSAGES.tooMany),
  idempotencyKey: () =>
    badRequest('mail.idempotency_key', 'Please send the request with an idempotency key (one per e-mail)'),
} as const;
