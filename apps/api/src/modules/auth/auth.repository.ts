import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { loginAttemptsTable, passwordResetsTable, rateLimitCountersTable } from './auth.table.js';

@Injectable()
export class AuthRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async recordAttempt(
    email: string,
    ip: string,
    success: boolean,
    kind: 'login' | 'forgot' = 'login',
  ): Promise<void> {
    await this.db.insert(loginAttemptsTable).values({ kind, email, ip, success });
  }

  /** Kills every unused reset link of the user (one was used, or the password changed another way). */
  async invalidateResets(userId: number, now: Date, ex: Executor = this.db): Promise<void> {
    await ex
      .update(passwordResetsTable)
      .set({ usedAt: now })
      .where(and(eq(passwordResetsTable.userId, userId), isNull(passwordResetsTable.usedAt)));
  }

  /**
   * Counts one attempt on each key and answers each key's count in its window, in one statement: a window
   * older than `windowMs` starts again at 1. Concurrent calls on one key serialise on its row, so each sees
   * its own count (no two get the same), on PGlite and PostgreSQL alike.
   */
  async hit(keys: string[], windowMs: number, now = new Date()): Promise<Map<string, number>> {
    const since = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
    const c = rateLimitCountersTable;
    const rows = await this.db
      .insert(c)
      .values(keys.map((key) => ({ key, windowStart: now, count: 1 })))
      .onConflictDoUpdate({
        target: c.key,
        set: {
          count: sql`case when ${c.windowStart} > ${since} then ${c.count} + 1 else 1 end`,
          windowStart: sql`case when ${c.windowStart} > ${since} then ${c.windowStart} else excluded.window_start end`,
        },
      })
      .returning({ key: c.key, count: c.count });
    return new Map(rows.map((r) => [r.key, r.count]));
  }

  /** Gives back one attempt on each key (it did not count: a successful sign-in). */
  async giveBack(keys: string[]): Promise<void> {
    await this.db
      .update(rateLimitCountersTable)
      .set({ count: sql`greatest(${rateLimitCountersTable.count} - 1, 0)` })
      .where(inArray(rateLimitCountersTable.key, keys));
  }

  async createReset(
    userId: number,
    tokenHash: string,
    expiresAt: Date,
    ex: Executor = this.db,
  ): Promise<void> {
    await ex.insert(passwordResetsTable).values({ userId, tokenHash, expiresAt });
  }

  /** Marks a valid, unused, unexpired token used and returns its user id (single use, race-safe). */
  async consumeReset(tokenHash: string, now: Date, ex: Executor = this.db): Promise<number | undefined> {
    const [row] = await ex
      .update(passwordResetsTable)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetsTable.tokenHash, tokenHash),
          isNull(passwordResetsTable.usedAt),
          gt(passwordResetsTable.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetsTable.userId });
    return row?.userId;
  }
}
