import type { DatabaseHandle } from '../../database/database.js';
import { openWith } from '../../database/test-database.js';
import { deliveryKey, RemindersRepository, rowsOf, type ReminderRuleValues } from './reminders.repository.js';
import { reminderDeliveriesTable, reminderRunsTable } from './jobs.table.js';

describe('RemindersRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: RemindersRepository;
  const rule = (name: string, extra: Partial<ReminderRuleValues> = {}): ReminderRuleValues => ({
    name,
    kind: 'camera-ready',
    offsets: [7, 1],
    sendHour: 9,
    recipients: 'all',
    templateId: 1,
    trackIds: [],
    enabled: false,
    ...extra,
  });

  beforeAll(async () => ({ handle, repo } = await openWith((db) => new RemindersRepository(db))));
  afterAll(() => handle.close());

  it('inserts rules and lists them by name; finds by id and by name ignoring case', async () => {
    const b = await repo.insert(rule('Beta', { enabled: true }));
    const a = await repo.insert(rule('Alpha', { trackIds: [2, 3] }));
    expect(a).toMatchObject({
      name: 'Alpha',
      offsets: [7, 1],
      trackIds: [2, 3],
      enabled: false,
      lastRunAt: null,
    });
    expect((await repo.list()).map((r) => r.name)).toEqual(['Alpha', 'Beta']);
    expect(await repo.find(b.id)).toEqual(b);
    expect(await repo.find(9999)).toBeUndefined();
    expect(await repo.findByName('ALPHA')).toEqual(a);
    expect(await repo.findByName('gamma')).toBeUndefined();
    await expect(repo.insert(rule('Beta'))).rejects.toThrow();
  });

  it('enabledIds answers the enabled rules by id; update changes a rule (undefined when unknown)', async () => {
    const [b, a] = [(await repo.findByName('Beta'))!, (await repo.findByName('alpha'))!];
    expect(await repo.enabledIds()).toEqual([{ id: b.id }]);
    const u = await repo.update(a.id, { enabled: true, sendHour: 17 });
    expect(u).toMatchObject({ id: a.id, enabled: true, sendHour: 17, name: 'Alpha' });
    expect(await repo.enabledIds()).toEqual([{ id: b.id }, { id: a.id }]);
    expect(await repo.update(9999, { enabled: true })).toBeUndefined();
  });

  it('claim: the scheduler (no wait) gets only an enabled rule; the chair (wait) gets it paused too', async () => {
    const paused = await repo.insert(rule('Paused'));
    const on = (await repo.findByName('Beta'))!;
    await handle.db.transaction(async (tx) => {
      expect(await repo.claim(paused.id, false, tx)).toBeUndefined();
      expect(await repo.claim(paused.id, true, tx)).toEqual(paused);
      expect(await repo.claim(on.id, false, tx)).toEqual(on);
      expect(await repo.claim(9999, true, tx)).toBeUndefined();
    });
  });

  it('records each delivery exactly once and reports which keys exist', async () => {
    const r = (await repo.findByName('Beta'))!;
    const k1 = { userId: 1, objectKey: 'paper:1', occurrence: 'd-7d' };
    const k2 = { userId: 2, objectKey: 'paper:1', occurrence: 'd-7d' };
    const k3 = { userId: 1, objectKey: 'paper:1', occurrence: 'd-1d' };
    expect(await repo.existing(r.id, [])).toEqual(new Set());
    const first = await handle.db.transaction((tx) => repo.insertDeliveries(r.id, [k1, k2], tx));
    expect(first).toEqual([
      { id: expect.any(Number), ...k1 },
      { id: expect.any(Number), ...k2 },
    ]);
    const again = await handle.db.transaction((tx) => repo.insertDeliveries(r.id, [k2, k3], tx));
    expect(again).toEqual([{ id: expect.any(Number), ...k3 }]);
    expect(await repo.existing(r.id, [k1, k3, { ...k1, userId: 9 }])).toEqual(
      new Set([deliveryKey(k1), deliveryKey(k2), deliveryKey(k3)]),
    );
    // another rule's keys are its own
    const other = (await repo.findByName('alpha'))!;
    expect(await repo.existing(other.id, [k1])).toEqual(new Set());
    await handle.db.transaction((tx) =>
      repo.setOutboxIds(
        [
          [first[0]!.id, 101],
          [first[1]!.id, 102],
        ],
        tx,
      ),
    );
    const rows = await handle.db.select().from(reminderDeliveriesTable).orderBy(reminderDeliveriesTable.id);
    expect(rows.map((d) => d.outboxId)).toEqual([101, 102, null]);
    expect(await repo.sentCounts([r.id, other.id])).toEqual(new Map([[r.id, 3]]));
    expect(await repo.sentCounts([])).toEqual(new Map());
  });

  it('records runs, lists them newest first (of one rule or all), and touches lastRunAt', async () => {
    const [b, a] = [(await repo.findByName('Beta'))!, (await repo.findByName('alpha'))!];
    const run = (ruleId: number, at: string) =>
      handle.db.transaction((tx) =>
        repo.insertRun(
          { ruleId, trigger: 'chair', startedAt: new Date(at), queued: 2, details: { n: 1 } },
          tx,
        ),
      );
    const r1 = await run(b.id, '2026-01-01T00:00:00Z');
    const r2 = await run(a.id, '2026-01-03T00:00:00Z');
    const r3 = await run(b.id, '2026-01-02T00:00:00Z');
    expect(r1).toMatchObject({
      ruleId: b.id,
      trigger: 'chair',
      queued: 2,
      details: { n: 1 },
      finishedAt: expect.any(Date),
    });
    expect((await repo.runs(null, 10)).map((r) => r.id)).toEqual([r2.id, r3.id, r1.id]);
    expect((await repo.runs(b.id, 10)).map((r) => r.id)).toEqual([r3.id, r1.id]);
    expect((await repo.runs(null, 1)).map((r) => r.id)).toEqual([r2.id]);
    await handle.db.transaction((tx) => repo.touchLastRun(b.id, tx));
    expect((await repo.find(b.id))!.lastRunAt).toEqual(expect.any(Date));
  });

  it('delete removes the rule with its deliveries and runs, and answers whether it existed', async () => {
    const b = (await repo.findByName('Beta'))!;
    expect(await handle.db.transaction((tx) => repo.delete(b.id, tx))).toBe(true);
    expect(await repo.find(b.id)).toBeUndefined();
    expect(await repo.runs(b.id, 10)).toEqual([]);
    expect(await repo.sentCounts([b.id])).toEqual(new Map());
    expect((await handle.db.select().from(reminderRunsTable)).length).toBe(1);
    expect(await handle.db.transaction((tx) => repo.delete(b.id, tx))).toBe(false);
  });

  it('rowsOf reads the rows of a raw result from either driver', () => {
    expect(rowsOf({ rows: [{ a: 1 }] })).toEqual([{ a: 1 }]);
    expect(rowsOf([{ a: 2 }])).toEqual([{ a: 2 }]);
    expect(rowsOf({})).toEqual([]);
  });
});
