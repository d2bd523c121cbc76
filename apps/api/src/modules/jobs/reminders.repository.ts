import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import {
  reminderDeliveriesTable,
  reminderRulesTable,
  reminderRunsTable,
  type ReminderRuleRow,
  type ReminderRunRow,
} from './jobs.table.js';

export type ReminderRuleValues = Pick<
  ReminderRuleRow,
  'name' | 'kind' | 'offsets' | 'sendHour' | 'recipients' | 'templateId' | 'trackIds' | 'enabled'
>;

/** A reminder to record: the unique key (rule, user, object, occurrence). */
export interface DeliveryKey {
  userId: number;
  objectKey: string;
  occurrence: string;
}

/** Rows at a time in multi-row inserts (well under PostgreSQL's 65535 bind parameters). */
const BATCH = 1000;

/** SQL of the reminder tables (rules, deliveries, runs). */
@Injectable()
export class RemindersRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  list(ex: Executor = this.db): Promise<ReminderRuleRow[]> {
    return ex.select().from(reminderRulesTable).orderBy(reminderRulesTable.name, reminderRulesTable.id);
  }

  async find(id: number, ex: Executor = this.db): Promise<ReminderRuleRow | undefined> {
    const [row] = await ex.select().from(reminderRulesTable).where(eq(reminderRulesTable.id, id));
    return row;
  }

  async findByName(name: string, ex: Executor = this.db): Promise<ReminderRuleRow | undefined> {
    const [row] = await ex
      .select()
      .from(reminderRulesTable)
      .where(sql`lower(${reminderRulesTable.name}) = lower(${name})`);
    return row;
  }

  enabledIds(ex: Executor = this.db): Promise<{ id: number }[]> {
    return ex
      .select({ id: reminderRulesTable.id })
      .from(reminderRulesTable)
      .where(eq(reminderRulesTable.enabled, true))
      .orderBy(reminderRulesTable.id);
  }

  async insert(values: ReminderRuleValues, ex: Executor = this.db): Promise<ReminderRuleRow> {
    const [row] = await ex.insert(reminderRulesTable).values(values).returning();
    return row!;
  }

  async update(
    id: number,
    patch: Partial<ReminderRuleValues>,
    ex: Executor = this.db,
  ): Promise<ReminderRuleRow | undefined> {
    const [row] = await ex
      .update(reminderRulesTable)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(reminderRulesTable.id, id))
      .returning();
    return row;
  }

  /** Deletes the rule with its deliveries and runs. */
  async delete(id: number, ex: Executor): Promise<boolean> {
    await ex.delete(reminderDeliveriesTable).where(eq(reminderDeliveriesTable.ruleId, id));
    await ex.delete(reminderRunsTable).where(eq(reminderRunsTable.ruleId, id));
    const rows = await ex
      .delete(reminderRulesTable)
      .where(eq(reminderRulesTable.id, id))
      .returning({ id: reminderRulesTable.id });
    return rows.length > 0;
  }

  /**
   * Claims the rule for a run until the transaction ends. wait false (scheduler): SKIP LOCKED — a rule
   * another process is running now is skipped; wait true (chair, command line): waits for that run to end.
   * A scheduler claim also requires the rule to be enabled (it may have been paused since it was listed).
   */
  async claim(id: number, wait: boolean, ex: Executor): Promise<ReminderRuleRow | undefined> {
    const res = await ex.execute(
      sql`select id from reminder_rules where id = ${id} ${wait ? sql`` : sql`and enabled`}
          for update ${wait ? sql`` : sql`skip locked`}`,
    );
    if (!rowsOf(res).length) return undefined;
    return this.find(id, ex);
  }

  /** Which of these keys were already recorded for the rule. */
  async existing(ruleId: number, keys: DeliveryKey[], ex: Executor = this.db): Promise<Set<string>> {
    const found = new Set<string>();
    const occurrences = [...new Set(keys.map((k) => k.occurrence))];
    if (!occurrences.length) return found;
    for (let i = 0; i < occurrences.length; i += BATCH) {
      const rows = await ex
        .select({
          userId: reminderDeliveriesTable.userId,
          objectKey: reminderDeliveriesTable.objectKey,
          occurrence: reminderDeliveriesTable.occurrence,
        })
        .from(reminderDeliveriesTable)
        .where(
          and(
            eq(reminderDeliveriesTable.ruleId, ruleId),
            inArray(reminderDeliveriesTable.occurrence, occurrences.slice(i, i + BATCH)),
          ),
        );
      for (const r of rows) found.add(deliveryKey(r));
    }
    return found;
  }

  /**
   * Records deliveries; a key already recorded (by another process, or an earlier run) is left alone and
   * not returned. The unique index (rule, user, object, occurrence) decides: exactly once.
   */
  async insertDeliveries(
    ruleId: number,
    keys: DeliveryKey[],
    ex: Executor,
  ): Promise<(DeliveryKey & { id: number })[]> {
    const out: (DeliveryKey & { id: number })[] = [];
    for (let i = 0; i < keys.length; i += BATCH) {
      const rows = await ex
        .insert(reminderDeliveriesTable)
        .values(keys.slice(i, i + BATCH).map((k) => ({ ruleId, ...k })))
        .onConflictDoNothing()
        .returning({
          id: reminderDeliveriesTable.id,
          userId: reminderDeliveriesTable.userId,
          objectKey: reminderDeliveriesTable.objectKey,
          occurrence: reminderDeliveriesTable.occurrence,
        });
      out.push(...rows);
    }
    return out;
  }

  /** Links deliveries to their outbox rows: pairs of (delivery id, outbox id). */
  async setOutboxIds(pairs: [number, number][], ex: Executor): Promise<void> {
    for (let i = 0; i < pairs.length; i += BATCH) {
      const chunk = pairs.slice(i, i + BATCH);
      const values = sql.join(
        chunk.map(([d, o]) => sql`(${d}::int, ${o}::int)`),
        sql`, `,
      );
      await ex.execute(
        sql`update reminder_deliveries d set outbox_id = v.o from (values ${values}) as v(d, o) where d.id = v.d`,
      );
    }
  }

  async insertRun(
    run: {
      ruleId: number;
      trigger: string;
      startedAt: Date;
      queued: number;
      details: Record<string, unknown>;
    },
    ex: Executor,
  ): Promise<ReminderRunRow> {
    const [row] = await ex
      .insert(reminderRunsTable)
      .values({ ...run, finishedAt: sql`now()` })
      .returning();
    return row!;
  }

  async touchLastRun(id: number, ex: Executor): Promise<void> {
    await ex
      .update(reminderRulesTable)
      .set({ lastRunAt: sql`now()` })
      .where(eq(reminderRulesTable.id, id));
  }

  /**
   * Seconds since the enabled rule least recently run was last run (or, never run, last changed — when it
   * was enabled); 0 when no rule is enabled.
   */
  async oldestRunAgeSeconds(ex: Executor = this.db): Promise<number> {
    const since = sql`coalesce(${reminderRulesTable.lastRunAt}, ${reminderRulesTable.updatedAt})`;
    const [row] = await ex
      .select({ age: sql<number>`coalesce(extract(epoch from now() - min(${since})), 0)`.mapWith(Number) })
      .from(reminderRulesTable)
      .where(eq(reminderRulesTable.enabled, true));
    return Math.max(0, row?.age ?? 0);
  }

  /** Runs, newest first; of one rule or of all. */
  runs(ruleId: number | null, limit: number, ex: Executor = this.db): Promise<ReminderRunRow[]> {
    return ex
      .select()
      .from(reminderRunsTable)
      .where(ruleId === null ? undefined : eq(reminderRunsTable.ruleId, ruleId))
      .orderBy(desc(reminderRunsTable.startedAt), desc(reminderRunsTable.id))
      .limit(limit);
  }

  /** Reminders sent so far per rule. */
  async sentCounts(ruleIds: number[], ex: Executor = this.db): Promise<Map<number, number>> {
    if (!ruleIds.length) return new Map();
    const rows = await ex
      .select({ ruleId: reminderDeliveriesTable.ruleId, n: count() })
      .from(reminderDeliveriesTable)
      .where(inArray(reminderDeliveriesTable.ruleId, ruleIds))
      .groupBy(reminderDeliveriesTable.ruleId);
    return new Map(rows.map((r) => [r.ruleId, Number(r.n)]));
  }
}

export const deliveryKey = (k: DeliveryKey): string => `${k.userId}|${k.objectKey}|${k.occurrence}`;

/** The rows of a raw query's result (node-postgres and PGlite both answer { rows }). */
export function rowsOf(res: unknown): Record<string, unknown>[] {
  if (Array.isArray(res)) return res as Record<string, unknown>[];
  return ((res as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}
