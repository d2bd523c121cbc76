/**
 * The outbox dispatcher against a real SMTP server on loopback: a password-reset e-mail is sent once,
 * kept while the server is down and sent when it is back; without SMTP the outbox is the sink.
 */
import { jest } from '@jest/globals';
import { SchedulerRegistry } from '@nestjs/schedule';
import { eq, sql } from 'drizzle-orm';
import { OutboxDispatcher } from '../../apps/api/src/modules/outbox/outbox.dispatcher.js';
import { OutboxService } from '../../apps/api/src/modules/outbox/outbox.service.js';
import { MAIL_BATCH_SIZE, OutboxRepository } from '../../apps/api/src/modules/outbox/outbox.repository.js';
import { emailSettingsTable, outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

const FROM = 'Symposium <noreply@example.org>';
const nothing = { sent: 0, retried: 0, failed: 0, deferred: 0, recovered: 0 };

async function forgot(t: TestApp, email: string) {
  const res = await t.http().post('/api/auth/password/forgot').send({ email });
  expect(res.status).toBe(200);
  const rows = await t.db.select().from(outboxTable).where(eq(outboxTable.kind, 'password-reset'));
  const row = rows.find((r) => r.to.includes(email));
  expect(row).toBeDefined();
  return row!;
}

const rowById = async (t: TestApp, id: number) =>
  (await t.db.select().from(outboxTable).where(eq(outboxTable.id, id)))[0]!;

/** An SMTP server on loopback and the application sending to it, with its jobs off (the tests tick). */
async function startSmtpApp(): Promise<{ smtp: TestSmtpServer; t: TestApp; dispatcher: OutboxDispatcher }> {
  const smtp = await startSmtpServer();
  const t = await createTestApp({
    smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: FROM },
    runJobs: false,
  });
  return { smtp, t, dispatcher: t.app.get(OutboxDispatcher) };
}

async function stopSmtpApp({ smtp, t }: { smtp: TestSmtpServer; t: TestApp }): Promise<void> {
  await t.close();
  await smtp.stop();
}

