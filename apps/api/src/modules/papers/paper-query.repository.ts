import { Injectable } from '@nestjs/common';
import type { BulkField } from '@symposium/domain';
import { and, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../database/database.js';
import {
  selectionCondition,
  subjectAreaKeptIn,
  type PaperSelection,
  type TrackScope,
} from '../../reads/paper-search.read.js';
import { papersTable } from './papers.table.js';

export type { PaperSelection, TrackScope };

/** What POST /bulk writes: one whitelisted column and its (already checked) value. */
export type BulkChange =
  | { op: 'set'; field: Exclude<BulkField, 'notes' | 'track' | 'status'>; value: boolean }
  | { op: 'set' | 'push'; field: 'notes'; value: string }
  | { op: 'set'; field: 'track'; value: number }
  | { op: 'set'; field: 'status'; value: number; stampAcceptWithRevision: boolean };

/** BULK_EDIT_FIELDS value → the one column it writes. */
const BULK_COLUMNS = {
  track: papersTable.trackId,
  status: papersTable.statusId,
  submittedCameraReady: papersTable.submittedCameraReady,
  submittedPresentationReady: papersTable.submittedPresentationReady,
  notes: papersTable.notes,
  acceptanceLetterEnabled: papersTable.acceptanceLetterEnabled,
  authorViewReviewEnabled: papersTable.authorViewReviewEnabled,
  isDeleted: papersTable.isDeleted,
  isCameraReady: papersTable.isCameraReady,
} as const satisfies Record<BulkField, unknown>;

/** The chairs' bulk edit of papers: one UPDATE of a selection (PaperSearchRead selects the papers). */
@Injectable()
export class PaperQueryRepository {
  /**
   * The bulk edit: one UPDATE of the selection, touching only rows whose value changes (so the count is the
   * number of papers modified); a pushed note is appended on a new line. Moving papers to another track clears
   * a subject area that track does not have; a status whose text includes 'Accept with Revision' stamps
   * acceptWithRevisionTimestamp.
   */
  async bulkUpdate(
    scope: TrackScope,
    sel: PaperSelection,
    change: BulkChange,
    ex: Executor,
  ): Promise<number> {
    const updated = await this.updateOf(scope, sel, change, ex).returning({ id: papersTable.id });
    return updated.length;
  }

  /**
   * The UPDATE of a bulk edit … RETURNING the ids, built and not run: bulkUpdate runs it; the bulk route hands
   * it to ActivityService.recordCounted, which runs it and writes its entry in one statement.
   */
  bulkUpdateStatement(scope: TrackScope, sel: PaperSelection, change: BulkChange, ex: Executor) {
    return this.updateOf(scope, sel, change, ex).returning({ id: papersTable.id });
  }

  private updateOf(scope: TrackScope, sel: PaperSelection, change: BulkChange, ex: Executor) {
    const set: Record<string, unknown> = { updatedAt: sql`now()` };
    const conditions: (SQL | undefined)[] = [selectionCondition(scope, sel)];
    switch (change.field) {
      case 'notes':
        set.notes =
          change.op === 'push'
            ? sql`case when ${papersTable.notes} = '' then ${change.value}::text else ${papersTable.notes} || E'\n' || ${change.value}::text end`
            : change.value;
        if (change.op === 'set') conditions.push(ne(papersTable.notes, change.value));
        break;
      case 'track':
        set.trackId = change.value;
        set.primarySubjectAreaId = subjectAreaKeptIn(change.value);
        conditions.push(ne(papersTable.trackId, change.value));
        break;
      case 'status':
        set.statusId = change.value;
        if (change.stampAcceptWithRevision) set.acceptWithRevisionTimestamp = sql`now()`;
        conditions.push(or(isNull(papersTable.statusId), ne(papersTable.statusId, change.value)));
        break;
      default:
        set[change.field] = change.value;
        conditions.push(ne(BULK_COLUMNS[change.field], change.value));
    }
    return ex
      .update(papersTable)
      .set(set)
      .where(and(...conditions.filter((c): c is SQL => c !== undefined)));
  }
}
