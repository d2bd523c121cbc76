/**
 * Server-side messages of the chair's user management that the spec does not word (the §8 success and
 * failure texts live in @symposium/domain USER_MESSAGES / PEOPLE_MESSAGES).
 */
export const CHAIR_USER_MESSAGES = {
  searchParams: 'Please search by email, or by first and last name',
  isQuery: "isQuery must be 'true'",
  nothingToUpdate: 'Nothing to update',
  selfLock: 'You cannot lock your own account',
  selfDelete: 'You cannot delete your own account',
  selfChair: 'You cannot remove the chair role from yourself',
  selfAdmin: 'You cannot remove the admin role from yourself',
  adminFlag: 'Only an administrator can change the admin role',
  adminAccount: "Only an administrator can change an administrator's account",
  alreadyImpersonating: 'Stop impersonating before impersonating another user',
  invalidRegisterStatus: "The conference view status must be 'true' or 'false'",
} as const;
