/**
 * E-mail (spec §2 E-mail screens, §3 Email / EmailTemplate / Email recipient / User.notify, §7 email
 * templates, mail, /users/sendEmailstoUsers, /papers/email/{paperId}, §9 page size 100): the shapes,
 * messages and rules the API and the chair console share. Paths are /api/{role}/… with role chair or
 * cochair unless noted.
 */
import type { PaperFilter } from '../paper-query.js';
import type { UserFilter } from '../models.js';

/** §9: page size of the e-mail lists. */
export const MAIL_PAGE_SIZE = 100;
/** At most this many messages per send (the preview renders them all). */
export const MAX_SEND_MESSAGES = 20_000;
export const MAX_SUBJECT_LENGTH = 300;
export const MAX_TEXT_LENGTH = 50_000;
export const MAX_SIGNATURE_LENGTH = 2_000;
/** Addresses in cc or bcc. */
export const MAX_COPY_ADDRESSES = 20;

// ---------------------------------------------------------------- templates (§3 EmailTemplate)

/** GET /api/{chair|cochair}/emailTemplate → EmailTemplateDto[] by position (track chairs read only). */
export interface EmailTemplateDto {
  _id: number;
  subject: string;
  text: string;
  position: number;
}
/**
 * POST /api/chair/emailTemplate (201) and PUT /api/chair/emailTemplate/{id}: { subject, text } → the
 * template. DELETE /api/chair/emailTemplate/{id} → { message }. PUT /api/chair/emailTemplate/sort with
 * { ids: number[] } (every template once) → the list, position = index + 1.
 * A template with an unknown or malformed placeholder is refused (400, the TEMPLATE_MESSAGES text).
 */
export interface EmailTemplateInput {
  subject: string;
  text: string;
}

export const EMAIL_TEMPLATE_MESSAGES = {
  saved: 'Email template successfully saved',
  deleted: 'Email template successfully deleted',
  sorted: 'Email templates successfully sorted',
  saveFailed: 'Something went wrong while saving the email template',
  deleteFailed: 'Something went wrong while deleting the email template',
  notFound: 'Email template not found',
  subjectRequired: 'Please fill in the subject',
  textRequired: 'Please fill in the text',
  subjectOneLine: 'The subject must be one line',
  usedByReminder: (names: string[]) =>
    `This template is used by the reminder ${names.map((n) => `'${n}'`).join(', ')}: change the reminder first`,
  sortIds: 'Send every template exactly once to sort them',
} as const;

// ---------------------------------------------------------------- settings

/**
 * GET/PUT /api/chair/emailSettings: the conference's sending (sender name, reply-to, default cc and bcc, a
 * signature appended to every bulk e-mail). GET/PUT /api/cochair/emailSettings: a track chair's own
 * sending (replyTo and signature; the other fields are the conference's and read-only there).
 * POST /api/{role}/emailSettings/test → { message } queues a test e-mail to the caller (with the signature).
 */
export interface EmailSettingsDto {
  senderName: string;
  replyTo: string;
  cc: string[];
  bcc: string[];
  signature: string;
}
export type TrackChairEmailSettingsInput = Pick<EmailSettingsDto, 'replyTo' | 'signature'>;

export const EMAIL_SETTINGS_MESSAGES = {
  saved: 'Email settings successfully saved',
  saveFailed: 'Something went wrong while saving the email settings',
  invalidAddress: (a: string) => `${a} is not a valid e-mail address`,
  tooManyAddresses: `At most ${MAX_COPY_ADDRESSES} addresses`,
  senderName: 'The sender name must be one line of at most 100 characters',
  testQueued: (email: string) => `A test e-mail was sent to ${email}`,
} as const;

// ---------------------------------------------------------------- sending

/** /SendEmail's recipient options (spec §2): primaryAuthor, authors or registered (authors of registered papers). */
export const PAPER_RECIPIENTS = ['primaryAuthor', 'authors', 'registered'] as const;
export type PaperRecipients = (typeof PAPER_RECIPIENTS)[number];

/** Who a send goes to: the people of papers (with the paper lists' filters or ids), or a filtered user list. */
export type RecipientSelection =
  | {
      kind: 'papers';
      who: PaperRecipients;
      /** The paper lists' filters and search (POST /papers); ignored when ids are given. */
      filters?: PaperFilter[];
      search?: string;
      ids?: number[];
    }
  | {
      kind: 'users';
      /** The user list's filters (POST /users?isQuery=true); ids when the chair picked users. */
      filters?: UserFilter[];
      ids?: number[];
    };

