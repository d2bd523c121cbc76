import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { loginAttemptsTable, passwordResetsTable } from './auth.table.js';

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

  /** Password-reset requests since `since`, for this e-mail and from this address. */
  async recentForgotRequests(
    email: string,
    ip: string,
    since: Date,
  ): Promise<{ byEmail: number; byIp: number }> {
    const [r] = await this.db
      .select({
        byEmail: sql<number>`count(*) filter (where ${loginAttemptsTable.email} = ${email})::int`,
        byIp: sql<number>`count(*) filter (where ${loginAttemptsTable.ip} = ${ip})::int`,
      })
      .from(loginAttemptsTable)
      .where(and(eq(loginAttemptsTable.kind, 'forgot'), gt(loginAttemptsTable.at, since)));
    return { byEmail: r?.byEmail ?? 0, byIp: r?.byIp ?? 0 };
  }

  /** Kills every unused reset link of the user (one was used, or the password changed another way). */
  async invalidateResets(userId: number, now: Date, ex: Executor = this.db): Promise<void> {
    await ex
      .update(passwordResetsTable)
      .set({ usedAt: now })
      .where(and(eq(passwordResetsTable.userId, userId), isNull(passwordResetsTable.usedAt)));
  }

  async recentFailures(email: string, ip: string, since: Date): Promise<{ byEmail: number; byIp: number }> {
    const [r] = await this.db
      .select({
        byEmail: sql<number>`count(*) filter (where ${loginAttemptsTable.email} = ${email})::int`,
        byIp: sql<number>`count(*) filter (where ${loginAttemptsTable.ip} = ${ip})::int`,
      })
      .from(loginAttemptsTable)
      .where(
        and(
          eq(loginAttemptsTable.kind, 'login'),
          eq(loginAttemptsTable.success, false),
          gt(loginAttemptsTable.at, since),
        ),
      );
    return { byEmail: r?.byEmail ?? 0, byIp: r?.byIp ?? 0 };
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
