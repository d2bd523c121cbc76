import { Inject, Injectable } from '@nestjs/common';
import { escapeLike } from '@symposium/domain';
import { and, desc, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { auditLogTable, type ActivityRow, type NewActivityRow } from './activity.table.js';

/** A checked activity filter (see parseActivityFilter). */
export interface ActivityQuery {
  /** Exact action, or a group prefix ('paper' → 'paper.%'). */
  action?: { exact: string } | { group: string };
  /** The actors whose name or e-mail matched the filter's text (resolved by the users module). */
  actorIds?: number[];
  paperId?: number;
  trackId?: number;
  /** at >= from and at < until (UTC midnights). */
  from?: Date;
  until?: Date;
}

function whereOf(q: ActivityQuery): SQL | undefined {
  const c: SQL[] = [];
  if (q.action && 'exact' in q.action) c.push(eq(auditLogTable.action, q.action.exact));
  if (q.action && 'group' in q.action) c.push(like(auditLogTable.action, `${escapeLike(q.action.group)}.%`));
  if (q.actorIds) c.push(q.actorIds.length ? inArray(auditLogTable.actorId, q.actorIds) : sql`false`);
  if (q.paperId !== undefined) c.push(eq(auditLogTable.paperId, q.paperId));
  if (q.trackId !== undefined) c.push(eq(auditLogTable.trackId, q.trackId));
  if (q.from) c.push(gte(auditLogTable.at, q.from));
  if (q.until) c.push(lt(auditLogTable.at, q.until));
  return c.length ? and(...c) : undefined;
}

/** All SQL of the activity log. */
@Injectable()
export class ActivityRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** One multi-row INSERT (the caller keeps it to a few hundred rows). */
  async insert(rows: NewActivityRow[], ex: Executor = this.db): Promise<void> {
    await ex.insert(auditLogTable).values(rows);
  }

  /** Newest first (at, then id). */
  list(q: ActivityQuery, page: { offset: number; limit: number }): Promise<ActivityRow[]> {
    return this.db
      .select()
      .from(auditLogTable)
      .where(whereOf(q))
      .orderBy(desc(auditLogTable.at), desc(auditLogTable.id))
      .offset(page.offset)
      .limit(page.limit);
  }

  async count(q: ActivityQuery): Promise<number> {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLogTable)
      .where(whereOf(q));
    return r?.n ?? 0;
  }
}
