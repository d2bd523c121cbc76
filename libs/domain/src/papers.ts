/**
 * Papers: the §5 submission, camera-ready and presentation-ready rules with their exact messages, the file
 * parts and their limits, and the JSON shapes of the papers API. Pure functions, shared by the API and both
 * apps (the forms validate with the same rules and show the same messages).
 */
import { ABSTRACT_DEFAULT_MAX, ABSTRACT_MIN, DEFAULT_FILE_SIZE_LIMIT_MB, TITLE_MAX } from './constants.js';
import type { ActivityDto, SurveyQuestion, TrackDto } from './models.js';
import { isActivityOpen } from './tracks.js';
import { CAMERA_READY_SHORT_COMMENT_MAX, COMMENT_MAX, SHORT_COMMENT_MAX } from './utils.js';

export const PAPER_MESSAGES = {
  withdrawDecided:
    'This paper already has a decision and can no longer be withdrawn. Please contact the conference chair.',
  titleRequired: 'Please write a title',
  titleTooLong: `Please write a title of at most ${TITLE_MAX} characters`,
  titleForbidden:
    'Please update submission title: It\'s not recommended to use "Research on", "Proposal on", "Study on", or "Literature Review" for paper titles!',
  abstractTooShort: 'Please write more than 49 characters on the abstract',
  subjectArea: 'Please select a subject area',
  noAuthor: 'Please add an author',
  noPrimaryAuthor: 'Please select a primary author',
  primaryAuthorNotAuthor: 'The primary author must be one of the authors',
  duplicateAuthor: 'Each author can be added only once',
  submitterNotAuthor: 'You must be one of the authors of the paper',
  authorNotFound: 'User not found',
  minFiles: 'Please submit the minimum of files required',
  questions: 'Please answer all the questions highlighted in red',
  cameraReadyQuestions: 'Please answer the questions highlighted in red',
  presentationQuestions: 'Please answer exactly three questions',
  invalidFile: 'Please select a valid file',
  pdfProofNameUsed: 'File name already used: Change the PDF proof file name for the presentation slides',
  copyrightNameUsed:
    'File name already used: the signed copyright form must have a different file name from the paper pdf',
  pdfNameUsedByCopyright:
    'File name already used: the paper pdf must have a different file name from the signed copyright form',
  notFound: 'The paper could not be obtained',
  fileNotFound: 'The file could not be obtained',
  obtainFailed: 'Something went wrong while obtaining the paper',
  trackNotFound: 'Track not found',
  submissionClosed: 'The submission period for this track is closed',
  editClosed: 'The editing period for this track is closed',
  cameraReadyClosed: 'The camera-ready submission period for this track is closed',
  presentationReadyClosed: 'The presentation-ready submission period for this track is closed',
  notAccepted: 'This paper has not been accepted',
  deleted: 'The paper was deleted',
  updated: 'The paper was successfully updated!',
  updateFailed: 'There was some error while updating the paper!',
  submitted: 'The paper was successfully submitted!',
  submitProblem: 'There was a problem while submitting',
  submissionFailed: 'Something went wrong with the submission',
  cameraReadySubmitted: 'Camera Ready successfully submited',
  presentationReadySubmitted: 'Presentation successfully submited',
  fileUploaded: 'The file was successfully uploaded',
  fileDeleted: 'The file was successfully deleted',
  emailSent: 'The confirmation e-mail was sent',
  emailRecipients: 'Please choose recipients among the authors of the paper',
  signatureRequired: 'Please provide a signature first.',
  signatureTooLong: 'Please type a signature of at most 100 characters',
  consentDisabled: 'Digital consent signing is not enabled for this conference',
  consentSigned: 'The consent form was successfully signed',
  consentNotFound: 'The consent form has not been signed',
  invalidPart: 'Please choose the file part: abstract, word, pdf, springerCopyright, ppt, ppt_pdf or video',
  paperFieldMissing: 'Please send the paper fields as JSON in the "paper" field before the files',
  paperFieldInvalid: 'The "paper" field must be a JSON object',
  trackChange: 'The track of a paper can only be changed by the chair',
  notRegistered: 'The paper could not be obtained',
} as const;

