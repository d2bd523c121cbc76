import { ACTIVITY_KEYS, type ActivityKey, type TrackDto, type TrackSettings } from '@symposium/domain';

export type { ActivityKey };

const ACTIVITY_LABELS: Record<ActivityKey, string> = {
  canSubmitPaper: 'Paper submission',
  canEditPaper: 'Paper editing',
  canSubmitCameraReady: 'Camera-ready submission',
  canSubmitPresentationReady: 'Presentation-ready submission',
};

/** The four activities of a track, in the order of the paper's life. */
export const ACTIVITIES: { key: ActivityKey; label: string }[] = ACTIVITY_KEYS.map((key) => ({
  key,
  label: ACTIVITY_LABELS[key],
}));

/** The editable part of a stored track (questions are kept as they are). */
export const trackToSettings = (t: TrackDto): TrackSettings => ({
  name: t.name,
  activities: structuredClone(t.activities),
  submissionProperties: structuredClone(t.submissionProperties),
  cameraReadySubmissionProperties: structuredClone(t.cameraReadySubmissionProperties),
  presentationReadySubmissionProperties: structuredClone(t.presentationReadySubmissionProperties),
  subjectAreas: t.subjectAreas.map((s) => ({ _id: s._id, name: s.name })),
  discussionBeforeReview: t.discussionBeforeReview ?? false,
});
