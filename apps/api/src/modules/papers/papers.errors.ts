import {
  BULK_EDIT_FIELDS,
  CHAIR_PAPER_MESSAGES,
  maxFilesMessage,
  PAPER_MESSAGES,
  REGISTRATION_MESSAGES,
  STATUS_MESSAGES,
  uploadFilesMessage,
  type ActivityKey,
  type FieldError,
} from '@symposium/domain';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../../common/errors.js';

export const CHAIR_PAPER_EXTRA_MESSAGES = {
  bulkOp: 'The bulk edit operation must be set or push',
  bulkField: `The bulk edit field must be one of ${Object.values(BULK_EDIT_FIELDS).join(', ')}`,
  bulkPushNotes: 'Only notes can be pushed',
  bulkBoolean: 'Please choose true or false',
  bulkNotes: 'The note must be text of at most 10000 characters',
  bulkNoteEmpty: 'Please write the note to add',
  bulkStatus: 'Please choose a status',
  bulkTrack: 'Please choose a track',
  emailSubject: 'Please write a subject',
  emailText: 'Please write the message',
  emailNoAuthors: 'The paper has no authors to write to',
} as const;

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters',
  inProgress: 'A request with this Idempotency-Key is still being processed; please try again in a moment',
  reused: 'This Idempotency-Key was already used for a different request',
} as const;

export const REGISTERED_MESSAGES = {
  registrationRequired: 'Registered papers are available to registered participants',
} as const;

const CLOSED: Record<ActivityKey, { code: string; message: string }> = {
  canSubmitPaper: { code: 'papers.submission_closed', message: PAPER_MESSAGES.submissionClosed },
  canEditPaper: { code: 'papers.edit_closed', message: PAPER_MESSAGES.editClosed },
  canSubmitCameraReady: { code: 'papers.camera_ready_closed', message: PAPER_MESSAGES.cameraReadyClosed },
  canSubmitPresentationReady: {
    code: 'papers.presentation_ready_closed',
    message: PAPER_MESSAGES.presentationReadyClosed,
  },
};

