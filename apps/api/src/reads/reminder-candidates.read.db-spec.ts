import type { ReminderKind } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../database/database.js';
import { paperAuthorsTable, paperConsentsTable, papersTable } from '../modules/papers/papers.table.js';
import { metaReviewsTable, reviewRequestsTable } from '../modules/reviews/reviews.table.js';
import { statusesTable, tracksTable } from '../modules/tracks/tracks.table.js';
import { usersTable } from '../modules/users/users.table.js';
import { ReminderCandidatesRead } from './reminder-candidates.read.js';

const now = new Date('2030-01-10T00:00:00.000Z');
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);

describe('ReminderCandidatesRead', () => {
  let h: DatabaseHandle;
  let read: ReminderCandidatesRead;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    h = await openDatabase({ inMemory: true });
    read = new ReminderCandidatesRead(h.db);
    const db = h.db;
    const [a, b] = await db
      .insert(tracksTable)
      .values([
        {
          name: 'A',
          canSubmitCameraReadyDeadline: inDays(3),
          canSubmitPresentationReadyDeadline: inDays(10),
        },
        {
          name: 'B',
          canSubmitCameraReadyDeadline: inDays(-1),
          canSubmitPresentationReadyDeadline: inDays(-1),
        },
      ])
      .returning();
    const [accept, reject] = await db
      .insert(statusesTable)
      .values([
        { text: 'Accept', position: 2, isAccepted: true },
        { text: 'Reject', position: 3 },
      ])
      .returning();
    const users = await db
      .insert(usersTable)
      .values(
        ['ann', 'bob', 'cy', 'rev', 'mute', 'rev2'].map((n) => ({
          firstName: n,
          lastName: n.toUpperCase(),
          email: `${n}@x.org`,
          lockStatus: n === 'cy',
          notify: n !== 'mute',
        })),
      )
      .returning();
    id.trackA = a!.id;
    for (const u of users) id[u.firstName] = u.id;
    const paper = (title: string, v: Partial<typeof papersTable.$inferInsert>) => ({
      title,
      abstractText: '',
      trackId: a!.id,
      statusId: accept!.id,
      ...v,
    });
    const papers = await db
      .insert(papersTable)
      .values([
        paper('p1', { primaryAuthorId: id.bob, registration: { id: 'R1', author: id.ann! } as never }),
        paper('p2', { submittedCameraReady: true, primaryAuthorId: id.ann }),
        paper('p3', { statusId: reject!.id }),
        paper('p4', { trackId: b!.id }),
        paper('p5', { isDeleted: true }),
      ])
      .returning();
    for (const p of papers) id[p.title] = p.id;
    await db
      .insert(paperAuthorsTable)
      .values([
        { paperId: id.p1!, userId: id.ann!, position: 0 },
        { paperId: id.p1!, userId: id.bob!, position: 1 },
        { paperId: id.p1!, userId: id.cy!, position: 2 },
        { paperId: id.p2!, userId: id.bob!, position: 0 },
        { paperId: id.p2!, userId: id.ann!, position: 1 },
        ...['p3', 'p4', 'p5'].map((p) => ({ paperId: id[p]!, userId: id.ann!, position: 0 })),
      ]);
    await db.insert(paperConsentsTable).values({
      paperId: id.p1!,
      userId: id.ann!,
      agreementVersion: 1,
      agreementHtml: '',
      signatureName: 'Ann',
      font: 'f',
      jpeg: Buffer.from(''),
    });
    const request = (
      paper: string,
      reviewer: string,
      v: Partial<typeof reviewRequestsTable.$inferInsert>,
    ) => ({
      trackId: a!.id,
      paperId: id[paper]!,
      reviewerId: id[reviewer]!,
      replyDueAt: inDays(2),
      dueAt: inDays(4),
      ...v,
    });
    const requests = await db
      .insert(reviewRequestsTable)
      .values([
        request('p1', 'rev', {}),
        request('p2', 'rev', { waiting: false }),
        request('p1', 'rev2', { waiting: false, reviewed: true }),
        request('p2', 'rev2', { declined: true }),
        request('p1', 'mute', {}),
        request('p5', 'rev2', {}),
      ])
      .returning();
    requests.forEach((r, i) => (id[`rr${i + 1}`] = r.id));
  });
  afterAll(() => h.close());

  const opts = { trackIds: [] as number[], windowDays: 5, now };
  const who = (rows: { email: string; paperTitle: string; requestId: number | null }[]) =>
    rows.map((r) => `${r.email} ${r.paperTitle}${r.requestId === null ? '' : ` #${r.requestId}`}`);

  it('answers the full row of each author of an accepted paper due within the window, by paper then author', async () => {
    expect(await read.candidates('cameraReadyNotSubmitted', opts)).toEqual([
      {
        userId: id.ann,
        firstName: 'ann',
        lastName: 'ANN',
        email: 'ann@x.org',
        paperId: id.p1,
        paperTitle: 'p1',
        requestId: null,
        trackId: expect.any(Number),
        deadline: inDays(3),
      },
      expect.objectContaining({ userId: id.bob, paperId: id.p1, deadline: inDays(3) }),
    ]);
  });

  it('reminds only the primary author when asked, and leaves out excluded or other tracks', async () => {
    expect(who(await read.candidates('cameraReadyNotSubmitted', { ...opts, recipients: 'primary' }))).toEqual(
      ['bob@x.org p1'],
    );
    const [p1] = await read.candidates('cameraReadyNotSubmitted', opts);
    expect(
      await read.candidates('cameraReadyNotSubmitted', { ...opts, excludeTrackIds: [p1!.trackId] }),
    ).toEqual([]);
    expect(
      await read.candidates('cameraReadyNotSubmitted', { ...opts, trackIds: [p1!.trackId + 1] }),
    ).toEqual([]);
    expect(
      who(await read.candidates('cameraReadyNotSubmitted', { ...opts, trackIds: [p1!.trackId] })),
    ).toEqual(['ann@x.org p1', 'bob@x.org p1']);
  });

  it('reads consent and registration from the paper, the deadline window from the track', async () => {
    expect(who(await read.candidates('consentNotSigned', opts))).toEqual(['bob@x.org p2', 'ann@x.org p2']);
    expect(who(await read.candidates('notRegistered', opts))).toEqual(['bob@x.org p2', 'ann@x.org p2']);
    expect(await read.candidates('presentationReadyNotSubmitted', opts)).toEqual([]);
    expect(who(await read.candidates('presentationReadyNotSubmitted', { ...opts, windowDays: 14 }))).toEqual([
      'ann@x.org p1',
      'bob@x.org p1',
      'bob@x.org p2',
      'ann@x.org p2',
    ]);
  });

  it('answers the reviewers of open review requests by request, with their date', async () => {
    const unanswered = await read.candidates('reviewRequestNotAnswered', opts);
    expect(who(unanswered)).toEqual([`rev@x.org p1 #${id.rr1}`]);
    expect(unanswered[0]!.deadline).toEqual(inDays(2));
    const late = await read.candidates('reviewNotSubmitted', opts);
    expect(who(late)).toEqual([`rev@x.org p2 #${id.rr2}`]);
    expect(late[0]!.deadline).toEqual(inDays(4));
    expect(await read.candidates('reviewNotSubmitted', { ...opts, now: inDays(5) })).toEqual([]);
  });

  it('reminds a meta-reviewer until the meta-review is submitted (a draft does not count)', async () => {
    const [metaRequest] = await h.db
      .insert(reviewRequestsTable)
      .values({
        trackId: id.trackA!,
        paperId: id.p1!,
        reviewerId: id.ann!,
        role: 'meta',
        waiting: false,
        replyDueAt: inDays(2),
        dueAt: inDays(3),
      })
      .returning();
    const meta = `ann@x.org p1 #${metaRequest!.id}`;
    try {
      const late = async () => who(await read.candidates('reviewNotSubmitted', opts));
      expect(await late()).toEqual([`rev@x.org p2 #${id.rr2}`, meta]);
      const [draft] = await h.db
        .insert(metaReviewsTable)
        .values({
          requestId: metaRequest!.id,
          paperId: id.p1!,
          reviewerId: id.ann!,
          trackId: id.trackA!,
          round: 1,
        })
        .returning();
      expect(await late()).toContain(meta); // a draft is not a meta-review yet
      // as MetaReviewsService.save does on submit: the meta-review and, in the same transaction, its request
      await h.db.update(metaReviewsTable).set({ submittedAt: now });
      await h.db
        .update(reviewRequestsTable)
        .set({ reviewed: true })
        .where(eq(reviewRequestsTable.id, metaRequest!.id));
      expect(await late()).toEqual([`rev@x.org p2 #${id.rr2}`]);
      expect(draft).toBeDefined();
    } finally {
      await h.db.delete(reviewRequestsTable).where(eq(reviewRequestsTable.id, metaRequest!.id));
    }
  });

  it('answers nobody for a kind it does not know', async () => {
    expect(await read.candidates('unknown' as ReminderKind, opts)).toEqual([]);
  });
});
