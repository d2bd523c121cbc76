import {
  defaultActivities,
  defaultTrackSettings,
  isActivityOpen,
  isPermutation,
  parseDeadline,
  TRACK_MESSAGES,
  validateTrackSettings,
} from './tracks.js';

describe('track activities', () => {
  it('defaults a new track to submission on, editing off, camera-ready and presentation-ready on (§4/§9)', () => {
    const a = defaultActivities();
    expect([
      a.canSubmitPaper.status,
      a.canEditPaper.status,
      a.canSubmitCameraReady.status,
      a.canSubmitPresentationReady.status,
    ]).toEqual([true, false, true, true]);
  });
  it('is open just before the UTC deadline and closed at and after it', () => {
    const activity = { status: true, deadline: '2026-05-01T12:00:00.000Z' };
    expect(isActivityOpen(activity, new Date('2026-05-01T11:59:59.999Z'))).toBe(true);
    expect(isActivityOpen(activity, new Date('2026-05-01T12:00:00.000Z'))).toBe(false);
  });
  it('is closed when disabled, whatever the deadline', () => {
    expect(isActivityOpen({ status: false, deadline: null }, new Date())).toBe(false);
  });
  it('is open without a deadline when enabled', () => {
    expect(isActivityOpen({ status: true, deadline: null }, new Date())).toBe(true);
  });
});

describe('track settings', () => {
  const valid = () => defaultTrackSettings('Main Track');

  it('accepts the defaults of a new track', () => {
    expect(validateTrackSettings(valid())).toEqual({});
    expect(valid().submissionProperties.abstractLength).toBe(5000);
    expect(valid().cameraReadySubmissionProperties.fileSizeLimit).toBe(40);
  });

  it('requires a name', () => {
    expect(validateTrackSettings({ ...valid(), name: '  ' })).toEqual({
      name: 'Please fill in the track name',
    });
  });

  it('keeps the abstract length between 50 and 100000', () => {
    for (const [n, ok] of [
      [49, false],
      [50, true],
      [100_000, true],
      [100_001, false],
      [50.5, false],
    ] as const) {
      const t = valid();
      t.submissionProperties.abstractLength = n;
      expect(validateTrackSettings(t)['submissionProperties.abstractLength']).toBe(
        ok ? undefined : TRACK_MESSAGES.abstractLength,
      );
    }
  });

  it('refuses a maximum number of files below the minimum', () => {
    const t = valid();
    t.submissionProperties.minFilesLimit = 3;
    t.submissionProperties.maxFilesLimit = 2;
    expect(validateTrackSettings(t)).toEqual({
      'submissionProperties.maxFilesLimit': TRACK_MESSAGES.maxFilesLimit,
    });
    t.submissionProperties.minFilesLimit = -1;
    expect(validateTrackSettings(t)['submissionProperties.minFilesLimit']).toBe(TRACK_MESSAGES.minFilesLimit);
  });

  it('keeps file size limits between 1 and 1000 MB', () => {
    const t = valid();
    t.cameraReadySubmissionProperties.fileSizeLimit = 0;
    t.presentationReadySubmissionProperties.fileSizeLimit = 1001;
    expect(validateTrackSettings(t)).toEqual({
      'cameraReadySubmissionProperties.fileSizeLimit': TRACK_MESSAGES.fileSizeLimit,
      'presentationReadySubmissionProperties.fileSizeLimit': TRACK_MESSAGES.fileSizeLimit,
    });
  });

  it('refuses blank and repeated subject area names (ignoring case)', () => {
    const t = { ...valid(), subjectAreas: [{ name: 'AI' }, { name: ' ' }, { name: 'ai ' }] };
    expect(validateTrackSettings(t)).toEqual({
      'subjectAreas.1.name': TRACK_MESSAGES.subjectAreaName,
      'subjectAreas.2.name': TRACK_MESSAGES.subjectAreaDuplicate,
    });
  });

  it('refuses a deadline that is not a UTC date or a date and time with a zone', () => {
    const t = valid();
    t.activities.canSubmitPaper.deadline = '2026-05-01T12:00';
    expect(validateTrackSettings(t)).toEqual({
      'activities.canSubmitPaper.deadline': TRACK_MESSAGES.deadline,
    });
  });
});

describe('parseDeadline', () => {
  it('reads UTC dates and zoned date-times', () => {
    expect(parseDeadline('2026-05-01')?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(parseDeadline('2026-05-01T12:30:00.000Z')?.toISOString()).toBe('2026-05-01T12:30:00.000Z');
    expect(parseDeadline('2026-05-01T14:30+02:00')?.toISOString()).toBe('2026-05-01T12:30:00.000Z');
  });
  it('refuses impossible dates, local times and other text', () => {
    for (const s of [
      '2026-02-30',
      '2026-13-01',
      '2026-05-01T24:00Z',
      '2026-05-01T12:00',
      'tomorrow',
      '1e12',
      '',
    ])
      expect(parseDeadline(s)).toBeNull();
  });
});

describe('isPermutation', () => {
  it('is true only when every id is listed exactly once', () => {
    expect(isPermutation([3, 1, 2], [1, 2, 3])).toBe(true);
    expect(isPermutation([1, 1, 2], [1, 2, 3])).toBe(false);
    expect(isPermutation([1, 2], [1, 2, 3])).toBe(false);
    expect(isPermutation([1, 2, 4], [1, 2, 3])).toBe(false);
  });
});
