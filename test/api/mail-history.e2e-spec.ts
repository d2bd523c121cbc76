/**
 * The e-mail history (§3 Email, §7 Mail, /ViewEmailHistory/, /ViewEmail/{id}) for chairs and track chairs:
 * the list (filters, pages, Content-Range), one message, resending one or every failed message (with an
 * activity entry), track chairs reaching only what they sent, bad filters 400, the send through the same
 * route, and the delivery summary per day.
 */
import {
  ACTIVITY_MESSAGES,
  MAIL_HISTORY_MESSAGES as M,
  type DeliveryDay,
  type EmailDto,
} from '@symposium/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import { outboxTable, type NewOutboxRow } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { chairRoles, createTestApp, type TestApp } from '../support/app.js';

type User = Awaited<ReturnType<TestApp['user']>>;

describe('e-mail history API', () => {
  let t: TestApp;
  let chair: User;
  let cochair: User;
  let author: User;
  /** Every row this suite inserted, by a name. */
  const rows: Record<string, number> = {};

  const list = (body: unknown, u: User = chair, role = 'chair') =>
    t.call('post', `/api/${role}/mail`, u.auth).send(body as object);
  const row = async (id: number) => (await t.db.select().from(outboxTable).where(eq(outboxTable.id, id)))[0]!;
  const day = (d: string, h = 12) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00.000Z`);

  beforeAll(async () => {
    t = await createTestApp();
    chair = await t.user({ roles: chairRoles() });
    const [track] = await t.db.insert(tracksTable).values({ name: 'Main track', position: 0 }).returning();
    cochair = await t.user({ roles: { coChair: { is: true, tracks: [track!.id] } } });
    author = await t.user({ firstName: 'Ann', lastName: 'Author' });
    const base = (over: Partial<NewOutboxRow>): NewOutboxRow => ({
      kind: 'bulk',
      to: ['someone@example.org'],
      subject: 'Hello',
      text: 'Body',
      createdBy: chair.id,
      ...over,
    });
    const insert = async (name: string, over: Partial<NewOutboxRow>) => {
      const [r] = await t.db.insert(outboxTable).values(base(over)).returning();
      rows[name] = r!.id;
    };
    await insert('sentOld', {
      state: 'sent',
      attempts: 1,
      lastResponse: '250 2.0.0 Ok: queued as A1',
      sentAt: day('2024-01-01', 13),
      createdAt: day('2024-01-01'),
      to: ['Alice.Smith@Uni.example'],
      subject: 'Acceptance of paper 7',
      sendId: 42,
    });
    await insert('failedOld', {
      state: 'failed',
      attempts: 8,
      lastError: '550 5.1.1 mailbox unavailable',
      createdAt: day('2024-01-01', 14),
      to: ['bob@lab.example'],
      subject: 'Acceptance of paper 8',
      sendId: 42,
    });
    await insert('queued', {
      state: 'pending',
      attempts: 2,
      lastError: '421 try later',
      createdAt: day('2024-01-02'),
      subject: 'Review reminder',
    });
    await insert('sending', { state: 'sending', attempts: 0, createdAt: day('2024-01-02', 15) });
    await insert('failedMine', {
      state: 'failed',
      attempts: 8,
      lastError: '554 refused',
      createdAt: day('2024-01-03'),
      createdBy: cochair.id,
      subject: 'Track note',
      to: ['carol@x.example'],
    });
    await insert('sentMine', {
      state: 'sent',
      attempts: 1,
      lastResponse: '250 ok',
      createdAt: day('2024-01-03', 16),
      createdBy: cochair.id,
      subject: 'Track news',
    });
    await insert('failedOther', {
      state: 'failed',
      attempts: 3,
      lastError: '550 no',
      createdAt: day('2024-01-04'),
      to: ['dave@x.example'],
      subject: 'Other failure',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('the list (POST /api/{role}/mail)', () => {
    it('answers every message newest first with its state, attempts and last answer; total in Content-Range', async () => {
      const res = await list({ cp: 1, pg: 100, filter: {} });
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toBe('emails 0-6/7');
      expect(res.headers['x-total-count']).toBe('7');
      const data = res.body as EmailDto[];
      expect(data.map((e) => e._id)).toEqual(
        ['failedOther', 'sentMine', 'failedMine', 'sending', 'queued', 'failedOld', 'sentOld'].map(
          (n) => rows[n],
        ),
      );
      const byId = new Map(data.map((e) => [e._id, e]));
      expect(byId.get(rows.sentOld!)).toMatchObject({
        state: 'sent',
        attempts: 1,
        lastResponse: '250 2.0.0 Ok: queued as A1',
        sentAt: '2024-01-01T13:00:00.000Z',
        createdAt: '2024-01-01T12:00:00.000Z',
        to: ['Alice.Smith@Uni.example'],
        cc: [],
        bc: [],
        sendId: 42,
        createdBy: chair.id,
        nextAttemptAt: null,
      });
      expect(byId.get(rows.queued!)).toMatchObject({
        state: 'queued',
        lastResponse: '421 try later',
        nextAttemptAt: expect.any(String),
      });
      expect(byId.get(rows.failedOld!)).toMatchObject({ state: 'failed', attempts: 8 });
      expect(byId.get(rows.sending!)!.state).toBe('sending');
    });

    it('pages by cp and pg (at most 100)', async () => {
      const second = await list({ cp: 2, pg: 3 });
      expect(second.headers['content-range']).toBe('emails 3-5/7');
      expect((second.body as EmailDto[]).map((e) => e._id)).toEqual(
        ['sending', 'queued', 'failedOld'].map((n) => rows[n]),
      );
      const beyond = await list({ cp: 9, pg: 3 });
      expect(beyond.body).toEqual([]);
      expect(beyond.headers['content-range']).toBe('emails */7');
      expect((await list({})).headers['content-range']).toBe('emails 0-6/7');
    });

    it('filters by state, recipient, subject, dates and send', async () => {
      const ids = async (filter: object) => ((await list({ filter })).body as EmailDto[]).map((e) => e._id);
      expect(await ids({ state: 'failed' })).toEqual(
        ['failedOther', 'failedMine', 'failedOld'].map((n) => rows[n]),
      );
      expect(await ids({ state: 'queued' })).toEqual([rows.queued]);
      expect(await ids({ state: '' })).toHaveLength(7);
      expect(await ids({ recipient: 'alice.smith@uni' })).toEqual([rows.sentOld]);
      expect(await ids({ recipient: '%' })).toEqual([]);
      expect(await ids({ subject: 'ACCEPTANCE' })).toEqual([rows.failedOld, rows.sentOld]);
      expect(await ids({ from: '2024-01-02', to: '2024-01-03' })).toEqual(
        ['sentMine', 'failedMine', 'sending', 'queued'].map((n) => rows[n]),
      );
      expect(await ids({ to: '2024-01-01' })).toEqual([rows.failedOld, rows.sentOld]);
      expect(await ids({ sendId: 42, state: 'sent' })).toEqual([rows.sentOld]);
    });

    it('refuses bad filters with 400 and the contract’s message, never 500', async () => {
      const cases: [unknown, string][] = [
        [{ filter: { state: 'pending' } }, M.invalidState],
        [{ filter: { state: 3 } }, M.invalidState],
        [{ filter: { from: '2024-13-01' } }, M.invalidDate],
        [{ filter: { to: '01/02/2024' } }, M.invalidDate],
        [{ filter: { from: '2024-01-03', to: '2024-01-02' } }, M.invalidRange],
        [{ filter: { recipient: 'x'.repeat(400) } }, M.invalidFilter],
        [{ filter: { subject: ['a'] } }, M.invalidFilter],
        [{ filter: { sendId: 'abc' } }, M.invalidFilter],
        [{ filter: { sendId: 1e12 } }, M.invalidFilter],
        [{ filter: { unknown: true } }, M.invalidFilter],
        [{ filter: 'state=failed' }, M.invalidFilter],
        [{ cp: -1 }, M.invalidPage],
        [{ pg: 0 }, M.invalidPage],
        [{ sort: 'subject' }, M.invalidFilter],
      ];
      for (const [body, message] of cases) {
        const res = await list(body);
        expect([JSON.stringify(body), res.status, res.body.message]).toEqual([
          JSON.stringify(body),
          400,
          message,
        ]);
      }
    });
  });

  describe('one message (GET /api/{role}/mail/{mailId})', () => {
    it('answers the message; a missing or malformed id answers 404 alike', async () => {
      const res = await t.call('get', `/api/chair/mail/${rows.failedOld}`, chair.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        _id: rows.failedOld,
        subject: 'Acceptance of paper 8',
        text: 'Body',
        state: 'failed',
        lastResponse: '550 5.1.1 mailbox unavailable',
      });
      for (const id of ['999999', 'abc', '0', '1e3', '99999999999']) {
        const missing = await t.call('get', `/api/chair/mail/${id}`, chair.auth);
        expect([id, missing.status, missing.body.message]).toEqual([id, 404, M.notFound]);
      }
    });
  });

  describe('resending', () => {
    it('puts one failed message back in the queue (attempts kept, due now) and records it', async () => {
      const before = await row(rows.failedOld!);
      const res = await t.call('post', `/api/chair/mail/${rows.failedOld}/resend`, chair.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: M.resent(1),
        count: 1,
        email: { state: 'queued', attempts: 8 },
      });
      const after = await row(rows.failedOld!);
      expect(after).toMatchObject({ state: 'pending', attempts: 8 });
      expect(after.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(after.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before.nextAttemptAt.getTime());
      const [entry] = await t.db
        .select()
        .from(auditLogTable)
        .where(eq(auditLogTable.action, 'mail.resend'))
        .orderBy(desc(auditLogTable.id));
      expect(entry).toMatchObject({ actorId: chair.id, details: { ids: [rows.failedOld] } });
      expect(entry!.summary).toContain('Acceptance of paper 8');
    });

    it('refuses a message that is not failed (409), changing nothing', async () => {
      for (const name of ['sentOld', 'queued', 'failedOld']) {
        const before = await row(rows[name]!);
        const res = await t.call('post', `/api/chair/mail/${rows[name]}/resend`, chair.auth);
        expect([name, res.status, res.body.message]).toEqual([name, 409, M.notFailed]);
        expect(await row(rows[name]!)).toEqual(before);
      }
      const missing = await t.call('post', '/api/chair/mail/999999/resend', chair.auth);
      expect([missing.status, missing.body.message]).toEqual([404, M.notFound]);
    });

    it('puts every failed message of the filter back in one go ({ count })', async () => {
      const none = await t
        .call('post', '/api/chair/mail/resend', chair.auth)
        .send({ filter: { subject: 'no such subject' } });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ message: M.resent(0), count: 0 });
      const bad = await t
        .call('post', '/api/chair/mail/resend', chair.auth)
        .send({ filter: { from: 'monday' } });
      expect([bad.status, bad.body.message]).toEqual([400, M.invalidDate]);

      const res = await t
        .call('post', '/api/chair/mail/resend', chair.auth)
        .send({ filter: { subject: 'other' } });
      expect(res.body).toEqual({ message: M.resent(1), count: 1 });
      expect((await row(rows.failedOther!)).state).toBe('pending');
      expect((await row(rows.failedMine!)).state).toBe('failed');
      const entries = await t.db
        .select()
        .from(auditLogTable)
        .where(and(eq(auditLogTable.action, 'mail.resend'), eq(auditLogTable.actorId, chair.id)));
      expect(entries.some((e) => (e.details as { count?: number }).count === 1)).toBe(true);
    });
  });

  describe('track chairs', () => {
    it('see, open and resend only what they sent; anything else answers 404', async () => {
      const res = await list({ filter: {} }, cochair, 'cochair');
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toBe('emails 0-1/2');
      expect((res.body as EmailDto[]).map((e) => e._id)).toEqual([rows.sentMine, rows.failedMine]);
      const others = await t.call('get', `/api/cochair/mail/${rows.sentOld}`, cochair.auth);
      expect([others.status, others.body.message]).toEqual([404, M.notFound]);
      const own = await t.call('get', `/api/cochair/mail/${rows.sentMine}`, cochair.auth);
      expect(own.status).toBe(200);

      await t.db.update(outboxTable).set({ state: 'failed' }).where(eq(outboxTable.id, rows.failedOther!));
      const resendOther = await t.call('post', `/api/cochair/mail/${rows.failedOther}/resend`, cochair.auth);
      expect(resendOther.status).toBe(404);
      expect((await row(rows.failedOther!)).state).toBe('failed');
      const all = await t.call('post', '/api/cochair/mail/resend', cochair.auth).send({ filter: {} });
      expect(all.body.count).toBe(1);
      expect((await row(rows.failedMine!)).state).toBe('pending');
      expect((await row(rows.failedOther!)).state).toBe('failed');
      const [entry] = await t.db
        .select()
        .from(auditLogTable)
        .where(and(eq(auditLogTable.action, 'mail.resend'), eq(auditLogTable.actorId, cochair.id)));
      expect(entry).toBeDefined();

      const chairRoute = await list({}, cochair, 'chair');
      expect([403, 404]).toContain(chairRoute.status);
      const authorRoute = await list({}, author, 'cochair');
      expect([403, 404]).toContain(authorRoute.status);
    });
  });

  describe('sending through the same route', () => {
    it('a body with recipients is a send (201); /mail/preview is not taken for a mailId', async () => {
      const body = {
        recipients: { kind: 'users', ids: [author.id] },
        subject: 'A note',
        text: 'Dear {{recipient.firstName}}',
      };
      const preview = await t.call('post', '/api/chair/mail/preview', chair.auth).send(body);
      expect(preview.status).toBe(200);
      expect(preview.body.count).toBe(1);
      const res = await list({ ...body, idempotencyKey: `k-${Date.now()}` });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ result: 'ok', count: 1, repeated: false });
      const queued = await t.db.select().from(outboxTable).where(eq(outboxTable.sendId, res.body.sendId));
      expect(queued.map((q) => q.to)).toEqual([[author.email]]);
    });
  });

  describe('delivery summary (GET /api/chair/activity/delivery)', () => {
    const delivery = (query: string, u: User = chair) =>
      t.call('get', `/api/chair/activity/delivery${query}`, u.auth);

    it('counts the messages of each UTC day by state, every day of the range', async () => {
      await t.db
        .update(outboxTable)
        .set({ state: 'failed' })
        .where(inArray(outboxTable.id, [rows.failedOld!, rows.failedMine!, rows.failedOther!]));
      const res = await delivery('?from=2023-12-31&to=2024-01-05');
      expect(res.status).toBe(200);
      expect(res.body as DeliveryDay[]).toEqual([
        { day: '2023-12-31', queued: 0, sending: 0, sent: 0, failed: 0 },
        { day: '2024-01-01', queued: 0, sending: 0, sent: 1, failed: 1 },
        { day: '2024-01-02', queued: 1, sending: 1, sent: 0, failed: 0 },
        { day: '2024-01-03', queued: 0, sending: 0, sent: 1, failed: 1 },
        { day: '2024-01-04', queued: 0, sending: 0, sent: 0, failed: 1 },
        { day: '2024-01-05', queued: 0, sending: 0, sent: 0, failed: 0 },
      ]);
      const recent = await delivery('');
      expect(recent.status).toBe(200);
      expect(recent.body).toHaveLength(30);
      expect((recent.body as DeliveryDay[]).at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    });

    it('refuses bad dates and is for chairs only', async () => {
      for (const [q, message] of [
        ['?from=2024-02-30', M.invalidDate],
        ['?to=tomorrow', M.invalidDate],
        ['?from=2024-01-05&to=2024-01-01', M.invalidRange],
        ['?from=2020-01-01&to=2024-01-01', ACTIVITY_MESSAGES.rangeTooLong],
      ] as const) {
        const res = await delivery(q);
        expect([q, res.status, res.body.message]).toEqual([q, 400, message]);
      }
      expect([403, 404]).toContain((await delivery('', cochair)).status);
    });
  });
});
