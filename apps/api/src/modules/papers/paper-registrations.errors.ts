import {
  CHAIR_PAPER_MESSAGES,
  PAPER_MESSAGES,
  REGISTRATION_EXTRA_MESSAGES,
  REGISTRATION_IMPORT_MESSAGES,
  REGISTRATION_MESSAGES,
  registrationMissingColumnsMessage,
} from '@symposium/domain';
import { badRequest, conflict } from '../../common/errors.js';

const field = (f: string, message: string) => [{ field: f, message }];

/** The error codes of registration editing and the registration import. */
export const RegistrationErrors = {
  /** 409: the number is another paper's (or given twice in this paper); the unique key decided. */
  inUse: () => conflict('papers.registration_in_use', CHAIR_PAPER_MESSAGES.registrationInUse),
  invalidId: (f: string) =>
    badRequest(
      'papers.registration_id',
      REGISTRATION_MESSAGES.invalidId,
      field(f, REGISTRATION_MESSAGES.invalidId),
    ),
  otherIdRequired: (f: string) =>
    badRequest(
      'papers.registration_id',
      REGISTRATION_MESSAGES.otherIdRequired,
      field(f, REGISTRATION_MESSAGES.otherIdRequired),
    ),
  amount: (f: string) =>
    badRequest(
      'papers.registration_amount',
      REGISTRATION_EXTRA_MESSAGES.amount,
      field(f, REGISTRATION_EXTRA_MESSAGES.amount),
    ),
  /** The author id is no user at all. */
  authorNotFound: (f: string) =>
    badRequest(
      'papers.registration_author',
      PAPER_MESSAGES.authorNotFound,
      field(f, PAPER_MESSAGES.authorNotFound),
    ),
  /** The user is not an author of the paper. */
  authorNotOfPaper: (f: string) =>
    badRequest(
      'papers.registration_author',
      REGISTRATION_EXTRA_MESSAGES.authorNotOfPaper,
      field(f, REGISTRATION_EXTRA_MESSAGES.authorNotOfPaper),
    ),

  // ----- the import
  invalidFile: () => badRequest('papers.registration_import_file', REGISTRATION_IMPORT_MESSAGES.invalidFile),
  noFile: () => badRequest('papers.registration_import_file', REGISTRATION_IMPORT_MESSAGES.noFile),
  tooLarge: () => badRequest('papers.registration_import_size', REGISTRATION_IMPORT_MESSAGES.tooLarge),
  unpackedTooLarge: () =>
    badRequest('papers.registration_import_size', REGISTRATION_IMPORT_MESSAGES.unpackedTooLarge),
  tooManyRows: () => badRequest('papers.registration_import_rows', REGISTRATION_IMPORT_MESSAGES.tooManyRows),
  noRows: () => badRequest('papers.registration_import_rows', REGISTRATION_IMPORT_MESSAGES.noRows),
  missingColumns: (columns: string[]) =>
    badRequest('papers.registration_import_columns', registrationMissingColumnsMessage(columns)),
  badForm: (message: string) => badRequest('papers.registration_import_form', message),
} as const;
