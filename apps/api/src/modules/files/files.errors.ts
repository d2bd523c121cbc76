import {
  bytesToDecimalMb,
  duplicateFieldMessage,
  FILE_MESSAGES,
  fieldTooLongMessage,
  fileTooLargeMessage,
  tooManyFilesMessage,
  unexpectedFieldMessage,
  wrongFileFieldMessage,
} from '@symposium/domain';
import { badRequest, DomainError, notFound } from '../../common/errors.js';

/** The error codes of the files module (uploads and downloads). */
export const FilesErrors = {
  notFound: () => notFound('files.not_found', FILE_MESSAGES.notFound),
  invalid: (message: string = FILE_MESSAGES.invalid) => badRequest('files.invalid', message),
  /** 413 'files.too_large' naming the limit in decimal MB. */
  tooLarge: (maxBytes: number) =>
    new DomainError('files.too_large', fileTooLargeMessage(bytesToDecimalMb(maxBytes)), 413),
  /** 415: the upload is not multipart/form-data. */
  notMultipart: () => new DomainError('files.not_multipart', FILE_MESSAGES.notMultipart, 415),
  wrongFileField: (field: string) => badRequest('files.unexpected_field', wrongFileFieldMessage(field)),
  unexpectedField: (name: string) => badRequest('files.unexpected_field', unexpectedFieldMessage(name)),
  duplicateField: (name: string) => badRequest('files.unexpected_field', duplicateFieldMessage(name)),
  tooManyFields: () => badRequest('files.unexpected_field', FILE_MESSAGES.tooManyParts),
  fieldTooLong: (name: string) => badRequest('files.field_too_long', fieldTooLongMessage(name)),
  tooManyFiles: (maxFiles: number) => badRequest('files.too_many', tooManyFilesMessage(maxFiles)),
  tooManyParts: () => badRequest('files.too_many', FILE_MESSAGES.tooManyParts),
  malformed: () => badRequest('files.malformed', FILE_MESSAGES.malformed),
  missing: () => badRequest('files.missing', FILE_MESSAGES.missing),
} as const;
