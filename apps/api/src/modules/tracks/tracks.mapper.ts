import { parseDeadline, type SurveyQuestion, type TrackDto, type TrackSettings } from '@symposium/domain';
import type { NewTrackRow } from './tracks.repository.js';
import type { SubjectAreaRow, TrackRow } from './tracks.table.js';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const date = (s: string | null): Date | null => (s === null ? null : parseDeadline(s));

/** The track's activities (open flag and deadline each), as TrackDto.activities shows them. */
export function trackActivities(
  row: Pick<
    TrackRow,
    | 'canSubmitPaper'
    | 'canSubmitPaperDeadline'
    | 'canEditPaper'
    | 'canEditPaperDeadline'
    | 'canSubmitCameraReady'
    | 'canSubmitCameraReadyDeadline'
    | 'canSubmitPresentationReady'
    | 'canSubmitPresentationReadyDeadline'
  >,
): TrackDto['activities'] {
  return {
    canSubmitPaper: { status: row.canSubmitPaper, deadline: iso(row.canSubmitPaperDeadline) },
    canEditPaper: { status: row.canEditPaper, deadline: iso(row.canEditPaperDeadline) },
    canSubmitCameraReady: {
      status: row.canSubmitCameraReady,
      deadline: iso(row.canSubmitCameraReadyDeadline),
    },
    canSubmitPresentationReady: {
      status: row.canSubmitPresentationReady,
      deadline: iso(row.canSubmitPresentationReadyDeadline),
    },
  };
}

/**
 * The track as the API shows it (spec §3 field names). `managed`: the answer of the chair and track-chair
 * routes, which also carries the review settings (discussionBeforeReview).
 */
export function toTrackDto(row: TrackRow, areas: SubjectAreaRow[], managed = false): TrackDto {
  return {
    _id: row.id,
    name: row.name,
    position: row.position,
    subjectAreas: areas.map((a) => ({ _id: a.id, name: a.name })),
    activities: trackActivities(row),
    submissionProperties: {
      welcomeMessage: row.submissionWelcomeMessage,
      abstractLength: row.abstractLength,
      minFilesLimit: row.minFilesLimit,
      maxFilesLimit: row.maxFilesLimit,
      questions: row.submissionQuestions,
    },
    cameraReadySubmissionProperties: {
      welcomeMessage: row.cameraReadyWelcomeMessage,
      fileSizeLimit: row.cameraReadyFileSizeLimit,
      allowedFiles: row.cameraReadyAllowedFiles,
      questions: row.cameraReadyQuestions,
    },
    presentationReadySubmissionProperties: {
      welcomeMessage: row.presentationReadyWelcomeMessage,
      fileSizeLimit: row.presentationReadyFileSizeLimit,
      questions: row.presentationReadyQuestions,
    },
    ...(managed ? { discussionBeforeReview: row.discussionBeforeReview } : {}),
  };
}

/** Groups subject areas (sorted by track and position) by track id. */
export function areasByTrack(areas: SubjectAreaRow[]): Map<number, SubjectAreaRow[]> {
  const map = new Map<number, SubjectAreaRow[]>();
  for (const a of areas) {
    const list = map.get(a.trackId) ?? [];
    list.push(a);
    map.set(a.trackId, list);
  }
  return map;
}

/** A stored track's editable settings. */
export function toSettings(row: TrackRow, areas: SubjectAreaRow[]): TrackSettings {
  const { _id, position, ...settings } = toTrackDto(row, areas, true);
  void _id;
  void position;
  return settings;
}

const question = (q: SurveyQuestion): SurveyQuestion => ({
  title: q.title.trim(),
  ...(q.answer !== undefined ? { answer: q.answer } : {}),
  isRequired: q.isRequired,
  isComment: q.isComment,
  isTextArea: q.isTextArea,
  choices: q.choices,
});

/** The track columns of (validated) settings; subject areas are stored separately. */
export function settingsToColumns(s: TrackSettings): Omit<NewTrackRow, 'id' | 'position'> {
  const a = s.activities;
  return {
    name: s.name.trim(),
    canSubmitPaper: a.canSubmitPaper.status,
    canSubmitPaperDeadline: date(a.canSubmitPaper.deadline),
    canEditPaper: a.canEditPaper.status,
    canEditPaperDeadline: date(a.canEditPaper.deadline),
    canSubmitCameraReady: a.canSubmitCameraReady.status,
    canSubmitCameraReadyDeadline: date(a.canSubmitCameraReady.deadline),
    canSubmitPresentationReady: a.canSubmitPresentationReady.status,
    canSubmitPresentationReadyDeadline: date(a.canSubmitPresentationReady.deadline),
    submissionWelcomeMessage: s.submissionProperties.welcomeMessage,
    abstractLength: s.submissionProperties.abstractLength,
    minFilesLimit: s.submissionProperties.minFilesLimit,
    maxFilesLimit: s.submissionProperties.maxFilesLimit,
    submissionQuestions: s.submissionProperties.questions.map(question),
    cameraReadyWelcomeMessage: s.cameraReadySubmissionProperties.welcomeMessage,
    cameraReadyFileSizeLimit: s.cameraReadySubmissionProperties.fileSizeLimit,
    cameraReadyAllowedFiles: s.cameraReadySubmissionProperties.allowedFiles.map((e) => e.toLowerCase()),
    cameraReadyQuestions: s.cameraReadySubmissionProperties.questions.map(question),
    presentationReadyWelcomeMessage: s.presentationReadySubmissionProperties.welcomeMessage,
    presentationReadyFileSizeLimit: s.presentationReadySubmissionProperties.fileSizeLimit,
    presentationReadyQuestions: s.presentationReadySubmissionProperties.questions.map(question),
    ...(s.discussionBeforeReview !== undefined ? { discussionBeforeReview: s.discussionBeforeReview } : {}),
  };
}
