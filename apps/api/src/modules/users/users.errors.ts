import {
  PEOPLE_MESSAGES,
  PROFILE_MESSAGES,
  USER_FILTER_MESSAGES,
  USER_MESSAGES,
  type FieldError,
} from '@symposium/domain';
import { badRequest, conflict, forbidden, notFound } from '../../common/errors.js';
import { CHAIR_USER_MESSAGES } from './users.messages.js';

/** The error codes of the users module. */
export const UsersErrors = {
  notFound: () => notFound('users.not_found', PEOPLE_MESSAGES.userNotFound),
  /** No user with that e-mail (impersonation, the conference-view flag). */
  emailNotFound: () => notFound('users.not_found', USER_MESSAGES.impersonateNotFound),
  exists: () => conflict('users.exists', PEOPLE_MESSAGES.userAlreadyPresent),
  /** 400 'users.invalid' with the first field's message, every field in details. */
  invalid: (fields: FieldError[]) => badRequest('users.invalid', fields[0]!.message, fields),
  searchInvalid: () => badRequest('users.search_invalid', CHAIR_USER_MESSAGES.searchParams),
  adminFlag: () => forbidden('users.admin_only', CHAIR_USER_MESSAGES.adminFlag),
  adminAccount: () => forbidden('users.admin_only', CHAIR_USER_MESSAGES.adminAccount),
  nothingToUpdate: () => badRequest('users.nothing_to_update', CHAIR_USER_MESSAGES.nothingToUpdate),
  selfChair: () => badRequest('users.self_chair', CHAIR_USER_MESSAGES.selfChair),
  selfAdmin: () => badRequest('users.self_admin', CHAIR_USER_MESSAGES.selfAdmin),
  selfLock: () => badRequest('users.self_lock', CHAIR_USER_MESSAGES.selfLock),
  selfDelete: () => badRequest('users.self_delete', CHAIR_USER_MESSAGES.selfDelete),
  alreadyImpersonating: () =>
    badRequest('users.already_impersonating', CHAIR_USER_MESSAGES.alreadyImpersonating),
  impersonateChair: () => forbidden('users.impersonate_chair', USER_MESSAGES.impersonateFailed),
  impersonateLocked: () => forbidden('users.impersonate_locked', USER_MESSAGES.impersonateFailed),
  registerStatus: () => badRequest('users.register_status', CHAIR_USER_MESSAGES.invalidRegisterStatus),
  /** The profile's password change: the current password does not match. */
  wrongPassword: () => badRequest('users.wrong_password', PROFILE_MESSAGES.currentPasswordWrong),
  profileImpersonating: () => forbidden('users.profile_impersonating', PROFILE_MESSAGES.impersonating),
  /** 400 'users.invalid_filter' with the index of the filter and why. */
  invalidFilter: (details: { index: number; reason: string }) =>
    badRequest('users.invalid_filter', USER_FILTER_MESSAGES.invalid, details),
} as const;
