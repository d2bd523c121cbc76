import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../database/database.js';
import { OutboxRepository, SENDING_LEASE_SECONDS } from './outbox.repository.js';
import { emailSettingsTable, outboxTable, type NewOutboxRow } from './outbox.table.js';

const mail = (subject: string, extra: Partial<NewOutboxRow> = {}): NewOutboxRow => ({
  kind: 'test',
  to: [`${subject}@example.org`],
  subject,
  text: `Text of ${subject}`,
  ...extra,
});

describe('OutboxRepository (the dispatcher queue)', () => {
  let h: DatabaseHandle;
  let repo: OutboxRepository;

  beforeAll(async () => {
    h = await openDatabase({ inMemory: true });
    repo = new OutboxRepository(h.db);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.db.delete(outboxTable);
    await h.db.delete(emailSettingsTable);
  });

  const row = async (id: number) => (await h.db.select().from(outboxTable).where(eq(outboxTable.id, id)))[0]!;

  it('counts the queue by state with the oldest queued message’s age (metrics)', async () => {
    expect(await repo.queueStats()).toEqual({ queued: 0, sending: 0, failed: 0, oldestQueuedSeconds: 0 });
    const hourAgo = new Date(Date.now() - 3_600_000);
    await repo.insert([
      mail('old', { createdAt: hourAgo }),
      mail('new'),
      mail('retrying', { attempts: 2, nextAttemptAt: new Date(Date.now() + 60_000) }),
      mail('claimed', { state: 'sending', createdAt: new Date(Date.now() - 7_200_000) }),
      mail('refused', { state: 'failed', attempts: 8 }),
      mail('delivered', { state: 'sent', attempts: 1 }),
    ]);
    const stats = await repo.queueStats();
    expect(stats).toMatchObject({ queued: 3, sending: 1, failed: 1 });
    // the oldest queued one, not the older one being sent
    expect(stats.oldestQueuedSeconds).toBeGreaterThanOrEqual(3_600);
    expect(stats.oldestQueuedSeconds).toBeLessThan(7_200);
  });

  it('inserts rows in one statement and answers their ids in the order given', async () => {
    const ids = await repo.insert([mail('a'), mail('b'), mail('c')]);
    expect(ids).toHaveLength(3);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect((await Promise.all(ids.map(row))).map((r) => [r.subject, r.state, r.attempts])).toEqual([
      ['a', 'pending', 0],
      ['b', 'pending', 0],
      ['c', 'pending', 0],
    ]);
  });

  it('stores every column as given (the rows travel as JSON) and takes the defaults a row leaves out', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const full = mail('full', {
      to: ['x@example.org', 'y@example.org'],
      cc: ['c@example.org'],
      bcc: [],
      replyTo: 'r@example.org',
      text: 'Line 1\nLine "2" \\ é ✓ {"json": [1]}',
      html: '<p>a&amp;b</p>',
      state: 'sent',
      attempts: 1,
      nextAttemptAt: at,
      sentAt: at,
      createdAt: at,
      lastResponse: '250 Ok',
      createdBy: 7,
      userId: 8,
      paperId: 9,
      sendId: null,
    });
    const many = Array.from({ length: 600 }, (_, i) => mail(`m${i}`, { userId: i }));
    const [id] = await repo.insert([full]);
    expect(await row(id!)).toMatchObject({
      to: ['x@example.org', 'y@example.org'],
      cc: ['c@example.org'],
      bcc: [],
      replyTo: 'r@example.org',
      text: 'Line 1\nLine "2" \\ é ✓ {"json": [1]}',
      html: '<p>a&amp;b</p>',
      state: 'sent',
      attempts: 1,
      nextAttemptAt: at,
      sentAt: at,
      createdAt: at,
      lastResponse: '250 Ok',
      createdBy: 7,
      userId: 8,
      paperId: 9,
      sendId: null,
    });
    const ids = await repo.insert(many);
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((r) => [r.subject, r.userId, r.cc, r.state, r.html])).toEqual(
      many.map((m, i) => [m.subject, i, [], 'pending', null]),
    );
    // rows giving different columns: a left-out column takes its default there too
    const mixed = await repo.insert([mail('d1', { state: 'failed' }), mail('d2')]);
    expect((await Promise.all(mixed.map(row))).map((r) => [r.subject, r.state])).toEqual([
      ['d1', 'failed'],
      ['d2', 'pending'],
    ]);
  });

  it('claims due pending rows only, oldest due first, up to the limit, and leases them', async () => {
    const [due1, due2, due3] = await repo.insert([
      mail('due1', { nextAttemptAt: new Date(Date.now() - 3000) }),
      mail('due2', { nextAttemptAt: new Date(Date.now() - 2000) }),
      mail('due3', { nextAttemptAt: new Date(Date.now() - 1000) }),
    ]);
    await repo.insert([
      mail('later', { nextAttemptAt: new Date(Date.now() + 3_600_000) }),
      mail('sent', { state: 'sent' }),
      mail('failed', { state: 'failed' }),
    ]);
    const claimed = await repo.claimDue(2);
    expect(claimed.map((c) => c.id)).toEqual([due1, due2]);
    expect(claimed[0]).toMatchObject({
      subject: 'due1',
      to: ['due1@example.org'],
      replyTo: null,
      attempts: 0,
    });
    const leased = await row(due1!);
    expect(leased.state).toBe('sending');
    const lease = (leased.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(lease).toBeGreaterThan(SENDING_LEASE_SECONDS - 30);
    expect(lease).toBeLessThanOrEqual(SENDING_LEASE_SECONDS + 1);
    // the next claim takes the one left; then nothing is due
    expect((await repo.claimDue(10)).map((c) => c.id)).toEqual([due3]);
    expect(await repo.claimDue(10)).toEqual([]);
  });

  it('never gives one row to two concurrent claims', async () => {
    await repo.insert(Array.from({ length: 30 }, (_, i) => mail(`m${i}`)));
    const [a, b, c] = await Promise.all([repo.claimDue(12), repo.claimDue(12), repo.claimDue(12)]);
    const all = [...a!, ...b!, ...c!].map((r) => r.id);
    expect(all).toHaveLength(30);
    expect(new Set(all).size).toBe(30);
  });

  it('records sent messages still claimed, with their answer, and leaves others alone', async () => {
    const [claimed, pending] = await repo.insert([mail('claimed'), mail('pending')]);
    await h.db.update(outboxTable).set({ state: 'sending' }).where(eq(outboxTable.id, claimed!));
    expect(await repo.markSent([])).toBe(0);
    const n = await repo.markSent([
      { id: claimed!, messageId: '<1@x>', response: '250 Ok' },
      { id: pending!, messageId: '<2@x>', response: '250 Ok' },
    ]);
    expect(n).toBe(1);
    expect(await row(claimed!)).toMatchObject({
      state: 'sent',
      messageId: '<1@x>',
      lastResponse: '250 Ok',
      lastError: null,
      attempts: 1,
    });
    expect((await row(claimed!)).sentAt).toBeInstanceOf(Date);
    expect(await row(pending!)).toMatchObject({ state: 'pending', attempts: 0, sentAt: null });
  });

  it('records a failed attempt with back-off, or gives up', async () => {
    const [retry, giveUp] = await repo.insert([
      mail('retry', { attempts: 2 }),
      mail('giveUp', { attempts: 7 }),
    ]);
    await h.db.update(outboxTable).set({ state: 'sending' });
    const next = await repo.markAttemptFailed({ id: retry!, attempts: 2 }, 'timeout', false);
    // attempts before = 2 → 4 minutes
    expect((next!.getTime() - Date.now()) / 60_000).toBeGreaterThan(3.5);
    expect((next!.getTime() - Date.now()) / 60_000).toBeLessThanOrEqual(4.01);
    expect(await row(retry!)).toMatchObject({ state: 'pending', attempts: 3, lastError: 'timeout' });
    expect(await repo.markAttemptFailed({ id: giveUp!, attempts: 7 }, '550 no such user', true)).toBeNull();
    expect(await row(giveUp!)).toMatchObject({
      state: 'failed',
      attempts: 8,
      lastResponse: '550 no such user',
    });
  });

  it('releases expired leases and claimed rows, and renews leases of rows still sending', async () => {
    const [expired, live, other] = await repo.insert([mail('expired'), mail('live'), mail('other')]);
    await h.db
      .update(outboxTable)
      .set({ state: 'sending', nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outboxTable.id, expired!));
    await h.db
      .update(outboxTable)
      .set({ state: 'sending', nextAttemptAt: sql`now() + interval '5 seconds'` })
      .where(eq(outboxTable.id, live!));
    expect(await repo.releaseExpiredLeases()).toBe(1);
    expect(await row(expired!)).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await row(expired!)).lastError).toMatch(/interrupted/);
    expect((await row(live!)).state).toBe('sending');

    await repo.renewLease([live!, other!]);
    const renewed = (await row(live!)).nextAttemptAt.getTime() - Date.now();
    expect(renewed / 1000).toBeGreaterThan(SENDING_LEASE_SECONDS - 30);
    expect((await row(other!)).state).toBe('pending');

    const at = new Date(Date.now() + 60_000);
    await repo.release([live!], at);
    expect(await row(live!)).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await row(live!)).nextAttemptAt.getTime()).toBe(at.getTime());
  });

  it("reads the chairs' sender name ('' when none is set)", async () => {
    expect(await repo.senderName()).toBe('');
    await h.db.insert(emailSettingsTable).values({ owner: 'user:5', senderName: 'Track chair' });
    expect(await repo.senderName()).toBe('');
    await h.db.insert(emailSettingsTable).values({ owner: 'conference', senderName: 'ICX 2027' });
    expect(await repo.senderName()).toBe('ICX 2027');
  });
});