/**
 * The body of POST /api/{role}/mail (send), /mail/preview, /users/sendEmailstoUsers (recipients.kind users).
 * Spec §7 Mail: recipients, cc, bc, replyTo, subject, text. emailId: a template (its subject and text are
 * used when subject/text are absent). exclude: message keys the chair unticked in the preview.
 */
export interface SendRequest {
  recipients: RecipientSelection;
  emailId?: number | null;
  subject?: string;
  text?: string;
  cc?: string[];
  bc?: string[];
  replyTo?: string;
  exclude?: string[];
  /** From the screen (one per compose): the same key queued twice produces one set of messages. */
  idempotencyKey?: string;
}

/** One rendered message of a preview. key: `${userId}` or `${userId}:${paperId}`. */
export interface RenderedMessage {
  key: string;
  userId: number;
  paperId: number | null;
  to: { firstName: string; lastName: string; email: string };
  subject: string;
  text: string;
}

/** POST /mail/preview with { ...SendRequest, cp, pg }: every message rendered; one page returned. */
export interface PreviewResponse {
  /** Messages that would be queued (after exclusions and dedupe). */
  count: number;
  /** Excluded by the chair. */
  excluded: number;
  /** People skipped because their notify option is off (bulk e-mail only). */
  skipped: { userId: number; firstName: string; lastName: string; email: string }[];
  /** Render failures (the send is refused while there are any). */
  errors: { key: string; email: string; message: string }[];
  /** Messages that would duplicate another one's text to the same person (dropped). */
  duplicates: number;
  cc: string[];
  bc: string[];
  replyTo: string;
  page: RenderedMessage[];
  cp: number;
  pg: number;
}

/** Answer of a send (spec: "Result shown as ok or error"). */
export interface SendResponse {
  result: 'ok';
  /** Messages queued (or queued earlier under the same idempotency key). */
  count: number;
  sendId: number;
  /** true when this idempotency key was queued before: nothing new was written. */
  repeated: boolean;
}

export const SEND_MESSAGES = {
  ok: 'ok',
  error: 'error',
  nothingToSend: 'There is nobody to send this e-mail to',
  renderFailed: (n: number) =>
    `${n} message${n === 1 ? '' : 's'} could not be rendered: fix the template first`,
  tooMany: `At most ${MAX_SEND_MESSAGES} messages per send`,
  subjectRequired: 'Please fill in the subject',
  textRequired: 'Please fill in the text',
  templateNotFound: 'Email template not found',
  recipients: 'Please choose the recipients',
  outsideCopy: (address: string) =>
    `A track chair's copies go only to the conference's people and the chair's default copies: ${address} is neither`,
  queued: (n: number) => `${n} e-mail${n === 1 ? '' : 's'} queued`,
} as const;

// ---------------------------------------------------------------- history (§3 Email)

export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** One message of the history (§3 Email: subject, text, to, cc, bc, replyTo, sentAt, plus delivery). */
export interface EmailDto {
  _id: number;
  kind: string;
  subject: string;
  text: string;
  to: string[];
  cc: string[];
  bc: string[];
  replyTo: string | null;
  sentAt: string | null;
  createdAt: string;
  state: MailState;
  attempts: number;
  /** The SMTP server's last answer or the last error. */
  lastResponse: string | null;
  nextAttemptAt: string | null;
  sendId: number | null;
  paperId: number | null;
  createdBy: number | null;
}

/**
 * POST /api/{role}/mail with { cp, pg, filter } (no recipients): the history, newest first, total in a
 * Content-Range header ("emails 0-99/1234"). GET /api/{role}/mail/{mailId} one message.
 * POST /api/{role}/mail/{mailId}/resend (a failed message → queued again);
 * POST /api/{role}/mail/resend with { filter } → { count } every failed message of the filter.
 * Track chairs see (and resend) only what they sent.
 */
export interface MailFilter {
  state?: MailState | '';
  /** Contains, case-insensitive, on any address of to. */
  recipient?: string;
  /** Contains, case-insensitive. */
  subject?: string;
  /** YYYY-MM-DD, inclusive, on createdAt (UTC). */
  from?: string;
  to?: string;
  sendId?: number;
}
export interface MailListRequest {
  cp?: number;
  pg?: number;
  filter?: MailFilter;
}

export const MAIL_HISTORY_MESSAGES = {
  notFound: 'E-mail not found',
  notFailed: 'Only a failed e-mail can be sent again',
  resent: (n: number) => `${n} e-mail${n === 1 ? '' : 's'} queued again`,
  invalidDate: 'Please fill in a valid date (YYYY-MM-DD)',
  invalidState: 'Unknown e-mail state',
  invalidRange: 'The first date must not be after the last date',
  invalidFilter: 'Invalid e-mail filter',
  invalidPage: 'Invalid page',
} as const;

