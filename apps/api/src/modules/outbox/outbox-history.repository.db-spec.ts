import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../database/database.js';
import { openWith } from '../../database/test-database.js';
import { OutboxHistoryRepository, type MailQuery } from './outbox-history.repository.js';
import { outboxTable, type NewOutboxRow } from './outbox.table.js';

describe('OutboxHistoryRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: OutboxHistoryRepository;
  const ids: Record<string, number> = {};
  const message = (name: string, extra: Partial<NewOutboxRow>): NewOutboxRow & { name: string } => ({
    name,
    kind: 'bulk',
    to: [`${name}@x.org`],
    subject: `Subject ${name}`,
    text: 'Body',
    html: '<p>Body</p>',
    ...extra,
  });

  beforeAll(async () => {
    ({ handle, repo } = await openWith((db) => new OutboxHistoryRepository(db)));
    const rows = [
      message('ann', {
        state: 'sent',
        createdAt: new Date('2026-04-01T10:00:00Z'),
        createdBy: 1,
        sendId: 7,
        subject: 'Reminder 100%',
      }),
      message('bob', {
        state: 'failed',
        attempts: 3,
        createdAt: new Date('2026-04-01T23:00:00Z'),
        createdBy: 2,
        lastError: 'refused',
      }),
      message('cat', {
        state: 'pending',
        to: ['cat@x.org', 'dan@y.org'],
        createdAt: new Date('2026-04-02T00:00:00Z'),
        createdBy: 1,
        sendId: 7,
      }),
      message('eve', {
        state: 'failed',
        attempts: 1,
        createdAt: new Date('2026-04-02T12:00:00Z'),
        createdBy: 1,
        sendId: 8,
        nextAttemptAt: new Date('2030-01-01T00:00:00Z'),
      }),
      message('fay', { state: 'sending', createdAt: new Date('2026-04-03T00:00:00Z') }),
    ];
    for (const { name, ...row } of rows) {
      const [created] = await handle.db.insert(outboxTable).values(row).returning({ id: outboxTable.id });
      ids[name] = created!.id;
    }
  });
  afterAll(() => handle.close());

  const page = { offset: 0, limit: 50 };
  const names = async (q: MailQuery, p = page) => {
    const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
    return (await repo.list(q, p)).map((r) => byId.get(r.id));
  };

  it('lists newest first (by id), pages, and counts', async () => {
    expect(await names({})).toEqual(['fay', 'eve', 'cat', 'bob', 'ann']);
    expect(await names({}, { offset: 1, limit: 2 })).toEqual(['eve', 'cat']);
    expect(await repo.count({})).toBe(5);
  });

  it('rows carry the history columns, not the html body', async () => {
    const [row] = await repo.list({ state: 'sending' }, page);
    expect(row).not.toHaveProperty('html');
    expect(row).toMatchObject({
      id: ids.fay,
      to: ['fay@x.org'],
      cc: [],
      bcc: [],
      subject: 'Subject fay',
      state: 'sending',
    });
  });

  it('filters by state, sender and bulk send', async () => {
    expect(await names({ state: 'failed' })).toEqual(['eve', 'bob']);
    expect(await names({ createdBy: 1 })).toEqual(['eve', 'cat', 'ann']);
    expect(await names({ sendId: 7 })).toEqual(['cat', 'ann']);
    expect(await repo.count({ state: 'failed', createdBy: 1 })).toBe(1);
  });

  it('recipient matches any address of the message; subject matches text, wildcards literal; both ignore case', async () => {
    expect(await names({ recipient: 'DAN@Y' })).toEqual(['cat']);
    expect(await names({ recipient: 'x.org' })).toEqual(['fay', 'eve', 'cat', 'bob', 'ann']);
    expect(await names({ subject: '100%' })).toEqual(['ann']);
    expect(await names({ subject: '%' })).toEqual(['ann']);
    expect(await names({ subject: 'subject b' })).toEqual(['bob']);
  });

  it('filters by creation time: from included, until excluded', async () => {
    const q = { from: new Date('2026-04-01T23:00:00Z'), until: new Date('2026-04-02T12:00:00Z') };
    expect(await names(q)).toEqual(['cat', 'bob']);
    expect(await repo.count(q)).toBe(2);
  });

  it('find answers one message, only to its sender when a sender is given', async () => {
    expect((await repo.find(ids.ann!, undefined))!.id).toBe(ids.ann);
    expect((await repo.find(ids.ann!, 1))!.id).toBe(ids.ann);
    expect(await repo.find(ids.ann!, 2)).toBeUndefined();
    expect(await repo.find(9999, undefined)).toBeUndefined();
  });

  it('delivery counts each UTC day by state, leaving out days without rows', async () => {
    expect(await repo.delivery(new Date('2026-03-31T00:00:00Z'), new Date('2026-04-03T00:00:00Z'))).toEqual(
      expect.arrayContaining([
        { day: '2026-04-01', queued: 0, sending: 0, sent: 1, failed: 1 },
        { day: '2026-04-02', queued: 1, sending: 0, sent: 0, failed: 1 },
      ]),
    );
    expect(
      (await repo.delivery(new Date('2026-03-31T00:00:00Z'), new Date('2026-04-03T00:00:00Z'))).length,
    ).toBe(2);
    expect(await repo.delivery(new Date('2026-04-03T00:00:00Z'), new Date('2026-04-04T00:00:00Z'))).toEqual([
      { day: '2026-04-03', queued: 0, sending: 1, sent: 0, failed: 0 },
    ]);
  });

  describe('requeueFailed', () => {
    it('puts failed messages matching the query back in the queue, due now, attempts kept; others untouched', async () => {
      // a rolled-back requeue changes nothing
      await expect(
        handle.db.transaction(async (tx) => {
          expect(await repo.requeueFailed({ createdBy: 1 }, tx)).toEqual([ids.eve]);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await names({ state: 'failed' })).toEqual(['eve', 'bob']);
      // only failed ones: the sending, pending and sent messages of sender 1 are not touched
      expect(await handle.db.transaction((tx) => repo.requeueFailed({ createdBy: 1 }, tx))).toEqual([
        ids.eve,
      ]);
      const [eve] = await handle.db.select().from(outboxTable).where(eq(outboxTable.id, ids.eve!));
      expect(eve).toMatchObject({ state: 'pending', attempts: 1 });
      expect(eve!.nextAttemptAt.getTime()).toBeLessThan(new Date('2030-01-01T00:00:00Z').getTime());
      expect(await names({ state: 'sending' })).toEqual(['fay']);
    });

    it('by id: that message only if failed', async () => {
      expect(await handle.db.transaction((tx) => repo.requeueFailed({ id: ids.fay }, tx))).toEqual([]);
      expect(await handle.db.transaction((tx) => repo.requeueFailed({ id: ids.bob }, tx))).toEqual([ids.bob]);
      expect(await handle.db.transaction((tx) => repo.requeueFailed({}, tx))).toEqual([]);
    });
  });
});
