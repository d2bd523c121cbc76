import { FILTER_OPERATORS } from './models.js';
import { parseUserFilters, USER_FILTER_TYPES, type UserFilterName } from './user-filters.js';
import { buildUtils, BULK_EDIT_PARAMS } from './utils.js';

const SAMPLE: Record<string, unknown> = {
  string: 'abc',
  boolean: true,
  number: 3,
  date: '2026-01-02',
};

describe('the static values of GET /api/utils', () => {
  it('gives the §9 limits and the §3 review decision labels', () => {
    const v = buildUtils().editPaperSubmissionValues;
    expect(v).toMatchObject({
      titleMax: 150,
      abstractMin: 50,
      abstractDefaultMax: 5000,
      commentMax: 2000,
      shortCommentMax: 150,
      cameraReadyShortCommentMax: 14,
      allowedUploadExtensions: ['doc', 'docx', 'pdf'],
      defaultFileSizeLimit: 40,
    });
    expect(v.reviewDecisionLabels).toEqual({
      '2': 'accept after revision',
      '1': 'accept',
      '0': 'reject',
      '-1': 'not appropriate for its track',
    });
  });

  it('lists each §2 bulk edit param once', () => {
    expect(new Set(BULK_EDIT_PARAMS).size).toBe(BULK_EDIT_PARAMS.length);
    expect(buildUtils().editPaperSubmissionValues.bulkEditParams).toContain('cameraReady.status');
  });

  it('describes every filterable user field with a label', () => {
    const names = buildUtils().filters.user.map((f) => f.name);
    expect(names.sort()).toEqual(Object.keys(USER_FILTER_TYPES).sort());
    for (const f of buildUtils().filters.user) expect(f.label).toBeTruthy();
  });

  it('offers exactly the operators the user query accepts for each field', () => {
    for (const f of buildUtils().filters.user) {
      const value = f.name.endsWith('.tracks') ? 2 : SAMPLE[f.type];
      for (const operator of FILTER_OPERATORS) {
        const accept = () => parseUserFilters([{ name: f.name as UserFilterName, operator, value }]);
        if (f.operators.includes(operator)) expect(accept).not.toThrow();
        else expect(accept).toThrow();
      }
    }
  });
});
