import { Inject, Injectable } from '@nestjs/common';
import type { ReminderKind, ReminderRecipients } from '@symposium/domain';
import { and, asc, eq, notInArray, inArray, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DB, type Db, type Executor } from '../database/database.js';
import { paperAuthorsTable, paperConsentsTable, papersTable } from '../modules/papers/papers.table.js';
import {
  authorResponsesTable,
  reviewRequestsTable,
  reviewRoundsTable,
} from '../modules/reviews/reviews.table.js';
import { statusesTable, tracksTable } from '../modules/tracks/tracks.table.js';
import { usersTable } from '../modules/users/users.table.js';

/** One person to remind of one object (a paper, or a review request) with its deadline. */
export interface CandidateRow {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  paperId: number;
  paperTitle: string;
  /** The review request, for the review kinds. */
  requestId: number | null;
  trackId: number;
  deadline: Date;
}

const p = papersTable;
const t = tracksTable;
const rr = reviewRequestsTable;

/** The track deadline each paper kind is about. */
const PAPER_KINDS: Partial<Record<ReminderKind, { deadline: PgColumn; pending: SQL }>> = {
  cameraReadyNotSubmitted: {
    deadline: t.canSubmitCameraReadyDeadline,
    pending: sql`not ${p.submittedCameraReady}`,
  },
  presentationReadyNotSubmitted: {
    deadline: t.canSubmitPresentationReadyDeadline,
    pending: sql`not ${p.submittedPresentationReady}`,
  },
  consentNotSigned: {
    deadline: t.canSubmitCameraReadyDeadline,
    pending: sql`not exists (select 1 from ${paperConsentsTable} where ${paperConsentsTable.paperId} = ${p.id})`,
  },
  notRegistered: {
    deadline: t.canSubmitCameraReadyDeadline,
    pending: sql`coalesce(${p.registration}->>'id', '') = ''`,
  },
};

/** The review request state and date each review kind is about (§9: 5 days to reply, 14 to review). */
const REVIEW_KINDS: Partial<Record<ReminderKind, { deadline: PgColumn; pending: SQL }>> = {
  reviewRequestNotAnswered: {
    deadline: rr.replyDueAt,
    pending: sql`${rr.waiting} and not ${rr.declined}`,
  },
  // a meta-reviewer's request (issue 25) becomes "reviewed" when the meta-review is submitted (a draft does not)
  reviewNotSubmitted: {
    deadline: rr.dueAt,
    pending: sql`not ${rr.waiting} and not ${rr.declined} and not ${rr.reviewed}`,
  },
};

/**
 * Who a reminder rule is about, in one set-based query per run: the people with something still to do
 * whose deadline lies ahead but within `windowDays` (the jobs module decides which offset is due when). Paper
 * kinds remind every author, or only the paper's primary author when `recipients` is 'primary'; tracks in
 * `excludeTrackIds` (their activity is closed) are left out. Reads the papers (papers, paper_authors,
 * paper_consents), tracks (tracks, statuses), users and reviews (review_requests) modules' tables.
 */
@Injectable()
export class ReminderCandidatesRead {
  constructor(@Inject(DB) private readonly db: Db) {}

  async candidates(
    kind: ReminderKind,
    opts: {
      trackIds: number[];
      excludeTrackIds?: number[];
      recipients?: ReminderRecipients;
      windowDays: number;
      now: Date;
    },
    ex: Executor = this.db,
  ): Promise<CandidateRow[]> {
    const now = sql`${opts.now.toISOString()}::timestamptz`;
    const window = sql`make_interval(days => ${Math.max(1, opts.windowDays)}::int)`;
    const exclude = opts.excludeTrackIds ?? [];
    const inTracks = (col: PgColumn): SQL[] => [
      ...(opts.trackIds.length ? [inArray(col, opts.trackIds)] : []),
      ...(exclude.length ? [notInArray(col, exclude)] : []),
    ];
    const due = (deadline: SQLWrapper) => [sql`${deadline} > ${now}`, sql`${deadline} - ${window} <= ${now}`];
    const u = usersTable;
    const person = { userId: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email };
    const reachable = and(not(u.lockStatus), u.notify);
    const paper = PAPER_KINDS[kind];
    const review = REVIEW_KINDS[kind];
    let rows: (Omit<CandidateRow, 'deadline'> & { deadline: unknown })[];
    // the paper kinds write to the paper's authors (every one, or the primary one)
    const pa = paperAuthorsTable;
    const authorOf = and(
      eq(pa.paperId, p.id),
      opts.recipients === 'primary' ? eq(pa.userId, p.primaryAuthorId) : undefined,
    );
    const authorRow = (deadline: PgColumn) => ({
      ...person,
      paperId: p.id,
      paperTitle: p.title,
      requestId: sql<number | null>`null::int`,
      trackId: p.trackId,
      deadline,
    });
    if (paper) {
      rows = await ex
        .select(authorRow(paper.deadline))
        .from(p)
        .innerJoin(statusesTable, and(eq(statusesTable.id, p.statusId), statusesTable.isAccepted))
        .innerJoin(t, eq(t.id, p.trackId))
        .innerJoin(pa, authorOf)
        .innerJoin(u, and(eq(u.id, pa.userId), reachable))
        .where(and(not(p.isDeleted), paper.pending, ...due(paper.deadline), ...inTracks(p.trackId)))
        .orderBy(asc(p.id), asc(pa.position));
    } else if (kind === 'responseNotSubmitted') {
      // every author (or the primary one) of a paper whose track has a round with an open response window
      // (opens ≤ now < closes, a limit set) and no submitted response of that round; the deadline: the close
      const ro = reviewRoundsTable;
      const ar = authorResponsesTable;
      rows = await ex
        .select(authorRow(ro.responseClosesAt))
        .from(p)
        .innerJoin(ro, eq(ro.trackId, p.trackId))
        .innerJoin(pa, authorOf)
        .innerJoin(u, and(eq(u.id, pa.userId), reachable))
        .where(
          and(
            not(p.isDeleted),
            sql`${ro.responseLimit} is not null`,
            sql`${ro.responseOpensAt} <= ${now}`,
            ...due(ro.responseClosesAt),
            sql`not exists (select 1 from ${ar} where ${ar.paperId} = ${p.id} and ${ar.round} = ${ro.number} and ${ar.submitted})`,
            ...inTracks(p.trackId),
          ),
        )
        .orderBy(asc(p.id), asc(ro.number), asc(pa.position));
    } else if (review) {
      rows = await ex
        .select({
          ...person,
          paperId: rr.paperId,
          paperTitle: p.title,
          requestId: rr.id,
          trackId: rr.trackId,
          deadline: review.deadline,
        })
        .from(rr)
        .innerJoin(p, and(eq(p.id, rr.paperId), not(p.isDeleted)))
        .innerJoin(u, and(eq(u.id, rr.reviewerId), reachable))
        .where(and(review.pending, ...due(review.deadline), ...inTracks(rr.trackId)))
        .orderBy(asc(rr.id));
    } else {
      return [];
    }
    return rows.map((r) => ({
      ...r,
      deadline: r.deadline instanceof Date ? r.deadline : new Date(String(r.deadline)),
    }));
  }
}
