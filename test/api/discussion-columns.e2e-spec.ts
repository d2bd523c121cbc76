/**
 * The "discussion" column (issue 25 item 5) of the reviewer console (GET /api/reviewer/review_requests) and of
 * the chairs' paper list (POST /api/{chair|cochair}/papers): per paper the comments the caller may read and the
 * unread ones, null where the caller may not read the discussion (not yet a reader, a conflict of interest).
 * The same rules as the discussion routes; reading the thread brings unread to 0.
 */
import type { DiscussionCountsDto } from '@symposium/domain';
import { bidsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { REVIEW, setupReviews, type Person, type ReviewsEnv } from './reviews.helpers.js';

type Auth = [string, string];
type Column = DiscussionCountsDto | null;

describe('the discussion column of the reviewer console and the chairs paper list', () => {
  let env: ReviewsEnv;
  let track: number;
  let otherTrack: number;
  let paper: number;
  let quiet: number;
  let authored: number;
  let r1: Person; // submitted, writes two comments
  let r2: Person; // submitted, reads
  let early: Person; // request, not submitted: may not read yet
  let conflicted: Person; // submitted, then a conflict bid
  let trackChair: Person;
  let otherTrackChair: Person;
  let authorChair: Person; // a chair who is an author of `authored`

  const assign = async (p: number, t: number, r: Person) => {
    const res = await env.t
      .call('post', '/api/chair/review_requests', env.chair.auth)
      .send({ track: t, paper: p, reviewer: r.id });
    expect(res.status).toBe(201);
  };
  const submit = async (p: number, r: Person) => {
    const res = await env.t.call('put', `/api/reviewer/papers/${p}`, r.auth).send(REVIEW);
    expect(res.status).toBe(200);
  };
  const post = async (prefix: string, auth: Auth, p: number, text: string, visibility = 'reviewers') => {
    const res = await env.t.call('post', `/api/${prefix}/discussion/${p}`, auth).send({ text, visibility });
    expect(res.status).toBe(201);
  };
  /** The reviewer console's column by paper. */
  const consoleColumn = async (who: Person): Promise<Map<number, [Column, number]>> => {
    const res = await env.t.call('get', '/api/reviewer/review_requests', who.auth).expect(200);
    return new Map(
      (res.body.data as { paper: number; discussion: Column; discussionUnread: number }[]).map((r) => [
        r.paper,
        [r.discussion, r.discussionUnread],
      ]),
    );
  };
  /** The chairs' paper list column by paper. */
  const listColumn = async (prefix: string, auth: Auth, body: object = {}): Promise<Map<number, Column>> => {
    const res = await env.t.call('post', `/api/${prefix}/papers`, auth).send(body).expect(200);
    return new Map(
      (res.body.data as { _id: number; discussion: Column }[]).map((p) => {
        expect(Object.keys(p)).toContain('discussion');
        return [p._id, p.discussion];
      }),
    );
  };

  beforeAll(async () => {
    env = await setupReviews();
    track = await env.track();
    otherTrack = await env.track();
    paper = await env.paper(track, [(await env.person()).id], { title: 'Discussed' });
    quiet = await env.paper(track, [(await env.person()).id], { title: 'Quiet' });
    authorChair = await env.person({ roles: { chair: { is: true } } });
    authored = await env.paper(track, [authorChair.id], { title: 'By a chair' });
    r1 = await env.reviewer([track], { firstName: 'Ada', lastName: 'Lovelace' });
    r2 = await env.reviewer([track], { firstName: 'Alan', lastName: 'Turing' });
    early = await env.reviewer([track]);
    conflicted = await env.reviewer([track]);
    trackChair = await env.trackChair([track]);
    otherTrackChair = await env.trackChair([otherTrack]);
    for (const r of [r1, r2, early]) await assign(paper, track, r);
    await assign(quiet, track, r1);
    await assign(authored, track, r2);
    await assign(authored, track, conflicted);
    for (const r of [r1, r2]) await submit(paper, r);
    await submit(quiet, r1);
    await submit(authored, r2);
    await submit(authored, conflicted);
    // The chair writes first (posting marks the thread read up to one's own comment).
    await post('chair', env.chair.auth, paper, 'Chairs only: lean accept.', 'chairs');
    await post('reviewer', r1.auth, paper, 'Is Lemma 2 new?');
    await post('reviewer', r1.auth, paper, 'And Theorem 3?');
    await post('reviewer', r2.auth, authored, 'Fine paper.');
    await env.t.db
      .insert(bidsTable)
      .values({ reviewerId: conflicted.id, paperId: authored, bid: 'conflict' });
  });
  afterAll(async () => {
    await env.close();
  });

  it('reviewers: their readable comments and unread; null before they may read; own comments never unread', async () => {
    expect((await consoleColumn(r2)).get(paper)).toEqual([{ comments: 2, unread: 2 }, 2]);
    expect((await consoleColumn(r1)).get(paper)).toEqual([{ comments: 2, unread: 0 }, 0]);
    expect((await consoleColumn(r1)).get(quiet)).toEqual([{ comments: 0, unread: 0 }, 0]);
    // Not submitted on a track that keeps the discussion closed: nothing, not even a count of 0.
    expect((await consoleColumn(early)).get(paper)).toEqual([null, 0]);
  });

  it('a conflicted reviewer sees null, though they submitted and the paper has comments', async () => {
    expect((await consoleColumn(conflicted)).get(authored)).toEqual([null, 0]);
    expect((await consoleColumn(r2)).get(authored)).toEqual([{ comments: 1, unread: 0 }, 0]);
  });

  it('chairs count every visibility; reading the thread brings unread to 0', async () => {
    const before = await listColumn('chair', env.chair.auth);
    expect(before.get(paper)).toEqual({ comments: 3, unread: 2 });
    expect(before.get(quiet)).toEqual({ comments: 0, unread: 0 });
    expect(before.get(authored)).toEqual({ comments: 1, unread: 1 });
    await env.t.call('get', `/api/chair/discussion/${paper}`, env.chair.auth).expect(200);
    const after = await listColumn('chair', env.chair.auth);
    expect(after.get(paper)).toEqual({ comments: 3, unread: 0 });
    expect(after.get(authored)).toEqual({ comments: 1, unread: 1 });
  });

  it('a chair who is an author of a paper sees null for it, and counts for the others', async () => {
    const column = await listColumn('chair', authorChair.auth);
    expect(column.get(authored)).toBeNull();
    expect(column.get(paper)).toEqual({ comments: 3, unread: 3 });
  });

  it('track chairs: their tracks only, with the chairs-only comments', async () => {
    const column = await listColumn('cochair', trackChair.auth);
    expect(column.get(paper)).toEqual({ comments: 3, unread: 3 });
    expect((await listColumn('cochair', otherTrackChair.auth)).size).toBe(0);
  });

  it('reading as a reviewer brings their unread to 0, and a new comment raises it again', async () => {
    await env.t.call('get', `/api/reviewer/discussion/${paper}`, r2.auth).expect(200);
    expect((await consoleColumn(r2)).get(paper)).toEqual([{ comments: 2, unread: 0 }, 0]);
    await post('reviewer', r1.auth, paper, 'One more thing.');
    expect((await consoleColumn(r2)).get(paper)).toEqual([{ comments: 3, unread: 1 }, 1]);
    expect((await listColumn('chair', env.chair.auth)).get(paper)).toEqual({ comments: 4, unread: 1 });
  });

  it('a one-paper page and a whole page give each paper the same column', async () => {
    const one = await listColumn('chair', env.chair.auth, { pg: 1 });
    const all = await listColumn('chair', env.chair.auth, { pg: 50 });
    expect(one.size).toBe(1);
    expect(all.size).toBe(3);
    for (const [id, column] of one) expect(all.get(id)).toEqual(column);
  });
});
