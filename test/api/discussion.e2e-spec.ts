/**
 * The reviewer discussion (issue 25 item 3): who reads it (every caller of the authorization table, 0 leaks,
 * list counts included), posting rules, aliases, read marks and unread counts, @mentions through a real SMTP
 * server on loopback, the hourly digest (exactly once with two application instances on one database), the
 * review versions and the chairs' discussion list.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { DISCUSSION_COMMENT_MAX, PAPER_MESSAGES } from '@symposium/domain';
import { createApp } from '../../apps/api/src/app.factory.js';
import { openDatabase } from '../../apps/api/src/database/database.js';
import { OutboxDispatcher } from '../../apps/api/src/modules/outbox/outbox.dispatcher.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { DiscussionService } from '../../apps/api/src/modules/reviews/discussion.service.js';
import {
  bidsTable,
  discussionCommentsTable,
  reviewRequestsTable,
  discussionDigestsTable,
  reviewVersionsTable,
} from '../../apps/api/src/modules/reviews/reviews.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { until } from '../../scripts/lib/cluster.js';
import { testConfig } from '../support/app.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';
import { setupReviews, type Person, type ReviewsEnv } from './reviews.helpers.js';

const FROM = 'noreply@example.org';
const REVIEW = {
  quality: 8,
  contribution: 7,
  originality: 6,
  final: 2,
  comments: { author: 'Clear and useful.', chair: 'Accept; I know the area well.' },
};
type Auth = [string, string];

describe('reviewer discussion', () => {
  let env: ReviewsEnv;
  let smtp: TestSmtpServer;
  let track: number;
  let otherTrack: number;
  let openTrack: number;
  let author: Person;
  let paper: number;
  let otherPaper: number;
  let openPaper: number;
  let r1: Person; // submitted
  let r2: Person; // submitted
  let early: Person; // request, not submitted
  let elsewhere: Person; // reviewer of another paper
  let conflicted: Person; // request, then a conflict bid
  let openReviewer: Person; // not submitted, track opens the discussion early
  let trackChair: Person;
  let otherTrackChair: Person;
  let missing: { status: number; body: unknown };

  const assign = async (p: number, t: number, r: Person) => {
    const res = await env.t
      .call('post', '/api/chair/review_requests', env.chair.auth)
      .send({ track: t, paper: p, reviewer: r.id });
    expect(res.status).toBe(201);
  };
  const submit = async (p: number, r: Person, review: object = REVIEW) => {
    const res = await env.t.call('put', `/api/reviewer/papers/${p}`, r.auth).send(review);
    expect(res.status).toBe(200);
  };
  const post = (prefix: string, auth: Auth, p: number, body: object) =>
    env.t.call('post', `/api/${prefix}/discussion/${p}`, auth).send(body);
  const thread = (prefix: string, auth: Auth, p: number) =>
    env.t.call('get', `/api/${prefix}/discussion/${p}`, auth);
  const comments = () => env.t.db.select().from(discussionCommentsTable);
  const mails = (kind: string) => env.t.db.select().from(outboxTable).where(eq(outboxTable.kind, kind));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The reviews helpers' app with SMTP on loopback and the jobs off (the tests tick).
    env = await setupReviews({ smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: FROM } });
    track = await env.track();
    otherTrack = await env.track();
    openTrack = await env.track();
    await env.t.db
      .update(tracksTable)
      .set({ discussionBeforeReview: true })
      .where(eq(tracksTable.id, openTrack));
    author = await env.person();
    paper = await env.paper(track, [author.id], { title: 'Discussed paper' });
    otherPaper = await env.paper(track, [(await env.person()).id]);
    openPaper = await env.paper(openTrack, [(await env.person()).id]);
    r1 = await env.reviewer([track], { firstName: 'Ada', lastName: 'Lovelace' });
    r2 = await env.reviewer([track], { firstName: 'Alan', lastName: 'Turing' });
    early = await env.reviewer([track], { firstName: 'Early', lastName: 'Bird' });
    elsewhere = await env.reviewer([track]);
    conflicted = await env.reviewer([track], { firstName: 'Con', lastName: 'Flicted' });
    openReviewer = await env.reviewer([openTrack]);
    trackChair = await env.trackChair([track]);
    otherTrackChair = await env.trackChair([otherTrack]);
    for (const r of [r1, r2, early]) await assign(paper, track, r);
    await assign(otherPaper, track, elsewhere);
    await assign(openPaper, openTrack, openReviewer);
    await submit(paper, r1);
    await submit(paper, r2, { ...REVIEW, final: -1, comments: { author: 'Weak.', chair: 'Reject.' } });
    // A fourth reviewer (over the per-paper limit, as after a chair's move) who submitted and then declared a
    // conflict with the paper: the discussion closes to them.
    const day = 86_400_000;
    await env.t.db.insert(reviewRequestsTable).values({
      trackId: track,
      paperId: paper,
      reviewerId: conflicted.id,
      waiting: false,
      reviewed: true,
      evaluation: 21,
      replyDueAt: new Date(Date.now() + day),
      dueAt: new Date(Date.now() + 14 * day),
    });
    await submit(otherPaper, elsewhere);
    await env.t.db.insert(bidsTable).values({ reviewerId: conflicted.id, paperId: paper, bid: 'conflict' });
    const m = await thread('chair', env.chair.auth, 999999);
    missing = { status: m.status, body: m.body };
    expect(missing).toEqual({
      status: 404,
      body: expect.objectContaining({ message: PAPER_MESSAGES.notFound }),
    });
  });
  afterAll(async () => {
    await env.close();
    await smtp.stop();
  });

  it('posts comments of the three visibilities; reviewers cannot post to the chairs only', async () => {
    expect(
      (
        await post('chair', env.chair.auth, paper, {
          text: 'Chairs: reviewers, please converge.',
          visibility: 'reviewers',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await post('cochair', trackChair.auth, paper, {
          text: 'Between chairs: borderline.',
          visibility: 'chairs',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await post('chair', env.chair.auth, paper, {
          text: 'To the authors: please clarify Lemma 2.',
          visibility: 'authors',
        })
      ).status,
    ).toBe(201);
    const mine = await post('reviewer', r1.auth, paper, {
      text: 'I stand by my score.',
      visibility: 'reviewers',
    });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({
      author: 'Reviewer 1',
      role: 'reviewer',
      mine: true,
      unread: false,
      visibility: 'reviewers',
    });
    const before = (await comments()).length;
    const refused = await post('reviewer', r2.auth, paper, { text: 'Secret', visibility: 'chairs' });
    expect([refused.status, refused.body.message]).toEqual([
      400,
      'Reviewers cannot post comments visible to the chairs only',
    ]);
    for (const body of [
      {},
      { text: '', visibility: 'reviewers' },
      { text: '   ', visibility: 'reviewers' },
      { text: 'x'.repeat(DISCUSSION_COMMENT_MAX + 1), visibility: 'reviewers' },
      { text: 'ok', visibility: 'everyone' },
      { text: 42, visibility: 'reviewers' },
    ]) {
      const res = await post('chair', env.chair.auth, paper, body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message === 'string' || Array.isArray(res.body.message)).toBe(true);
    }
    expect((await comments()).length).toBe(before);
    const longest = await post('chair', env.chair.auth, paper, {
      text: 'y'.repeat(DISCUSSION_COMMENT_MAX),
      visibility: 'reviewers',
    });
    expect(longest.status).toBe(201);
    await env.t.db.delete(discussionCommentsTable).where(eq(discussionCommentsTable.id, longest.body._id));
  });

  it('shows each caller exactly what they may read; everyone else gets the missing-paper 404', async () => {
    const texts = (body: { comments: { text: string }[] }) => body.comments.map((c) => c.text).sort();
    const all = [
      'Between chairs: borderline.',
      'Chairs: reviewers, please converge.',
      'I stand by my score.',
      'To the authors: please clarify Lemma 2.',
    ];
    const chair = await thread('chair', env.chair.auth, paper);
    expect(texts(chair.body)).toEqual(all);
    expect(chair.body.comments.find((c: { text: string }) => c.text === 'I stand by my score.').author).toBe(
      'Ada Lovelace (Reviewer 1)',
    );
    expect(texts((await thread('cochair', trackChair.auth, paper)).body)).toEqual(all);
    const reviewer = await thread('reviewer', r2.auth, paper);
    expect(texts(reviewer.body)).toEqual(all.filter((t) => t !== 'Between chairs: borderline.'));
    expect(JSON.stringify(reviewer.body)).not.toMatch(/Lovelace|Flicted|Bird/);
    expect(reviewer.body.participants).toEqual(
      expect.arrayContaining([{ mention: 'Reviewer1', name: 'Reviewer 1', role: 'reviewer' }]),
    );
    expect(reviewer.body.canPostChairsOnly).toBe(false);

    const refused: [string, Auth][] = [
      ['reviewer', early.auth],
      ['reviewer', elsewhere.auth],
      ['reviewer', conflicted.auth],
      ['cochair', otherTrackChair.auth],
    ];
    for (const [prefix, auth] of refused) {
      for (const path of [
        `/api/${prefix}/discussion/${paper}`,
        `/api/${prefix}/discussion/${paper}/reviews`,
      ]) {
        const res = await env.t.call('get', path, auth);
        expect({ path, status: res.status, body: res.body }).toEqual({ path, ...missing });
      }
      const wrote = await post(prefix, auth, paper, { text: 'Let me in', visibility: 'reviewers' });
      expect(wrote.body).toEqual(missing.body);
      const read = await env.t.call('put', `/api/${prefix}/discussion/${paper}/read`, auth).send({});
      expect(read.body).toEqual(missing.body);
      // 0 leaks in the list counts.
      const counts = await env.t
        .call('post', `/api/${prefix}/discussion/unread`, auth)
        .send({ ids: [paper] });
      expect(counts.body).toEqual({ [paper]: 0 });
    }
    expect((await comments()).some((c) => c.text === 'Let me in')).toBe(false);
    for (const r of [early, conflicted]) {
      const list = await env.t.call('get', '/api/reviewer/review_requests', r.auth);
      expect(list.body.data.map((x: { discussionUnread: number }) => x.discussionUnread)).toEqual([0]);
    }
    const otherList = await env.t.call('get', '/api/cochair/discussion', otherTrackChair.auth);
    expect(otherList.body.data.map((x: { paper: number }) => x.paper)).not.toContain(paper);

    // The paper's author: never through the reviewer routes; the comments to the authors once released.
    expect((await thread('reviewer', author.auth, paper)).status).toBe(403);
    const hidden = await env.t.call('get', `/api/author/papers/${paper}/discussion`, author.auth);
    expect(hidden.body).toEqual(missing.body);
    await env.t.db
      .update(papersTable)
      .set({ authorViewReviewEnabled: true })
      .where(eq(papersTable.id, paper));
    const shown = await env.t.call('get', `/api/author/papers/${paper}/discussion`, author.auth);
    expect(shown.body).toEqual([
      {
        _id: expect.any(Number),
        author: 'Programme committee',
        text: 'To the authors: please clarify Lemma 2.',
        createdAt: expect.any(String),
      },
    ]);
    const stranger = await env.t.call('get', `/api/author/papers/${paper}/discussion`, r1.auth);
    expect(stranger.body).toEqual(missing.body);
    await env.t.db
      .update(papersTable)
      .set({ authorViewReviewEnabled: false })
      .where(eq(papersTable.id, paper));
  });

  it('opens the discussion before the review when the track says so', async () => {
    expect((await thread('reviewer', openReviewer.auth, openPaper)).status).toBe(200);
    await env.t.db
      .update(tracksTable)
      .set({ discussionBeforeReview: false })
      .where(eq(tracksTable.id, openTrack));
    expect((await thread('reviewer', openReviewer.auth, openPaper)).body).toEqual(missing.body);
    await env.t.db
      .update(tracksTable)
      .set({ discussionBeforeReview: true })
      .where(eq(tracksTable.id, openTrack));
  });

  it('marks comments unread until read; counts them in the lists, in one answer per page', async () => {
    const counts = await env.t
      .call('post', '/api/reviewer/discussion/unread', r1.auth)
      .send({ ids: [paper, otherPaper] });
    // Posting marks the thread read up to the new comment.
    expect(counts.body).toEqual({ [paper]: 0, [otherPaper]: 0 });
    await post('chair', env.chair.auth, paper, { text: 'One more thing.', visibility: 'reviewers' });
    const list = await env.t.call('get', '/api/reviewer/review_requests', r1.auth);
    expect(list.body.data[0]).toMatchObject({ paper, discussionUnread: 1 });
    const chairList = await env.t.call('get', `/api/cochair/review_requests?paper=${paper}`, trackChair.auth);
    expect(chairList.body.data.every((x: { discussionUnread: number }) => x.discussionUnread >= 1)).toBe(
      true,
    );
    const first = await thread('reviewer', r1.auth, paper);
    expect(first.body.unread).toBe(1);
    expect(
      first.body.comments.filter((c: { unread: boolean }) => c.unread).map((c: { text: string }) => c.text),
    ).toEqual(['One more thing.']);
    const again = await thread('reviewer', r1.auth, paper);
    expect(again.body.unread).toBe(0);
    const after = await env.t.call('post', '/api/reviewer/discussion/unread', r1.auth).send({ ids: [paper] });
    expect(after.body).toEqual({ [paper]: 0 });
    const read = await env.t.call('put', `/api/cochair/discussion/${paper}/read`, trackChair.auth).send({});
    expect(read.body).toEqual({ lastRead: expect.any(Number), unread: 0 });
  });

  it('e-mails a mentioned participant through the outbox; other names and outsiders are ignored', async () => {
    smtp.messages.length = 0;
    const before = (await mails('discussion-mention')).length;
    const res = await post('reviewer', r1.auth, paper, {
      text: '@Reviewer2 do you agree? @AlanTuring @EarlyBird @ConFlicted',
      visibility: 'reviewers',
    });
    expect(res.status).toBe(201);
    expect(res.body.mentions).toEqual(['Reviewer 2']);
    const queued = (await mails('discussion-mention')).slice(before);
    expect(queued.map((m) => m.to)).toEqual([[r2.email]]);
    await env.t.app.get(OutboxDispatcher).dispatchDue();
    const got = smtp.messages.filter(
      (m) => m.envelope.to.includes(r2.email) && /mentioned/.test(m.parsed.subject ?? ''),
    );
    expect(got).toHaveLength(1);
    expect(got[0]!.parsed.subject).toBe(`You were mentioned in the discussion of paper #${paper}`);
    expect(got[0]!.parsed.text).toContain('Reviewer 1 mentioned you');
    expect(got[0]!.parsed.text).toContain(`http://localhost:3000/ReviewPaper/${paper}`);
    expect(got[0]!.parsed.text).not.toContain('Lovelace');
    // A chair mentions by name; the track chair is reached by name too.
    const chairMention = await post('chair', env.chair.auth, paper, {
      text: '@AdaLovelace thanks',
      visibility: 'reviewers',
    });
    expect(chairMention.body.mentions).toEqual(['Ada Lovelace (Reviewer 1)']);
  });

  it('keeps every changed version of a submitted review and shows what changed', async () => {
    await submit(paper, r1, {
      ...REVIEW,
      final: 1,
      comments: { ...REVIEW.comments, author: 'Clear; fix Lemma 2.' },
    });
    await submit(paper, r1, {
      ...REVIEW,
      final: 1,
      comments: { ...REVIEW.comments, author: 'Clear; fix Lemma 2.' },
    });
    const seen = await env.t.call('get', `/api/reviewer/discussion/${paper}/reviews`, r2.auth);
    expect(seen.status).toBe(200);
    const r1Review = seen.body.find((r: { reviewer: string }) => r.reviewer === 'Reviewer 1');
    expect(r1Review).toMatchObject({ mine: false, revised: true });
    expect(r1Review.versions).toHaveLength(2);
    expect(r1Review.versions[0].changes).toBeNull();
    expect(r1Review.versions[1].changes).toMatchObject({
      final: { changed: true, old: 2, new: 1 },
      quality: { changed: false, old: 8, new: 8 },
      commentsAuthor: { changed: true, old: 'Clear and useful.', new: 'Clear; fix Lemma 2.' },
    });
    expect(JSON.stringify(seen.body)).not.toContain('I know the area well');
    const chair = await env.t.call('get', `/api/chair/discussion/${paper}/reviews`, env.chair.auth);
    const forChair = chair.body.find((r: { reviewer: string }) => r.reviewer === 'Ada Lovelace (Reviewer 1)');
    expect(forChair.versions[1].changes.commentsChair).toEqual({
      changed: false,
      old: REVIEW.comments.chair,
      new: REVIEW.comments.chair,
    });
    const rows = await env.t.db
      .select()
      .from(reviewVersionsTable)
      .where(eq(reviewVersionsTable.paperId, paper));
    expect(rows.filter((v) => v.reviewId === r1Review._id).map((v) => v.version)).toEqual([1, 2]);
  });

  it('lists the discussions by activity with unread counts and the score spread', async () => {
    const res = await env.t.call('get', `/api/chair/discussion?track=${track}`, env.chair.auth);
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(res.body.count));
    const row = res.body.data[0];
    expect(row).toMatchObject({
      paper,
      title: 'Discussed paper',
      track,
      reviews: 2,
      spread: 2,
      disagreement: true,
    });
    expect(row.comments).toBeGreaterThan(4);
    const calm = await env.t.call(
      'get',
      `/api/chair/discussion?track=${track}&threshold=4&disagreement=true`,
      env.chair.auth,
    );
    expect(calm.body.data).toEqual([]);
    const bad = await env.t.call('get', '/api/chair/discussion?threshold=-1', env.chair.auth);
    expect(bad.status).toBe(400);
    const tc = await env.t.call('get', '/api/cochair/discussion', trackChair.auth);
    expect(tc.body.data.map((x: { paper: number }) => x.paper)).toContain(paper);
    expect(tc.body.data.map((x: { track: number }) => x.track).every((t: number) => t === track)).toBe(true);
  });

  it("counts each paper's unread comments against that paper's own read mark, with marks on several papers", async () => {
    const other = await post('reviewer', elsewhere.auth, otherPaper, {
      text: 'On the other paper.',
      visibility: 'reviewers',
    });
    expect(other.status).toBe(201);
    for (const p of [paper, otherPaper])
      expect(
        (await env.t.call('put', `/api/chair/discussion/${p}/read`, env.chair.auth).send({})).status,
      ).toBe(200);
    const more = await post('reviewer', r1.auth, paper, {
      text: 'One more thought.',
      visibility: 'reviewers',
    });
    expect(more.status).toBe(201);
    const res = await env.t.call('get', '/api/chair/discussion', env.chair.auth);
    expect(res.status).toBe(200);
    const unread = Object.fromEntries(
      (res.body.data as { paper: number; unread: number }[]).map((x) => [x.paper, x.unread]),
    );
    expect(unread[paper]).toBe(1);
    expect(unread[otherPaper]).toBe(0);
  });

  it('sends the digest once per person, at most once an hour, even with two application instances', async () => {
    await env.t.db.delete(outboxTable).where(eq(outboxTable.kind, 'discussion-digest'));
    const second = await secondInstance(env);
    try {
      const a = env.t.app.get(DiscussionService);
      const b = second.app.get(DiscussionService);
      await Promise.all([a.runDigests(), b.runDigests(), a.runDigests(), b.runDigests()]);
      const first = await mails('discussion-digest');
      const recipients = first.map((m) => m.to[0]).sort();
      expect(new Set(recipients).size).toBe(recipients.length);
      expect(recipients).toEqual(expect.arrayContaining([r2.email, trackChair.email]));
      for (const outsider of [early, elsewhere, conflicted, otherTrackChair, author])
        expect(recipients).not.toContain(outsider.email);
      const r2Mail = first.find((m) => m.to[0] === r2.email)!;
      expect(r2Mail.text).not.toMatch(/Between chairs|Ada Lovelace/);
      expect(r2Mail.text).toContain('Reviewer 1: @Reviewer2 do you agree?');
      // A new comment within the hour waits.
      await post('chair', env.chair.auth, paper, { text: 'Decision on Friday.', visibility: 'reviewers' });
      await Promise.all([a.runDigests(), b.runDigests()]);
      expect((await mails('discussion-digest')).length).toBe(first.length);
      // An hour later it goes, once.
      await env.t.db.update(discussionDigestsTable).set({ lastSentAt: sql`now() - interval '61 minutes'` });
      await Promise.all([a.runDigests(), b.runDigests(), a.runDigests()]);
      const later = (await mails('discussion-digest')).slice(first.length);
      const again = later.map((m) => m.to[0]).sort();
      expect(new Set(again).size).toBe(again.length);
      expect(again).toContain(r2.email);
      expect(again).not.toContain(env.chair.email);
      expect(
        later.every((m) => m.text.includes('Decision on Friday.') && !m.text.includes('do you agree')),
      ).toBe(true);
    } finally {
      await second.close();
    }
  });

  // Only PostgreSQL runs transactions side by side (PGlite one at a time: nothing commits out of order there).
  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    'a comment that commits after a later-numbered one still reaches the digest (comments are written one at a time)',
    async () => {
      const a = env.t.app.get(DiscussionService);
      const due = () => env.t.db.update(discussionDigestsTable).set({ lastSentAt: null });
      await due();
      await a.runDigests();
      const last = Math.max(0, ...(await mails('discussion-digest')).map((m) => m.id));
      // A trigger holds the transaction of a comment starting 'Held:' after its insert (its id taken) until
      // this test's own connection lets go of an advisory lock.
      const held = new pg.Client({ connectionString: await databaseUrlOf(env) });
      await held.connect();
      const waiting = async () =>
        Number(
          (
            await held.query(
              `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
            )
          ).rows[0].n,
        );
      try {
        await held.query(`create function hold_comment() returns trigger language plpgsql as $$
          begin perform pg_advisory_xact_lock_shared(4242); return null; end $$`);
        await held.query(`create trigger hold_comment after insert on discussion_comments for each row
          when (new.text like 'Held:%') execute function hold_comment()`);
        await held.query('select pg_advisory_lock(4242)');
        const body = (text: string) => ({ text, visibility: 'reviewers' });
        const first = Promise.resolve(
          post('chair', env.chair.auth, paper, body('Held: decision on Monday.')),
        );
        await until('the held comment to wait', async () => (await waiting()) === 1);
        // A second comment while the first is held: it gets the next id; without one comment at a time it
        // commits first and a digest pass now would move the marks over the held comment's id
        let secondDone = false;
        const second = Promise.resolve(
          post('chair', env.chair.auth, paper, body('Next: the rebuttal is in.')),
        ).then((r) => ((secondDone = true), r));
        await until(
          'the second comment to commit or wait',
          async () => secondDone || (await waiting()) === 2,
        );
        await a.runDigests();
        await held.query('select pg_advisory_unlock(4242)');
        expect((await first).status).toBe(201);
        expect((await second).status).toBe(201);
        await due();
        await a.runDigests();
        const texts = new Map<string, string>();
        for (const m of await mails('discussion-digest'))
          if (m.id > last) texts.set(m.to[0]!, (texts.get(m.to[0]!) ?? '') + m.text);
        for (const reader of [r1, r2, trackChair]) {
          const text = texts.get(reader.email) ?? '';
          expect([reader.email, text.split('Held: decision').length - 1]).toEqual([reader.email, 1]);
          expect([reader.email, text.split('Next: the rebuttal').length - 1]).toEqual([reader.email, 1]);
        }
      } finally {
        await held.query('select pg_advisory_unlock_all()'); // a held comment would block the drop
        await held.query('drop trigger if exists hold_comment on discussion_comments');
        await held.query('drop function if exists hold_comment()');
        await held.end();
      }
    },
  );
});

/**
 * A second application instance on the same database: on PostgreSQL its own pool on the same database (two
 * processes' worth of connections); on PGlite the same embedded handle (one process).
 */
async function secondInstance(env: ReviewsEnv) {
  if (process.env.TEST_DATABASE_URL) {
    const handle = await openDatabase({ databaseUrl: await databaseUrlOf(env) });
    const app = await createApp(testConfig(), { handle, logger: ['error'] });
    return { app, close: () => app.close() };
  }
  return { app: env.t.app, close: async () => undefined };
}

/** The URL of the test's own database on the PostgreSQL server of TEST_DATABASE_URL. */
async function databaseUrlOf(env: ReviewsEnv): Promise<string> {
  const result = (await env.t.db.execute(sql`select current_database() as db`)) as unknown as {
    rows: { db: string }[];
  };
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${result.rows[0]!.db}`;
  return u.toString();
}