/** Messages with a number in them. */
export const abstractTooLongMessage = (max: number) =>
  `Please write at most ${max} characters on the abstract`;
export const maxFilesMessage = (max: number) => `Please submit at most ${max} file${max === 1 ? '' : 's'}`;
export const commentTooLongMessage = (max: number) =>
  `Please write at most ${max} characters in the answers highlighted in red`;
export const uploadFilesMessage = (labels: string[]) =>
  `Please upload the following files: ${labels.join(', ')}!`;
/** §5 presentation-ready: the limit in decimal megabytes. */
export const fileTooLargeMessage = (mb: number) => `Files with size above ${mb} MB`;

/** §3 file parts of a paper: abstract (the submission files), camera-ready and presentation-ready. */
export const PAPER_FILE_PARTS = [
  'abstract',
  'word',
  'pdf',
  'springerCopyright',
  'ppt',
  'ppt_pdf',
  'video',
] as const;
export type PaperFilePart = (typeof PAPER_FILE_PARTS)[number];
export const CAMERA_READY_PARTS = ['word', 'pdf', 'springerCopyright'] as const;
export const PRESENTATION_READY_PARTS = ['ppt', 'ppt_pdf', 'video'] as const;
export type CameraReadyPart = (typeof CAMERA_READY_PARTS)[number];
export type PresentationReadyPart = (typeof PRESENTATION_READY_PARTS)[number];

export const isPaperFilePart = (p: unknown): p is PaperFilePart =>
  typeof p === 'string' && (PAPER_FILE_PARTS as readonly string[]).includes(p);

/** What each part is called in the 'Please upload the following files: ...!' message and the forms. */
export const PAPER_FILE_LABELS: Record<PaperFilePart, string> = {
  abstract: 'Paper file (doc, docx or pdf)',
  word: 'Final paper in word (doc or docx format)',
  pdf: 'Final paper in pdf format',
  springerCopyright: 'Signed copyright form in pdf format',
  ppt: 'Presentation slides (ppt, pptx or ppsx)',
  ppt_pdf: 'PDF proof of the presentation slides',
  video: 'Slideshow (ppsx, mp4, avi, mov or mpeg)',
};

/** File kinds recognised from content (the files module sniffs them; names must agree). */
export type PaperFileKind = 'pdf' | 'doc' | 'docx' | 'ppt' | 'pptx' | 'ppsx' | 'mp4' | 'mov' | 'avi' | 'mpeg';

/** The extensions each part accepts (§5): checked on the name, and the content must be of the same kind. */
export const PART_EXTENSIONS: Record<PaperFilePart, readonly PaperFileKind[]> = {
  abstract: ['doc', 'docx', 'pdf'],
  word: ['doc', 'docx'],
  pdf: ['pdf'],
  springerCopyright: ['pdf'],
  ppt: ['ppt', 'pptx', 'ppsx'],
  ppt_pdf: ['pdf'],
  video: ['ppsx', 'mp4', 'avi', 'mov', 'mpeg'],
};

/** The lower-cased extension of a file name ('' when none). */
export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * Whether a file name suits a part (§5): abstract doc/docx/pdf; word contains '.doc' or '.DOC'; slides contain
 * '.pp' (ppt, pptx, ppsx); slideshow ends in ppsx, mp4, avi, mov or mpeg; the pdf parts end in pdf. Camera-ready
 * parts must also have one of the track's allowedFiles extensions.
 */
