import { Inject, Injectable } from '@nestjs/common';
import { escapeLike, type DeliveryDay } from '@symposium/domain';
import { and, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { outboxTable, type OutboxRow } from './outbox.table.js';

/** Outbox states as stored ('pending' is shown as 'queued'). */
export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';

/** A checked history filter (see parseMailFilter); createdBy limits a track chair to what they sent. */
export interface MailQuery {
  state?: OutboxState;
  recipient?: string;
  subject?: string;
  /** createdAt >= from and < until (UTC midnights). */
  from?: Date;
  until?: Date;
  sendId?: number;
  createdBy?: number;
}

/** The history's columns (the html body is not needed to list or show a message). */
const columns = {
  id: outboxTable.id,
  kind: outboxTable.kind,
  to: outboxTable.to,
  cc: outboxTable.cc,
  bcc: outboxTable.bcc,
  replyTo: outboxTable.replyTo,
  subject: outboxTable.subject,
  text: outboxTable.text,
  state: outboxTable.state,
  attempts: outboxTable.attempts,
  nextAttemptAt: outboxTable.nextAttemptAt,
  lastError: outboxTable.lastError,
  lastResponse: outboxTable.lastResponse,
  createdAt: outboxTable.createdAt,
  sentAt: outboxTable.sentAt,
  createdBy: outboxTable.createdBy,
  sendId: outboxTable.sendId,
  paperId: outboxTable.paperId,
};
export type HistoryRow = Pick<OutboxRow, keyof typeof columns>;

function whereOf(q: MailQuery): SQL | undefined {
  const c: SQL[] = [];
  if (q.state) c.push(eq(outboxTable.state, q.state));
  if (q.recipient)
    c.push(ilike(sql`array_to_string(${outboxTable.to}, ' ')`, `%${escapeLike(q.recipient)}%`));
  if (q.subject) c.push(ilike(outboxTable.subject, `%${escapeLike(q.subject)}%`));
  if (q.from) c.push(gte(outboxTable.createdAt, q.from));
  if (q.until) c.push(lt(outboxTable.createdAt, q.until));
  if (q.sendId !== undefined) c.push(eq(outboxTable.sendId, q.sendId));
  if (q.createdBy !== undefined) c.push(eq(outboxTable.createdBy, q.createdBy));
  return c.length ? and(...c) : undefined;
}

/** The e-mail history: reads of the outbox, and failed messages put back in the queue. */
@Injectable()
export class OutboxHistoryRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Newest first: by id, which follows the order of queueing (the primary key serves it; see outboxTable). */
  list(q: MailQuery, page: { offset: number; limit: number }): Promise<HistoryRow[]> {
    return this.db
      .select(columns)
      .from(outboxTable)
      .where(whereOf(q))
      .orderBy(desc(outboxTable.id))
      .offset(page.offset)
      .limit(page.limit);
  }

  async count(q: MailQuery): Promise<number> {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxTable)
      .where(whereOf(q));
    return r?.n ?? 0;
  }

  async find(
    id: number,
    createdBy: number | undefined,
    ex: Executor = this.db,
  ): Promise<HistoryRow | undefined> {
    const [row] = await ex
      .select(columns)
      .from(outboxTable)
      .where(
        and(
          eq(outboxTable.id, id),
          createdBy === undefined ? undefined : eq(outboxTable.createdBy, createdBy),
        ),
      );
    return row;
  }

  /**
   * Failed messages matching the query back to 'pending', due now (attempts kept) → their ids. One UPDATE:
   * a message the dispatcher is sending is not failed, so it is never touched.
   */
  async requeueFailed(q: MailQuery & { id?: number }, ex: Executor): Promise<number[]> {
    const rows = await ex
      .update(outboxTable)
      .set({ state: 'pending', nextAttemptAt: sql`now()` })
      .where(
        and(
          eq(outboxTable.state, 'failed'),
          q.id === undefined ? undefined : eq(outboxTable.id, q.id),
          whereOf(q),
        ),
      )
      .returning({ id: outboxTable.id });
    return rows.map((r) => r.id);
  }

  /** Outbox rows created on each UTC day of [from, until), by state; days without rows are left out. */
  async delivery(from: Date, until: Date): Promise<DeliveryDay[]> {
    const day = sql<string>`to_char(${outboxTable.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ day, state: outboxTable.state, n: sql<number>`count(*)::int` })
      .from(outboxTable)
      .where(and(gte(outboxTable.createdAt, from), lt(outboxTable.createdAt, until)))
      .groupBy(day, outboxTable.state);
    const byDay = new Map<string, DeliveryDay>();
    for (const r of rows) {
      const d = byDay.get(r.day) ?? { day: r.day, queued: 0, sending: 0, sent: 0, failed: 0 };
      if (r.state === 'pending') d.queued += r.n;
      else if (r.state === 'sending' || r.state === 'sent' || r.state === 'failed') d[r.state] += r.n;
      byDay.set(r.day, d);
    }
    return [...byDay.values()];
  }
}