/** The error codes of the papers module. */
export const PapersErrors = {
  // ----- not found
  /** 404 with one message for a missing paper, a deleted one, another author's and one out of reach. */
  notFound: () => notFound('papers.not_found', PAPER_MESSAGES.notFound),
  fileNotFound: () => notFound('papers.file_not_found', PAPER_MESSAGES.fileNotFound),
  /** 400: a file id of the request that is not one of the paper's files. */
  fileNotOfPaper: () => badRequest('papers.file_not_found', PAPER_MESSAGES.fileNotFound),
  trackNotFound: () => notFound('papers.track_not_found', PAPER_MESSAGES.trackNotFound),
  consentNotFound: () => notFound('papers.consent_not_found', PAPER_MESSAGES.consentNotFound),

  // ----- the authors' side
  /** 400 'The … period for this track is closed' (one code per track activity). */
  closed: (activity: ActivityKey) => badRequest(CLOSED[activity].code, CLOSED[activity].message),
  /** 400 'papers.invalid' with the first field's message, every field in details. */
  invalid: (fields: FieldError[]) => badRequest('papers.invalid', fields[0]!.message, fields),
  presentationQuestions: () =>
    badRequest('papers.invalid', PAPER_MESSAGES.presentationQuestions, [
      { field: 'questions', message: PAPER_MESSAGES.presentationQuestions },
    ]),
  trackRequired: () =>
    badRequest('papers.track_required', PAPER_MESSAGES.trackNotFound, [
      { field: 'track', message: PAPER_MESSAGES.trackNotFound },
    ]),
  notAccepted: () => badRequest('papers.not_accepted', PAPER_MESSAGES.notAccepted),
  trackChange: () => badRequest('papers.track_change', PAPER_MESSAGES.trackChange),
  withdrawDecided: () => conflict('papers.withdraw_decided', PAPER_MESSAGES.withdrawDecided),
  emailRecipients: () => badRequest('papers.email_recipients', PAPER_MESSAGES.emailRecipients),
  cameraReadyFiles: (missing: string[]) =>
    badRequest('papers.camera_ready_files', uploadFilesMessage(missing)),
  presentationReadyFiles: (message: string) => badRequest('papers.presentation_ready_files', message),
  signatureRequired: () => badRequest('papers.signature_required', PAPER_MESSAGES.signatureRequired),
  consentDisabled: () => badRequest('papers.consent_disabled', PAPER_MESSAGES.consentDisabled),
  registrationRequired: () =>
    forbidden('papers.registration_required', REGISTERED_MESSAGES.registrationRequired),

  // ----- files
  invalidPart: () => badRequest('papers.invalid_part', PAPER_MESSAGES.invalidPart),
  invalidFile: () => badRequest('papers.invalid_file', PAPER_MESSAGES.invalidFile),
  /** The paper pdf and the copyright form must have different names (the message names the part sent). */
  copyrightNameUsed: (part: string) =>
    badRequest(
      'papers.copyright_name_used',
      part === 'pdf' ? PAPER_MESSAGES.pdfNameUsedByCopyright : PAPER_MESSAGES.copyrightNameUsed,
    ),
  tooManyFiles: (max: number) => badRequest('papers.too_many_files', maxFilesMessage(max)),
  minFiles: () => badRequest('papers.min_files', PAPER_MESSAGES.minFiles),
  paperFieldMissing: () => badRequest('papers.paper_field_missing', PAPER_MESSAGES.paperFieldMissing),
  paperFieldInvalid: () => badRequest('papers.paper_field_invalid', PAPER_MESSAGES.paperFieldInvalid),

  // ----- Idempotency-Key (submissions)
  idempotencyKeyInvalid: () => badRequest('papers.idempotency_key_invalid', IDEMPOTENCY_MESSAGES.invalid),
  idempotencyInProgress: () => conflict('papers.idempotency_in_progress', IDEMPOTENCY_MESSAGES.inProgress),
  /** 422: the key's first request asked for something else. */
  idempotencyKeyReused: () =>
    new DomainError('papers.idempotency_key_reused', IDEMPOTENCY_MESSAGES.reused, 422),

  // ----- the chairs' side
  registrationInUse: () => conflict('papers.registration_in_use', CHAIR_PAPER_MESSAGES.registrationInUse),
  statusNotFound: () => badRequest('papers.status_not_found', STATUS_MESSAGES.notFound),
  registrationId: () =>
    badRequest('papers.registration_id', REGISTRATION_MESSAGES.invalidId, [
      { field: 'registration.id', message: REGISTRATION_MESSAGES.invalidId },
    ]),
  registrationAuthor: () =>
    badRequest('papers.registration_author', PAPER_MESSAGES.authorNotFound, [
      { field: 'registration.author', message: PAPER_MESSAGES.authorNotFound },
    ]),
  emailSubject: () => badRequest('papers.email_subject', CHAIR_PAPER_EXTRA_MESSAGES.emailSubject),
  emailText: () => badRequest('papers.email_text', CHAIR_PAPER_EXTRA_MESSAGES.emailText),
  emailNoAuthors: () => badRequest('papers.email_no_authors', CHAIR_PAPER_EXTRA_MESSAGES.emailNoAuthors),
  bulkOp: () => badRequest('papers.bulk_op', CHAIR_PAPER_EXTRA_MESSAGES.bulkOp),
  bulkPushNotes: () => badRequest('papers.bulk_op', CHAIR_PAPER_EXTRA_MESSAGES.bulkPushNotes),
  bulkField: () => badRequest('papers.bulk_field', CHAIR_PAPER_EXTRA_MESSAGES.bulkField),
  bulkNotes: () => badRequest('papers.bulk_value', CHAIR_PAPER_EXTRA_MESSAGES.bulkNotes),
  bulkNoteEmpty: () => badRequest('papers.bulk_value', CHAIR_PAPER_EXTRA_MESSAGES.bulkNoteEmpty),
  bulkTrack: () => badRequest('papers.bulk_value', CHAIR_PAPER_EXTRA_MESSAGES.bulkTrack),
  bulkStatus: () => badRequest('papers.bulk_value', CHAIR_PAPER_EXTRA_MESSAGES.bulkStatus),
  bulkBoolean: () => badRequest('papers.bulk_value', CHAIR_PAPER_EXTRA_MESSAGES.bulkBoolean),
  invalidQuery: (message: string) => badRequest('papers.invalid_query', message),
  invalidLastModified: () =>
    badRequest('papers.invalid_last_modified', CHAIR_PAPER_MESSAGES.invalidLastModified),
} as const;
