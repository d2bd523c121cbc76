import { openDatabase, type DatabaseHandle } from '../database/database.js';
import { paperAuthorsTable, papersTable } from '../modules/papers/papers.table.js';
import { sessionPapersTable, sessionsTable } from '../modules/programme/programme.table.js';
import { reviewRequestsTable, reviewsTable } from '../modules/reviews/reviews.table.js';
import { statusesTable, tracksTable } from '../modules/tracks/tracks.table.js';
import { usersTable } from '../modules/users/users.table.js';
import { ReportFiguresRead } from './report-figures.read.js';

describe('ReportFiguresRead', () => {
  let h: DatabaseHandle;
  let read: ReportFiguresRead;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    h = await openDatabase({ inMemory: true });
    read = new ReportFiguresRead(h.db);
    const db = h.db;
    const tracks = await db
      .insert(tracksTable)
      .values([
        { name: 'T1', position: 1 },
        { name: 'T2', position: 0 },
        { name: 'T3', position: 2 },
      ])
      .returning();
    for (const t of tracks) id[t.name] = t.id;
    const [awaiting] = await db.select().from(statusesTable);
    const [accept, reject] = await db
      .insert(statusesTable)
      .values([
        { text: 'Accept', position: 10, isAccepted: true },
        { text: 'Reject', position: 11 },
      ])
      .returning();
    const users = await db
      .insert(usersTable)
      .values(
        [
          { firstName: 'ann', country: 'PT' },
          { firstName: 'bob', country: 'PT', isRegistered: true, isReviewer: true, reviewerTracks: [id.T1!] },
          { firstName: 'cy', isCoChair: true, coChairTracks: [id.T2!] },
          { firstName: 'dan', country: ' ', sessionChairSessions: [5] },
          { firstName: 'eve', country: 'FR', isAdmin: true },
        ].map((u) => ({ lastName: u.firstName.toUpperCase(), email: `${u.firstName}@x.org`, ...u })),
      )
      .returning();
    for (const u of users) id[u.firstName] = u.id;
    const paper = (title: string, track: string, v: Partial<typeof papersTable.$inferInsert>) => ({
      title,
      abstractText: '',
      trackId: id[track]!,
      ...v,
    });
    const papers = await db
      .insert(papersTable)
      .values([
        paper('p1', 'T1', {
          statusId: accept!.id,
          registration: { id: 'R1', amount: 100, author: id.ann! } as never,
          otherRegistrations: [
            { id: 'O1', amount: 20 },
            { id: 'O2', amount: 'x' },
          ] as never,
          submittedCameraReady: true,
          acceptanceLetterEnabled: true,
        }),
        paper('p2', 'T1', { statusId: reject!.id, primaryAuthorId: id.bob }),
        paper('p3', 'T2', {}),
        paper('p4', 'T2', { statusId: awaiting!.id }),
        paper('p5', 'T1', { statusId: accept!.id, isDeleted: true, acceptanceLetterEnabled: true }),
        paper('p6', 'T2', {
          statusId: accept!.id,
          primaryAuthorId: id.ann,
          certificateEnabled: true,
          invitationLetterEnabled: true,
        }),
      ])
      .returning();
    for (const p of papers) id[p.title] = p.id;
    await db.insert(paperAuthorsTable).values([
      { paperId: id.p1!, userId: id.ann!, position: 0 },
      { paperId: id.p2!, userId: id.ann!, position: 0 },
      { paperId: id.p3!, userId: id.bob!, position: 0 },
      { paperId: id.p6!, userId: id.ann!, position: 0 },
    ]);
    const due = { replyDueAt: new Date(), dueAt: new Date() };
    const requests = await db
      .insert(reviewRequestsTable)
      .values([
        { trackId: id.T1!, paperId: id.p1!, reviewerId: id.bob!, waiting: false, reviewed: true, ...due },
        { trackId: id.T1!, paperId: id.p2!, reviewerId: id.bob!, declined: true, ...due },
        { trackId: id.T2!, paperId: id.p3!, reviewerId: id.eve!, ...due },
      ])
      .returning();
    requests.forEach((r, i) => (id[`rr${i + 1}`] = r.id));
    await db
      .insert(reviewsTable)
      .values({ requestId: id.rr1!, trackId: id.T1!, paperId: id.p1!, reviewerId: id.bob!, draft: false });
    const sessions = await db
      .insert(sessionsTable)
      .values([
        { kind: 'technical', number: 5, title: 'S5', trackId: id.T2 },
        { kind: 'tutorial', number: 1, title: 'Tutorial' },
      ])
      .returning();
    id.s5 = sessions[0]!.id;
    await db.insert(sessionPapersTable).values([
      { paperId: id.p6!, sessionId: id.s5, position: 0 },
      { paperId: id.p2!, sessionId: id.s5, position: 1 },
      { paperId: id.p3!, sessionId: sessions[1]!.id, position: 0 },
    ]);
  });
  afterAll(() => h.close());

  it('counts the papers of each track of the scope by decision, in track order', async () => {
    const zero = { total: 0, accepted: 0, rejected: 0, pending: 0 };
    expect(await read.papersByTrackAndDecision(null)).toEqual([
      { trackId: id.T2, track: 'T2', total: 3, accepted: 1, rejected: 0, pending: 2 },
      { trackId: id.T1, track: 'T1', total: 2, accepted: 1, rejected: 1, pending: 0 },
      { trackId: id.T3, track: 'T3', ...zero },
    ]);
    expect(await read.papersByTrackAndDecision([id.T3!])).toEqual([{ trackId: id.T3, track: 'T3', ...zero }]);
    expect(await read.papersByTrackAndDecision([])).toEqual([]);
  });

  it('counts the papers by status (no status last) and the accepted papers’ progress', async () => {
    expect(await read.papersByStatus(null)).toEqual([
      { label: 'Awaiting Decision', count: 1 },
      { label: 'Accept', count: 2 },
      { label: 'Reject', count: 1 },
      { label: 'No status', count: 1 },
    ]);
    expect(await read.papersByStatus([id.T1!])).toEqual([
      { label: 'Accept', count: 1 },
      { label: 'Reject', count: 1 },
    ]);
    expect(await read.readyProgress(null)).toEqual({
      accepted: 2,
      crSubmitted: 1,
      crApproved: 0,
      prSubmitted: 0,
      prApproved: 0,
    });
    expect(await read.readyProgress([])).toEqual({
      accepted: 0,
      crSubmitted: 0,
      crApproved: 0,
      prSubmitted: 0,
      prApproved: 0,
    });
  });

  it('answers each reviewer’s load, most requests first', async () => {
    expect(await read.reviewerLoad(null)).toEqual([
      {
        reviewerId: id.bob,
        name: 'bob BOB',
        email: 'bob@x.org',
        requests: 2,
        accepted: 1,
        declined: 1,
        waiting: 0,
        submitted: 1,
      },
      {
        reviewerId: id.eve,
        name: 'eve EVE',
        email: 'eve@x.org',
        requests: 1,
        accepted: 0,
        declined: 0,
        waiting: 1,
        submitted: 0,
      },
    ]);
    expect((await read.reviewerLoad([id.T2!])).map((r) => r.reviewerId)).toEqual([id.eve]);
  });

  it('sums the registrations of each track (amounts that are not numbers count 0)', async () => {
    const none = { papers: 0, registered: 0, mainAmount: 0, otherCount: 0, otherAmount: 0 };
    expect(await read.registrationsByTrack(null)).toEqual([
      { track: 'T2', ...none, papers: 3 },
      { track: 'T1', papers: 2, registered: 1, mainAmount: 100, otherCount: 2, otherAmount: 20 },
      { track: 'T3', ...none },
    ]);
  });

  it('lists the reconciliation lists', async () => {
    expect(await read.acceptedNotRegistered(null)).toEqual([{ id: id.p6, title: 'p6' }]);
    expect(await read.acceptedNotRegistered([id.T1!])).toEqual([]);
    expect(await read.scheduledPresenterNotRegistered(null)).toEqual([
      { id: id.p3, title: 'p3', presenterId: null, presenter: '' },
      { id: id.p6, title: 'p6', presenterId: id.ann, presenter: 'ann ANN' },
    ]);
    const chairs = [{ sessionId: id.s5, number: 5, title: 'S5', userId: id.dan, name: 'dan DAN' }];
    expect(await read.sessionChairNotRegistered(null)).toEqual(chairs);
    // a session of another track with a paper of the scope
    expect(await read.sessionChairNotRegistered([id.T1!])).toEqual(chairs);
    expect(await read.sessionChairNotRegistered([id.T3!])).toEqual([]);
    expect(await read.lettersNotDownloaded(null)).toEqual([
      { id: id.p1, title: 'p1', kind: 'acceptance' },
      { id: id.p6, title: 'p6', kind: 'certificate' },
      { id: id.p6, title: 'p6', kind: 'invitation' },
    ]);
    expect(await read.lettersNotDownloaded([id.T1!])).toEqual([
      { id: id.p1, title: 'p1', kind: 'acceptance' },
    ]);
  });

  it('counts the people of the scope by role and country, and lists them', async () => {
    expect(await read.usersByRole(null)).toEqual({
      total: 5,
      admins: 1,
      chairs: 0,
      trackChairs: 1,
      reviewers: 1,
      sessionChairs: 1,
      authors: 2,
      registered: 1,
    });
    expect(await read.usersByRole([id.T1!])).toEqual({
      total: 2,
      admins: 0,
      chairs: 0,
      trackChairs: 0,
      reviewers: 1,
      sessionChairs: 0,
      authors: 1,
      registered: 1,
    });
    expect(await read.usersByCountry(null)).toEqual([
      { label: 'PT', count: 2 },
      { label: 'Unknown', count: 2 },
      { label: 'FR', count: 1 },
    ]);
    expect(await read.reviewersByTrack(null)).toEqual([
      { label: 'T2', count: 0 },
      { label: 'T1', count: 1 },
      { label: 'T3', count: 0 },
    ]);
    expect(await read.userList([id.T1!])).toEqual([
      {
        id: id.ann,
        name: 'ann ANN',
        email: 'ann@x.org',
        organization: '',
        country: 'PT',
        registered: false,
        roles: '',
      },
      {
        id: id.bob,
        name: 'bob BOB',
        email: 'bob@x.org',
        organization: '',
        country: 'PT',
        registered: true,
        roles: 'Reviewer',
      },
    ]);
    expect(await read.userList([])).toEqual([]);
  });

  it('answers the review requests of papers, by paper then id', async () => {
    expect(await read.requestIdsOfPapers([id.p2!, id.p1!])).toEqual([id.rr1, id.rr2]);
    expect(await read.requestIdsOfPapers([])).toEqual([]);
  });
});
