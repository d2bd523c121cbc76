import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { outboxTable, type OutboxRow } from './mail.table.js';

/** Rows claimed per statement. */
export const MAIL_BATCH_SIZE = 20;
/** A claimed ('sending') row whose lease is older than this was left by a crashed process. */
export const SENDING_LEASE_MINUTES = 10;
/** After this many failed attempts a message the SMTP server refuses is given up ('failed'). */
export const MAX_ATTEMPTS = 8;
/** Back-off after the n-th failure: 1, 2, 4 … minutes, capped at one hour. */
export const backoffMinutes = (attemptsBefore: number) => Math.min(2 ** Math.min(attemptsBefore, 6), 60);

const LEASE = sql.raw(`interval '${SENDING_LEASE_MINUTES} minutes'`);

/**
 * All SQL of the outbox dispatcher. While a row is 'sending', next_attempt_at holds the end of its
 * lease (claim time + 10 minutes), so a crashed process's rows can be found without another column.
 */
@Injectable()
export class MailRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * Claims up to `limit` due pending rows in one transaction: SELECT … FOR UPDATE SKIP LOCKED locks
   * them, the UPDATE flips them to 'sending' — two processes never claim one row. (Two statements on
   * purpose: in `UPDATE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` PostgreSQL may rescan
   * the sub-select, which then skips the rows the statement already changed and claims past the LIMIT.)
   */
  claimDue(limit = MAIL_BATCH_SIZE): Promise<OutboxRow[]> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outboxTable.id })
        .from(outboxTable)
        .where(and(eq(outboxTable.state, 'pending'), lte(outboxTable.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outboxTable.nextAttemptAt), asc(outboxTable.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      const rows = await tx
        .update(outboxTable)
        .set({ state: 'sending', nextAttemptAt: sql`now() + ${LEASE}` })
        .where(
          and(
            inArray(
              outboxTable.id,
              due.map((r) => r.id),
            ),
            eq(outboxTable.state, 'pending'),
          ),
        )
        .returning();
      return rows.sort((a, b) => a.id - b.id);
    });
  }

  /** Rows left in 'sending' past their lease (the process died mid-batch) go back to 'pending'. */
  async releaseExpiredLeases(ex: Executor = this.db): Promise<number> {
    const rows = await ex
      .update(outboxTable)
      .set({
        state: 'pending',
        nextAttemptAt: sql`now()`,
        lastError: 'Sending was interrupted (the process stopped before recording the result)',
      })
      .where(and(eq(outboxTable.state, 'sending'), lte(outboxTable.nextAttemptAt, sql`now()`)))
      .returning({ id: outboxTable.id });
    return rows.length;
  }

  async markSent(id: number, messageId: string | null, ex: Executor = this.db): Promise<void> {
    await ex
      .update(outboxTable)
      .set({
        state: 'sent',
        sentAt: sql`now()`,
        messageId,
        lastError: null,
        attempts: sql`${outboxTable.attempts} + 1`,
      })
      .where(and(eq(outboxTable.id, id), eq(outboxTable.state, 'sending')));
  }

  /**
   * Records a failed attempt: back to 'pending' with exponential back-off, or 'failed' when `giveUp`.
   * Returns the time of the next attempt (null when given up).
   */
  async markAttemptFailed(
    row: Pick<OutboxRow, 'id' | 'attempts'>,
    error: string,
    giveUp: boolean,
    ex: Executor = this.db,
  ): Promise<Date | null> {
    const minutes = backoffMinutes(row.attempts);
    const [updated] = await ex
      .update(outboxTable)
      .set({
        state: giveUp ? 'failed' : 'pending',
        attempts: sql`${outboxTable.attempts} + 1`,
        lastError: error.slice(0, 2000),
        nextAttemptAt: sql`now() + ${minutes}::int * interval '1 minute'`,
      })
      .where(and(eq(outboxTable.id, row.id), eq(outboxTable.state, 'sending')))
      .returning({ nextAttemptAt: outboxTable.nextAttemptAt });
    return giveUp ? null : (updated?.nextAttemptAt ?? null);
  }

  /** Gives claimed rows back untouched (no attempt counted), due again at `at`. */
  async release(ids: number[], at: Date, ex: Executor = this.db): Promise<void> {
    if (!ids.length) return;
    await ex
      .update(outboxTable)
      .set({ state: 'pending', nextAttemptAt: at })
      .where(and(inArray(outboxTable.id, ids), eq(outboxTable.state, 'sending')));
  }
}
