import { Inject, Injectable } from '@nestjs/common';
import { escapeLike } from '@symposium/domain';
import { and, desc, eq, gte, inArray, like, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

  /**
   * `change` (an INSERT, UPDATE or DELETE … RETURNING) as a data-modifying WITH and one entry inserted after
   * it, in ONE statement (atomic without a transaction of its own): the entry's summary is
   * `<summaryPrefix> <n> <noun or nouns>` and its details get `countKey: n`, n being the rows `change` returned.
   * Answers n.
   */
  async insertCounted(
    change: SQLWrapper,
    row: Omit<NewActivityRow, 'summary' | 'details'> & { details: Record<string, unknown> },
    count: { summaryPrefix: string; noun: [string, string]; countKey: string },
    ex: Executor = this.db,
  ): Promise<number> {
    const a = auditLogTable;
    const col = (c: { name: string }) => sql.identifier(c.name);
    const statement = sql`with "change" as (${change.getSQL()}), "n" as (select count(*)::int as "n" from "change") insert into ${a} (${col(a.actorId)}, ${col(a.impersonatorId)}, ${col(a.action)}, ${col(a.subjectId)}, ${col(a.paperId)}, ${col(a.trackId)}, ${col(a.summary)}, ${col(a.details)}) select ${row.actorId}::int, ${row.impersonatorId ?? null}::int, ${row.action}::text, ${row.subjectId ?? null}::int, ${row.paperId ?? null}::int, ${row.trackId ?? null}::int, ${count.summaryPrefix}::text || ' ' || "n"."n" || case when "n"."n" = 1 then ${` ${count.noun[0]}`}::text else ${` ${count.noun[1]}`}::text end, ${JSON.stringify(row.details)}::jsonb || jsonb_build_object(${count.countKey}::text, "n"."n") from "n" returning (${col(a.details)} ->> ${count.countKey}::text)::int as "n"`;
    const result = (await ex.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
    return Number(result.rows[0]!.n);
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
