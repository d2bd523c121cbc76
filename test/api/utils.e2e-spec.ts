import { FILTER_OPERATORS, USER_FILTER_FIELDS } from '@symposium/domain';
import { createTestApp, type TestApp } from '../support/app.js';

describe('GET /api/utils', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives every signed-in user the §9 values, the §2 bulk edit params and the §3 decision labels', async () => {
    const author = await t.user();
    const res = await t.call('get', '/api/utils', author.auth).expect(200);
    expect(res.body.editPaperSubmissionValues).toEqual({
      titleMax: 150,
      abstractMin: 50,
      abstractDefaultMax: 5000,
      commentMax: 2000,
      shortCommentMax: 150,
      cameraReadyShortCommentMax: 14,
      allowedUploadExtensions: ['doc', 'docx', 'pdf'],
      defaultFileSizeLimit: 40,
      bulkEditParams: [
        'paper',
        'status',
        'cameraReady',
        'presentationReady',
        'notes',
        'acceptanceLetterEnabled',
        'authorViewReviewEnabled',
        'delete',
        'cameraReady.status',
      ],
      reviewDecisionLabels: {
        '2': 'accept after revision',
        '1': 'accept',
        '0': 'reject',
        '-1': 'not appropriate for its track',
      },
    });
  });

  it('describes each user filter with its label, type and operators', async () => {
    const chair = await t.user({ roles: { chair: { is: true } } });
    const res = await t.call('get', '/api/utils', chair.auth).expect(200);
    const filters = res.body.filters.user as {
      name: string;
      label: string;
      type: string;
      operators: string[];
    }[];
    expect(filters.map((f) => f.name)).toEqual(
      expect.arrayContaining([...USER_FILTER_FIELDS, 'roles.reviewer.tracks', 'roles.coChair.tracks']),
    );
    const byName = Object.fromEntries(filters.map((f) => [f.name, f]));
    expect(byName.firstName).toEqual({
      name: 'firstName',
      label: 'First Name',
      type: 'string',
      operators: [...FILTER_OPERATORS],
    });
    expect(byName['lock.status']).toEqual({
      name: 'lock.status',
      label: 'Locked',
      type: 'boolean',
      operators: ['=', '<>'],
    });
    expect(byName['roles.reviewer.count']!.type).toBe('number');
    expect(byName['roles.reviewer.count']!.operators).not.toContain('Contains');
    expect(byName.createdAt!.type).toBe('date');
    for (const f of filters) {
      expect(['string', 'boolean', 'number', 'date']).toContain(f.type);
      for (const op of f.operators) expect(FILTER_OPERATORS).toContain(op);
    }
  });

  it('is the same for reviewers, track chairs and session chairs, and refused to anonymous callers', async () => {
    const author = await t.user();
    const expected = (await t.call('get', '/api/utils', author.auth)).body;
    for (const roles of [
      { reviewer: { is: true, tracks: [1], count: 0 } },
      { coChair: { is: true, tracks: [1] } },
      { sessionChair: { sessions: [1] } },
    ]) {
      const u = await t.user({ roles });
      expect((await t.call('get', '/api/utils', u.auth).expect(200)).body).toEqual(expected);
    }
    const res = await t.http().get('/api/utils').expect(401);
    expect(res.body.message).toBe('Please sign in');
  });
});