describe('mail outbox dispatcher with SMTP configured', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let dispatcher: OutboxDispatcher;

  beforeAll(async () => {
    ({ smtp, t, dispatcher } = await startSmtpApp());
  });
  afterAll(() => stopSmtpApp({ smtp, t }));
  beforeEach(async () => {
    await smtp.start();
    smtp.messages.length = 0;
  });

  it('sends the password-reset e-mail once through SMTP and records it as sent', async () => {
    const u = await t.user();
    const row = await forgot(t, u.email);
    expect(row.state).toBe('pending');

    const result = await dispatcher.dispatchDue();
    expect(result).toEqual({ ...nothing, sent: 1 });
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.envelope).toEqual({ from: 'noreply@example.org', to: [u.email] });
    expect(mail!.parsed.from?.text).toBe('"Symposium" <noreply@example.org>');
    expect(mail!.parsed.subject).toBe('Reset your password');
    expect(mail!.parsed.text).toMatch(/http:\/\/localhost:3000\/ResetPassword\?token=[A-Za-z0-9_-]+/);
    expect(mail!.parsed.text).toBe(row.text);

    const stored = await rowById(t, row.id);
    expect(stored).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.messageId).toBe(mail!.parsed.messageId);
    // The SMTP server's answer to the message is kept.
    expect(stored.lastResponse).toMatch(/^250 /);

    // The reset link in the received e-mail works.
    const token = /ResetPassword\?token=([A-Za-z0-9_-]+)/.exec(mail!.parsed.text!)![1];
    const reset = await t
      .http()
      .post('/api/auth/password/reset')
      .send({ token, password: 'a-new-password-1' });
    expect(reset.status).toBe(200);

    // Never twice.
    expect(await dispatcher.dispatchDue()).toEqual(nothing);
    expect(smtp.messages).toHaveLength(1);
  });

  it('keeps the e-mail while the SMTP server is down and sends it when the server is back', async () => {
    const u = await t.user();
    await smtp.stop();
    const row = await forgot(t, u.email);

    const before = Date.now();
    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, retried: 1 });
    let stored = await rowById(t, row.id);
    expect(stored).toMatchObject({ state: 'pending', attempts: 1, sentAt: null });
    expect(stored.lastError).toMatch(/ECONNREFUSED/);
    // First back-off: one minute.
    expect(stored.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 50_000);
    expect(stored.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 70_000);

    // Not due yet: nothing is attempted even with the server back.
    await smtp.start();
    expect(await dispatcher.dispatchDue()).toEqual(nothing);
    expect(smtp.messages).toHaveLength(0);

    // Skip the back-off.
    await t.db
      .update(outboxTable)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outboxTable.id, row.id));
    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, sent: 1 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.envelope.to).toEqual([u.email]);
    stored = await rowById(t, row.id);
    expect(stored).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
  });

  it('defers the rest of the batch untouched when the SMTP server is unreachable', async () => {
    const mail = t.app.get(OutboxService);
    await smtp.stop();
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        await mail.enqueue({ kind: 'test', to: [`down${i}@example.org`], subject: `Down ${i}`, text: 'x' }),
      );

    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, retried: 1, deferred: 2 });
    const rows = await Promise.all(ids.map((id) => rowById(t, id)));
    expect(rows.map((r) => [r.state, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(rows[1]!.nextAttemptAt.getTime()).toBe(rows[0]!.nextAttemptAt.getTime());

    await smtp.start();
    await t.db
      .update(outboxTable)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outboxTable.kind, 'test'));
    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, sent: 3 });
    expect(smtp.messages.map((m) => m.parsed.subject).sort()).toEqual(['Down 0', 'Down 1', 'Down 2']);
  });

  it('retries a message the server refuses for now (451) with back-off up to one hour, giving up after 8', async () => {
    const mail = t.app.get(OutboxService);
    smtp.refuse('later@example.org', { code: 451, message: '4.3.0 Try again later' });
    const id = await mail.enqueue({ kind: 'later', to: ['later@example.org'], subject: 'Later', text: 'x' });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      const before = await rowById(t, id);
      await t.db
        .update(outboxTable)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(outboxTable.id, id));
      const r = await dispatcher.dispatchDue();
      const after = await rowById(t, id);
      expect(after.attempts).toBe(before.attempts + 1);
      if (attempt < 8) {
        expect(r).toEqual({ ...nothing, retried: 1 });
        expect(after.state).toBe('pending');
        waits.push(Math.round((after.nextAttemptAt.getTime() - Date.now()) / 60_000));
      } else {
        expect(r).toEqual({ ...nothing, failed: 1 });
        expect(after.state).toBe('failed');
      }
      expect(after.lastError).toBeTruthy();
    }
    expect((await rowById(t, id)).lastError).toMatch(/^EENVELOPE: .*451/);
    // The server's own answer is kept as the last response.
    expect((await rowById(t, id)).lastResponse).toBe('451 4.3.0 Try again later');
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect(smtp.messages).toHaveLength(0);
    expect(await dispatcher.dispatchDue()).toEqual(nothing);
    smtp.refuse('later@example.org', null);
  });

  it('marks a message the server refuses permanently (550) failed at once with its answer, so a chair can resend it', async () => {
    const mail = t.app.get(OutboxService);
    smtp.refuse('gone@example.org', { code: 550, message: '5.1.1 No such user' });
    smtp.refuse('busy@example.org', { code: 451, message: '4.2.1 Mailbox busy' });
    const gone = await mail.enqueue({ kind: 'gone', to: ['gone@example.org'], subject: 'Gone', text: 'x' });
    const busy = await mail.enqueue({ kind: 'busy', to: ['busy@example.org'], subject: 'Busy', text: 'x' });
    const fine = await mail.enqueue({ kind: 'fine', to: ['fine@example.org'], subject: 'Fine', text: 'x' });

    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, sent: 1, retried: 1, failed: 1 });
    expect(await rowById(t, gone)).toMatchObject({
      state: 'failed',
      attempts: 1,
      sentAt: null,
      lastResponse: '550 5.1.1 No such user',
    });
    expect((await rowById(t, busy)).lastResponse).toBe('451 4.2.1 Mailbox busy');
    expect(await rowById(t, busy)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await rowById(t, fine)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(smtp.messages.map((m) => m.envelope.to)).toEqual([['fine@example.org']]);

    // The chair resends the failed message (no 409): it is queued again and goes out once the address works.
    const chair = await t.user({ roles: { chair: { is: true } } });
    const res = await t.call('post', `/api/chair/mail/${gone}/resend`, chair.auth);
    expect(res.status).toBeLessThan(300);
    smtp.refuse('gone@example.org', null);
    smtp.refuse('busy@example.org', null);
    expect((await rowById(t, gone)).state).toBe('pending');
    await dispatcher.dispatchDue();
    expect(await rowById(t, gone)).toMatchObject({ state: 'sent' });
    expect(smtp.messages.map((m) => m.envelope.to[0])).toContain('gone@example.org');
  });

  it('returns rows stuck in sending past their lease to pending and sends them', async () => {
    const mail = t.app.get(OutboxService);
    const stuck = await mail.enqueue({
      kind: 'stuck',
      to: ['stuck@example.org'],
      subject: 'Stuck',
      text: 'x',
    });
    const recent = await mail.enqueue({
      kind: 'stuck',
      to: ['recent@example.org'],
      subject: 'Recent',
      text: 'x',
    });
    // A crashed process claimed both: the lease of one expired, the other is still being sent.
    await t.db
      .update(outboxTable)
      .set({ state: 'sending', nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outboxTable.id, stuck));
    await t.db
      .update(outboxTable)
      .set({ state: 'sending', nextAttemptAt: sql`now() + interval '50 seconds'` })
      .where(eq(outboxTable.id, recent));

    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, recovered: 1, sent: 1 });
    expect(smtp.messages.map((m) => m.parsed.subject)).toEqual(['Stuck']);
    expect((await rowById(t, stuck)).state).toBe('sent');
    expect((await rowById(t, recent)).state).toBe('sending');
  });

  /** Seconds from now to the end of the lease of these rows (the longest), by the database's clock. */
  const leaseLeft = async (kind: string) => {
    const res = (await t.db.execute(
      sql`select extract(epoch from max(next_attempt_at) - now())::float as s from outbox where kind = ${kind} and state = 'sending'`,
    )) as unknown as { rows: { s: number }[] };
    return Number(res.rows[0]!.s);
  };

  it('sends the rest of a crashed worker’s claim from another worker after a one-minute lease, each once', async () => {
    const mail = t.app.get(OutboxService);
    const recipients = Array.from({ length: 30 }, (_, i) => `crash${i}@example.org`);
    for (const to of recipients) await mail.enqueue({ kind: 'crash', to: [to], subject: to, text: 'x' });

    // Worker A claims its batch and dies before sending any of it.
    const claimed = await t.app.get(OutboxRepository).claimDue();
    expect(claimed.map((r) => r.to[0]).sort()).toEqual([...recipients].sort());
    // Its claim holds for about a minute, not ten.
    const left = await leaseLeft('crash');
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(60);

    // While the lease holds, worker B leaves the rows alone (they might be A's, still sending).
    expect(await dispatcher.dispatchDue()).toEqual(nothing);
    expect(smtp.messages).toHaveLength(0);

    // A minute later (the leases are moved back by 61 s, as the clock would), B sends every row once.
    await t.db
      .update(outboxTable)
      .set({ nextAttemptAt: sql`next_attempt_at - interval '61 seconds'` })
      .where(eq(outboxTable.kind, 'crash'));
    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, recovered: 30, sent: 30 });
    expect(smtp.messages.map((m) => m.envelope.to[0]).sort()).toEqual([...recipients].sort());
    const rows = await t.db.select().from(outboxTable).where(eq(outboxTable.kind, 'crash'));
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
    expect(await dispatcher.dispatchDue()).toEqual(nothing);
    expect(smtp.messages).toHaveLength(30);
  });

  it('starts no message whose lease it could not renew in time, and leaves the rows to their lease', async () => {
    const mail = t.app.get(OutboxService);
    const repo = t.app.get(OutboxRepository);
    for (let i = 0; i < 3; i++)
      await mail.enqueue({
        kind: 'lapsed',
        to: [`lapsed${i}@example.org`],
        subject: `Lapsed ${i}`,
        text: 'x',
      });
    // The pass's clock jumps 45 s between its claim and its first send (a stalled process, failed renewals).
    const realNow = Date.now.bind(Date);
    let skew = 0;
    const claim = repo.claimDue.bind(repo);
    const claimSpy = jest.spyOn(repo, 'claimDue').mockImplementation(async (...args) => {
      const rows = await claim(...args);
      skew = 45_000;
      return rows;
    });
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + skew);
    try {
      expect(await dispatcher.dispatchDue()).toEqual(nothing);
    } finally {
      clock.mockRestore();
      claimSpy.mockRestore();
    }
    expect(smtp.messages).toHaveLength(0);
    const rows = await t.db.select().from(outboxTable).where(eq(outboxTable.kind, 'lapsed'));
    expect(rows.map((r) => [r.state, r.attempts])).toEqual([
      ['sending', 0],
      ['sending', 0],
      ['sending', 0],
    ]);
    // Once the lease has ended (moved back as the clock would), they are sent once.
    await t.db
      .update(outboxTable)
      .set({ nextAttemptAt: sql`next_attempt_at - interval '61 seconds'` })
      .where(eq(outboxTable.kind, 'lapsed'));
    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, recovered: 3, sent: 3 });
    expect(smtp.messages.map((m) => m.parsed.subject).sort()).toEqual(['Lapsed 0', 'Lapsed 1', 'Lapsed 2']);
  });

  it('sends each row once when two dispatch passes run at the same time', async () => {
    const mail = t.app.get(OutboxService);
    // More than two batches, so that both passes claim some.
    const subjects = Array.from({ length: MAIL_BATCH_SIZE * 2.5 }, (_, i) => `Concurrent ${i}`);
    for (const s of subjects)
      await mail.enqueue({ kind: 'concurrent', to: ['many@example.org'], subject: s, text: s });

    const [a, b] = await Promise.all([dispatcher.dispatchDue(), dispatcher.dispatchDue()]);
    // Both passes claimed batches at the same time, and together sent every row once.
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    expect(a.sent + b.sent).toBe(subjects.length);
    expect(a.retried + b.retried + a.failed + b.failed).toBe(0);
    const received = smtp.messages.map((m) => m.parsed.subject!).sort();
    expect(received).toEqual([...subjects].sort());
    const rows = await t.db.select().from(outboxTable).where(eq(outboxTable.kind, 'concurrent'));
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
    expect(await dispatcher.dispatchDue()).toEqual(nothing);
  });
});

