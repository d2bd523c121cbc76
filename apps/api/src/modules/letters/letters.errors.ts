import { LETTER_MESSAGES } from '@symposium/domain';
import { badRequest, conflict, DomainError, notFound, tooManyRequests } from '../../common/errors.js';

/** The error codes of letters, invoices, receipts, credit notes, templates and bulk issues. */
export const LettersErrors = {
  notFound: () => notFound('letters.not_found', LETTER_MESSAGES.notFound),
  verifyRateLimited: () => tooManyRequests('letters.verify_rate_limited', LETTER_MESSAGES.verifyRateLimited),
  batchNotFound: () => notFound('letters.batch_not_found', 'Batch not found'),
  signatureRequired: () => badRequest('letters.signature_required', LETTER_MESSAGES.signatureRequired),
  signatureInvalid: () => badRequest('letters.invalid_file', LETTER_MESSAGES.signatureInvalid),
  signatureNotFound: () => notFound('letters.signature_not_found', 'There is no stored signature'),
  unknownKind: () => badRequest('letters.unknown_kind', LETTER_MESSAGES.unknownKind),
  /** A template path naming no document kind. */
  templateKindNotFound: () => notFound('letters.template_kind', LETTER_MESSAGES.unknownKind),
  notEnabled: () => notFound('letters.not_enabled', LETTER_MESSAGES.notEnabled),
  paperDeleted: () => badRequest('letters.paper_deleted', LETTER_MESSAGES.paperDeleted),
  notAccepted: () => badRequest('letters.not_accepted', LETTER_MESSAGES.notAccepted),
  notScheduled: () => badRequest('letters.not_scheduled', LETTER_MESSAGES.notScheduled),
  issuerIncomplete: () => badRequest('letters.issuer_incomplete', LETTER_MESSAGES.issuerIncomplete),
  notSigned: () => badRequest('letters.not_signed', LETTER_MESSAGES.notSigned),
  notRegistered: () => badRequest('letters.not_registered', LETTER_MESSAGES.notRegistered),
  noAmount: () => badRequest('letters.no_amount', LETTER_MESSAGES.noAmount),
  authorNotOnPaper: () => badRequest('letters.author', LETTER_MESSAGES.authorNotOnPaper),
  alreadyRevoked: () => conflict('letters.revoked', LETTER_MESSAGES.alreadyRevoked),
  alreadyCredited: () => conflict('letters.credited', LETTER_MESSAGES.alreadyCredited),
  notCreditable: () => badRequest('letters.not_creditable', LETTER_MESSAGES.notCreditable),
  reasonRequired: () => badRequest('letters.reason', LETTER_MESSAGES.reasonRequired),
  template: (message: string, placeholder?: string) =>
    badRequest(
      'letters.template',
      message,
      placeholder ? [{ field: 'html', message, placeholder }] : undefined,
    ),
  settings: (field: string, message: string) => badRequest('letters.settings', message, [{ field, message }]),
  invalid: (field: string, message: string) => badRequest('letters.invalid', message, [{ field, message }]),
  /** The renderer failed on a template (not a missing browser, which is documents.unavailable 503). */
  renderFailed: () => new DomainError('letters.render_failed', LETTER_MESSAGES.letterError, 503),
} as const;
