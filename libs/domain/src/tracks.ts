import { ABSTRACT_DEFAULT_MAX, DEFAULT_FILE_SIZE_LIMIT_MB } from './constants.js';
import type { SurveyQuestion, TrackActivities, TrackDto } from './models.js';

/** §4/§9 new-track defaults. */
export const defaultActivities = (): TrackActivities => ({
  canSubmitPaper: { status: true, deadline: null },
  canEditPaper: { status: false, deadline: null },
  canSubmitCameraReady: { status: true, deadline: null },
  canSubmitPresentationReady: { status: true, deadline: null },
});

export const DEFAULT_SUBMISSION_PROPERTIES = {
  welcomeMessage: '',
  abstractLength: ABSTRACT_DEFAULT_MAX,
  minFilesLimit: 1,
  maxFilesLimit: 1,
};
export const DEFAULT_CAMERA_READY_PROPERTIES = {
  welcomeMessage: '',
  fileSizeLimit: DEFAULT_FILE_SIZE_LIMIT_MB,
  allowedFiles: ['doc', 'docx', 'pdf'],
};
export const DEFAULT_PRESENTATION_READY_PROPERTIES = {
  welcomeMessage: '',
  fileSizeLimit: DEFAULT_FILE_SIZE_LIMIT_MB,
};

/** An activity is open when enabled and its deadline (UTC) has not passed. */
export function isActivityOpen(activity: { status: boolean; deadline: string | null }, now: Date): boolean {
  if (!activity.status) return false;
  if (!activity.deadline) return true;
  return now.getTime() < Date.parse(activity.deadline);
}

export const TRACK_MESSAGES = {
  created: 'Track successfully created!',
  createFailed: 'Track could not be created!',
  updated: 'The track was successfully updated!',
  updateFailed: 'Track could not be updated!',
  listUpdateFailed: "It wasn't possible to update the track!",
  notFound: 'Track not found',
  nameRequired: 'Please fill in the track name',
  nameTaken: 'A track with this name already exists',
  abstractLength: 'The abstract length must be between 50 and 100000 characters',
  minFilesLimit: 'The minimum number of files must be between 0 and 100',
  maxFilesLimit: 'The maximum number of files must be between the minimum number of files and 100',
  fileSizeLimit: 'The file size limit must be between 1 and 1000 MB',
  allowedFiles: 'Please list at least one file extension (letters and digits only)',
  deadline: 'Please fill in a valid deadline',
  subjectAreaName: 'Please fill in the subject area name',
  subjectAreaDuplicate: 'Subject area names must be different',
  subjectAreaUnknown: 'Subject area not found in this track',
  questionTitle: 'Please fill in the question title',
  sortIncomplete: 'Please list every track exactly once',
} as const;

export const STATUS_MESSAGES = {
  defaultUndeletable: 'Awaiting Decision status can not be deleted',
  notFound: 'Status not found',
  textRequired: 'Please fill in the status text',
  textTaken: 'A status with this text already exists',
  sortIncomplete: 'Please list every status exactly once',
} as const;

export const CONFERENCE_MESSAGES = {
  fillAll: 'Please check if you filled in all the fields',
  notify: 'Could not update notify option',
  invalidFile: 'Please select a valid file',
  notFound: 'Conference not found',
  imageNotFound: 'Image not found',
  authorView:
    'authorView must be a JSON object with viewConferenceTrackStatus (and optionally viewProgrammeOrganizations)',
  consentButtonLabel: 'Please fill in the consent button label',
  timeZone: 'Please choose a time zone by its IANA name (e.g. Europe/Lisbon)',
} as const;

/** Conference fields that must not be empty ('Please check if you filled in all the fields'). */
export const CONFERENCE_REQUIRED_FIELDS = ['shortName', 'fullName', 'dates', 'city', 'country'] as const;

/** The required conference fields that are missing or blank. */
export function missingConferenceFields(
  c: Partial<Record<(typeof CONFERENCE_REQUIRED_FIELDS)[number], string | null | undefined>>,
): string[] {
  return CONFERENCE_REQUIRED_FIELDS.filter((f) => !c[f] || !String(c[f]).trim());
}

export const USER_MESSAGES = {
  impersonateNotFound: 'User not found!',
  impersonateFailed: 'Something went wrong while impersonating!',
  conferenceViewEnabled: 'User Conference View enabled!',
  conferenceViewDisabled: 'User Conference View disabled!',
  lockChanged: 'User lock status changed successfully!',
  lockFailed: 'Something went wrong while changing user lock status!',
  passwordReset: 'User password reseted successfully!',
  passwordResetFailed: 'Something went wrong while reseting the user password!',
  contactUpdated: "This user's contact information has been updated",
  deleted: "This user's has been deleted",
  rolesUpdated: "This user's roles have been updated!",
} as const;

/** Limits of the track settings (the API refuses values outside them with the TRACK_MESSAGES texts). */
export const TRACK_LIMITS = {
  nameMax: 200,
  subjectAreaNameMax: 200,
  subjectAreasMax: 200,
  abstractLength: { min: 50, max: 100_000 },
  filesLimit: { min: 0, max: 100 },
  fileSizeLimit: { min: 1, max: 1000 },
  questionsMax: 50,
} as const;

