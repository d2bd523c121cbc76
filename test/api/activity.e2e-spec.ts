/**
 * The activity log (/ViewActivityReports/): entries written in the transaction of the change they record
 * (submission, decision, bulk edit, assignment, reply, review, impersonated withdrawal), nothing from a
 * refused or rolled-back write; POST /api/chair/activity (filters, pages, Content-Range), the xlsx export,
 * chairs only, bad filters 400.
 */
import { ACTIVITY_MESSAGES, type ActivityEntryDto } from '@symposium/domain';
import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { ActivityService } from '../../apps/api/src/modules/activity/activity.service.js';
import { TransactionRunner } from '../../apps/api/src/database/database.module.js';
import { setupChair, type ChairEnv } from './papers-chair.helpers.js';
import { pdf, submission } from './papers-author.helpers.js';

const REVIEW = {
  quality: 9,
  contribution: 8,
  originality: 7,
  final: 2,
  comments: { author: 'Clear.', chair: 'Good.' },
};

describe('activity log', () => {
  let env: ChairEnv;
  const http = () => env.t.http();
  const entries = (action: string) =>
    env.t.db
      .select()
      .from(auditLogTable)
      .where(eq(auditLogTable.action, action))
      .orderBy(desc(auditLogTable.id));
  const all = () => env.t.db.select().from(auditLogTable);
  const query = (body: unknown, auth = env.chair.auth) =>
    http()
      .post('/api/chair/activity')
      .set(...auth)
      .send(body as object);

  beforeAll(async () => {
    env = await setupChair();
  });
  afterAll(async () => {
    await env.close();
  });

  it('records a submission with its paper, track and a one-line summary', async () => {
    const res = await http()
      .post('/api/author/papers')
      .set(...env.alice.auth)
      .field('paper', JSON.stringify(submission(env.trackA, [env.alice.id])))
      .attach('files', pdf('activity'), 'paper.pdf');
    expect(res.status).toBe(201);
    const [entry] = await entries('paper.submit');
    expect(entry).toMatchObject({
      actorId: env.alice.id,
      impersonatorId: null,
      paperId: res.body._id,
      trackId: env.trackA,
      summary: `Submitted paper ${res.body._id} 'Graph colouring in practice'`,
    });
  });

  it('records a chair decision and a bulk edit; a refused decision writes nothing', async () => {
    const paper = await env.paper({ title: 'Decided paper' });
    const before = (await all()).length;
    const refused = await http()
      .put(`/api/chair/papers/${paper.id}`)
      .set(...env.chair.auth)
      .send({ status: 999999 });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect((await all()).length).toBe(before);

    const ok = await http()
      .put(`/api/chair/papers/${paper.id}`)
      .set(...env.chair.auth)
      .send({ status: env.status.reject });
    expect(ok.status).toBe(200);
    const [decision] = await entries('paper.decision');
    expect(decision).toMatchObject({
      actorId: env.chair.id,
      paperId: paper.id,
      trackId: env.trackA,
      summary: `Set the status of paper ${paper.id} 'Decided paper' to 'Reject'`,
      details: { statusId: env.status.reject, from: env.status.awaiting },
    });

    const other = await env.paper();
    const bulk = await http()
      .post('/api/chair/papers/bulk')
      .set(...env.chair.auth)
      .send({ ids: [paper.id, other.id], op: 'set', field: 'status', value: env.status.accept });
    expect(bulk.status).toBe(200);
    const [edit] = await entries('paper.bulkEdit');
    expect(edit).toMatchObject({
      actorId: env.chair.id,
      details: { field: 'status', value: env.status.accept, nModified: 2, ids: [paper.id, other.id] },
    });
    expect(edit!.summary).toContain('2 papers');
  });

  it('records an assignment, the reviewer’s reply and the review; a refused assignment writes nothing', async () => {
    const reviewer = await env.t.user({
      email: `rev.${Date.now()}@reviewers.example.com`,
      organization: 'Reviewer Institute',
      roles: { reviewer: { is: true, tracks: [env.trackA], count: 0 } },
    });
    const paper = await env.paper({ title: 'Reviewed paper' });
    const assign = () =>
      http()
        .post('/api/chair/review_requests')
        .set(...env.chair.auth)
        .send({ paper: paper.id, track: env.trackA, reviewer: reviewer.id });
    const res = await assign();
    expect(res.status).toBe(201);
    const [assigned] = await entries('review.assign');
    expect(assigned).toMatchObject({
      actorId: env.chair.id,
      subjectId: reviewer.id,
      paperId: paper.id,
      trackId: env.trackA,
      details: { requestId: res.body._id },
    });
    const before = (await all()).length;
    expect((await assign()).status).toBeGreaterThanOrEqual(400); // already a reviewer of the paper
    expect((await all()).length).toBe(before);

    const reply = await http()
      .put(`/api/reviewer/review_requests/${res.body._id}`)
      .set(...reviewer.auth)
      .send({ action: 'accept' });
    expect(reply.status).toBe(200);
    expect((await entries('review.reply'))[0]).toMatchObject({
      actorId: reviewer.id,
      paperId: paper.id,
      details: { accepted: true },
    });

    const review = await http()
      .put(`/api/reviewer/papers/${paper.id}`)
      .set(...reviewer.auth)
      .send(REVIEW);
    expect(review.status).toBe(200);
    expect((await entries('review.submit'))[0]).toMatchObject({
      actorId: reviewer.id,
      paperId: paper.id,
      trackId: env.trackA,
      summary: `Submitted a review of paper ${paper.id} 'Reviewed paper'`,
    });

    const other = await env.paper();
    const second = await http()
      .post('/api/chair/review_requests')
      .set(...env.chair.auth)
      .send({ paper: other.id, track: env.trackA, reviewer: reviewer.id });
    expect(second.status).toBe(201);
    const removed = await http()
      .delete(`/api/chair/review_requests/${second.body._id}`)
      .set(...env.chair.auth);
    expect(removed.status).toBe(200);
    expect((await entries('review.unassign'))[0]).toMatchObject({
      actorId: env.chair.id,
      subjectId: reviewer.id,
      paperId: other.id,
    });
  });

  it('records the impersonating chair beside the user who acted', async () => {
    const paper = await env.paper({ title: 'Withdrawn paper' }, [env.bob.id]);
    const imp = await http()
      .post(`/api/chair/users/impersonate/${encodeURIComponent(env.bob.email)}`)
      .set(...env.chair.auth);
    expect(imp.status).toBe(200);
    const res = await http()
      .delete(`/api/author/papers/${paper.id}`)
      .set('Authorization', `Bearer ${imp.body.accessToken}`);
    expect(res.status).toBe(200);
    const [entry] = await entries('paper.withdraw');
    expect(entry).toMatchObject({
      actorId: env.bob.id,
      impersonatorId: env.chair.id,
      paperId: paper.id,
      summary: `Withdrew paper ${paper.id} 'Withdrawn paper'`,
    });
    const listed = await query({ filter: { action: 'paper.withdraw' } });
    expect(listed.body.data[0]).toMatchObject({
      actor: { _id: env.bob.id, email: env.bob.email, name: 'Bob Young' },
      impersonator: { _id: env.chair.id, email: env.chair.email },
    });
    expect((await entries('impersonation.start'))[0]).toMatchObject({
      actorId: env.chair.id,
      subjectId: env.bob.id,
    });
  });

  it('writes nothing when the transaction of the change rolls back', async () => {
    const before = (await all()).length;
    const activity = env.t.app.get(ActivityService);
    await expect(
      env.t.app.get(TransactionRunner).run(async (tx) => {
        await activity.record(
          { actorId: env.chair.id, action: 'paper.edit', summary: 'never kept', paperId: 1 },
          tx,
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await all()).length).toBe(before);
    expect((await all()).some((r) => r.summary === 'never kept')).toBe(false);
  });

  describe('POST /api/chair/activity', () => {
    it('lists newest first with the total in Content-Range, page by page', async () => {
      const total = (await all()).length;
      const first = await query({ cp: 1, pg: 2 });
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(total);
      expect(first.body.data).toHaveLength(2);
      expect(first.headers['content-range']).toBe(`activity 0-1/${total}`);
      expect(first.headers['x-total-count']).toBe(String(total));
      const ids = (first.body.data as ActivityEntryDto[]).map((e) => e._id);
      expect(ids[0]).toBeGreaterThan(ids[1]!);
      const second = await query({ cp: 2, pg: 2 });
      expect(second.headers['content-range']).toBe(`activity 2-3/${total}`);
      expect((second.body.data as ActivityEntryDto[])[0]!._id).toBeLessThan(ids[1]!);
      const everything = await query({ pg: 1000 });
      expect(everything.body.data).toHaveLength(Math.min(total, 100));
      const beyond = await query({ cp: 1000 });
      expect(beyond.body.data).toEqual([]);
      expect(beyond.headers['content-range']).toBe(`activity */${total}`);
    });

    it('filters by action, group, actor, paper, track and dates', async () => {
      const rows = await all();
      const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length;
      const byAction = await query({ filter: { action: 'review.assign' } });
      expect(byAction.body.count).toBe(count((r) => r.action === 'review.assign'));
      expect(byAction.body.count).toBeGreaterThan(0);
      const group = await query({ filter: { action: 'review' } });
      expect(group.body.count).toBe(count((r) => r.action.startsWith('review.')));
      const actor = await query({ filter: { actor: 'bob young' } });
      expect(actor.body.count).toBe(count((r) => r.actorId === env.bob.id));
      const byEmail = await query({ filter: { actor: env.alice.email.toUpperCase() } });
      expect(byEmail.body.count).toBe(count((r) => r.actorId === env.alice.id));
      const paperId = rows.find((r) => r.action === 'paper.decision')!.paperId!;
      const paper = await query({ filter: { paperId } });
      expect(paper.body.count).toBe(count((r) => r.paperId === paperId));
      const track = await query({ filter: { trackId: env.trackA } });
      expect(track.body.count).toBe(count((r) => r.trackId === env.trackA));
      const today = new Date().toISOString().slice(0, 10);
      expect((await query({ filter: { from: today, to: today } })).body.count).toBe(rows.length);
      expect((await query({ filter: { to: '2000-01-01' } })).body.count).toBe(0);
      const empty = await query({ filter: { actor: 'nobody-at-all' } });
      expect(empty.body).toEqual({ count: 0, data: [] });
    });

    it('refuses bad filters with 400 and a message', async () => {
      const cases: [unknown, string][] = [
        [{ filter: { from: '2025-02-30' } }, ACTIVITY_MESSAGES.invalidDate],
        [{ filter: { to: '1/2/2025' } }, ACTIVITY_MESSAGES.invalidDate],
        [{ filter: { from: '2025-03-02', to: '2025-03-01' } }, ACTIVITY_MESSAGES.invalidRange],
        [{ filter: { action: "paper'; drop table" } }, ACTIVITY_MESSAGES.invalidAction],
        [{ filter: { paperId: -1 } }, ACTIVITY_MESSAGES.invalidFilter],
        [{ filter: { paperId: 99999999999 } }, ACTIVITY_MESSAGES.invalidFilter],
        [{ filter: { actor: 'x'.repeat(201) } }, ACTIVITY_MESSAGES.invalidFilter],
        [{ filter: { nope: 1 } }, ACTIVITY_MESSAGES.invalidFilter],
        [{ filter: [1] }, ACTIVITY_MESSAGES.invalidFilter],
        [{ cp: 0 }, ACTIVITY_MESSAGES.invalidPage],
        [{ pg: 'ten' }, ACTIVITY_MESSAGES.invalidPage],
      ];
      for (const [body, message] of cases) {
        const res = await query(body);
        expect([JSON.stringify(body), res.status, res.body.message]).toEqual([
          JSON.stringify(body),
          400,
          message,
        ]);
      }
    });

    it('is for chairs only', async () => {
      const cochair = await query({}, env.cochair.auth);
      expect([403, 404]).toContain(cochair.status);
      const author = await query({}, env.alice.auth);
      expect([403, 404]).toContain(author.status);
      const cochairExport = await http()
        .post('/api/chair/activity/export/xls')
        .set(...env.cochair.auth)
        .send({});
      expect([403, 404]).toContain(cochairExport.status);
      expect(
        (
          await http()
            .post('/api/cochair/activity')
            .set(...env.cochair.auth)
            .send({})
        ).status,
      ).toBe(404);
    });
  });

  describe('POST /api/chair/activity/export/xls', () => {
    const exportXls = (body: unknown) =>
      http()
        .post('/api/chair/activity/export/xls')
        .set(...env.chair.auth)
        .send(body as object)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });

    it('answers activity.xlsx with the filtered entries, newest first, at the conference time', async () => {
      // times in the conference's zone, named in the header (issue 21 item 11: they were UTC)
      await env.t.db.update(conferenceTable).set({ timeZone: 'Asia/Tokyo' });
      const res: Response = await exportXls({ filter: { action: 'review' } });
      await env.t.db.update(conferenceTable).set({ timeZone: 'UTC' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain('activity.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.body as unknown as ArrayBuffer);
      const sheet = wb.getWorksheet('Activity')!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual([
        'ID',
        'When (Asia/Tokyo)',
        'Action',
        'Summary',
        'Actor',
        'Actor e-mail',
        'Impersonated by',
        'Paper ID',
        'Track ID',
        'Subject ID',
        'Details',
      ]);
      const expected = (await all())
        .filter((r) => r.action.startsWith('review.'))
        .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id);
      expect(sheet.rowCount).toBe(expected.length + 1);
      expect(sheet.getRow(2).getCell(1).value).toBe(expected[0]!.id);
      expect(sheet.getRow(2).getCell(4).value).toBe(expected[0]!.summary);
      // a date-time cell showing Tokyo's clock (nine hours ahead of UTC, no summer time), to the second
      const when = sheet.getRow(2).getCell(2);
      expect(when.value).toBeInstanceOf(Date);
      expect((when.value as Date).getTime()).toBe(
        Math.floor(expected[0]!.at.getTime() / 1000) * 1000 + 9 * 3_600_000,
      );
      expect(when.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      const bad = await exportXls({ filter: { from: 'yesterday' } });
      expect(bad.status).toBe(400);
    });
  });
});
