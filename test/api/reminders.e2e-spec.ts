/**
 * Scheduled reminders (issue 10): the chair's rules (/api/chair/reminders), the dry run, "run now", the
 * scheduler's tick, and who each of the six kinds reminds. Each reminder is queued once per (rule,
 * recipient, object, occurrence); when several offsets are due only the latest-due one is sent.
 * Issue 21 item 23: a new rule starts paused; it sends at an hour of the conference's time zone; a closed
 * activity gets no reminders (the dry run says so); author rules go to every author or the primary one.
 */
import { and, eq } from 'drizzle-orm';
import {
  fromZonedInput,
  REMINDER_MESSAGES as M,
  TEMPLATE_MESSAGES,
  wallTime,
  type ReminderCandidateDto,
  type ReminderDryRunDto,
  type ReminderRuleDto,
  type ReminderRunDto,
} from '@symposium/domain';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import {
  reminderDeliveriesTable,
  reminderRulesTable,
  reminderRunsTable,
} from '../../apps/api/src/modules/jobs/jobs.table.js';
import { ReminderScheduler } from '../../apps/api/src/modules/jobs/reminder.scheduler.js';
import { emailTemplatesTable } from '../../apps/api/src/modules/mail/mail.table.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { paperConsentsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { reviewRequestsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { chairRoles, createTestApp, type TestApp } from '../support/app.js';
import { seedPaper } from '../../apps/api/src/database/test-database.js';