export const ACTIVITY_KEYS = [
  'canSubmitPaper',
  'canEditPaper',
  'canSubmitCameraReady',
  'canSubmitPresentationReady',
] as const;
export type ActivityKey = (typeof ACTIVITY_KEYS)[number];

const DEADLINE_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * A deadline as the API accepts it: a UTC date ('2026-05-01', midnight UTC) or a date and time with a zone
 * ('2026-05-01T12:00:00.000Z', '2026-05-01T14:00+02:00'). Returns null when it is not one.
 */
export function parseDeadline(value: string): Date | null {
  const m = DEADLINE_RE.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', sec = '0'] = m;
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (
    day.getUTCFullYear() !== Number(y) ||
    day.getUTCMonth() !== Number(mo) - 1 ||
    day.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(sec) > 59 ||
    Number(y) < 1970
  )
    return null;
  const date = new Date(value.trim());
  return Number.isFinite(date.getTime()) ? date : null;
}

/** Everything of a track a chair edits (a TrackDto without id and position; new subject areas lack _id). */
export type TrackSettings = Omit<TrackDto, '_id' | 'position' | 'subjectAreas'> & {
  subjectAreas: { _id?: number; name: string }[];
};

const between = (n: unknown, min: number, max: number) =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

function questionErrors(field: string, questions: SurveyQuestion[], errors: Record<string, string>) {
  questions.forEach((q, i) => {
    if (!q.title || !q.title.trim()) errors[`${field}.${i}.title`] = TRACK_MESSAGES.questionTitle;
  });
}

/**
 * Checks track settings; returns field → message for each problem (empty when valid). Field names are the
 * dotted TrackDto paths ('submissionProperties.abstractLength', 'subjectAreas.2.name', ...).
 */
export function validateTrackSettings(t: TrackSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!t.name || !t.name.trim()) errors.name = TRACK_MESSAGES.nameRequired;
  for (const key of ACTIVITY_KEYS) {
    const deadline = t.activities[key].deadline;
    if (deadline !== null && parseDeadline(deadline) === null)
      errors[`activities.${key}.deadline`] = TRACK_MESSAGES.deadline;
  }
  const sp = t.submissionProperties;
  const { abstractLength, filesLimit, fileSizeLimit } = TRACK_LIMITS;
  if (!between(sp.abstractLength, abstractLength.min, abstractLength.max))
    errors['submissionProperties.abstractLength'] = TRACK_MESSAGES.abstractLength;
  if (!between(sp.minFilesLimit, filesLimit.min, filesLimit.max))
    errors['submissionProperties.minFilesLimit'] = TRACK_MESSAGES.minFilesLimit;
  if (!between(sp.maxFilesLimit, Math.max(filesLimit.min, sp.minFilesLimit), filesLimit.max))
    errors['submissionProperties.maxFilesLimit'] = TRACK_MESSAGES.maxFilesLimit;
  questionErrors('submissionProperties.questions', sp.questions, errors);
  const cr = t.cameraReadySubmissionProperties;
  if (!between(cr.fileSizeLimit, fileSizeLimit.min, fileSizeLimit.max))
    errors['cameraReadySubmissionProperties.fileSizeLimit'] = TRACK_MESSAGES.fileSizeLimit;
  if (!cr.allowedFiles.length || cr.allowedFiles.some((e) => !/^[a-z0-9]{1,10}$/i.test(e)))
    errors['cameraReadySubmissionProperties.allowedFiles'] = TRACK_MESSAGES.allowedFiles;
  questionErrors('cameraReadySubmissionProperties.questions', cr.questions, errors);
  const pr = t.presentationReadySubmissionProperties;
  if (!between(pr.fileSizeLimit, fileSizeLimit.min, fileSizeLimit.max))
    errors['presentationReadySubmissionProperties.fileSizeLimit'] = TRACK_MESSAGES.fileSizeLimit;
  questionErrors('presentationReadySubmissionProperties.questions', pr.questions, errors);
  const seen = new Set<string>();
  t.subjectAreas.forEach((a, i) => {
    const name = (a.name ?? '').trim().toLowerCase();
    if (!name) errors[`subjectAreas.${i}.name`] = TRACK_MESSAGES.subjectAreaName;
    else if (seen.has(name)) errors[`subjectAreas.${i}.name`] = TRACK_MESSAGES.subjectAreaDuplicate;
    seen.add(name);
  });
  return errors;
}

/** The settings of a new track: the §4/§9 defaults. */
export const defaultTrackSettings = (name = ''): TrackSettings => ({
  name,
  subjectAreas: [],
  activities: defaultActivities(),
  submissionProperties: { ...DEFAULT_SUBMISSION_PROPERTIES, questions: [] },
  cameraReadySubmissionProperties: {
    ...DEFAULT_CAMERA_READY_PROPERTIES,
    allowedFiles: [...DEFAULT_CAMERA_READY_PROPERTIES.allowedFiles],
    questions: [],
  },
  presentationReadySubmissionProperties: { ...DEFAULT_PRESENTATION_READY_PROPERTIES, questions: [] },
});

/** True when ids lists every one of allIds exactly once (the sort screens). */
export function isPermutation(ids: readonly number[], allIds: readonly number[]): boolean {
  if (ids.length !== allIds.length) return false;
  const set = new Set(ids);
  return set.size === ids.length && allIds.every((id) => set.has(id));
}
