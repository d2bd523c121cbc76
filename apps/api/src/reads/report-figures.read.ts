import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DB, type Db } from '../database/database.js';
import { issuedDocumentsTable } from '../modules/letters/letters.table.js';
import { paperAuthorsTable, papersTable } from '../modules/papers/papers.table.js';
import { sessionPapersTable, sessionsTable } from '../modules/programme/programme.table.js';
import { reviewRequestsTable, reviewsTable } from '../modules/reviews/reviews.table.js';
import { statusesTable, tracksTable } from '../modules/tracks/tracks.table.js';
import { usersTable } from '../modules/users/users.table.js';

/** The tracks a report covers: null = every track (chairs), else the track chair's tracks. */
export type ReportScope = number[] | null;

const p = papersTable;
const s = statusesTable;
const t = tracksTable;
const u = usersTable;
const rr = reviewRequestsTable;
const pa = paperAuthorsTable;
const sp = sessionPapersTable;
const ss = sessionsTable;

/** A count (bigint, a string on the wire) or a sum (numeric) as a number. */
const count = (expr: SQL) => sql<number>`${expr}`.mapWith(Number);
/** `count(*)`, or the rows meeting a condition: `count(*) filter (where …)`. */
const countRows = (where?: SQLWrapper) =>
  count(where ? sql`count(*) filter (where ${where})` : sql`count(*)`);

