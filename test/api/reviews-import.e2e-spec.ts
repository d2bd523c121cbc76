/**
 * Reviewers as people (by track, review count, import one, import xlsx, remove from a track) and the review
 * import from xlsx, checked row by row against the stored reviews; malformed and hostile files refused whole.
 */
import { eq } from 'drizzle-orm';
import { reviewRequestsTable, reviewsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { zip } from './papers-author.helpers.js';
import { setupReviews, xlsx, type Person, type ReviewsEnv } from './reviews.helpers.js';

const REVIEW_COLUMNS = [
  'Paper ID',
  'Reviewer Email',
  'Reviewer Decision',
  'Quality',
  'Contribution',
  'Originality',
  'Comments to Authors',
  'Comments to track chair',
];
const REVIEWER_COLUMNS = ['First Name', 'Last Name', 'Email', 'Alternate Email', 'Organization', 'Phone'];

/** A ZIP whose one entry declares a small size but inflates to far more (a zip bomb). */
const zipBomb = (): Buffer =>
  zip({ 'xl/workbook.xml': Buffer.alloc(50 * 1000 * 1000, 0x41) }, { deflate: true, declaredSize: 1000 });

describe('reviewers and imports', () => {
  let env: ReviewsEnv;
  let track: number;
  let otherTrack: number;

  beforeAll(async () => {
    env = await setupReviews();
    track = await env.track();
    otherTrack = await env.track();
  });
  afterAll(async () => {
    await env.close();
  });

  const upload = (
    path: string,
    file: Buffer,
    name = 'data.xlsx',
    fields: Record<string, string> = {},
    who?: Person,
  ) => {
    let req = env.t
      .http()
      .post(path)
      .set(...(who ?? env.chair).auth);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req.attach('file', file, name);
  };

  it('lists the reviewers of a track with their load; removes a reviewer from a track', async () => {
    const r = await env.reviewer([track, otherTrack]);
    const p = await env.paper(track, [(await env.person()).id]);
    await env.t
      .call('post', '/api/chair/review_requests', env.chair.auth)
      .send({ track, paper: p, reviewer: r.id });
    const list = await env.t.call('get', `/api/chair/users/reviewers/${track}`, env.chair.auth);
    expect(list.status).toBe(200);
    expect(list.body.find((u: { _id: number }) => u._id === r.id)).toMatchObject({
      load: { total: 1, cameraReady: 0, reviewed: 0 },
      roles: { reviewer: { is: true, tracks: [track, otherTrack] } },
    });
    const count = await env.t
      .call('post', '/api/chair/users/review/count', env.chair.auth)
      .send({ userIds: [r.id] });
    expect(count.body).toEqual({ data: [{ _id: r.id, count: 1, reviewed: 0 }] });
    const [row] = await env.t.db.select().from(usersTable).where(eq(usersTable.id, r.id));
    expect(row!.reviewerCount).toBe(1);

    const removed = await env.t.call(
      'delete',
      `/api/chair/users/remove/reviewer/${r.id}/${track}`,
      env.chair.auth,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.roles.reviewer).toMatchObject({ is: true, tracks: [otherTrack] });
    const again = await env.t.call(
      'delete',
      `/api/chair/users/remove/reviewer/${r.id}/${track}`,
      env.chair.auth,
    );
    expect([again.status, again.body.message]).toEqual([400, "User isn't allowed to review this track!"]);
    await env.t.call('delete', `/api/chair/users/remove/reviewer/${r.id}/${otherTrack}`, env.chair.auth);
    const none = await env.t.call(
      'delete',
      `/api/chair/users/remove/reviewer/${r.id}/${otherTrack}`,
      env.chair.auth,
    );
    expect([none.status, none.body.message]).toEqual([400, "User isn't a reviewer!"]);
    const missing = await env.t.call(
      'delete',
      `/api/chair/users/remove/reviewer/999999/${track}`,
      env.chair.auth,
    );
    expect([missing.status, missing.body.message]).toEqual([404, 'User not found']);

    // track chairs: their tracks only
    const tc = await env.trackChair([otherTrack]);
    expect((await env.t.call('get', `/api/cochair/users/reviewers/${track}`, tc.auth)).status).toBe(404);
    expect((await env.t.call('get', `/api/cochair/users/reviewers/${otherTrack}`, tc.auth)).status).toBe(200);
  });

  it('imports one reviewer: an existing user gains tracks, a new one is created and e-mailed', async () => {
    const u = await env.person();
    const url = '/api/chair/users/import/reviewer';
    const noTrack = await env.t.call('post', url, env.chair.auth).send({ email: u.email, tracks: [] });
    expect([noTrack.status, noTrack.body.message]).toEqual([400, 'Please select one track at least']);
    const added = await env.t.call('post', url, env.chair.auth).send({ email: u.email, tracks: [track] });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      created: false,
      user: { roles: { reviewer: { is: true, tracks: [track] } } },
    });
    const present = await env.t.call('post', url, env.chair.auth).send({ email: u.email, tracks: [track] });
    expect([present.status, present.body.message]).toEqual([409, 'Reviewer already present!']);
    const unknownId = await env.t.call('post', url, env.chair.auth).send({ userId: 999999, tracks: [track] });
    expect([unknownId.status, unknownId.body.message]).toEqual([404, 'User not found']);
    const incomplete = await env.t
      .call('post', url, env.chair.auth)
      .send({ email: 'new.reviewer@lab.example.com', tracks: [track] });
    expect([incomplete.status, incomplete.body.message]).toEqual([400, 'Please fill in the First Name']);
    const created = await env.t.call('post', url, env.chair.auth).send({
      firstName: 'Nuno',
      lastName: 'Novo',
      email: ' New.Reviewer@Lab.example.com ',
      alternateEmail: 'nuno@home.example.com',
      organization: 'Lab',
      phone: '123',
      tracks: [track],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      created: true,
      user: { email: 'new.reviewer@lab.example.com', country: '' },
    });
    const tc = await env.trackChair([otherTrack]);
    const outside = await env.t
      .call('post', '/api/cochair/users/import/reviewer', tc.auth)
      .send({ email: u.email, tracks: [track] });
    expect(outside.status).toBe(404);
  });

  it('imports reviewers from xlsx into the selected tracks ({valid, total})', async () => {
    const existing = await env.person();
    const file = await xlsx(REVIEWER_COLUMNS, [
      ['Ines', 'Isla', 'ines@isla.example.com', 'ines@home.example.com', 'Isla Institute', '1'],
      ['', 'NoFirst', 'nofirst@x.example.com', 'n@y.example.com', 'X', '2'],
      ['E', '', existing.email.toUpperCase(), '', '', ''],
    ]);
    const none = await upload('/api/chair/users/import/reviewers', file, 'r.xlsx', { tracks: '[]' });
    expect([none.status, none.body.message]).toEqual([400, 'Please select one track at least']);
    const res = await upload('/api/chair/users/import/reviewers', file, 'r.xlsx', {
      tracks: JSON.stringify([track]),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: 2, total: 3 });
    expect(res.body.errors).toEqual(['Invalid values in row 3: Please fill in the First Name']);
    const [ines] = await env.t.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'ines@isla.example.com'));
    expect(ines).toMatchObject({ isReviewer: true, reviewerTracks: [track], organization: 'Isla Institute' });
    const [ex] = await env.t.db.select().from(usersTable).where(eq(usersTable.id, existing.id));
    expect(ex!.reviewerTracks).toEqual([track]);
  });

  it('accepts the reviewer header spelled E-mail, email or with other case and spacing', async () => {
    const file = await xlsx(
      [' first name', 'Last  Name', 'E-mail', 'alternate e-mail', 'ORGANIZATION', 'phone'],
      [['Hana', 'Hyphen', 'hana@hyphen.example.com', 'hana@home.example.com', 'Hyphen Lab', '7']],
    );
    const res = await upload('/api/chair/users/import/reviewers', file, 'r.xlsx', {
      tracks: JSON.stringify([track]),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: 1, total: 1 });
    const [hana] = await env.t.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'hana@hyphen.example.com'));
    expect(hana).toMatchObject({ isReviewer: true, organization: 'Hyphen Lab', lastName: 'Hyphen' });
  });

  it('imports review rows, checked row by row against the stored reviews', async () => {
    const author = await env.person();
    const p1 = await env.paper(track, [author.id]);
    const p2 = await env.paper(track, [author.id], { isCameraReady: true });
    const pOther = await env.paper(otherTrack, [author.id]);
    const r1 = await env.person({ email: `r1.${Date.now()}@one.example.com` });
    const r2 = await env.person({ email: `r2.${Date.now()}@two.example.com` });
    const rows = [
      [p1, `  ${r1.email.toUpperCase()} `, 'accept', 8, 7, 6, 'To authors 1', 'To chair 1'], // row 2: ok
      [p2, r2.email, 2, 5, 5, 5, 'To authors 2', 'To chair 2'], // row 3: ok, camera-ready
      [999999, r1.email, 1, 5, 5, 5, 'a', 'b'], // row 4: no paper
      [p1, 'nobody@nowhere.example.com', 1, 5, 5, 5, 'a', 'b'], // row 5: no user
      [p1, r1.email, 0, 5, 5, 5, 'a', 'b'], // row 6: already a reviewer (row 2)
      [p1, author.email, 0, 5, 5, 5, 'a', 'b'], // row 7: the author
      ['', r2.email, 0, 5, 5, 5, 'a', 'b'], // row 8: no paper id: skipped
      [p1, r2.email, 'maybe', 11, 5, 5, 'a', ''], // row 9: invalid values
    ];
    const res = await upload('/api/chair/reviews/import', await xlsx(REVIEW_COLUMNS, rows));
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(2);
    expect(res.body.total).toBe(7);
    expect(res.body.errors).toEqual([
      'Paper ID not found in row 4',
      'User not found or is already a reviewer for paper in row 5',
      'User not found or is already a reviewer for paper in row 6',
      'User not found or is already a reviewer for paper in row 7',
      expect.stringMatching(/^Invalid values in row 9: /),
    ]);
    const stored = await env.t.db.select().from(reviewsTable).where(eq(reviewsTable.source, 'import'));
    const byPaper = new Map(stored.map((s) => [s.paperId, s]));
    expect(byPaper.get(p1)).toMatchObject({
      reviewerId: r1.id,
      final: 1,
      quality: 8,
      contribution: 7,
      originality: 6,
      commentsAuthor: 'To authors 1',
      commentsChair: 'To chair 1',
      isCameraReady: false,
      draft: false,
      submittedBy: env.chair.id,
      trackId: track,
    });
    expect(byPaper.get(p2)).toMatchObject({
      reviewerId: r2.id,
      final: 2,
      isCameraReady: true,
      commentsAuthor: 'To authors 2',
    });
    expect(stored.length).toBe(2);
    const requests = await env.t.db
      .select()
      .from(reviewRequestsTable)
      .where(eq(reviewRequestsTable.paperId, p1));
    expect(requests).toEqual([
      expect.objectContaining({ reviewerId: r1.id, reviewed: true, waiting: false, evaluation: 21 }),
    ]);

    // a track chair outside the paper's track: like a missing paper
    const tc = await env.trackChair([track]);
    const r3 = await env.person();
    const outside = await upload(
      '/api/cochair/reviews/import',
      await xlsx(REVIEW_COLUMNS, [[pOther, r3.email, 1, 5, 5, 5, 'a', 'b']]),
      'x.xlsx',
      {},
      tc,
    );
    expect(outside.body).toMatchObject({ valid: 0, total: 1, errors: ['Paper ID not found in row 2'] });
  });

  it('refuses malformed and hostile files whole, with a clear message', async () => {
    const before = (await env.t.db.select().from(reviewsTable)).length;
    const cases: [Buffer, string, number, string | RegExp][] = [
      [
        Buffer.from('Paper ID,Reviewer Email\n1,a@b.c\n'),
        'reviews.xlsx',
        400,
        'Please select a valid file: only xlsx spreadsheets are accepted',
      ],
      [
        zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }),
        'reviews.xlsx',
        400,
        'The file is not a valid xlsx spreadsheet: it has no workbook',
      ],
      [
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]),
        'reviews.xlsx',
        400,
        'The file is not a valid xlsx spreadsheet',
      ],
      [zipBomb(), 'reviews.xlsx', 400, 'The file is not a valid xlsx spreadsheet'],
      [
        await xlsx(['Paper', 'Email'], [[1, 'a@b.c']]),
        'reviews.xlsx',
        400,
        /^The spreadsheet is missing the columns: Paper ID, Reviewer Email, Reviewer Decision/,
      ],
      [
        await xlsx(REVIEW_COLUMNS, []),
        'reviews.csv',
        400,
        'Please select a valid file: only xlsx spreadsheets are accepted',
      ],
    ];
    for (const [file, name, status, message] of cases) {
      const res = await upload('/api/chair/reviews/import', file, name);
      expect(res.status).toBe(status);
      expect(res.body.message).toEqual(message instanceof RegExp ? expect.stringMatching(message) : message);
    }
    const many = Array.from({ length: 5001 }, (_, i) => [i + 1, 'a@b.c', 1, 1, 1, 1, 'a', 'b']);
    const tooMany = await upload('/api/chair/reviews/import', await xlsx(REVIEW_COLUMNS, many));
    expect([tooMany.status, tooMany.body.message]).toEqual([400, 'The spreadsheet has more than 5000 rows']);
    const noFile = await env.t.call('post', '/api/chair/reviews/import', env.chair.auth).field('x', '1');
    expect(noFile.status).toBe(400);
    const json = await env.t.call('post', '/api/chair/reviews/import', env.chair.auth).send({});
    expect(json.status).toBe(415);
    const big = await upload('/api/chair/reviews/import', Buffer.alloc(5_000_001, 1), 'big.xlsx');
    expect(big.status).toBe(413);
    expect((await env.t.db.select().from(reviewsTable)).length).toBe(before);
  });
});