type User = Awaited<ReturnType<TestApp['user']>>;
const ABSTRACT = 'This abstract describes the paper in more than fifty characters, as required.';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('scheduled reminders API', () => {
  let t: TestApp;
  let chair: User;
  let author: User;
  const ids: Record<string, number> = {};
  const users: Record<string, User> = {};

  const get = (path: string, u: User = chair) => t.call('get', path, u.auth);
  const post = (path: string, body: object = {}, u: User = chair) => t.call('post', path, u.auth).send(body);
  const put = (path: string, body: object, u: User = chair) => t.call('put', path, u.auth).send(body);
  const del = (path: string, u: User = chair) => t.call('delete', path, u.auth);

  async function paper(
    title: string,
    trackId: number,
    statusId: number,
    authors: number[],
    extra: Partial<typeof papersTable.$inferInsert> = {},
  ): Promise<number> {
    const overrides = {
      title,
      abstractText: ABSTRACT,
      trackId,
      statusId,
      primaryAuthorId: authors[0]!,
      ...extra,
    };
    return (await seedPaper(t.db, overrides, authors)).id;
  }

  async function request(
    paperId: number,
    reviewerId: number,
    state: Partial<typeof reviewRequestsTable.$inferInsert>,
  ): Promise<number> {
    const [row] = await t.db
      .insert(reviewRequestsTable)
      .values({
        trackId: ids.track!,
        paperId,
        reviewerId,
        replyDueAt: new Date(Date.now() + 20 * DAY),
        dueAt: new Date(Date.now() + 40 * DAY),
        ...state,
      })
      .returning();
    return row!.id;
  }

  const rule = (body: Partial<Record<string, unknown>>) =>
    post('/api/chair/reminders', {
      name: `rule ${Math.random()}`,
      kind: 'cameraReadyNotSubmitted',
      offsets: [7],
      templateId: ids.paperTemplate,
      ...body,
    });

  /** The dry run's answer. */
  const dryRun = async (ruleId: number) => {
    const res = await post(`/api/chair/reminders/${ruleId}/dry-run`);
    expect(res.status).toBe(200);
    return res.body as ReminderDryRunDto;
  };
  /** The dry run's people. */
  const dry = async (ruleId: number) => (await dryRun(ruleId)).candidates;
  const who = (c: ReminderCandidateDto[]) => c.map((x) => `${x.email} ${x.objectKey}`).sort();

  const deliveries = (ruleId: number) =>
    t.db.select().from(reminderDeliveriesTable).where(eq(reminderDeliveriesTable.ruleId, ruleId));

  beforeAll(async () => {
    t = await createTestApp();
    chair = await t.user({ roles: chairRoles() });
    for (const name of ['a1', 'a2', 'a3', 'b1', 'c1', 'd1', 'rv1', 'rv2', 'rv3', 'rv4'])
      users[name] = await t.user({ firstName: `Name-${name}`, email: `${name}.${Date.now()}@example.org` });
    users.locked = await t.user({ lock: true, email: `locked.${Date.now()}@example.org` });
    author = users.a1!;
    const [accept] = await t.db
      .insert(statusesTable)
      .values({ text: 'Accept', isAccepted: true, position: 1 })
      .returning();
    const [reject] = await t.db
      .insert(statusesTable)
      .values({ text: 'Reject', isAccepted: false, position: 2 })
      .returning();
    const now = Date.now();
    const [track] = await t.db
      .insert(tracksTable)
      .values({
        name: 'Main track',
        canSubmitCameraReadyDeadline: new Date(now + 3 * DAY),
        canSubmitPresentationReadyDeadline: new Date(now + 12 * HOUR),
      })
      .returning();
    const [track2] = await t.db
      .insert(tracksTable)
      .values({ name: 'Workshop', position: 1, canSubmitCameraReadyDeadline: new Date(now + 20 * DAY) })
      .returning();
    ids.track = track!.id;
    ids.track2 = track2!.id;
    const u = (n: string) => users[n]!.id;
    // P1: accepted, nothing done yet (a1, a2 and a locked co-author)
    ids.p1 = await paper('Graph colouring', track!.id, accept!.id, [u('a1'), u('a2'), u('locked')]);
    // P2: accepted, camera-ready and presentation-ready in, consent signed, registered
    ids.p2 = await paper('Done paper', track!.id, accept!.id, [u('b1')], {
      submittedCameraReady: true,
      submittedPresentationReady: true,
      registration: { author: 'b1', id: 'R-1', amount: '100', extra: '' } as never,
    });
    await t.db.insert(paperConsentsTable).values({
      paperId: ids.p2,
      userId: u('b1'),
      agreementVersion: 1,
      agreementHtml: '<p>ok</p>',
      signatureName: 'B One',
      font: 'x',
      jpeg: Buffer.from([1, 2, 3]),
    });
    // P3 rejected, P4 accepted but deleted: never reminded
    ids.p3 = await paper('Rejected paper', track!.id, reject!.id, [u('c1')]);
    ids.p4 = await paper('Deleted paper', track!.id, accept!.id, [u('c1')], { isDeleted: true });
    // P5: accepted in the workshop (camera-ready in 20 days)
    ids.p5 = await paper('Workshop paper', track2!.id, accept!.id, [u('d1')]);
    // Review requests on P1: waiting (reply due in 2 days), accepted (review due in 2 days), declined, reviewed
    ids.r1 = await request(ids.p1, u('rv1'), { replyDueAt: new Date(now + 2 * DAY) });
    ids.r2 = await request(ids.p1, u('rv2'), { waiting: false, dueAt: new Date(now + 2 * DAY) });
    ids.r3 = await request(ids.p1, u('rv3'), {
      waiting: false,
      declined: true,
      replyDueAt: new Date(now + 2 * DAY),
      dueAt: new Date(now + 2 * DAY),
    });
    ids.r4 = await request(ids.p1, u('rv4'), {
      waiting: false,
      reviewed: true,
      dueAt: new Date(now + 2 * DAY),
    });
    const [tpl] = await t.db
      .insert(emailTemplatesTable)
      .values({
        subject: 'Paper {{paper.id}}: please act',
        text: 'Dear {{recipient.firstName}},\n\nyour paper "{{paper.title}}" is due by {{reminder.deadline}}.',
        position: 1,
      })
      .returning();
    const [reviewTpl] = await t.db
      .insert(emailTemplatesTable)
      .values({
        subject: 'Review request for paper {{paper.id}}',
        text: 'Dear {{recipient.firstName}}, please answer by {{review.replyDue}}.',
        position: 2,
      })
      .returning();
    const [broken] = await t.db
      .insert(emailTemplatesTable)
      .values({ subject: 'Broken', text: 'Hello {{paper.titel}}', position: 3 })
      .returning();
    ids.paperTemplate = tpl!.id;
    ids.reviewTemplate = reviewTpl!.id;
    ids.brokenTemplate = broken!.id;
  });
  afterAll(() => t?.close());

  describe('rules', () => {
    it('creates, reads, lists, updates and deletes a rule', async () => {
      const created = await rule({ name: '  Camera-ready  ', offsets: [1, 7, 3], trackIds: [ids.track] });
      expect(created.status).toBe(201);
      const dto = created.body as ReminderRuleDto;
      expect(dto).toMatchObject({
        name: 'Camera-ready',
        kind: 'cameraReadyNotSubmitted',
        offsets: [7, 3, 1],
        sendHour: 9,
        recipients: 'all',
        templateId: ids.paperTemplate,
        trackIds: [ids.track],
        enabled: false,
        lastRunAt: null,
        sent: 0,
      });
      expect((await get(`/api/chair/reminders/${dto._id}`)).body).toEqual(dto);
      const list = await get('/api/chair/reminders');
      expect(list.status).toBe(200);
      expect((list.body as ReminderRuleDto[]).map((r) => r._id)).toContain(dto._id);

      const updated = await put(`/api/chair/reminders/${dto._id}`, { name: 'Camera-ready 2', offsets: [14] });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: 'Camera-ready 2', offsets: [14], trackIds: [ids.track] });

      const removed = await del(`/api/chair/reminders/${dto._id}`);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ message: M.deleted });
      const gone = await get(`/api/chair/reminders/${dto._id}`);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(M.notFound);
      for (const bad of ['abc', '0', '1e3', '99999999999'])
        expect((await get(`/api/chair/reminders/${bad}`)).status).toBe(404);
    });

    it('refuses invalid rules with the contract message and writes nothing', async () => {
      const taken = await rule({ name: 'Taken name' });
      expect(taken.status).toBe(201);
      const before = await t.db.select().from(reminderRulesTable);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ name: '   ' }, 400, M.nameRequired],
        [{ name: 'taken NAME' }, 409, M.nameTaken],
        [{ kind: 'somethingElse' }, 400, M.kind],
        [{ offsets: [] }, 400, M.offsets],
        [{ offsets: [7, 7] }, 400, M.offsets],
        [{ offsets: [366] }, 400, M.offsets],
        [{ offsets: [-1] }, 400, M.offsets],
        [{ offsets: [1.5] }, 400, M.offsets],
        [{ offsets: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, 400, M.offsets],
        [{ templateId: 999999 }, 400, M.templateNotFound],
        [
          { templateId: ids.reviewTemplate },
          400,
          M.templateProblem(TEMPLATE_MESSAGES.needsReview('review.replyDue')),
        ],
        [
          { templateId: ids.brokenTemplate },
          400,
          M.templateProblem(TEMPLATE_MESSAGES.unknown('{{paper.titel}}')),
        ],
        [{ trackIds: [999999] }, 400, M.trackNotFound],
        [{ sendHour: 24 }, 400, M.sendHour],
        [{ sendHour: -1 }, 400, M.sendHour],
        [{ sendHour: 8.5 }, 400, M.sendHour],
        [{ sendHour: '9' }, 400, M.sendHour],
        [{ recipients: 'everyone' }, 400, M.recipients],
        [
          { kind: 'reviewNotSubmitted', templateId: ids.reviewTemplate, recipients: 'primary' },
          400,
          M.recipientsReview,
        ],
      ];
      for (const [body, status, message] of cases) {
        const res = await rule(body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
      }
      const missing = await post('/api/chair/reminders', {
        name: 'No template',
        kind: 'notRegistered',
        offsets: [3],
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(M.template);
      // The review template fits the review kinds
      expect((await rule({ kind: 'reviewRequestNotAnswered', templateId: ids.reviewTemplate })).status).toBe(
        201,
      );
      const after = await t.db.select().from(reminderRulesTable);
      expect(after.length).toBe(before.length + 1);
      // An update is checked the same way
      const upd = await put(`/api/chair/reminders/${taken.body._id}`, { offsets: [400] });
      expect(upd.status).toBe(400);
      expect(upd.body.message).toBe(M.offsets);
      const hour = await put(`/api/chair/reminders/${taken.body._id}`, { sendHour: 25 });
      expect(hour.status).toBe(400);
      expect(hour.body.message).toBe(M.sendHour);
      expect((await get(`/api/chair/reminders/${taken.body._id}`)).body.sendHour).toBe(9);
      expect((await put('/api/chair/reminders/999999', { name: 'x' })).status).toBe(404);
    });

    it('stores a new rule paused, whatever the body says, and sends nothing until it is enabled', async () => {
      const created = await rule({
        name: 'Born paused',
        kind: 'consentNotSigned',
        offsets: [5],
        enabled: true,
      });
      expect(created.status).toBe(201);
      const id = created.body._id as number;
      expect(created.body.enabled).toBe(false);
      const [row] = await t.db.select().from(reminderRulesTable).where(eq(reminderRulesTable.id, id));
      expect(row!.enabled).toBe(false);
      // The scheduler leaves it alone; the dry run tells who enabling it would remind at once.
      await t.app.get(ReminderScheduler).tick();
      expect(await deliveries(id)).toHaveLength(0);
      const preview = await dryRun(id);
      expect(preview.toSend).toBe(2);
      expect(who(preview.candidates)).toEqual(
        [`${users.a1!.email} paper:${ids.p1}`, `${users.a2!.email} paper:${ids.p1}`].sort(),
      );
      // Enabled by PUT (or resume): the next tick sends those.
      const enabled = await put(`/api/chair/reminders/${id}`, { enabled: true });
      expect(enabled.body.enabled).toBe(true);
      await t.app.get(ReminderScheduler).tick();
      expect(await deliveries(id)).toHaveLength(2);
      await del(`/api/chair/reminders/${id}`);
    });

    it('is for chairs only', async () => {
      const res = await get('/api/chair/reminders', author);
      expect(res.status).toBe(403);
      expect((await post('/api/chair/reminders', {}, author)).status).toBe(403);
    });
  });

  describe('runs', () => {
    it('lists who is due in a dry run, queues exactly them once, and a second run queues nothing', async () => {
      const created = await rule({ name: 'Camera-ready 7 days' });
      const id = created.body._id as number;
      const candidates = await dry(id);
      expect(who(candidates)).toEqual(
        [`${users.a1!.email} paper:${ids.p1}`, `${users.a2!.email} paper:${ids.p1}`].sort(),
      );
      const c = candidates[0]!;
      expect(c.alreadySent).toBe(false);
      expect(c.offset).toBe(7);
      expect(c.occurrence).toBe(`${c.deadline}-7d`);
      expect(c.reason).toContain(`paper ${ids.p1} 'Graph colouring'`);
      expect(c.reason).toContain('camera-ready');
      expect(await deliveries(id)).toHaveLength(0);

      const run = await post(`/api/chair/reminders/${id}/run`);
      expect(run.status).toBe(200);
      expect(run.body).toEqual({ queued: 2, message: M.queued(2) });
      const sent = await deliveries(id);
      expect(sent).toHaveLength(2);
      const outbox = await t.db.select().from(outboxTable).where(eq(outboxTable.kind, 'reminder'));
      const mine = outbox.filter((o) => sent.some((d) => d.outboxId === o.id));
      expect(mine).toHaveLength(2);
      const toA1 = mine.find((o) => o.to[0] === users.a1!.email)!;
      expect(toA1.subject).toBe(`Paper ${ids.p1}: please act`);
      expect(toA1.text).toMatch(/^Dear Name-a1,\n\nyour paper "Graph colouring" is due by .+\d{4}.+\./);
      expect(toA1.state).toBe('pending');

      const again = await post(`/api/chair/reminders/${id}/run`);
      expect(again.body).toEqual({ queued: 0, message: M.queued(0) });
      expect(await deliveries(id)).toHaveLength(2);
      expect((await dry(id)).every((x) => x.alreadySent)).toBe(true);

      const history = await get(`/api/chair/reminders/${id}/history`);
      expect((history.body as ReminderRunDto[]).map((r) => [r.trigger, r.queued])).toEqual([
        ['chair', 0],
        ['chair', 2],
      ]);
      expect((await get(`/api/chair/reminders/${id}`)).body).toMatchObject({ sent: 2 });
      expect((await get(`/api/chair/reminders/${id}`)).body.lastRunAt).not.toBeNull();
      const activity = await t.db
        .select()
        .from(auditLogTable)
        .where(and(eq(auditLogTable.action, 'reminder.run'), eq(auditLogTable.subjectId, id)));
      expect(activity).toHaveLength(1);
      expect(activity[0]!.actorId).toBe(chair.id);
      await del(`/api/chair/reminders/${id}`);
    });

    it('sends only the latest-due offset when several are due', async () => {
      // Presentation-ready deadline in 12 hours: both 7 and 1 days before are due; only "1 day" is sent.
      const created = await rule({
        name: 'Presentation 7 and 1',
        kind: 'presentationReadyNotSubmitted',
        offsets: [7, 1],
      });
      const id = created.body._id as number;
      const candidates = await dry(id);
      expect(who(candidates)).toEqual(
        [`${users.a1!.email} paper:${ids.p1}`, `${users.a2!.email} paper:${ids.p1}`].sort(),
      );
      expect(candidates.every((c) => c.offset === 1 && c.occurrence.endsWith('-1d'))).toBe(true);
      expect((await post(`/api/chair/reminders/${id}/run`)).body.queued).toBe(2);
      expect((await deliveries(id)).map((d) => d.occurrence.slice(-3))).toEqual(['-1d', '-1d']);
      await del(`/api/chair/reminders/${id}`);
    });

    it('restricts a rule to its tracks', async () => {
      const created = await rule({ name: 'Workshop only', offsets: [30], trackIds: [ids.track2] });
      expect(who(await dry(created.body._id))).toEqual([`${users.d1!.email} paper:${ids.p5}`]);
      const all = await rule({ name: 'Every track 30', offsets: [30] });
      expect(who(await dry(all.body._id))).toEqual(
        [
          `${users.a1!.email} paper:${ids.p1}`,
          `${users.a2!.email} paper:${ids.p1}`,
          `${users.d1!.email} paper:${ids.p5}`,
        ].sort(),
      );
      await del(`/api/chair/reminders/${created.body._id}`);
      await del(`/api/chair/reminders/${all.body._id}`);
    });

    it('leaves out people who turned e-mail notifications off in their profile', async () => {
      const a2 = users.a2!;
      const rv1 = users.rv1!;
      for (const u of [a2, rv1]) await put('/api/author/profile', { notify: false }, u).expect(200);
      try {
        const paperRule = await rule({ name: 'Notify off (paper)', kind: 'consentNotSigned', offsets: [5] });
        expect(who(await dry(paperRule.body._id))).toEqual([`${users.a1!.email} paper:${ids.p1}`]);
        expect((await post(`/api/chair/reminders/${paperRule.body._id}/run`)).body.queued).toBe(1);
        const reviewRule = await rule({
          name: 'Notify off (review)',
          kind: 'reviewRequestNotAnswered',
          offsets: [5],
          templateId: ids.reviewTemplate,
        });
        expect(await dry(reviewRule.body._id)).toEqual([]);
        await del(`/api/chair/reminders/${paperRule.body._id}`);
        await del(`/api/chair/reminders/${reviewRule.body._id}`);
      } finally {
        for (const u of [a2, rv1]) await put('/api/author/profile', { notify: true }, u).expect(200);
      }
    });

    it.each([
      ['consentNotSigned', 'paper', ['a1', 'a2']],
      ['notRegistered', 'paper', ['a1', 'a2']],
      ['reviewRequestNotAnswered', 'r1', ['rv1']],
      ['reviewNotSubmitted', 'r2', ['rv2']],
    ])('%s reminds the right people', async (kind, object, people) => {
      const review = kind.startsWith('review');
      const created = await rule({
        name: `kind ${kind}`,
        kind,
        offsets: [5],
        templateId: review ? ids.reviewTemplate : ids.paperTemplate,
      });
      expect(created.status).toBe(201);
      const key = object === 'paper' ? `paper:${ids.p1}` : `request:${ids[object]}`;
      expect(who(await dry(created.body._id))).toEqual(people.map((p) => `${users[p]!.email} ${key}`).sort());
      const run = await post(`/api/chair/reminders/${created.body._id}/run`);
      expect(run.body.queued).toBe(people.length);
      if (review) {
        const [d] = await deliveries(created.body._id);
        const [mail] = await t.db.select().from(outboxTable).where(eq(outboxTable.id, d!.outboxId!));
        expect(mail!.subject).toBe(`Review request for paper ${ids.p1}`);
        expect(mail!.text).toMatch(/^Dear Name-rv\d, please answer by .+\d{4}/);
      }
      await del(`/api/chair/reminders/${created.body._id}`);
    });

    it('the scheduler runs enabled rules only; pause and resume', async () => {
      const created = await rule({ name: 'Scheduled consent', kind: 'consentNotSigned', offsets: [5] });
      const id = created.body._id as number;
      expect((await get(`/api/chair/reminders/${id}`)).body.enabled).toBe(false);
      const scheduler = t.app.get(ReminderScheduler);
      await scheduler.tick();
      expect(await deliveries(id)).toHaveLength(0);

      expect((await post(`/api/chair/reminders/${id}/resume`)).body).toEqual({ message: M.resumed });
      expect((await get(`/api/chair/reminders/${id}`)).body.enabled).toBe(true);
      const paused = await post(`/api/chair/reminders/${id}/pause`);
      expect(paused.status).toBe(200);
      expect(paused.body).toEqual({ message: M.paused });
      await scheduler.tick();
      expect(await deliveries(id)).toHaveLength(0);

      expect((await post(`/api/chair/reminders/${id}/resume`)).body).toEqual({ message: M.resumed });
      await scheduler.tick();
      expect(await deliveries(id)).toHaveLength(2);
      await scheduler.tick();
      expect(await deliveries(id)).toHaveLength(2);
      const runs = await t.db.select().from(reminderRunsTable).where(eq(reminderRunsTable.ruleId, id));
      // A scheduler tick that queued nothing leaves no run behind.
      expect(runs.map((r) => [r.trigger, r.queued])).toEqual([['scheduler', 2]]);
      await del(`/api/chair/reminders/${id}`);
    });
  });

  describe('send hour, closed activities and recipients', () => {
    /**
     * A zone whose clock now shows an hour of at most 21 and at most 50 minutes past it, so that "this
     * hour" has begun and the next one has not, and today stays today while the test runs. One always
     * exists: the whole-hour zones cover every hour (UTC 22–23 is 17–18 in New York), and when the minutes
     * are past 50 the half-hour zones show 21–29 past (Kolkata, or St John's while Kolkata is past 21).
     * (With only UTC and the half-hour zones it failed from 22:21 to 23:29 UTC.)
     */
    const zoneWithRoom = () => {
      for (const zone of ['UTC', 'America/New_York', 'Asia/Tokyo', 'Asia/Kolkata', 'America/St_Johns']) {
        const w = wallTime(new Date(), zone);
        if (w.hour <= 21 && w.minute <= 50) return { zone, ...w };
      }
      throw new Error('no zone found');
    };
    const setZone = (timeZone: string) => t.db.update(conferenceTable).set({ timeZone });
    afterEach(() => setZone('UTC'));

    it('sends on the deadline’s day in the conference’s time zone, from the send hour there', async () => {
      const { zone, year, month, day, hour } = zoneWithRoom();
      await setZone(zone);
      // The camera-ready deadline: in three days at 23:30, conference time. "3 days before" is today there.
      const inThreeDays = new Date(Date.UTC(year, month - 1, day + 3));
      const deadline = fromZonedInput(`${inThreeDays.toISOString().slice(0, 10)}T23:30`, zone)!;
      const [accept] = await t.db.select().from(statusesTable).where(eq(statusesTable.text, 'Accept'));
      const [zoned] = await t.db
        .insert(tracksTable)
        .values({ name: 'Zoned', position: 5, canSubmitCameraReadyDeadline: new Date(deadline) })
        .returning();
      const z1 = await t.user({ firstName: 'Zed', email: `z1.${Date.now()}@example.org` });
      const paperId = await paper('Zoned paper', zoned!.id, accept!.id, [z1.id]);

      // From the next hour on: not yet.
      const created = await rule({
        name: 'Zoned 3 days',
        offsets: [3],
        trackIds: [zoned!.id],
        sendHour: hour + 1,
      });
      expect(created.status).toBe(201);
      const id = created.body._id as number;
      expect(created.body.sendHour).toBe(hour + 1);
      expect(await dry(id)).toEqual([]);
      expect((await post(`/api/chair/reminders/${id}/run`)).body.queued).toBe(0);

      // From this hour on: due now (not at the deadline's own clock time, 23:30, three days before).
      expect((await put(`/api/chair/reminders/${id}`, { sendHour: hour })).body.sendHour).toBe(hour);
      const due = await dry(id);
      expect(who(due)).toEqual([`${z1.email} paper:${paperId}`]);
      expect(due[0]!.offset).toBe(3);
      expect(due[0]!.reason).toContain(`(${zone})`);
      expect((await post(`/api/chair/reminders/${id}/resume`)).status).toBe(200);
      await t.app.get(ReminderScheduler).tick();
      expect(await deliveries(id)).toHaveLength(1);
      await del(`/api/chair/reminders/${id}`);
      // The other tests count the main track's people only.
      await t.db.update(papersTable).set({ isDeleted: true }).where(eq(papersTable.id, paperId));
    });

    it('reminds nobody in a track whose activity is closed, and the dry run says so', async () => {
      const camera = await rule({ name: 'Closed camera-ready', offsets: [7] });
      const registered = await rule({ name: 'Closed registration', kind: 'notRegistered', offsets: [7] });
      const presentation = await rule({
        name: 'Presentation open',
        kind: 'presentationReadyNotSubmitted',
        offsets: [1],
      });
      const review = await rule({
        name: 'Review reply',
        kind: 'reviewRequestNotAnswered',
        offsets: [5],
        templateId: ids.reviewTemplate,
      });
      expect((await dryRun(camera.body._id)).closedTracks).toEqual([]);
      await t.db
        .update(tracksTable)
        .set({ canSubmitCameraReady: false })
        .where(eq(tracksTable.id, ids.track!));
      try {
        const closed = {
          trackId: ids.track,
          trackName: 'Main track',
          message: M.activityClosed('camera-ready submission'),
        };
        for (const r of [camera, registered]) {
          const d = await dryRun(r.body._id);
          expect(d).toEqual({ toSend: 0, candidates: [], closedTracks: [closed] });
          expect((await post(`/api/chair/reminders/${r.body._id}/run`)).body.queued).toBe(0);
        }
        // Another activity, and the review kinds, are not affected.
        expect((await dryRun(presentation.body._id)).candidates).toHaveLength(2);
        expect((await dryRun(review.body._id)).candidates).toHaveLength(1);
        expect((await dryRun(presentation.body._id)).closedTracks).toEqual([]);
      } finally {
        await t.db
          .update(tracksTable)
          .set({ canSubmitCameraReady: true })
          .where(eq(tracksTable.id, ids.track!));
      }
      expect((await dryRun(camera.body._id)).candidates).toHaveLength(2);
      for (const r of [camera, registered, presentation, review])
        await del(`/api/chair/reminders/${r.body._id}`);
    });

    it('reminds only the primary author when the rule says so, every author otherwise', async () => {
      const primary = await rule({
        name: 'Primary only',
        kind: 'consentNotSigned',
        offsets: [5],
        recipients: 'primary',
      });
      expect(primary.status).toBe(201);
      expect(primary.body.recipients).toBe('primary');
      // P1's primary author is a1 (a2 and a locked user are co-authors).
      expect(who(await dry(primary.body._id))).toEqual([`${users.a1!.email} paper:${ids.p1}`]);
      expect((await post(`/api/chair/reminders/${primary.body._id}/run`)).body.queued).toBe(1);
      expect((await deliveries(primary.body._id)).map((d) => d.userId)).toEqual([users.a1!.id]);

      const all = await put(`/api/chair/reminders/${primary.body._id}`, { recipients: 'all' });
      expect(all.body.recipients).toBe('all');
      expect(who(await dry(primary.body._id))).toEqual(
        [`${users.a1!.email} paper:${ids.p1}`, `${users.a2!.email} paper:${ids.p1}`].sort(),
      );
      expect((await post(`/api/chair/reminders/${primary.body._id}/run`)).body.queued).toBe(1);
      await del(`/api/chair/reminders/${primary.body._id}`);
    });
  });
});
