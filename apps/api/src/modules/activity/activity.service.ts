import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user.js';
import type { SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../database/database.js';
import { ActivityRepository, type ActivityQuery } from './activity.repository.js';
import type { ActivityRow } from './activity.table.js';

export type { ActivityQuery } from './activity.repository.js';
export type { ActivityRow } from './activity.table.js';

/** One entry of the activity log (what the writer gives; at is the database's now). */
export interface ActivityEntry {
  /** The signed-in user (the impersonated one while a chair impersonates). */
  actorId: number;
  /** The chair acting as the actor, if any. */
  impersonatorId?: number | null;
  /** One of ACTIVITY_ACTIONS (libs/domain/src/mail/mail.ts), or a module's own dotted name. */
  action: string;
  /** One line for people ("Submitted paper 12 'Graph colouring'"). */
  summary: string;
  subjectId?: number | null;
  paperId?: number | null;
  trackId?: number | null;
  details?: Record<string, unknown>;
}

/** Entries per multi-row INSERT. */
const INSERT_CHUNK = 500;

/** Longest summary kept (a summary is one line for a table cell). */
const MAX_SUMMARY = 500;

/**
 * The activity log, written by every module: call record() with the transaction of the change it records,
 * so the entry and the change are written together or not at all. The chairs' report (reports module)
 * reads it through list() and count().
 */
@Injectable()
export class ActivityService {
  constructor(private readonly repo: ActivityRepository) {}

  /** actorId/impersonatorId of the caller (spread into record()'s entry). */
  static fromUser(user: Pick<AuthUser, 'id' | 'impersonatorId'>): {
    actorId: number;
    impersonatorId: number | null;
  } {
    return { actorId: user.id, impersonatorId: user.impersonatorId ?? null };
  }

  async record(entry: ActivityEntry, ex?: Executor): Promise<void> {
    await this.repo.insert([rowOf(entry)], ex);
  }

  /**
   * A change and its entry in ONE statement (atomic, one round trip instead of a transaction's begin, change,
   * insert and commit): `change` is an INSERT, UPDATE or DELETE … RETURNING (built by its module's repository,
   * not run), n the rows it returns; the entry's summary is `<summaryPrefix> <n> <noun>` (the noun's plural
   * unless n = 1) and its details get `{ [countKey]: n }`. Answers n.
   */
  async recordCounted(
    change: SQLWrapper,
    entry: Omit<ActivityEntry, 'summary'> & {
      summaryPrefix: string;
      noun: [string, string];
      countKey: string;
    },
    ex?: Executor,
  ): Promise<number> {
    const { summaryPrefix, noun, countKey, ...rest } = entry;
    const { summary: _summary, details, ...row } = rowOf({ ...rest, summary: '' });
    return this.repo.insertCounted(
      change,
      { ...row, details },
      // the count's part of the line is at most 16 characters
      { summaryPrefix: oneLine(summaryPrefix).slice(0, MAX_SUMMARY - 16), noun, countKey },
      ex,
    );
  }

  /**
   * Many entries in a few statements, each at its own time when `at` is given (a history recorded
   * afterwards, such as the demo conference's); otherwise at the database's now.
   */
  async recordMany(entries: (ActivityEntry & { at?: Date })[], ex?: Executor): Promise<void> {
    for (let i = 0; i < entries.length; i += INSERT_CHUNK)
      await this.repo.insert(
        entries.slice(i, i + INSERT_CHUNK).map((e) => ({ ...rowOf(e), ...(e.at ? { at: e.at } : {}) })),
        ex,
      );
  }

  /** The entries matching the query, newest first (at, then id). */
  list(q: ActivityQuery, page: { offset: number; limit: number }): Promise<ActivityRow[]> {
    return this.repo.list(q, page);
  }

  count(q: ActivityQuery): Promise<number> {
    return this.repo.count(q);
  }
}

function rowOf(entry: ActivityEntry) {
  return {
    actorId: entry.actorId,
    impersonatorId: entry.impersonatorId ?? null,
    action: entry.action,
    summary: oneLine(entry.summary),
    subjectId: entry.subjectId ?? null,
    paperId: entry.paperId ?? null,
    trackId: entry.trackId ?? null,
    details: entry.details ?? {},
  };
}

function oneLine(s: string): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line;
}