/** `<column> in (<scope>)`, nothing for every track, false for no track (parameters, never text). */
function inScope(column: SQLWrapper, scope: ReportScope): SQL {
  if (scope === null) return sql`true`;
  if (!scope.length) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.map((id) => sql`${id}::integer`),
    sql`, `,
  )})`;
}

/** Decision of a paper from its status: accepted (isAccepted), pending (default or none), else rejected. */
const decisionOf = sql`case when ${s.isAccepted} then 'Accepted' when ${s.id} is null or ${s.isDefault} then 'Pending' else 'Rejected' end`;

/** A jsonb registration's amount when it is a number, else 0. */
const amountOf = (reg: SQLWrapper) =>
  sql`(case when jsonb_typeof(${reg}->'amount') = 'number' then (${reg}->>'amount')::numeric else 0 end)`;

/** The paper has a main registration (its id is not empty), as the isRegistered paper filter reads it. */
const paperRegistered = sql`coalesce(trim(${p.registration}->>'id'), '') <> ''`;

const fullName = sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;

/** The track's papers, deleted ones left out (the left join of a per-track figure). */
const trackPapers = and(eq(p.trackId, t.id), not(p.isDeleted));

export interface TrackDecisionRow {
  trackId: number;
  track: string;
  total: number;
  accepted: number;
  rejected: number;
  pending: number;
}

export interface ReviewerLoadRow {
  reviewerId: number;
  name: string;
  email: string;
  requests: number;
  accepted: number;
  declined: number;
  waiting: number;
  submitted: number;
}

export interface RegistrationRow {
  track: string;
  papers: number;
  registered: number;
  mainAmount: number;
  otherCount: number;
  otherAmount: number;
}

export interface ProgressRow {
  accepted: number;
  crSubmitted: number;
  crApproved: number;
  prSubmitted: number;
  prApproved: number;
}

export interface UserListRow {
  id: number;
  name: string;
  email: string;
  organization: string;
  country: string;
  registered: boolean;
  roles: string;
}

/**
 * The figures of the paper and user reports (reports module): read-only, set-based aggregations over the
 * papers, tracks, users, reviews, programme and letters modules' tables, one statement per figure (a GROUP BY
 * over the papers of the scope), never a query per paper or per person. Papers deleted are left out.
 */
@Injectable()
export class ReportFiguresRead {
  constructor(@Inject(DB) private readonly db: Db) {}

  // ----- paper report figures

  /** Every track of the scope (in track order) with its papers by decision. */
  papersByTrackAndDecision(scope: ReportScope): Promise<TrackDecisionRow[]> {
    return this.db
      .select({
        trackId: t.id,
        track: t.name,
        total: count(sql`count(${p.id})`),
        accepted: count(sql`count(${p.id}) filter (where ${decisionOf} = 'Accepted')`),
        rejected: count(sql`count(${p.id}) filter (where ${decisionOf} = 'Rejected')`),
        pending: count(sql`count(${p.id}) filter (where ${decisionOf} = 'Pending')`),
      })
      .from(t)
      .leftJoin(p, trackPapers)
      .leftJoin(s, eq(s.id, p.statusId))
      .where(inScope(t.id, scope))
      .groupBy(t.id, t.name, t.position)
      .orderBy(asc(t.position), asc(t.id));
  }

  /** Papers by status text (no status last). */
  papersByStatus(scope: ReportScope): Promise<{ label: string; count: number }[]> {
    return this.db
      .select({ label: sql<string>`coalesce(${s.text}, 'No status')`, count: countRows() })
      .from(p)
      .leftJoin(s, eq(s.id, p.statusId))
      .where(and(not(p.isDeleted), inScope(p.trackId, scope)))
      .groupBy(s.id, s.text, s.position)
      .orderBy(sql`${s.position} nulls last`, asc(s.id));
  }

  /** Camera-ready and presentation-ready progress among the accepted papers. */
  async readyProgress(scope: ReportScope): Promise<ProgressRow> {
    const [r] = await this.db
      .select({
        accepted: countRows(),
        crSubmitted: countRows(p.submittedCameraReady),
        crApproved: countRows(p.isCameraReady),
        prSubmitted: countRows(p.submittedPresentationReady),
        prApproved: countRows(p.isPresentationReady),
      })
      .from(p)
      .innerJoin(s, and(eq(s.id, p.statusId), s.isAccepted))
      .where(and(not(p.isDeleted), inScope(p.trackId, scope)));
    return r ?? { accepted: 0, crSubmitted: 0, crApproved: 0, prSubmitted: 0, prApproved: 0 };
  }

  /** Per reviewer with requests in the scope: requests, accepted, declined, waiting, reviews submitted. */
  reviewerLoad(scope: ReportScope): Promise<ReviewerLoadRow[]> {
    return this.db
      .select({
        reviewerId: u.id,
        name: fullName,
        email: u.email,
        requests: count(sql`count(${rr.id})`),
        accepted: count(
          sql`count(${rr.id}) filter (where not ${rr.declined} and (${rr.reviewed} or not ${rr.waiting}))`,
        ),
        declined: count(sql`count(${rr.id}) filter (where ${rr.declined} and not ${rr.reviewed})`),
        waiting: count(
          sql`count(${rr.id}) filter (where ${rr.waiting} and not ${rr.declined} and not ${rr.reviewed})`,
        ),
        // a submitted meta-review (issue 25) completes its request without a review row
        submitted: count(
          sql`count(${reviewsTable.id}) + count(${rr.id}) filter (where ${rr.role} = 'meta' and ${rr.reviewed})`,
        ),
      })
      .from(rr)
      .innerJoin(p, and(eq(p.id, rr.paperId), not(p.isDeleted)))
      .innerJoin(u, eq(u.id, rr.reviewerId))
      .leftJoin(reviewsTable, and(eq(reviewsTable.requestId, rr.id), not(reviewsTable.draft)))
      .where(inScope(rr.trackId, scope))
      .groupBy(u.id, u.firstName, u.lastName, u.email)
      .orderBy(sql`count(${rr.id}) desc`, asc(u.lastName), asc(u.firstName), asc(u.id));
  }

  /** Per track: papers, registered papers, the main registrations' amounts, other registrations and amounts. */
  registrationsByTrack(scope: ReportScope): Promise<RegistrationRow[]> {
    const others = sql`jsonb_array_elements(case when jsonb_typeof(${p.otherRegistrations}) = 'array' then ${p.otherRegistrations} else '[]'::jsonb end) "r"`;
    const o = this.db
      .select({
        n: sql`count(*)`.as('n'),
        amount: sql`coalesce(sum(${amountOf(sql`"r"."value"`)}), 0)`.as('amount'),
      })
      .from(others)
      .as('o');
    return this.db
      .select({
        track: t.name,
        papers: count(sql`count(${p.id})`),
        registered: count(sql`count(${p.id}) filter (where ${paperRegistered})`),
        mainAmount: count(
          sql`coalesce(sum(${amountOf(p.registration)}) filter (where ${paperRegistered}), 0)`,
        ),
        otherCount: count(sql`coalesce(sum(${o.n}), 0)`),
        otherAmount: count(sql`coalesce(sum(${o.amount}), 0)`),
      })
      .from(t)
      .leftJoin(p, trackPapers)
      .leftJoinLateral(o, sql`true`)
      .where(inScope(t.id, scope))
      .groupBy(t.id, t.name, t.position)
      .orderBy(asc(t.position), asc(t.id));
  }

  // ----- reconciliation lists

  /**
   * Accepted papers without a registration of their own (no main registration id). An author registered
   * through another paper does not register this one: each paper needs its own registration.
   */
  acceptedNotRegistered(scope: ReportScope): Promise<{ id: number; title: string }[]> {
    return this.db
      .select({ id: p.id, title: p.title })
      .from(p)
      .innerJoin(s, and(eq(s.id, p.statusId), s.isAccepted))
      .where(and(not(p.isDeleted), inScope(p.trackId, scope), sql`not (${paperRegistered})`))
      .orderBy(asc(p.id));
  }

  /**
   * Scheduled papers (in a session of the programme) whose presenter is not registered: the tutorial's
   * presenter, else the author of the main registration, else the primary author; no presenter counts too.
   */
  async scheduledPresenterNotRegistered(
    scope: ReportScope,
  ): Promise<{ id: number; title: string; presenterId: number | null; presenter: string }[]> {
    const presenter = sql`coalesce(
          case when ${ss.kind} = 'tutorial' then ${ss.presenterId} end,
          case when jsonb_typeof(${p.registration}->'author') = 'number'
               then (select ${pa.userId} from ${pa}
                      where ${pa.paperId} = ${p.id} and ${pa.userId} = (${p.registration}->>'author')::integer) end,
          ${p.primaryAuthorId})`;
    const rows = await this.db
      .select({
        id: p.id,
        title: p.title,
        presenterId: u.id,
        presenter: sql<string>`trim(coalesce(${u.firstName} || ' ' || ${u.lastName}, ''))`,
      })
      .from(sp)
      .innerJoin(ss, eq(ss.id, sp.sessionId))
      .innerJoin(p, and(eq(p.id, sp.paperId), not(p.isDeleted)))
      .leftJoin(u, eq(u.id, presenter))
      .where(and(inScope(p.trackId, scope), sql`(${u.id} is null or not ${u.isRegistered})`))
      .orderBy(asc(p.id));
    return rows.map((r) => ({ ...r, presenter: r.presenter ?? '' }));
  }

  /** Technical sessions (of the scope: with a paper of its tracks, or of its tracks) and their unregistered chairs. */
  sessionChairNotRegistered(
    scope: ReportScope,
  ): Promise<{ sessionId: number; number: number; title: string; userId: number; name: string }[]> {
    const inTracks =
      scope === null
        ? sql`true`
        : sql`(${inScope(ss.trackId, scope)} or exists (
             select 1 from ${sp} inner join ${p} on ${p.id} = ${sp.paperId}
              where ${sp.sessionId} = ${ss.id} and ${inScope(p.trackId, scope)}))`;
    return this.db
      .select({ sessionId: ss.id, number: ss.number, title: ss.title, userId: u.id, name: fullName })
      .from(ss)
      .innerJoin(u, sql`${ss.number} = any(${u.sessionChairSessions})`)
      .where(and(eq(ss.kind, 'technical'), not(u.isRegistered), inTracks))
      .orderBy(asc(ss.number), asc(u.lastName), asc(u.firstName), asc(u.id));
  }

  /** Letters enabled on a paper that no one has downloaded yet (no issued document of that kind downloaded). */
  lettersNotDownloaded(scope: ReportScope): Promise<{ id: number; title: string; kind: string }[]> {
    const d = issuedDocumentsTable;
    const k = sql`lateral (values ('acceptance', ${p.acceptanceLetterEnabled}),
                                   ('certificate', ${p.certificateEnabled}),
                                   ('invitation', ${p.invitationLetterEnabled})) as "k"("kind", "enabled")`;
    return this.db
      .select({ id: p.id, title: p.title, kind: sql<string>`"k"."kind"` })
      .from(p)
      .crossJoin(k)
      .where(
        and(
          not(p.isDeleted),
          sql`"k"."enabled"`,
          inScope(p.trackId, scope),
          sql`not exists (select 1 from ${d} where ${d.paperId} = ${p.id} and ${d.kind} = "k"."kind" and ${d.downloads} > 0)`,
        ),
      )
      .orderBy(asc(p.id), sql`"k"."kind"`);
  }

  // ----- user report figures

  /**
   * The people a report covers: everyone (scope null), else the people related to the papers of the tracks:
   * their authors, reviewers with requests on them or of the tracks, and the tracks' chairs.
   */
  private related(scope: ReportScope): SQL {
    if (scope === null) return sql`true`;
    const arr = scope.length
      ? sql`array[${sql.join(
          scope.map((id) => sql`${id}::integer`),
          sql`, `,
        )}]::integer[]`
      : sql`array[]::integer[]`;
    return sql`(
      ${authorOfScope(scope)}
      or exists (select 1 from ${rr} where ${rr.reviewerId} = ${u.id} and ${inScope(rr.trackId, scope)})
      or (${u.isReviewer} and ${u.reviewerTracks} && ${arr})
      or (${u.isCoChair} and ${u.coChairTracks} && ${arr}))`;
  }

  /** Users by role (one user may hold several), registered or not, and the total. */
  async usersByRole(scope: ReportScope): Promise<Record<string, number>> {
    const [r] = await this.db
      .select({
        total: countRows(),
        admins: countRows(u.isAdmin),
        chairs: countRows(u.isChair),
        trackChairs: countRows(u.isCoChair),
        reviewers: countRows(u.isReviewer),
        sessionChairs: countRows(sql`cardinality(${u.sessionChairSessions}) > 0`),
        authors: countRows(authorOfScope(scope)),
        registered: countRows(u.isRegistered),
      })
      .from(u)
      .where(this.related(scope));
    return { ...r };
  }

  usersByCountry(scope: ReportScope): Promise<{ label: string; count: number }[]> {
    return this.db
      .select({
        label: sql<string>`coalesce(nullif(trim(${u.country}), ''), 'Unknown')`,
        count: countRows(),
      })
      .from(u)
      .where(this.related(scope))
      .groupBy(sql`1`)
      .orderBy(sql`count(*) desc`, sql`1`);
  }

  /** Reviewers of each track of the scope (users with the reviewer role listing the track). */
  reviewersByTrack(scope: ReportScope): Promise<{ label: string; count: number }[]> {
    return this.db
      .select({ label: t.name, count: count(sql`count(${u.id})`) })
      .from(t)
      .leftJoin(u, sql`${u.isReviewer} and ${t.id} = any(${u.reviewerTracks})`)
      .where(inScope(t.id, scope))
      .groupBy(t.id, t.name, t.position)
      .orderBy(asc(t.position), asc(t.id));
  }

  /** The people of the report, for the xlsx (by last name, first name). */
  userList(scope: ReportScope): Promise<UserListRow[]> {
    return this.db
      .select({
        id: u.id,
        name: fullName,
        email: u.email,
        organization: u.organization,
        country: u.country,
        registered: u.isRegistered,
        roles: sql<string>`concat_ws(', ',
               case when ${u.isAdmin} then 'Admin' end,
               case when ${u.isChair} then 'Chair' end,
               case when ${u.isCoChair} then 'Track chair' end,
               case when ${u.isReviewer} then 'Reviewer' end,
               case when cardinality(${u.sessionChairSessions}) > 0 then 'Session chair' end)`,
      })
      .from(u)
      .where(this.related(scope))
      .orderBy(asc(u.lastName), asc(u.firstName), asc(u.id));
  }

  // ----- paper selections (the review export and the assignment list)

  /** Ids of the review requests of these papers (the reviews module names them), oldest first. */
  async requestIdsOfPapers(paperIds: number[]): Promise<number[]> {
    if (!paperIds.length) return [];
    const rows = await this.db
      .select({ id: rr.id })
      .from(rr)
      .where(inArray(rr.paperId, paperIds))
      .orderBy(asc(rr.paperId), asc(rr.id));
    return rows.map((r) => r.id);
  }
}

/** The user is an author of a (not deleted) paper of the scope. */
function authorOfScope(scope: ReportScope): SQL {
  return sql`exists (select 1 from ${pa} inner join ${p} on ${p.id} = ${pa.paperId}
               where ${pa.userId} = ${u.id} and not ${p.isDeleted} and ${inScope(p.trackId, scope)})`;
}
