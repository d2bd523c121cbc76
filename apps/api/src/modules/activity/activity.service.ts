import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user.js';
import { DB, type Db, type Executor } from '../../database/database.js';
import { auditLogTable } from './activity.table.js';

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
 * The one writer of the activity log. Call record() with the transaction of the change it records, so the
 * entry and the change are written together or not at all.
 */
@Injectable()
export class ActivityService {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** actorId/impersonatorId of the caller (spread into record()'s entry). */
  static fromUser(user: Pick<AuthUser, 'id' | 'impersonatorId'>): {
    actorId: number;
    impersonatorId: number | null;
  } {
    return { actorId: user.id, impersonatorId: user.impersonatorId ?? null };
  }

  async record(entry: ActivityEntry, ex: Executor = this.db): Promise<void> {
    await ex.insert(auditLogTable).values(rowOf(entry));
  }

  /**
   * Many entries in a few statements, each at its own time when `at` is given (a history recorded
   * afterwards, such as the demo conference's); otherwise at the database's now.
   */
  async recordMany(entries: (ActivityEntry & { at?: Date })[], ex: Executor = this.db): Promise<void> {
    for (let i = 0; i < entries.length; i += INSERT_CHUNK)
      await ex
        .insert(auditLogTable)
        .values(
          entries.slice(i, i + INSERT_CHUNK).map((e) => ({ ...rowOf(e), ...(e.at ? { at: e.at } : {}) })),
        );
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
