/**
 * A reviewer reads the paper they review: GET /api/reviewer/papers/:paperId lists the submission files and
 * the camera-ready word and pdf, and GET …/download/:fileId sends them — only to a reviewer with a request
 * for the paper that is not declined; the copyright form and the slides are never offered. Everyone else
 * gets the same 404 as for a missing file.
 */
import { eq } from 'drizzle-orm';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { reviewRequestsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { pdf, setupPapers, type PapersEnv } from './papers-author.helpers.js';

type Person = Awaited<ReturnType<PapersEnv['t']['user']>>;

describe("a reviewer's access to the paper's files", () => {
  let env: PapersEnv;
  let paper: number;
  let reviewer: Person;
  let other: Person;
  let decliner: Person;
  let submission: number;
  let copyright: number;

  const upload = async (part: string, body: Buffer, name: string) => {
    const res = await env.t
      .call('post', `/api/chair/papers/upload/${paper}?p=${part}`, env.chair.auth)
      .attach('file', body, name);
    expect(res.status).toBe(201);
    return res.body.file._id as number;
  };

  const request = async (who: Person, track: number) => {
    const res = await env.t
      .call('post', '/api/chair/review_requests', env.chair.auth)
      .send({ track, paper, reviewer: who.id, isCameraReady: false });
    expect(res.status).toBe(201);
    return res.body._id as number;
  };

  beforeAll(async () => {
    env = await setupPapers();
    const track = await env.track({ submissionProperties: { minFilesLimit: 0, maxFilesLimit: 3 } });
    const author = await env.t.user({
      organization: 'Authors Institute',
      email: `a${Date.now()}@authors.edu`,
    });
    const [row] = await env.t.db
      .insert(papersTable)
      .values({
        title: 'Graph colouring in practice',
        abstractText: 'An abstract of more than fifty characters about graph colouring in practice.',
        trackId: track,
        primaryAuthorId: author.id,
      })
      .returning();
    paper = row!.id;
    await env.t.db.insert(paperAuthorsTable).values({ paperId: paper, userId: author.id, position: 0 });
    const roles = { reviewer: { is: true, tracks: [track], count: 0 } };
    reviewer = await env.t.user({ roles, organization: 'Reviewers College', email: `r${Date.now()}@rc.edu` });
    other = await env.t.user({ roles, organization: 'Other College', email: `o${Date.now()}@oc.edu` });
    decliner = await env.t.user({ roles, organization: 'Third College', email: `d${Date.now()}@tc.edu` });
    submission = await upload('abstract', pdf('submitted'), 'paper.pdf');
    await env.accept(paper);
    copyright = await upload('springerCopyright', pdf('copyright'), 'copyright.pdf');
    await request(reviewer, track);
    const declined = await request(decliner, track);
    await env.t.db
      .update(reviewRequestsTable)
      .set({ declined: true, waiting: false })
      .where(eq(reviewRequestsTable.id, declined));
  });
  afterAll(async () => {
    await env.close();
  });

  const get = (who: Person, path: string) => env.t.call('get', path, who.auth);

  it('lists the submission files (not the copyright form) with the paper', async () => {
    const res = await get(reviewer, `/api/reviewer/papers/${paper}`);
    expect(res.status).toBe(200);
    expect(res.body.paper.files.map((f: { _id: number; part: string }) => [f._id, f.part])).toEqual([
      [submission, 'abstract'],
    ]);
  });

  it('sends the submission file to the assigned reviewer', async () => {
    const res = await get(reviewer, `/api/reviewer/papers/${paper}/download/${submission}`).buffer(true);
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body as Buffer).toString('latin1')).toContain('% submitted');
  });

  it.each([
    ['the copyright form, even to the assigned reviewer', () => [reviewer, copyright] as const],
    ['a reviewer without a request', () => [other, submission] as const],
    ['a reviewer who declined', () => [decliner, submission] as const],
    ['a file id that does not exist', () => [reviewer, 999999] as const],
  ])('answers 404 for %s', async (_label, args) => {
    const [who, file] = args();
    const res = await get(who, `/api/reviewer/papers/${paper}/download/${file}`);
    expect(res.status).toBe(404);
  });

  it('answers 404 for the paper itself to a reviewer without a request', async () => {
    expect((await get(other, `/api/reviewer/papers/${paper}`)).status).toBe(404);
  });
});
