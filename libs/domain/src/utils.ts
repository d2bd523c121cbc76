/**
 * The static values of GET /api/utils (spec §1/§7), built from the shared constants so the API and both
 * apps use the same numbers, labels and filter descriptions.
 */
import { ABSTRACT_DEFAULT_MAX, ABSTRACT_MIN, DEFAULT_FILE_SIZE_LIMIT_MB, TITLE_MAX } from './constants.js';
import { FILTER_OPERATORS, USER_FILTER_FIELDS, type FilterOperator } from './models.js';
import { USER_FILTER_TYPES, USER_TRACK_FILTER_FIELDS, type UserFilterName } from './user-filters.js';

/** §9 question comment limits: text area, short comment (submission), short comment (camera-ready). */
export const COMMENT_MAX = 2000;
export const SHORT_COMMENT_MAX = 150;
export const CAMERA_READY_SHORT_COMMENT_MAX = 14;
/** §5 upload box. */
export const ALLOWED_UPLOAD_EXTENSIONS = ['doc', 'docx', 'pdf'] as const;

/** §2 bulk edit params (the /BulkEdit/{filter}/{param} screen). */
export const BULK_EDIT_PARAMS = [
  'paper',
  'status',
  'cameraReady',
  'presentationReady',
  'notes',
  'acceptanceLetterEnabled',
  'authorViewReviewEnabled',
  'delete',
  'cameraReady.status',
] as const;
export type BulkEditParam = (typeof BULK_EDIT_PARAMS)[number];

/** §3 review decision labels, by final decision value. */
export const REVIEW_DECISION_LABELS: Record<'2' | '1' | '0' | '-1', string> = {
  '2': 'accept after revision',
  '1': 'accept',
  '0': 'reject',
  '-1': 'not appropriate for its track',
};

export interface EditPaperSubmissionValues {
  titleMax: number;
  abstractMin: number;
  abstractDefaultMax: number;
  commentMax: number;
  shortCommentMax: number;
  cameraReadyShortCommentMax: number;
  allowedUploadExtensions: string[];
  defaultFileSizeLimit: number;
  bulkEditParams: string[];
  reviewDecisionLabels: Record<string, string>;
}

export type UtilsFilterType = 'string' | 'boolean' | 'number' | 'date';

export interface UserFilterDescriptor {
  name: UserFilterName;
  label: string;
  type: UtilsFilterType;
  operators: FilterOperator[];
}

export interface UtilsDto {
  editPaperSubmissionValues: EditPaperSubmissionValues;
  filters: { user: UserFilterDescriptor[] };
}

/** Column labels of the chair's user list and filter form. */
export const USER_FILTER_LABELS: Record<UserFilterName, string> = {
  _id: 'ID',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  alternateEmail: 'Alternate Email',
  organization: 'Organization',
  country: 'Country',
  phone: 'Phone',
  isRegistered: 'Registered',
  notify: 'Notify',
  'lock.status': 'Locked',
  'roles.admin.is': 'Admin',
  'roles.chair.is': 'Chair',
  'roles.coChair.is': 'Track Chair',
  'roles.reviewer.is': 'Reviewer',
  'roles.reviewer.count': 'Review Count',
  createdAt: 'Created At',
  'roles.reviewer.tracks': 'Reviewer Tracks',
  'roles.coChair.tracks': 'Track Chair Tracks',
};

const COMPARISONS: FilterOperator[] = FILTER_OPERATORS.filter((o) => o !== 'Contains');

/** The type and operators the chair's user query accepts for one filter name. */
export function userFilterDescriptor(name: UserFilterName): UserFilterDescriptor {
  const label = USER_FILTER_LABELS[name];
  switch (USER_FILTER_TYPES[name]) {
    case 'string':
    case 'email':
      return { name, label, type: 'string', operators: [...FILTER_OPERATORS] };
    case 'integer':
      return { name, label, type: 'number', operators: [...COMPARISONS] };
    case 'track':
      return { name, label, type: 'number', operators: ['=', '<>'] };
    case 'boolean':
      return { name, label, type: 'boolean', operators: ['=', '<>'] };
    case 'date':
      return { name, label, type: 'date', operators: [...COMPARISONS] };
  }
}

/** The body of GET /api/utils. */
export function buildUtils(): UtilsDto {
  return {
    editPaperSubmissionValues: {
      titleMax: TITLE_MAX,
      abstractMin: ABSTRACT_MIN,
      abstractDefaultMax: ABSTRACT_DEFAULT_MAX,
      commentMax: COMMENT_MAX,
      shortCommentMax: SHORT_COMMENT_MAX,
      cameraReadyShortCommentMax: CAMERA_READY_SHORT_COMMENT_MAX,
      allowedUploadExtensions: [...ALLOWED_UPLOAD_EXTENSIONS],
      defaultFileSizeLimit: DEFAULT_FILE_SIZE_LIMIT_MB,
      bulkEditParams: [...BULK_EDIT_PARAMS],
      reviewDecisionLabels: { ...REVIEW_DECISION_LABELS },
    },
    filters: {
      user: [...USER_FILTER_FIELDS, ...USER_TRACK_FILTER_FIELDS].map(userFilterDescriptor),
    },
  };
}
