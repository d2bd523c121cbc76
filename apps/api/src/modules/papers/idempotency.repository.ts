import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { idempotencyKeysTable, type IdempotencyKeyRow } from './papers.table.js';

const t = idempotencyKeysTable;
const inMs = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;
const agoMs = (ms: number) => sql`now() - ${`${ms} milliseconds`}::interval`;

/** The SQL of idempotency keys (times from the database's clock, which every process shares). */
@Injectable()
export class IdempotencyRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * Inserts the key as `running` for `token`, or takes it over when its holder's lease is over or it is older
   * than `keepMs`; answers whether `token` holds it now.
   */
  async claim(
    row: Pick<IdempotencyKeyRow, 'userId' | 'route' | 'key' | 'token' | 'requestHash'>,
    leaseMs: number,
    keepMs: number,
  ): Promise<boolean> {
    const lease = inMs(leaseMs);
    const claimed = await this.db
      .insert(t)
      .values({ ...row, state: 'running', leaseUntil: lease })
      .onConflictDoUpdate({
        target: [t.userId, t.route, t.key],
        set: {
          token: row.token,
          state: 'running',
          requestHash: row.requestHash,
          leaseUntil: lease,
          response: null,
          createdAt: sql`now()`,
        },
        setWhere: or(
          and(eq(t.state, 'running'), lt(t.leaseUntil, sql`now()`)),
          lt(t.createdAt, agoMs(keepMs)),
        ),
      })
      .returning({ token: t.token });
    return claimed.length > 0;
  }

  async find(userId: number, route: string, key: string): Promise<IdempotencyKeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.route, route), eq(t.key, key)));
    return row;
  }

  /** Locks the running keys of these tokens until the transaction ends; answers the tokens found. */
  async lockRunning(tokens: string[], tx: Executor): Promise<string[]> {
    if (!tokens.length) return [];
    const rows = await tx
      .select({ token: t.token })
      .from(t)
      .where(and(inArray(t.token, tokens), eq(t.state, 'running')))
      .for('update');
    return rows.map((r) => r.token);
  }

  /** Marks the token's running key done with its response; false when the token no longer holds it. */
  async complete(token: string, response: Record<string, unknown>, tx: Executor): Promise<boolean> {
    const done = await tx
      .update(t)
      .set({ state: 'done', response })
      .where(and(eq(t.token, token), eq(t.state, 'running')))
      .returning({ token: t.token });
    return done.length > 0;
  }

  /** Removes the token's key if it still runs (the attempt failed). */
  async giveBack(token: string): Promise<void> {
    await this.db.delete(t).where(and(eq(t.token, token), eq(t.state, 'running')));
  }

  /** Renews the leases of these tokens' running keys. */
  async renew(tokens: string[], leaseMs: number): Promise<void> {
    if (!tokens.length) return;
    await this.db
      .update(t)
      .set({ leaseUntil: inMs(leaseMs) })
      .where(and(inArray(t.token, tokens), eq(t.state, 'running')));
  }

  /** Removes keys created more than `olderThanMs` ago; answers how many. */
  async removeOlderThan(olderThanMs: number): Promise<number> {
    const gone = await this.db
      .delete(t)
      .where(lt(t.createdAt, agoMs(olderThanMs)))
      .returning({ token: t.token });
    return gone.length;
  }
}
