/** §5 People rules, shared by the API and both apps. */
export interface PersonInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  alternateEmail?: string;
  organization?: string;
  country?: string;
  phone?: string;
}

export const PEOPLE_MESSAGES = {
  firstName: 'Please fill in the First Name',
  lastName: 'Please fill in the Last Name',
  firstNameLine: 'The First Name must be one line, without line breaks or control characters',
  lastNameLine: 'The Last Name must be one line, without line breaks or control characters',
  email: 'Please fill in the Email',
  emailInvalid: 'Please fill in a valid Email',
  alternateEmail: 'Please fill in the Alternate Email',
  alternateEmailInvalid: 'Please fill in a valid Alternate Email',
  alternateEmailSame: 'Please type different a email on alternate email',
  organization: 'Please fill in the Organization',
  country: 'Please fill in the Country',
  phone: 'Please fill in the Phone',
  password: 'Please fill in a Password of at least 8 characters',
  userNotFoundCreate: 'User not found, create new user.',
  userAlreadyPresent: 'User already present!',
  registeringProblem: 'There was a problem with the registering',
  userNotFound: 'User not found',
} as const;

/** The author's profile screen (contact details, password, e-mail notifications). */
export const PROFILE_MESSAGES = {
  saved: 'Your profile has been updated',
  passwordChanged: 'Your password has been changed',
  currentPassword: 'Please fill in your current password',
  currentPasswordWrong: 'The current password is wrong',
  passwordsDiffer: 'The passwords do not match',
  notifySaved: 'Your e-mail notification setting has been saved',
  impersonating: 'Only the person themselves can change their password',
} as const;

/** GET /api/author/profile: the signed-in person's contact details and e-mail notifications switch. */
export interface ProfileDto extends Required<PersonInput> {
  notify: boolean;
}

/**
 * What the "e-mail notifications" switch (users.notify) stops, in the words the profile screen shows:
 * scheduled reminders and the chairs' bulk e-mails. Never stopped: password resets, account e-mails, review
 * invitations, the confirmation e-mail an author asks for, programme change notices.
 */
export const NOTIFY_OFF_STOPS = 'reminders and the e-mails the chairs send to many authors or users at once';
export const NOTIFY_ALWAYS_SENT =
  'password resets, account e-mails, review invitations, confirmation e-mails you ask for and programme change notices';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Line breaks, tabs and other control characters (C0, DEL, C1, the Unicode line and paragraph separators). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** A person's name is one line of text: it is shown in lists, subjects and the activity log. */
export const isSingleLine = (value: string): boolean => !CONTROL_RE.test(value);

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const isEmail = (value: string): boolean => EMAIL_RE.test(value.trim());

export type PersonField = keyof PersonInput;

/**
 * Validates a person; returns field → message for each failure (empty when valid).
 * kind 'reviewer' does not require a country (§5).
 */
export function validatePerson(
  input: PersonInput,
  kind: 'author' | 'reviewer' = 'author',
): Partial<Record<PersonField, string>> {
  const errors: Partial<Record<PersonField, string>> = {};
  const blank = (v: string | undefined) => !v || v.trim() === '';
  if (blank(input.firstName)) errors.firstName = PEOPLE_MESSAGES.firstName;
  else if (!isSingleLine(input.firstName!)) errors.firstName = PEOPLE_MESSAGES.firstNameLine;
  if (blank(input.lastName)) errors.lastName = PEOPLE_MESSAGES.lastName;
  else if (!isSingleLine(input.lastName!)) errors.lastName = PEOPLE_MESSAGES.lastNameLine;
  if (blank(input.email)) errors.email = PEOPLE_MESSAGES.email;
  else if (!isEmail(input.email!)) errors.email = PEOPLE_MESSAGES.emailInvalid;
  if (blank(input.alternateEmail)) errors.alternateEmail = PEOPLE_MESSAGES.alternateEmail;
  else if (!isEmail(input.alternateEmail!)) errors.alternateEmail = PEOPLE_MESSAGES.alternateEmailInvalid;
  else if (!blank(input.email) && normalizeEmail(input.email!) === normalizeEmail(input.alternateEmail!))
    errors.alternateEmail = PEOPLE_MESSAGES.alternateEmailSame;
  if (blank(input.organization)) errors.organization = PEOPLE_MESSAGES.organization;
  if (kind === 'author' && blank(input.country)) errors.country = PEOPLE_MESSAGES.country;
  if (blank(input.phone)) errors.phone = PEOPLE_MESSAGES.phone;
  return errors;
}

const PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** §9 generated password: 10 characters from digits and upper and lower case letters. */
export function generatePassword(randomInt: (max: number) => number, length = 10): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}
