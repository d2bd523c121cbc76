import { Inject, Injectable } from '@nestjs/common';
import { and, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { emailSettingsTable, outboxTable, type NewOutboxRow, type OutboxRow } from './outbox.table.js';

/** Rows claimed per statement (a batch, sent over the pool's connections at the same time). */
export const MAIL_BATCH_SIZE = 100;
/**
 * A claimed ('sending') row's lease: the pass that claimed it renews it every quarter of this while it runs
 * (LEASE_RENEW_MS), so a row still 'sending' past its lease was left by a crashed process and is sent
 * again — about a minute after the crash, not ten.
 */
export const SENDING_LEASE_SECONDS = 60;
export const LEASE_RENEW_MS = (SENDING_LEASE_SECONDS * 1000) / 4;
/** After this many failed attempts a message the SMTP server refuses is given up ('failed'). */
export const MAX_ATTEMPTS = 8;
/** Back-off after the n-th failure: 1, 2, 4 … minutes, capped at one hour. */
export const backoffMinutes = (attemptsBefore: number) => Math.min(2 ** Math.min(attemptsBefore, 6), 60);

const LEASE = sql.raw(`interval '${SENDING_LEASE_SECONDS} seconds'`);

const OUTBOX_COLUMNS = getTableColumns(outboxTable);
type OutboxKey = keyof typeof OUTBOX_COLUMNS;

/** The keys of a new row that carry a value (undefined means the column's default, as in drizzle). */
const givenKeys = (row: NewOutboxRow): OutboxKey[] =>
  (Object.keys(row) as OutboxKey[]).filter((k) => row[k as keyof NewOutboxRow] !== undefined);

/**
 * `INSERT … SELECT … FROM jsonb_to_recordset($1)`: the rows travel as ONE JSON parameter, in their order
 * (WITH ORDINALITY), each column cast to its type by the record definition. A multi-row VALUES list binds
 * a parameter per cell (12 per message): building, sending and parsing those cost several times more.
 */
function insertFromJson(rows: NewOutboxRow[], keys: OutboxKey[]) {
  const columns = keys.map((k) => OUTBOX_COLUMNS[k]);
  const target = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const record = sql.raw(keys.map((k, i) => `"${k}" ${columns[i]!.getSQLType()}`).join(', '));
  const values = sql.join(
    keys.map((k) => sql`x.${sql.identifier(k)}`),
    sql`, `,
  );
  return sql`
    INSERT INTO outbox (${target})
    SELECT ${values}
      FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS (${record})) WITH ORDINALITY AS x
     ORDER BY x.ordinality
    RETURNING id`;
}

/** A claimed row: what the dispatcher needs to send it and record the attempt. */
export type ClaimedRow = Pick<
  OutboxRow,
  'id' | 'to' | 'cc' | 'bcc' | 'replyTo' | 'subject' | 'text' | 'html' | 'attempts'
>;

/** A message the SMTP server accepted: its Message-ID and the server's answer. */
export interface SentRecord {
  id: number;
  messageId: string | null;
  response: string | null;
}

/** The outbox's queue now (metrics). */
export interface OutboxQueueStats {
  /** Waiting to be sent ('pending', including those waiting for their next attempt). */
  queued: number;
  /** Claimed by a dispatcher ('sending'). */
  sending: number;
  /** Given up ('failed'); a chair may requeue them. */
  failed: number;
  /** Seconds since the oldest queued message was written; 0 when none is queued. */
  oldestQueuedSeconds: number;
}

/**
 * All SQL of the outbox dispatcher. While a row is 'sending', next_attempt_at holds the end of its
 * lease (claim or last renewal + SENDING_LEASE_SECONDS), so a crashed process's rows can be found without
 * another column.
 */
@Injectable()
export class OutboxRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * One multi-row INSERT → the new ids in the order of the rows (serial ids follow the order of the rows).
   * Rows that all give the same columns (every caller's) travel as one JSON parameter (insertFromJson);
   * others as drizzle's VALUES list, where a column a row leaves out takes its default.
   */
  async insert(rows: NewOutboxRow[], ex: Executor = this.db): Promise<number[]> {
    if (!rows.length) return [];
    const keys = givenKeys(rows[0]!);
    const same =
      !keys.includes('id') &&
      rows.every((r) => {
        const k = givenKeys(r);
        return k.length === keys.length && k.every((x, i) => x === keys[i]);
      });
    if (!same) {
      const inserted = await ex.insert(outboxTable).values(rows).returning({ id: outboxTable.id });
      return inserted.map((r) => r.id).sort((a, b) => a - b);
    }
    const result = (await ex.execute(insertFromJson(rows, keys))) as { rows: { id: number | string }[] };
    return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  /**
   * Claims up to `limit` due pending rows in one statement: the MATERIALIZED CTE locks them with
   * SELECT … FOR UPDATE SKIP LOCKED and runs exactly once, the UPDATE flips them to 'sending' — two
   * processes never claim one row. (Not `UPDATE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)`:
   * there PostgreSQL may rescan the sub-select, which then skips the rows the statement already changed
   * and claims past the LIMIT.) Ordered by due time alone, an index range (ties in index order); the rows
   * come back sorted by id.
   */
  async claimDue(limit = MAIL_BATCH_SIZE, ex: Executor = this.db): Promise<ClaimedRow[]> {
    const result = (await ex.execute(sql`
      WITH due AS MATERIALIZED (
        SELECT id FROM outbox
         WHERE state = 'pending' AND next_attempt_at <= now()
         ORDER BY next_attempt_at
         LIMIT ${limit}
           FOR UPDATE SKIP LOCKED)
      UPDATE outbox AS o
         SET state = 'sending', next_attempt_at = now() + ${LEASE}
        FROM due
       WHERE o.id = due.id AND o.state = 'pending'
      RETURNING o.id, o."to", o.cc, o.bcc, o.reply_to, o.subject, o.text, o.html, o.attempts`)) as {
      rows: {
        id: number;
        to: string[];
        cc: string[];
        bcc: string[];
        reply_to: string | null;
        subject: string;
        text: string;
        html: string | null;
        attempts: number;
      }[];
    };
    return result.rows
      .map(({ reply_to, ...r }) => ({
        ...r,
        id: Number(r.id),
        attempts: Number(r.attempts),
        replyTo: reply_to,
      }))
      .sort((a, b) => a.id - b.id);
  }

  /**
   * Counts by state and the oldest queued message's age. Queued and sending come from the dispatcher's
   * partial index; failed rows are counted over the table (no index holds them).
   */
  async queueStats(ex: Executor = this.db): Promise<OutboxQueueStats> {
    const pending = sql`${outboxTable.state} = 'pending'`;
    const [queue] = await ex
      .select({
        queued: sql<number>`count(*) filter (where ${pending})`.mapWith(Number),
        sending: sql<number>`count(*) filter (where ${outboxTable.state} = 'sending')`.mapWith(Number),
        oldest:
          sql<number>`coalesce(extract(epoch from now() - min(${outboxTable.createdAt}) filter (where ${pending})), 0)`.mapWith(
            Number,
          ),
      })
      .from(outboxTable)
      .where(inArray(outboxTable.state, ['pending', 'sending']));
    const [failed] = await ex
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(outboxTable)
      .where(eq(outboxTable.state, 'failed'));
    return {
      queued: queue?.queued ?? 0,
      sending: queue?.sending ?? 0,
      failed: failed?.n ?? 0,
      oldestQueuedSeconds: Math.max(0, queue?.oldest ?? 0),
    };
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

  /**
   * Records messages the SMTP server accepted, in one statement: 'sent', the server's answer, one more
   * attempt. Only rows still 'sending' (claimed) change. Returns how many were recorded.
   */
  async markSent(sent: readonly SentRecord[], ex: Executor = this.db): Promise<number> {
    if (!sent.length) return 0;
    // one JSON parameter (not three per message)
    const values = JSON.stringify(sent.map((r) => [r.id, r.messageId, r.response]));
    const result = (await ex.execute(sql`
      UPDATE outbox AS o
         SET state = 'sent', sent_at = now(), message_id = v.message_id, last_response = v.response,
             last_error = NULL, attempts = o.attempts + 1
        FROM (SELECT (e->>0)::int AS id, e->>1 AS message_id, e->>2 AS response
                FROM jsonb_array_elements(${values}::jsonb) AS e) AS v
       WHERE o.id = v.id AND o.state = 'sending'
      RETURNING o.id`)) as { rows: unknown[] };
    return result.rows.length;
  }

  /**
   * Records a failed attempt: back to 'pending' with exponential back-off, or 'failed' when `giveUp`.
   * Returns the time of the next attempt (null when given up).
   */
  async markAttemptFailed(
    row: Pick<OutboxRow, 'id' | 'attempts'>,
    error: string,
    giveUp: boolean,
    response: string | null = error,
    ex: Executor = this.db,
  ): Promise<Date | null> {
    const minutes = backoffMinutes(row.attempts);
    const [updated] = await ex
      .update(outboxTable)
      .set({
        state: giveUp ? 'failed' : 'pending',
        attempts: sql`${outboxTable.attempts} + 1`,
        lastError: error.slice(0, 2000),
        lastResponse: response?.slice(0, 2000) ?? null,
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

  /** Extends the lease of claimed rows still being sent (a long batch is not taken for a crashed one). */
  async renewLease(ids: number[], ex: Executor = this.db): Promise<void> {
    if (!ids.length) return;
    await ex
      .update(outboxTable)
      .set({ nextAttemptAt: sql`now() + ${LEASE}` })
      .where(and(inArray(outboxTable.id, ids), eq(outboxTable.state, 'sending')));
  }

  /** The chairs' sender name from the e-mail settings ('' when none is set). */
  async senderName(ex: Executor = this.db): Promise<string> {
    const [row] = await ex
      .select({ senderName: emailSettingsTable.senderName })
      .from(emailSettingsTable)
      .where(eq(emailSettingsTable.owner, 'conference'));
    return row?.senderName ?? '';
  }
}
