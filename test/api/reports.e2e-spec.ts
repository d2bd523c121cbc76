/**
 * Reports: POST /api/{chair|cochair}/reports/generate (User, Paper; bad category 400, nothing stored), the
 * figures and reconciliation lists against a seeded conference, the list newest first, one report, the
 * xlsx (opened again with exceljs: one sheet per table), and a track chair's reach (their tracks, their
 * reports; another's is a 404 like a missing one).
 */
import { REPORT_MESSAGES, type ReportDto, type ReportSummary } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { issuedDocumentsTable } from '../../apps/api/src/modules/letters/letters.table.js';
import { sessionPapersTable, sessionsTable } from '../../apps/api/src/modules/programme/programme.table.js';
import { reportsTable } from '../../apps/api/src/modules/reports/reports.table.js';
import { reviewRequestsTable, reviewsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { binary, setupChair, type ChairEnv } from './papers-chair.helpers.js';

const count = (s: ReportSummary, key: string, label: string) =>
  s.counts[key]?.find((c) => c.label === label)?.count;
const table = (s: ReportSummary, title: string) => s.tables.find((t) => t.title === title)!;
const list = (s: ReportSummary, key: string) => s.reconciliation!.find((l) => l.key === key)!;

describe('reports', () => {
  let env: ChairEnv;
  let accepted1: number, accepted2: number, rejectedB: number, pendingA: number;
  let reviewer: Awaited<ReturnType<ChairEnv['t']['user']>>;
  let sessionChair: Awaited<ReturnType<ChairEnv['t']['user']>>;

  beforeAll(async () => {
    env = await setupChair();
    const { t, alice, bob, status, trackA, trackB } = env;
    // alice registered (conference view), bob not
    await t.db
      .update(usersTable)
      .set({ isRegistered: true, country: 'Spain' })
      .where(eq(usersTable.id, alice.id));
    // A1: accepted, registered (amount 100, one other registration of 50), camera-ready approved, letters enabled
    accepted1 = (
      await env.paper(
        {
          title: 'Registered <b>paper</b>',
          statusId: status.accept,
          registration: { author: alice.id, id: '1234', amount: 100, extra: '' },
          otherRegistrations: [{ author: null, id: '5678', amount: 50, extra: '' }],
          submittedCameraReady: true,
          isCameraReady: true,
          acceptanceLetterEnabled: true,
          certificateEnabled: true,
        },
        [alice.id],
      )
    ).id;
    // A2: accepted, no registration of its own: reconciliation, although its co-author alice is registered
    // (through A1)
    accepted2 = (
      await env.paper(
        { title: 'Unregistered paper', statusId: status.revision, submittedCameraReady: true },
        [bob.id, alice.id],
      )
    ).id;
    pendingA = (await env.paper({ title: 'Pending paper' }, [bob.id])).id;
    rejectedB = (
      await env.paper({ title: 'Rejected paper', trackId: trackB, statusId: status.reject }, [bob.id])
    ).id;
    await env.paper({ title: 'Deleted paper', isDeleted: true, statusId: status.accept }, [bob.id]);

    // the acceptance letter of A1 was downloaded, the certificate was not
    await t.db.insert(issuedDocumentsTable).values({
      code: 'ABC123',
      kind: 'acceptance',
      paperId: accepted1,
      recipientName: 'Alice Zephyr',
      params: { kind: 'acceptance', values: {}, template: { custom: false, updatedAt: null } },
      pdf: Buffer.from('%PDF-1.4'),
      size: 8,
      sha256: 'x',
      fileName: 'letter.pdf',
      downloads: 2,
    });

    // a technical session holding A2 (presenter bob: not registered) chaired by an unregistered user
    sessionChair = await t.user({ firstName: 'Sam', lastName: 'Chair' });
    const [session] = await t.db
      .insert(sessionsTable)
      .values({ kind: 'technical', number: 7, title: 'Graphs', trackId: trackA })
      .returning();
    await t.db.insert(sessionPapersTable).values({ paperId: accepted2, sessionId: session!.id, position: 0 });
    await t.db
      .update(usersTable)
      .set({ sessionChairSessions: [7] })
      .where(eq(usersTable.id, sessionChair.id));

    // a reviewer of track A: two requests, one reviewed (submitted), one waiting; a track B request declined
    reviewer = await t.user({
      firstName: 'Rita',
      lastName: 'Reviewer',
      roles: { reviewer: { is: true, tracks: [trackA, trackB], count: 0 } },
    });
    const due = new Date(Date.now() + 86400000);
    const [r1, , r3] = await t.db
      .insert(reviewRequestsTable)
      .values([
        {
          trackId: trackA,
          paperId: accepted1,
          reviewerId: reviewer.id,
          waiting: false,
          reviewed: true,
          replyDueAt: due,
          dueAt: due,
        },
        { trackId: trackA, paperId: pendingA, reviewerId: reviewer.id, replyDueAt: due, dueAt: due },
        {
          trackId: trackB,
          paperId: rejectedB,
          reviewerId: reviewer.id,
          waiting: false,
          declined: true,
          replyDueAt: due,
          dueAt: due,
        },
      ])
      .returning();
    void r3;
    await t.db.insert(reviewsTable).values({
      requestId: r1!.id,
      trackId: trackA,
      paperId: accepted1,
      reviewerId: reviewer.id,
      quality: 8,
      contribution: 7,
      originality: 6,
      final: 2,
      draft: false,
      submittedAt: new Date(),
    });
  });

  afterAll(() => env.close());

  const generate = (auth: [string, string], category: unknown, prefix = 'chair') =>
    env.t.call('post', `/api/${prefix}/reports/generate`, auth).send({ category });

  it('refuses a bad category with the message, storing nothing', async () => {
    for (const category of ['Papers', '', null, 3, ['User']]) {
      const res = await generate(env.chair.auth, category);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(REPORT_MESSAGES.category);
    }
    const res = await env.t.call('post', '/api/chair/reports/generate', env.chair.auth).send('x');
    expect(res.status).toBe(400);
    expect(await env.t.db.select({ id: reportsTable.id }).from(reportsTable)).toEqual([]);
  });

  let paperReport: ReportDto;

  it('builds the paper report of every track', async () => {
    const res = await generate(env.chair.auth, 'Paper');
    expect(res.status).toBe(201);
    paperReport = res.body as ReportDto;
    const s = paperReport.summary;
    expect(paperReport.category).toBe('Paper');
    expect(paperReport.trackIds).toBeNull();
    expect(paperReport.createdBy).toBe(env.chair.id);
    expect(paperReport.downloadUrl).toBe(`reports/${paperReport._id}/xlsx`);
    // papers by track (deleted left out), by status, by decision
    expect(s.counts.papersByTrack).toEqual([
      { label: 'Algorithms', count: 3 },
      { label: 'Bioinformatics', count: 1 },
    ]);
    expect(count(s, 'papersByStatus', 'Accept')).toBe(1);
    expect(count(s, 'papersByStatus', 'Reject')).toBe(1);
    expect(s.counts.papersByDecision).toEqual([
      { label: 'Accepted', count: 2 },
      { label: 'Rejected', count: 1 },
      { label: 'Pending', count: 1 },
    ]);
    expect(table(s, 'Acceptance rate per track').rows).toEqual([
      ['Algorithms', 3, 2, 0, 1, '66.7%', '100%'],
      ['Bioinformatics', 1, 0, 1, 0, '0%', '0%'],
    ]);
    // camera-ready among the 2 accepted: 1 approved, 1 submitted only; presentation-ready missing for both
    expect(s.counts.cameraReady).toEqual([
      { label: 'Approved', count: 1 },
      { label: 'Submitted, not approved', count: 1 },
      { label: 'Missing', count: 0 },
    ]);
    expect(count(s, 'presentationReady', 'Missing')).toBe(2);
    // reviewer load: 3 requests, 1 accepted (reviewed), 1 declined, 1 waiting, 1 submitted
    expect(table(s, 'Reviewer load and completion').rows).toEqual([
      ['Rita Reviewer', reviewer.email, 3, 1, 1, 1, 1, '100%'],
    ]);
    expect(s.counts.reviewRequestsByState).toEqual([
      { label: 'Waiting', count: 1 },
      { label: 'Accepted, not reviewed', count: 0 },
      { label: 'Reviewed', count: 1 },
      { label: 'Declined', count: 1 },
    ]);
    // registrations: 1 registered paper, 100 + 50
    expect(table(s, 'Registrations and amounts by track').rows).toEqual([
      ['Algorithms', 3, 1, 100, 1, 50, 150],
      ['Bioinformatics', 1, 0, 0, 0, 0, 0],
      ['Total', 4, 1, 100, 1, 50, 150],
    ]);
    // reconciliation, each with its fix link
    expect(list(s, 'acceptedNotRegistered').items).toEqual([
      {
        label: `#${accepted2} Unregistered paper`,
        fixPath: `/EditPaperRegistration/${accepted2}`,
        paperId: accepted2,
      },
    ]);
    const presenters = list(s, 'scheduledPresenterNotRegistered').items;
    expect(presenters).toHaveLength(1);
    expect(presenters[0]).toMatchObject({
      paperId: accepted2,
      userId: env.bob.id,
      fixPath: `/EditPaperRegistration/${accepted2}`,
    });
    expect(list(s, 'sessionChairNotRegistered').items).toEqual([
      expect.objectContaining({
        userId: sessionChair.id,
        fixPath: `/EditContactInformation/${sessionChair.id}`,
        label: 'Session 7 Graphs — chair: Sam Chair',
      }),
    ]);
    expect(list(s, 'lettersNotDownloaded').items).toEqual([
      {
        label: `#${accepted1} Registered <b>paper</b> — Certificate of presentation`,
        fixPath: `/EditPaperDownloadLetter/${accepted1}`,
        paperId: accepted1,
      },
    ]);
    // stored
    const [row] = await env.t.db.select().from(reportsTable).where(eq(reportsTable.id, paperReport._id));
    expect(row!.category).toBe('Paper');
    expect(row!.size).toBe(row!.xlsx.length);
  });

  it('serves the xlsx with one sheet per table, series and list', async () => {
    const res = await env.t
      .call('get', `/api/chair/reports/${paperReport._id}/xlsx`, env.chair.auth)
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`report-Paper-${paperReport._id}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const names = wb.worksheets.map((w) => w.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Acceptance rate per track',
        'Papers by decision',
        'Reviewer load and completion',
      ]),
    );
    expect(names).toHaveLength(4 + 7 + 4);
    const rates = wb.getWorksheet('Acceptance rate per track')!;
    expect(rates.getRow(2).values).toEqual([undefined, 'Algorithms', 3, 2, 0, 1, '66.7%', '100%']);
    const letters = wb.worksheets.find((w) => w.name.startsWith('Enabled letters'))!;
    expect(letters.getRow(2).getCell(2).value).toBe(`/EditPaperDownloadLetter/${accepted1}`);
  });

  it('builds the user report', async () => {
    const res = await generate(env.chair.auth, 'User');
    expect(res.status).toBe(201);
    const s = (res.body as ReportDto).summary;
    expect(s.category).toBe('User');
    expect(s.reconciliation).toBeUndefined();
    expect(count(s, 'usersByRole', 'Authors')).toBe(2);
    expect(count(s, 'usersByRole', 'Reviewers')).toBe(1);
    expect(count(s, 'usersByRole', 'Track chairs')).toBe(1);
    expect(count(s, 'usersByRole', 'Session chairs')).toBe(1);
    expect(count(s, 'usersByCountry', 'Spain')).toBe(1);
    expect(count(s, 'usersRegistered', 'Registered')).toBe(1);
    expect(s.counts.reviewersByTrack).toEqual([
      { label: 'Algorithms', count: 1 },
      { label: 'Bioinformatics', count: 1 },
    ]);
  });

  it('lists reports newest first and shows one; a bad or missing id is a 404', async () => {
    const res = await env.t.call('get', '/api/chair/reports/', env.chair.auth);
    expect(res.status).toBe(200);
    expect((res.body as ReportDto[]).map((r) => r.category)).toEqual(['User', 'Paper']);
    const one = await env.t.call('get', `/api/chair/reports/${paperReport._id}`, env.chair.auth);
    expect(one.status).toBe(200);
    expect(one.body._id).toBe(paperReport._id);
    expect(one.body.summary.counts.papersByTrack).toHaveLength(2);
    for (const id of ['999999', 'abc', '0', '1e3']) {
      const r = await env.t.call('get', `/api/chair/reports/${id}`, env.chair.auth);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(REPORT_MESSAGES.notFound);
      const x = await env.t.call('get', `/api/chair/reports/${id}/xlsx`, env.chair.auth);
      expect(x.status).toBe(404);
    }
  });

  it('limits a track chair to their tracks and their own reports', async () => {
    const res = await generate(env.cochair.auth, 'Paper', 'cochair');
    expect(res.status).toBe(201);
    const mine = res.body as ReportDto;
    expect(mine.trackIds).toEqual([env.trackA]);
    const s = mine.summary;
    expect(s.counts.papersByTrack).toEqual([{ label: 'Algorithms', count: 3 }]);
    expect(s.counts.papersByDecision).toEqual([
      { label: 'Accepted', count: 2 },
      { label: 'Rejected', count: 0 },
      { label: 'Pending', count: 1 },
    ]);
    // the track B request is not theirs
    expect(table(s, 'Reviewer load and completion').rows[0]!.slice(2)).toEqual([2, 1, 0, 1, 1, '100%']);
    expect(list(s, 'sessionChairNotRegistered').items[0]!.fixPath).toBe('/ViewUsers');

    const users = await generate(env.cochair.auth, 'User', 'cochair');
    expect(users.status).toBe(201);
    // people of track A: alice and bob (authors), the reviewer, the track chair; not the chairs
    expect(count(users.body.summary, 'usersByRole', 'Chairs')).toBe(0);
    expect(count(users.body.summary, 'usersByRole', 'Authors')).toBe(2);
    expect(users.body.summary.counts.reviewersByTrack).toEqual([{ label: 'Algorithms', count: 1 }]);

    const listed = await env.t.call('get', '/api/cochair/reports', env.cochair.auth);
    expect((listed.body as ReportDto[]).map((r) => r._id)).toEqual([users.body._id, mine._id]);
    // the chair's report is not theirs: 404 as if missing, for the summary and the xlsx
    const other = await env.t.call('get', `/api/cochair/reports/${paperReport._id}`, env.cochair.auth);
    expect(other.status).toBe(404);
    const xlsx = await env.t.call('get', `/api/cochair/reports/${paperReport._id}/xlsx`, env.cochair.auth);
    expect(xlsx.status).toBe(404);
    // the chair sees everything
    const all = await env.t.call('get', '/api/chair/reports', env.chair.auth);
    expect(all.body).toHaveLength(4);
    // a track chair may not use the chair prefix; an author neither prefix
    expect((await env.t.call('get', '/api/chair/reports', env.cochair.auth)).status).toBe(403);
    expect((await env.t.call('get', '/api/cochair/reports', env.alice.auth)).status).toBe(403);
  });
});