describe('mail outbox dispatcher sending batches over the SMTP pool', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let dispatcher: OutboxDispatcher;
  let mail: OutboxService;

  beforeAll(async () => {
    ({ smtp, t, dispatcher } = await startSmtpApp());
    mail = t.app.get(OutboxService);
  });
  afterAll(() => stopSmtpApp({ smtp, t }));
  beforeEach(async () => {
    smtp.messages.length = 0;
    await t.db.delete(outboxTable);
    await t.db.delete(emailSettingsTable);
  });

  it('sends 300 messages, each to its recipient exactly once, and records every answer', async () => {
    const recipients = Array.from({ length: 300 }, (_, i) => `person${i}@example.org`);
    for (const to of recipients)
      await mail.enqueue({ kind: 'bulk', to: [to], subject: `For ${to}`, text: `Dear ${to}` });

    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, sent: 300 });
    const received = smtp.messages.map((m) => m.envelope.to.join(','));
    expect(received).toHaveLength(300);
    expect([...received].sort()).toEqual([...recipients].sort());
    for (const m of smtp.messages) expect(m.parsed.subject).toBe(`For ${m.envelope.to[0]}`);

    const rows = await t.db.select().from(outboxTable);
    expect(rows).toHaveLength(300);
    for (const r of rows) {
      expect(r).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
      expect(r.lastResponse).toMatch(/^250 /);
      expect(r.sentAt).toBeInstanceOf(Date);
    }
    // Each row carries the Message-ID of the message its recipient got.
    const byRecipient = new Map(smtp.messages.map((m) => [m.envelope.to[0], m.parsed.messageId]));
    for (const r of rows) expect(r.messageId).toBe(byRecipient.get(r.to[0]));

    expect(await dispatcher.dispatchDue()).toEqual(nothing);
    expect(smtp.messages).toHaveLength(300);
  });

  it('fails the messages the server refuses for good and sends the others of the same batches', async () => {
    const ids: { id: number; bad: boolean }[] = [];
    for (let i = 0; i < 150; i++) {
      const bad = i % 10 === 3;
      const to = bad ? `bad${i}@` : `ok${i}@example.org`;
      ids.push({
        id: await mail.enqueue({ kind: 'mixed', to: [to], subject: `Mixed ${i}`, text: 'x' }),
        bad,
      });
    }

    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, sent: 135, failed: 15 });
    expect(smtp.messages).toHaveLength(135);
    expect(new Set(smtp.messages.map((m) => m.envelope.to[0])).size).toBe(135);
    for (const { id, bad } of ids) {
      const row = await rowById(t, id);
      if (bad) {
        // 501 (bad address syntax) is a permanent refusal: failed at once, not retried
        expect(row).toMatchObject({ state: 'failed', attempts: 1, sentAt: null });
        expect(row.lastError).toMatch(/^EENVELOPE: .*501/);
        expect(row.lastResponse).toMatch(/^501 /);
      } else {
        expect(row).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
        expect(row.lastResponse).toMatch(/^250 /);
      }
    }
  });

  it("puts the chairs' sender name in From with the address of SMTP_FROM", async () => {
    await t.db.insert(emailSettingsTable).values({ owner: 'conference', senderName: 'ICSE 2027 Chairs' });
    await mail.enqueue({ kind: 'named', to: ['named@example.org'], subject: 'Named', text: 'x' });

    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, sent: 1 });
    const [m] = smtp.messages;
    expect(m!.parsed.from?.value).toEqual([{ name: 'ICSE 2027 Chairs', address: 'noreply@example.org' }]);
    expect(m!.envelope.from).toBe('noreply@example.org');
  });

  it('uses SMTP_FROM as it is when the sender name is empty', async () => {
    await t.db.insert(emailSettingsTable).values({ owner: 'conference', senderName: '  ' });
    // Another owner's settings (a track chair's) do not name the conference's sender.
    await t.db.insert(emailSettingsTable).values({ owner: 'user:1', senderName: 'Someone' });
    await mail.enqueue({ kind: 'unnamed', to: ['unnamed@example.org'], subject: 'Unnamed', text: 'x' });

    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, sent: 1 });
    expect(smtp.messages[0]!.parsed.from?.text).toBe('"Symposium" <noreply@example.org>');
  });

  it('defers every unstarted message of a large batch untouched when the server is unreachable', async () => {
    await smtp.stop();
    try {
      for (let i = 0; i < 120; i++)
        await mail.enqueue({ kind: 'down', to: [`d${i}@example.org`], subject: `D ${i}`, text: 'x' });
      // One message was tried (alone), the rest of its batch is given back; the next batch is not claimed.
      expect(await dispatcher.dispatchDue()).toEqual({
        ...nothing,
        retried: 1,
        deferred: MAIL_BATCH_SIZE - 1,
      });
      const rows = await t.db.select().from(outboxTable);
      expect(rows.every((r) => r.state === 'pending')).toBe(true);
      expect(rows.filter((r) => r.attempts === 1)).toHaveLength(1);
      expect(rows.find((r) => r.attempts === 1)!.lastResponse).toMatch(/ECONNREFUSED/);
    } finally {
      await smtp.start();
    }
    await t.db.update(outboxTable).set({ nextAttemptAt: sql`now()` });
    expect(await dispatcher.dispatchDue()).toEqual({ ...nothing, sent: 120 });
    expect(new Set(smtp.messages.map((m) => m.envelope.to[0])).size).toBe(120);
  });
});