// ---------------------------------------------------------------- activity

/** The activity log's action names (what the filter offers), grouped as the report shows them. */
export const ACTIVITY_ACTIONS = [
  'paper.submit',
  'paper.edit',
  'paper.withdraw',
  'paper.delete',
  'paper.cameraReady',
  'paper.presentationReady',
  'paper.consent',
  'paper.decision',
  'paper.bulkEdit',
  'paper.registration',
  'review.assign',
  'review.unassign',
  'review.reply',
  'review.submit',
  'review.onBehalf',
  'response.submit',
  'import.reviewers',
  'import.reviews',
  'import.registrations',
  'mail.send',
  'mail.resend',
  'impersonation.start',
  'impersonation.stop',
  'user.delete',
  'user.roles',
  'user.lock',
  'user.passwordReset',
  'programme.publish',
  'reminder.run',
  'document.issued',
  'document.revoked',
  'document.credited',
  'report.generate',
  'checks.settings',
  'checks.accept',
  'checks.dismiss',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** One entry of the activity report (GET via POST /api/chair/activity). */
export interface ActivityEntryDto {
  _id: number;
  at: string;
  action: string;
  summary: string;
  actor: { _id: number; name: string; email: string } | null;
  /** The chair who acted as the actor (impersonation). */
  impersonator: { _id: number; name: string; email: string } | null;
  subjectId: number | null;
  paperId: number | null;
  trackId: number | null;
  details: Record<string, unknown>;
}

/**
 * POST /api/chair/activity with { cp, pg, filter } → { count, data } (total also in Content-Range);
 * POST /api/chair/activity/export/xls with { filter } → activity.xlsx;
 * GET /api/chair/activity/delivery?from&to → DeliveryDay[] (queued/sent/failed per day, UTC).
 */
export interface ActivityFilter {
  action?: string;
  /** Contains on actor name or e-mail. */
  actor?: string;
  paperId?: number;
  trackId?: number;
  from?: string;
  to?: string;
}
export const ACTIVITY_MESSAGES = {
  invalidDate: 'Please fill in a valid date (YYYY-MM-DD)',
  invalidRange: 'The first date must not be after the last date',
  rangeTooLong: 'Please choose at most 366 days',
  invalidFilter: 'Invalid activity filter',
  invalidAction: 'Unknown activity',
  invalidPage: 'Invalid page',
} as const;
/** The activity report's xlsx export holds at most this many entries (newest first). */
export const ACTIVITY_EXPORT_MAX = 100_000;
/** The delivery summary covers at most this many days (default: the last 30). */
export const DELIVERY_MAX_DAYS = 366;

export interface DeliveryDay {
  day: string;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
}

// ---------------------------------------------------------------- reminders

/** What a reminder rule reminds of, and of which deadline. */
export const REMINDER_KINDS = [
  'cameraReadyNotSubmitted',
  'presentationReadyNotSubmitted',
  'consentNotSigned',
  'notRegistered',
  'reviewRequestNotAnswered',
  'reviewNotSubmitted',
  'responseNotSubmitted',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  cameraReadyNotSubmitted: 'Camera-ready not submitted (before the track’s camera-ready deadline)',
  presentationReadyNotSubmitted:
    'Presentation-ready not submitted (before the track’s presentation-ready deadline)',
  consentNotSigned: 'Consent form not signed (before the track’s camera-ready deadline)',
  notRegistered: 'Paper not registered (before the track’s camera-ready deadline)',
  reviewRequestNotAnswered:
    'Review request not answered (before the reply date: 5 days after the invitation)',
  reviewNotSubmitted: 'Review not submitted (before the due date: 14 days after the invitation)',
  responseNotSubmitted: 'Author response not submitted (before the response window closes)',
};

/** Who an author-side reminder goes to: every author of the paper, or its primary author only. */
export const REMINDER_RECIPIENTS = ['all', 'primary'] as const;
export type ReminderRecipients = (typeof REMINDER_RECIPIENTS)[number];
export const REMINDER_RECIPIENT_LABELS: Record<ReminderRecipients, string> = {
  all: 'All authors of the paper',
  primary: 'The primary author only',
};

/** The kinds that remind the authors of a paper (the others remind a reviewer). */
export const AUTHOR_REMINDER_KINDS: readonly ReminderKind[] = [
  'cameraReadyNotSubmitted',
  'presentationReadyNotSubmitted',
  'consentNotSigned',
  'notRegistered',
  'responseNotSubmitted',
];

/**
 * The track activity an author-side kind belongs to: while it is closed (`status: false`) the track's
 * authors get no reminder of that kind (they could not act on it).
 */
export const REMINDER_ACTIVITY: Partial<
  Record<ReminderKind, 'canSubmitCameraReady' | 'canSubmitPresentationReady'>
> = {
  cameraReadyNotSubmitted: 'canSubmitCameraReady',
  presentationReadyNotSubmitted: 'canSubmitPresentationReady',
  consentNotSigned: 'canSubmitCameraReady',
  notRegistered: 'canSubmitCameraReady',
};
export const REMINDER_ACTIVITY_LABELS: Record<'canSubmitCameraReady' | 'canSubmitPresentationReady', string> =
  {
    canSubmitCameraReady: 'camera-ready submission',
    canSubmitPresentationReady: 'presentation-ready submission',
  };

/** The hour of the day (conference time zone) a new rule sends at. */
export const DEFAULT_REMINDER_SEND_HOUR = 9;

/** GET/POST /api/chair/reminders, GET/PUT/DELETE /api/chair/reminders/{id}. */
export interface ReminderRuleDto {
  _id: number;
  name: string;
  kind: ReminderKind;
  /** Days before the deadline (0 = on the day), distinct, descending. */
  offsets: number[];
  /**
   * The hour (0–23, in the conference's time zone) a reminder goes out on its day: the day is the
   * deadline's date in that zone minus the offset.
   */
  sendHour: number;
  /** Author-side kinds: every author or the primary author only; review kinds: 'all' (the reviewer). */
  recipients: ReminderRecipients;
  templateId: number;
  /** Empty: every track. */
  trackIds: number[];
  /** A new rule is paused; it is enabled after its dry run was seen. */
  enabled: boolean;
  lastRunAt: string | null;
  /** Reminders sent so far. */
  sent: number;
}
export type ReminderRuleInput = Pick<
  ReminderRuleDto,
  'name' | 'kind' | 'offsets' | 'sendHour' | 'recipients' | 'templateId' | 'trackIds' | 'enabled'
>;

/** POST /api/chair/reminders/{id}/dry-run → one person who would be reminded now and why. */
export interface ReminderCandidateDto {
  userId: number;
  name: string;
  email: string;
  objectKey: string;
  paperId: number | null;
  reviewRequestId: number | null;
  deadline: string;
  offset: number;
  occurrence: string;
  reason: string;
  /** Already sent for this occurrence (a run would skip it). */
  alreadySent: boolean;
}

/** A track of the rule whose activity is closed: its authors get no reminder of this kind. */
export interface ReminderClosedTrackDto {
  trackId: number;
  trackName: string;
  /** "activity closed: camera-ready submission" */
  message: string;
}

/** POST /api/chair/reminders/{id}/dry-run → who would be reminded now and why (nothing sent). */
export interface ReminderDryRunDto {
  /** Reminders a run would queue now (the candidates not already sent). */
  toSend: number;
  candidates: ReminderCandidateDto[];
  /** Tracks the rule covers whose activity is closed (no reminders there). */
  closedTracks: ReminderClosedTrackDto[];
}
/** POST /api/chair/reminders/{id}/run → { queued } ; GET /api/chair/reminders/{id}/history → runs. */
export interface ReminderRunDto {
  _id: number;
  ruleId: number;
  trigger: 'scheduler' | 'chair' | 'cli';
  startedAt: string;
  finishedAt: string | null;
  queued: number;
}

export const REMINDER_MESSAGES = {
  saved: 'Reminder successfully saved',
  savedPaused: 'Reminder saved, paused: enable it once you have checked who it would remind',
  deleted: 'Reminder successfully deleted',
  notFound: 'Reminder not found',
  nameRequired: 'Please fill in the name',
  nameTaken: 'A reminder with this name already exists',
  kind: 'Please choose what to remind of',
  offsets: 'Please give one or more whole numbers of days before the deadline (0 to 365)',
  template: 'Please choose an e-mail template',
  templateNotFound: 'Email template not found',
  templateProblem: (m: string) => `The template cannot be used for this reminder: ${m}`,
  trackNotFound: 'Track not found',
  sendHour: 'Please choose a send hour from 0 to 23',
  recipients: 'Please choose who is reminded: all authors or the primary author',
  recipientsReview: 'A review reminder goes to the reviewer: choose all (not the primary author)',
  activityClosed: (activity: string) => `activity closed: ${activity}`,
  paused: 'Reminder paused',
  resumed: 'Reminder resumed',
  queued: (n: number) => `${n} reminder${n === 1 ? '' : 's'} queued`,
} as const;