export function isNameAllowedForPart(
  name: string,
  part: PaperFilePart,
  allowedFiles?: readonly string[],
): boolean {
  const ext = fileExtension(name);
  if (!(PART_EXTENSIONS[part] as readonly string[]).includes(ext)) return false;
  if (part === 'word' && !(name.includes('.doc') || name.includes('.DOC'))) return false;
  if (part === 'ppt' && !name.toLowerCase().includes('.pp')) return false;
  if ((CAMERA_READY_PARTS as readonly string[]).includes(part) && allowedFiles) {
    if (!allowedFiles.map((e) => e.toLowerCase()).includes(ext)) return false;
  }
  return true;
}

/** §5: fileSizeLimit is in decimal megabytes (x1000x1000). */
export const fileSizeLimitBytes = (mb: number): number => mb * 1000 * 1000;

/** Which track limit (MB) applies to a part's uploads: camera-ready, presentation-ready, or the default. */
export function partSizeLimitMb(
  part: PaperFilePart,
  track: Pick<TrackDto, 'cameraReadySubmissionProperties' | 'presentationReadySubmissionProperties'>,
): number {
  if ((CAMERA_READY_PARTS as readonly string[]).includes(part))
    return track.cameraReadySubmissionProperties.fileSizeLimit;
  if ((PRESENTATION_READY_PARTS as readonly string[]).includes(part))
    return track.presentationReadySubmissionProperties.fileSizeLimit;
  return DEFAULT_FILE_SIZE_LIMIT_MB;
}

// ---------------------------------------------------------------------------------------------------------
// Title and abstract

const FORBIDDEN_OPENING =
  /^(?:a\s+)?(?:(?:research|study|proposal)\s+(?:on|of)|conceptual\s+proposal)(?![\p{L}\p{N}])/iu;

/** True for the openings §5 discourages (research on/of, study on/of, proposal on/of, conceptual proposal, each with an optional 'a') or 'literature review' anywhere. */
export function isDiscouragedTitle(title: string): boolean {
  const t = title.trim().replace(/\s+/g, ' ');
  return FORBIDDEN_OPENING.test(t) || /literature\s+review/i.test(t);
}

/** The §5 title message, or null when the title is fine. */
export function titleError(title: string | undefined | null): string | null {
  const t = (title ?? '').trim();
  if (!t) return PAPER_MESSAGES.titleRequired;
  if (t.length > TITLE_MAX) return PAPER_MESSAGES.titleTooLong;
  if (isDiscouragedTitle(t)) return PAPER_MESSAGES.titleForbidden;
  return null;
}