describe('mail outbox dispatcher with the jobs running', () => {
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(() => smtp.stop());
  const smtpConfig = () => ({ host: '127.0.0.1', port: smtp.port, secure: false, from: FROM });

  it('sends due e-mails on its own and stops its timer with the application', async () => {
    const t = await createTestApp({ smtp: smtpConfig(), runJobs: true });
    const scheduler = t.app.get(SchedulerRegistry);
    try {
      // (Other jobs, such as the reminder scheduler, have their own intervals.)
      expect(scheduler.getIntervals()).toContain('mail-outbox-dispatcher');
      const u = await t.user();
      const row = await forgot(t, u.email);
      let stored = await rowById(t, row.id);
      while (stored.state !== 'sent') {
        await new Promise((r) => setTimeout(r, 100));
        stored = await rowById(t, row.id);
      }
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.envelope.to).toEqual([u.email]);
    } finally {
      await t.close();
    }
    expect(scheduler.getIntervals()).not.toContain('mail-outbox-dispatcher');
  });

  it('does not poll when runJobs is off', async () => {
    const t = await createTestApp({ smtp: smtpConfig(), runJobs: false });
    try {
      expect(t.app.get(SchedulerRegistry).getIntervals()).not.toContain('mail-outbox-dispatcher');
    } finally {
      await t.close();
    }
  });

  it('lets the in-flight batch finish and record its results when the application closes', async () => {
    const t = await createTestApp({ smtp: smtpConfig(), runJobs: false });
    const mail = t.app.get(OutboxService);
    for (let i = 0; i < 5; i++)
      await mail.enqueue({ kind: 'shutdown', to: ['late@example.org'], subject: `Late ${i}`, text: 'x' });
    const pass = t.app.get(OutboxDispatcher).dispatchDue();
    await t.close();
    // Every message was sent and marked sent before the database closed (else the pass would reject).
    expect(await pass).toEqual({ ...nothing, sent: 5 });
    expect(smtp.messages).toHaveLength(5);
  });
});

describe('mail outbox without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ runJobs: true });
  });
  afterAll(() => t.close());

  it('keeps the e-mail in the outbox and attempts nothing', async () => {
    const u = await t.user();
    const row = await forgot(t, u.email);
    const dispatcher = t.app.get(OutboxDispatcher);
    expect(dispatcher.enabled).toBe(false);
    expect(await dispatcher.dispatchDue()).toEqual(nothing);
    expect(await rowById(t, row.id)).toMatchObject({
      state: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
      messageId: null,
    });
  });
});
