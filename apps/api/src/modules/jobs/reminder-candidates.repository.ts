import { Inject, Injectable } from '@nestjs/common';
import type { ReminderKind, ReminderRecipients } from '@symposium/domain';
import { sql, type SQL } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { rowsOf } from './reminders.repository.js';

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

/** The track deadline each paper kind is about. */
const PAPER_KINDS: Partial<Record<ReminderKind, { deadline: SQL; pending: SQL }>> = {
  cameraReadyNotSubmitted: {
    deadline: sql`t.can_submit_camera_ready_deadline`,
    pending: sql`not p.submitted_camera_ready`,
  },
  presentationReadyNotSubmitted: {
    deadline: sql`t.can_submit_presentation_ready_deadline`,
    pending: sql`not p.submitted_presentation_ready`,
  },
  consentNotSigned: {
    deadline: sql`t.can_submit_camera_ready_deadline`,
    pending: sql`not exists (select 1 from paper_consents c where c.paper_id = p.id)`,
  },
  notRegistered: {
    deadline: sql`t.can_submit_camera_ready_deadline`,
    pending: sql`coalesce(p.registration->>'id', '') = ''`,
  },
};

/** The review request state and date each review kind is about (§9: 5 days to reply, 14 to review). */
const REVIEW_KINDS: Partial<Record<ReminderKind, { deadline: SQL; pending: SQL }>> = {
  reviewRequestNotAnswered: {
    deadline: sql`rr.reply_due_at`,
    pending: sql`rr.waiting and not rr.declined`,
  },
  reviewNotSubmitted: {
    deadline: sql`rr.due_at`,
    pending: sql`not rr.waiting and not rr.declined and not rr.reviewed`,
  },
};

/**
 * Who a reminder rule is about, in one set-based query per run: the people with something still to do
 * whose deadline lies ahead but within `windowDays` (the service decides which offset is due when). Paper
 * kinds remind every author, or only the paper's primary author (papers.primary_author_id) when
 * `recipients` is 'primary'; tracks in `excludeTrackIds` (their activity is closed) are left out.
 *
 * Boundary note: the question spans the papers (papers, paper_authors, paper_consents), tracks (tracks,
 * statuses), users and reviews (review_requests) modules. Asking each module's service would mean one query
 * per module and object, and the reviews module exports no service; so this read-only query names those
 * tables by their SQL names (as the mail module's reminder lookup does the other way). It writes nothing.
 */
@Injectable()
export class ReminderCandidatesRepository {
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
    const ids = (list: number[]) =>
      sql.join(
        list.map((id) => sql`${id}::int`),
        sql`, `,
      );
    const exclude = opts.excludeTrackIds ?? [];
    const inTracks = (col: SQL) =>
      sql`${opts.trackIds.length ? sql`and ${col} in (${ids(opts.trackIds)})` : sql``}
          ${exclude.length ? sql`and ${col} not in (${ids(exclude)})` : sql``}`;
    const primaryOnly = opts.recipients === 'primary' ? sql`and pa.user_id = p.primary_author_id` : sql``;
    let query: SQL;
    const paper = PAPER_KINDS[kind];
    const review = REVIEW_KINDS[kind];
    if (paper) {
      query = sql`
        select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
               p.id as "paperId", p.title as "paperTitle", null::int as "requestId", p.track_id as "trackId", ${paper.deadline} as deadline
          from papers p
          join statuses s on s.id = p.status_id and s.is_accepted
          join tracks t on t.id = p.track_id
          join paper_authors pa on pa.paper_id = p.id ${primaryOnly}
          join users u on u.id = pa.user_id and not u.lock_status and u.notify
         where not p.is_deleted
           and ${paper.pending}
           and ${paper.deadline} > ${now}
           and ${paper.deadline} - ${window} <= ${now}
           ${inTracks(sql`p.track_id`)}
         order by p.id, pa.position`;
    } else if (review) {
      query = sql`
        select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
               rr.paper_id as "paperId", p.title as "paperTitle", rr.id as "requestId", rr.track_id as "trackId", ${review.deadline} as deadline
          from review_requests rr
          join papers p on p.id = rr.paper_id and not p.is_deleted
          join users u on u.id = rr.reviewer_id and not u.lock_status and u.notify
         where ${review.pending}
           and ${review.deadline} > ${now}
           and ${review.deadline} - ${window} <= ${now}
           ${inTracks(sql`rr.track_id`)}
         order by rr.id`;
    } else {
      return [];
    }
    const res = await ex.execute(query);
    return rowsOf(res).map((r) => ({
      userId: Number(r.userId),
      firstName: String(r.firstName),
      lastName: String(r.lastName),
      email: String(r.email),
      paperId: Number(r.paperId),
      paperTitle: String(r.paperTitle),
      requestId: r.requestId === null || r.requestId === undefined ? null : Number(r.requestId),
      trackId: Number(r.trackId),
      deadline: r.deadline instanceof Date ? r.deadline : new Date(String(r.deadline)),
    }));
  }
}
