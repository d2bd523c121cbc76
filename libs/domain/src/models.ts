/** JSON shapes of the HTTP API (spec §3 field names). */
import type { UserRoles } from './roles.js';

export interface UserDto {
  _id: number;
  firstName: string;
  lastName: string;
  email: string;
  alternateEmail: string;
  organization: string;
  country: string;
  phone: string;
  isRegistered: boolean;
  notify: boolean;
  lock: { status: boolean };
  roles: UserRoles;
  createdAt: string;
  updatedAt: string;
}

export interface ActivityDto {
  status: boolean;
  /** UTC ISO string or null when no deadline */
  deadline: string | null;
}

export interface TrackActivities {
  canSubmitPaper: ActivityDto;
  canEditPaper: ActivityDto;
  canSubmitCameraReady: ActivityDto;
  canSubmitPresentationReady: ActivityDto;
}

export interface SurveyQuestion {
  title: string;
  answer?: string;
  isRequired: boolean;
  isComment: boolean;
  isTextArea: boolean;
  choices: string[];
}

export interface SubjectAreaDto {
  _id: number;
  name: string;
}

export interface TrackDto {
  _id: number;
  name: string;
  position: number;
  subjectAreas: SubjectAreaDto[];
  activities: TrackActivities;
  submissionProperties: {
    welcomeMessage: string;
    abstractLength: number;
    minFilesLimit: number;
    maxFilesLimit: number;
    questions: SurveyQuestion[];
  };
  cameraReadySubmissionProperties: {
    welcomeMessage: string;
    fileSizeLimit: number;
    allowedFiles: string[];
    questions: SurveyQuestion[];
  };
  presentationReadySubmissionProperties: {
    welcomeMessage: string;
    fileSizeLimit: number;
    questions: SurveyQuestion[];
  };
  /** Chair and track-chair answers only (issue 25): reviewers may read the discussion before submitting their review. */
  discussionBeforeReview?: boolean;
}

export interface StatusDto {
  _id: number;
  text: string;
  position: number;
  isDefault: boolean;
  isAccepted: boolean;
}

export interface ConferenceDto {
  _id: number;
  shortName: string;
  fullName: string;
  externalURL: string;
  dates: string;
  city: string;
  country: string;
  copyright: string;
  support: string;
  hotel: string;
  address: string;
  /**
   * viewProgrammeOrganizations: the published programme shows each person's organization beside the name
   * (true by default; e-mail addresses are never shown).
   */
  authorView: { viewConferenceTrackStatus: boolean; viewProgrammeOrganizations: boolean };
  programTable: string;
  banner: string | null;
  logo: string | null;
  consentFileUpload: boolean;
  digitalConsentSigning: boolean;
  consentButtonLabel: string;
  publishingAgreementHtml: string;
  /** Bumped each time the publishing agreement text changes (consent forms record the version signed). */
  agreementVersion?: number;
  /** IANA time zone of the conference (programme times are local to it); 'UTC' by default. */
  timeZone: string;
}

export interface ApiError {
  statusCode: number;
  code: string;
  message: string;
  details?: unknown;
}

export interface LoginResponse {
  accessToken: string;
  user: UserDto;
}

/** §5 user filter: operators and the whitelisted attribute names (dotted names are nested fields). */
export const FILTER_OPERATORS = ['=', '<>', '>', '<', '>=', '<=', 'Contains'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface UserFilter {
  name: string;
  operator: FilterOperator;
  value?: string | number | boolean | null;
}

export const USER_FILTER_FIELDS = [
  '_id',
  'firstName',
  'lastName',
  'email',
  'alternateEmail',
  'organization',
  'country',
  'phone',
  'isRegistered',
  'notify',
  'lock.status',
  'roles.admin.is',
  'roles.chair.is',
  'roles.coChair.is',
  'roles.reviewer.is',
  'roles.reviewer.count',
  'createdAt',
] as const;
export type UserFilterField = (typeof USER_FILTER_FIELDS)[number];

/** GET /api/author/conference/name (public): the names the signed-out pages put in the tab title. */
export interface ConferenceNameDto {
  shortName: string;
  fullName: string;
  /** The conference's IANA time zone: public pages show times in it too. */
  timeZone: string;
}