/** The §5 abstract message, or null: at least 50 characters, at most the track's abstractLength. */
export function abstractError(
  text: string | undefined | null,
  max: number = ABSTRACT_DEFAULT_MAX,
): string | null {
  const t = (text ?? '').trim();
  if (t.length < ABSTRACT_MIN) return PAPER_MESSAGES.abstractTooShort;
  if (t.length > max) return abstractTooLongMessage(max);
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Questions

/** The conference-name placeholder of §3 survey question titles. */
export const CONFERENCE_PLACEHOLDER = '{conference}';

/** A question title with the conference-name placeholder replaced by the conference short name. */
export const resolveQuestionTitle = (title: string, conferenceShortName: string): string =>
  title.split(CONFERENCE_PLACEHOLDER).join(conferenceShortName);

export const resolveQuestions = (
  questions: SurveyQuestion[],
  conferenceShortName: string,
): SurveyQuestion[] =>
  questions.map((q) => ({ ...q, title: resolveQuestionTitle(q.title, conferenceShortName) }));

/** A stored answer: the question's title (placeholder resolved) and the answer given. */
export interface AnsweredQuestion {
  title: string;
  answer: string;
}

export interface AnswerRules {
  /** Every question must be answered (camera-ready), not only the required ones. */
  requireAll: boolean;
  /** Max length of a short (not text-area) comment: 150 (submission, presentation) or 14 (camera-ready). */
  shortCommentMax: number;
  /** The message for a missing or invalid answer. */
  message: string;
}

export const SUBMISSION_ANSWER_RULES: AnswerRules = {
  requireAll: false,
  shortCommentMax: SHORT_COMMENT_MAX,
  message: PAPER_MESSAGES.questions,
};
export const CAMERA_READY_ANSWER_RULES: AnswerRules = {
  requireAll: true,
  shortCommentMax: CAMERA_READY_SHORT_COMMENT_MAX,
  message: PAPER_MESSAGES.cameraReadyQuestions,
};
export const PRESENTATION_READY_ANSWER_RULES: AnswerRules = {
  requireAll: true,
  shortCommentMax: SHORT_COMMENT_MAX,
  message: PAPER_MESSAGES.cameraReadyQuestions,
};

/** Max length of an answer: text area 2000, short comment 150/14, anything else 2000. */
export const answerMax = (q: SurveyQuestion, rules: AnswerRules): number =>
  q.isComment && !q.isTextArea ? rules.shortCommentMax : COMMENT_MAX;

/**
 * Checks answers given by position against the questions; returns index → message for each problem.
 * Required (or, with requireAll, every) question answered; an answer among the choices when there are choices;
 * comments within their length.
 */
export function answerErrors(
  questions: SurveyQuestion[],
  answers: (string | undefined | null)[],
  rules: AnswerRules,
): Record<number, string> {
  const errors: Record<number, string> = {};
  questions.forEach((q, i) => {
    const a = (answers[i] ?? '').trim();
    if (!a) {
      if (q.isRequired || rules.requireAll) errors[i] = rules.message;
      return;
    }
    if (q.choices.length && !q.isComment && !q.choices.includes(a)) errors[i] = rules.message;
    else if (a.length > answerMax(q, rules)) errors[i] = commentTooLongMessage(answerMax(q, rules));
  });
  return errors;
}

/** Answers stored with their (resolved) question titles. */
export const toAnswered = (
  questions: SurveyQuestion[],
  answers: (string | undefined | null)[],
): AnsweredQuestion[] => questions.map((q, i) => ({ title: q.title, answer: (answers[i] ?? '').trim() }));

/** §3: exactly three presentation-ready questions, the third about a presentation file. */
export const PRESENTATION_QUESTION_COUNT = 3;
export const DEFAULT_PRESENTATION_QUESTIONS: SurveyQuestion[] = [
  {
    title: 'Who will present the paper at {conference}?',
    isRequired: true,
    isComment: true,
    isTextArea: false,
    choices: [],
  },
  {
    title: 'How will the paper be presented?',
    isRequired: true,
    isComment: false,
    isTextArea: false,
    choices: ['In person', 'Remotely'],
  },
  {
    title: 'Which file should be used for the presentation?',
    isRequired: true,
    isComment: false,
    isTextArea: false,
    choices: ['Slides', 'PDF proof', 'Slideshow'],
  },
];

/** The three presentation-ready questions of a track: its own when it defines exactly three, else the defaults. */
export const presentationQuestionsOf = (
  track: Pick<TrackDto, 'presentationReadySubmissionProperties'>,
): SurveyQuestion[] =>
  track.presentationReadySubmissionProperties.questions.length === PRESENTATION_QUESTION_COUNT
    ? track.presentationReadySubmissionProperties.questions
    : DEFAULT_PRESENTATION_QUESTIONS;

// ---------------------------------------------------------------------------------------------------------
// Submission

export interface SubmissionInput {
  title?: string | null;
  abstract?: { text?: string | null; questions?: { answer?: string | null }[] | null } | null;
  authors?: number[] | null;
  primaryAuthor?: number | null;
  primarySubjectArea?: number | null;
}

export type SubmissionTrack = Pick<TrackDto, 'subjectAreas' | 'submissionProperties'>;

export interface FieldError {
  field: string;
  message: string;
}

/**
 * Every §5 paper submission rule, in the order of the form; `fileCount` is the number of submission files the
 * paper will have (null: not counted yet). Question titles are compared after the conference placeholder is resolved by the caller.
 */
export function validateSubmission(
  input: SubmissionInput,
  track: SubmissionTrack,
  fileCount: number | null,
): FieldError[] {
  const errors: FieldError[] = [];
  const title = titleError(input.title);
  if (title) errors.push({ field: 'title', message: title });
  const sp = track.submissionProperties;
  const abstract = abstractError(input.abstract?.text, sp.abstractLength);
  if (abstract) errors.push({ field: 'abstract.text', message: abstract });
  if (track.subjectAreas.length) {
    const area = input.primarySubjectArea;
    if (area === null || area === undefined || !track.subjectAreas.some((a) => a._id === area))
      errors.push({ field: 'primarySubjectArea', message: PAPER_MESSAGES.subjectArea });
  }
  const authors = input.authors ?? [];
  if (!authors.length) errors.push({ field: 'authors', message: PAPER_MESSAGES.noAuthor });
  else if (new Set(authors).size !== authors.length)
    errors.push({ field: 'authors', message: PAPER_MESSAGES.duplicateAuthor });
  if (input.primaryAuthor === null || input.primaryAuthor === undefined) {
    if (authors.length) errors.push({ field: 'primaryAuthor', message: PAPER_MESSAGES.noPrimaryAuthor });
  } else if (authors.length && !authors.includes(input.primaryAuthor))
    errors.push({ field: 'primaryAuthor', message: PAPER_MESSAGES.primaryAuthorNotAuthor });
  if (fileCount !== null && fileCount < sp.minFilesLimit)
    errors.push({ field: 'files', message: PAPER_MESSAGES.minFiles });
  else if (fileCount !== null && fileCount > sp.maxFilesLimit)
    errors.push({ field: 'files', message: maxFilesMessage(sp.maxFilesLimit) });
  const answers = (input.abstract?.questions ?? []).map((q) => q?.answer);
  if (answers.length > sp.questions.length)
    errors.push({ field: 'abstract.questions', message: PAPER_MESSAGES.questions });
  for (const [i, message] of Object.entries(answerErrors(sp.questions, answers, SUBMISSION_ANSWER_RULES)))
    errors.push({ field: `abstract.questions.${i}.answer`, message });
  return errors;
}

// ---------------------------------------------------------------------------------------------------------
// Camera-ready and presentation-ready files

export interface StoredFileInfo {
  name: string;
  size: number;
}

/**
 * §5 camera-ready files: the word file (name contains .doc or .DOC), the pdf, and — when the conference asks for
 * consentFileUpload — a non-empty copyright pdf named differently from the paper pdf. Returns the labels of the
 * files still missing (for 'Please upload the following files: ...!').
 */
export function missingCameraReadyFiles(
  files: Partial<Record<CameraReadyPart, StoredFileInfo | null>>,
  consentFileUpload: boolean,
): string[] {
  const missing: string[] = [];
  const word = files.word;
  if (!word || !(word.name.includes('.doc') || word.name.includes('.DOC')))
    missing.push(PAPER_FILE_LABELS.word);
  if (!files.pdf) missing.push(PAPER_FILE_LABELS.pdf);
  if (consentFileUpload) {
    const c = files.springerCopyright;
    if (!c || c.size <= 0 || (files.pdf && c.name === files.pdf.name))
      missing.push(PAPER_FILE_LABELS.springerCopyright);
  }
  return missing;
}

/**
 * §5 presentation-ready files: slides (name contains .pp) and the PDF proof are required; the slideshow is
 * optional and must end in ppsx, mp4, avi, mov or mpeg. Returns the first message, or null.
 */
export function presentationFilesError(
  files: Partial<Record<PresentationReadyPart, StoredFileInfo | null>>,
  cameraReadyPdfName: string | null,
): string | null {
  const missing: string[] = [];
  if (!files.ppt || !files.ppt.name.toLowerCase().includes('.pp')) missing.push(PAPER_FILE_LABELS.ppt);
  if (!files.ppt_pdf) missing.push(PAPER_FILE_LABELS.ppt_pdf);
  if (files.video && !/\.(ppsx|mp4|avi|mov|mpeg)$/i.test(files.video.name))
    missing.push(PAPER_FILE_LABELS.video);
  if (missing.length) return uploadFilesMessage(missing);
  if (cameraReadyPdfName !== null && files.ppt_pdf!.name === cameraReadyPdfName)
    return PAPER_MESSAGES.pdfProofNameUsed;
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Actions

export interface PaperActions {
  canEdit: boolean;
  canDelete: boolean;
  canSubmitCameraReady: boolean;
  canSubmitPresentationReady: boolean;
  canSignConsent: boolean;
  /** The chair made the paper's reviews available to its authors (authorViewReviewEnabled). */
  canViewReviews: boolean;
}

export interface PaperActionState {
  isDeleted: boolean;
  /** The paper's status is an accepted one. */
  isAccepted: boolean;
  /** The paper has a status other than the default one (a decision was taken). */
  hasDecision?: boolean;
  activities: {
    canEditPaper: ActivityDto;
    canSubmitCameraReady: ActivityDto;
    canSubmitPresentationReady: ActivityDto;
  };
  digitalConsentSigning: boolean;
  /** The paper's authorViewReviewEnabled flag (absent: false). */
  authorViewReviewEnabled?: boolean;
}

/**
 * What the authors may do with a paper now (the server decides; the screens show it): edit while the track's
 * editing is open; camera-ready, presentation-ready and the consent form once the paper is accepted, each while
 * its activity is open (consent: while the conference enables digital signing); withdraw until a decision
 * other than the default status is taken (the chair can still delete).
 */
export function paperActions(s: PaperActionState, now: Date): PaperActions {
  if (s.isDeleted)
    return {
      canEdit: false,
      canDelete: false,
      canSubmitCameraReady: false,
      canSubmitPresentationReady: false,
      canSignConsent: false,
      canViewReviews: false,
    };
  return {
    canEdit: isActivityOpen(s.activities.canEditPaper, now),
    canDelete: !s.hasDecision,
    canSubmitCameraReady: s.isAccepted && isActivityOpen(s.activities.canSubmitCameraReady, now),
    canSubmitPresentationReady: s.isAccepted && isActivityOpen(s.activities.canSubmitPresentationReady, now),
    canSignConsent: s.isAccepted && s.digitalConsentSigning,
    canViewReviews: s.authorViewReviewEnabled === true,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Registration

export interface PaperRegistration {
  author: number | null;
  id: string;
  amount: number | null;
  extra: string;
}

/**
 * §5 Registration id: empty (the main registration only), 4 or more digits with an optional -X or -XX,
 * TRXX or TRXXX with an optional -X or -XX, CKXX, Waived or Volunteer (X a letter or digit, as in 1234-A).
 */
export const REGISTRATION_ID_PATTERN =
  /^(?:\d{4,}(?:-[A-Za-z0-9]{1,2})?|TR[A-Za-z0-9]{2,3}(?:-[A-Za-z0-9]{1,2})?|CK[A-Za-z0-9]{2}|Waived|Volunteer)$/;

export const REGISTRATION_MESSAGES = {
  invalidId:
    'Please fill in a valid Registration ID: 4 or more digits (optionally followed by -X or -XX), TRXX or TRXXX (optionally followed by -X or -XX), CKXX, Waived or Volunteer',
  otherIdRequired: 'Please fill in the Registration ID of every other registration',
} as const;

/** The §5 rule; `required` for other registrations (the main one may be empty). */
export function isValidRegistrationId(id: string, required = false): boolean {
  const v = id.trim();
  if (v === '') return !required;
  return REGISTRATION_ID_PATTERN.test(v);
}

/** A paper is registered when its registration has an id. */
export const isRegisteredPaper = (registration: Pick<PaperRegistration, 'id'> | null | undefined): boolean =>
  !!registration && typeof registration.id === 'string' && registration.id.trim() !== '';

/** Registration ids that are not numbers: many papers may share them, so they are not unique. */
export const SHARED_REGISTRATION_IDS: readonly string[] = ['Waived', 'Volunteer'];
/** Whether a registration id is a number that belongs to one paper only (not empty, Waived or Volunteer). */
export const isUniqueRegistrationId = (id: string): boolean =>
  id.trim() !== '' && !SHARED_REGISTRATION_IDS.includes(id.trim());

/** More registration messages (edit screen and import). */
export const REGISTRATION_EXTRA_MESSAGES = {
  amount: 'Please fill in a valid amount: a number of 0 or more',
  authorNotOfPaper: 'The registered author must be one of the authors of the paper',
  duplicateInPaper: 'The same registration number is given twice for this paper',
  tooManyOther: 'A paper can have at most 50 other registrations',
} as const;

/** At most this many other registrations per paper. */
export const MAX_OTHER_REGISTRATIONS = 50;

/** The §5 id message of a main (`required` false) or other registration id as typed; null when valid. */
export function registrationIdError(id: string, required = false): string | null {
  if (required && id.trim() === '') return REGISTRATION_MESSAGES.otherIdRequired;
  return isValidRegistrationId(id, required) ? null : REGISTRATION_MESSAGES.invalidId;
}

/** An amount as typed ('' or null: none) → the number, or undefined when it is not a number ≥ 0. */
export function parseRegistrationAmount(v: string | number | null | undefined): number | null | undefined {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 && v <= 1e12 ? v : undefined;
  const t = v.trim();
  if (t === '') return null;
  if (!/^\d+(?:\.\d+)?$/.test(t)) return undefined;
  const n = Number(t);
  return n <= 1e12 ? n : undefined;
}

// ----- registration import (POST /api/chair/papers/import/registrations, multipart `file` + `confirm`)

export const REGISTRATION_IMPORT_MAX_BYTES = 5 * 1000 * 1000;
export const REGISTRATION_IMPORT_MAX_ROWS = 5000;
/** Header row of the first sheet (matched ignoring case and surrounding spaces); Extra and Type optional. */
export const REGISTRATION_IMPORT_COLUMNS = [
  'Paper ID',
  'Registration ID',
  'E-mail',
  'Amount',
  'Extra',
  'Type',
] as const;
export type RegistrationImportColumn = (typeof REGISTRATION_IMPORT_COLUMNS)[number];
export const REGISTRATION_IMPORT_REQUIRED: readonly RegistrationImportColumn[] = [
  'Paper ID',
  'Registration ID',
  'E-mail',
  'Amount',
];
/** What each column holds (the import screen lists them). */
export const REGISTRATION_IMPORT_COLUMN_HELP: Record<RegistrationImportColumn, string> = {
  'Paper ID': 'the paper number',
  'Registration ID': 'the registration number (§5 rule; other registrations need one)',
  'E-mail': "the registered author's e-mail (an author of the paper)",
  Amount: 'a number of 0 or more, or empty',
  Extra: 'optional free text',
  Type: 'main (default) or other',
};

export const REGISTRATION_IMPORT_MESSAGES = {
  invalidFile: 'Please select a valid file',
  noFile: 'Please select a file to upload',
  tooLarge: `The spreadsheet is larger than ${REGISTRATION_IMPORT_MAX_BYTES / 1_000_000} MB`,
  tooManyRows: `The spreadsheet has more than ${REGISTRATION_IMPORT_MAX_ROWS} rows`,
  unpackedTooLarge: 'The spreadsheet unpacks to more than 50 MB',
  noRows: 'The spreadsheet has no registration rows',
  paperNotFound: 'Paper ID not found',
  paperIdInvalid: 'The Paper ID must be a number',
  authorNotFound: 'No author of the paper has this e-mail',
  typeInvalid: "The Type must be 'main' or 'other'",
  mainTwice: 'The paper has another main registration in the file',
  inFile: 'The registration number is used by another row of the file',
  inUse: 'Paper registration number already in use!',
} as const;

export const registrationMissingColumnsMessage = (columns: string[]) =>
  `The spreadsheet is missing the column${columns.length > 1 ? 's' : ''}: ${columns.join(', ')}`;
export const registrationFormulaMessage = (cell: string) =>
  `Cell ${cell} holds a formula: please type the value`;
export const registrationDateMessage = (cell: string) => `Cell ${cell} holds a date, not a number or text`;

/** One refused row (`row`: the spreadsheet row number, the header being row 1). */
export interface RegistrationImportError {
  row: number;
  message: string;
}

/** Answer of the registration import. */
export interface RegistrationImportResult {
  /** Rows that would be (or were) imported. */
  valid: number;
  /** Rows with content below the header. */
  total: number;
  errors: RegistrationImportError[];
  /** true when the valid rows were written (no refused row, or confirm=true). */
  imported: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// JSON shapes

export interface PaperFileDto {
  _id: number;
  part: PaperFilePart;
  name: string;
  size: number;
  sha256: string;
  contentType: string;
  createdAt: string;
}

export interface PaperAuthorDto {
  _id: number;
  firstName: string;
  lastName: string;
  email: string;
  organization: string;
  country: string;
}

export interface PaperConsentDto {
  signedAt: string;
  signedBy: number;
  agreementVersion: number;
  signatureName: string;
  font: string;
}

export interface PaperDto {
  _id: number;
  title: string;
  abstract: { text: string; questions: AnsweredQuestion[]; files: PaperFileDto[] };
  /** In order; the first is listed first. */
  authors: PaperAuthorDto[];
  /** null only when the primary author's account was deleted. */
  primaryAuthor: number | null;
  track: number;
  primarySubjectArea: number | null;
  /** The status id (null when the chair deleted the paper's status). */
  status: number | null;
  /** The decision (the status text) as its authors may see it: only when the conference shows the track
   * status to authors (authorView.viewConferenceTrackStatus) and a status other than the default is set. */
  decision?: string | null;
  isDeleted: boolean;
  notes: string;
  submittedCameraReady: boolean;
  submittedPresentationReady: boolean;
  isCameraReady: boolean;
  isPresentationReady: boolean;
  cameraReady: {
    files: Record<CameraReadyPart, PaperFileDto | null>;
    questions: AnsweredQuestion[];
  };
  presentationReady: {
    files: Record<PresentationReadyPart, PaperFileDto | null>;
    questions: AnsweredQuestion[];
  };
  registration: PaperRegistration | null;
  otherRegistrations: PaperRegistration[];
  acceptWithRevisionTimestamp: string | null;
  createdAt: string;
  updatedAt: string;
  actions: PaperActions;
  consent?: PaperConsentDto;
}

/** What a registered participant (or session chair) sees of a registered paper. */
export interface RegisteredPaperDto {
  _id: number;
  title: string;
  abstract: { text: string; files: PaperFileDto[] };
  authors: PaperAuthorDto[];
  primaryAuthor: number | null;
  track: number;
  primarySubjectArea: number | null;
  cameraReady: { files: { pdf: PaperFileDto | null } };
  presentationReady: { files: Record<PresentationReadyPart, PaperFileDto | null> };
}

/** The parts a registered participant may download. */
/** What a reviewer assigned to the paper may download: the paper itself, never the copyright form or the slides. */
export const REVIEWER_DOWNLOAD_PARTS: readonly PaperFilePart[] = ['abstract', 'word', 'pdf'];

export const REGISTERED_DOWNLOAD_PARTS: readonly PaperFilePart[] = [
  'abstract',
  'pdf',
  'ppt',
  'ppt_pdf',
  'video',
];

/** GET /api/author/papers/:paperId/email */
export interface ConfirmationEmailDto {
  to: { _id: number; firstName: string; lastName: string; email: string }[];
  subject: string;
  text: string;
}
