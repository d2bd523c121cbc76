import { Inject, Injectable } from '@nestjs/common';
import { and, arrayContained, desc, eq, getTableColumns, isNotNull, sql, type SQL } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { reportsTable, type ReportRow } from './reports.table.js';

/** The tracks a report covers: null = every track (chairs), else the track chair's tracks. */
export type ReportScope = number[] | null;

export type ReportListRow = Omit<ReportRow, 'xlsx'>;

const { xlsx: _xlsx, ...listColumns } = getTableColumns(reportsTable);

/** The rows of a raw query's result (node-postgres and PGlite both answer { rows }). */
function rowsOf(res: unknown): Record<string, unknown>[] {
  if (Array.isArray(res)) return res as Record<string, unknown>[];
  return (res as { rows?: Record<string, unknown>[] }).rows ?? [];
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** `<column> in (<scope>)`, nothing for every track, false for no track (parameters, never text). */
function inScope(column: SQL, scope: ReportScope): SQL {
  if (scope === null) return sql`true`;
  if (!scope.length) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.map((id) => sql`${id}::integer`),
    sql`, `,
  )})`;
}

/** Decision of a paper from its status: accepted (isAccepted), pending (default or none), else rejected. */
const decisionOf = sql`case when s.is_accepted then 'Accepted' when s.id is null or s.is_default then 'Pending' else 'Rejected' end`;

/** A jsonb registration's amount when it is a number, else 0. */
const amountOf = (reg: SQL) =>
  sql`(case when jsonb_typeof(${reg}->'amount') = 'number' then (${reg}->>'amount')::numeric else 0 end)`;

/** The paper has a main registration (its id is not empty), as the isRegistered paper filter reads it. */
const paperRegistered = sql`coalesce(trim(p.registration->>'id'), '') <> ''`;

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
 * The reports table and the read-only, set-based aggregations of the reports: one statement per figure (a
 * GROUP BY over the papers of the scope), never a query per paper or per person. Papers deleted are left out.
 */
@Injectable()
export class ReportsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  // ----- stored reports

  async insert(row: Omit<ReportRow, 'id' | 'createdAt'>, ex: Executor = this.db): Promise<ReportListRow> {
    const [created] = await ex.insert(reportsTable).values(row).returning(listColumns);
    return created!;
  }

  /** Newest first; a track chair's (createdBy given) only the ones they generated within their tracks. */
  async list(filter: { createdBy?: number; scope: ReportScope }): Promise<ReportListRow[]> {
    return this.db
      .select(listColumns)
      .from(reportsTable)
      .where(this.visible(filter))
      .orderBy(desc(reportsTable.createdAt), desc(reportsTable.id));
  }

  async find(
    id: number,
    filter: { createdBy?: number; scope: ReportScope },
  ): Promise<ReportListRow | undefined> {
    const [row] = await this.db
      .select(listColumns)
      .from(reportsTable)
      .where(and(eq(reportsTable.id, id), this.visible(filter)));
    return row;
  }

  async xlsxOf(id: number, filter: { createdBy?: number; scope: ReportScope }): Promise<Buffer | undefined> {
    const [row] = await this.db
      .select({ xlsx: reportsTable.xlsx })
      .from(reportsTable)
      .where(and(eq(reportsTable.id, id), this.visible(filter)));
    return row?.xlsx;
  }

  private visible(filter: { createdBy?: number; scope: ReportScope }): SQL | undefined {
    if (filter.scope === null) return undefined;
    return and(
      eq(reportsTable.createdBy, filter.createdBy ?? -1),
      isNotNull(reportsTable.trackIds),
      arrayContained(reportsTable.trackIds, filter.scope),
    );
  }

  // ----- paper report figures

  /** Every track of the scope (in track order) with its papers by decision. */
  async papersByTrackAndDecision(scope: ReportScope): Promise<TrackDecisionRow[]> {
    const res = await this.db.execute(sql`
      select t.id as "trackId", t.name as track, count(p.id) as total,
             count(p.id) filter (where ${decisionOf} = 'Accepted') as accepted,
             count(p.id) filter (where ${decisionOf} = 'Rejected') as rejected,
             count(p.id) filter (where ${decisionOf} = 'Pending') as pending
        from tracks t
        left join papers p on p.track_id = t.id and not p.is_deleted
        left join statuses s on s.id = p.status_id
       where ${inScope(sql`t.id`, scope)}
       group by t.id, t.name, t.position
       order by t.position, t.id`);
    return rowsOf(res).map((r) => ({
      trackId: num(r.trackId),
      track: str(r.track),
      total: num(r.total),
      accepted: num(r.accepted),
      rejected: num(r.rejected),
      pending: num(r.pending),
    }));
  }

  /** Papers by status text (no status last). */
  async papersByStatus(scope: ReportScope): Promise<{ label: string; count: number }[]> {
    const res = await this.db.execute(sql`
      select coalesce(s.text, 'No status') as label, count(*) as count
        from papers p
        left join statuses s on s.id = p.status_id
       where not p.is_deleted and ${inScope(sql`p.track_id`, scope)}
       group by s.id, s.text, s.position
       order by s.position nulls last, s.id`);
    return rowsOf(res).map((r) => ({ label: str(r.label), count: num(r.count) }));
  }

  /** Camera-ready and presentation-ready progress among the accepted papers. */
  async readyProgress(scope: ReportScope): Promise<ProgressRow> {
    const res = await this.db.execute(sql`
      select count(*) as accepted,
             count(*) filter (where p.submitted_camera_ready) as "crSubmitted",
             count(*) filter (where p.is_camera_ready) as "crApproved",
             count(*) filter (where p.submitted_presentation_ready) as "prSubmitted",
             count(*) filter (where p.is_presentation_ready) as "prApproved"
        from papers p
        join statuses s on s.id = p.status_id and s.is_accepted
       where not p.is_deleted and ${inScope(sql`p.track_id`, scope)}`);
    const r = rowsOf(res)[0] ?? {};
    return {
      accepted: num(r.accepted),
      crSubmitted: num(r.crSubmitted),
      crApproved: num(r.crApproved),
      prSubmitted: num(r.prSubmitted),
      prApproved: num(r.prApproved),
    };
  }

  /** Per reviewer with requests in the scope: requests, accepted, declined, waiting, reviews submitted. */
  async reviewerLoad(scope: ReportScope): Promise<ReviewerLoadRow[]> {
    const res = await this.db.execute(sql`
      select u.id as "reviewerId", trim(u.first_name || ' ' || u.last_name) as name, u.email,
             count(rr.id) as requests,
             count(rr.id) filter (where not rr.declined and (rr.reviewed or not rr.waiting)) as accepted,
             count(rr.id) filter (where rr.declined and not rr.reviewed) as declined,
             count(rr.id) filter (where rr.waiting and not rr.declined and not rr.reviewed) as waiting,
             count(rv.id) as submitted
        from review_requests rr
        join papers p on p.id = rr.paper_id and not p.is_deleted
        join users u on u.id = rr.reviewer_id
        left join reviews rv on rv.request_id = rr.id and not rv.draft
       where ${inScope(sql`rr.track_id`, scope)}
       group by u.id, u.first_name, u.last_name, u.email
       order by count(rr.id) desc, u.last_name, u.first_name, u.id`);
    return rowsOf(res).map((r) => ({
      reviewerId: num(r.reviewerId),
      name: str(r.name),
      email: str(r.email),
      requests: num(r.requests),
      accepted: num(r.accepted),
      declined: num(r.declined),
      waiting: num(r.waiting),
      submitted: num(r.submitted),
    }));
  }

  /** Per track: papers, registered papers, the main registrations' amounts, other registrations and amounts. */
  async registrationsByTrack(scope: ReportScope): Promise<RegistrationRow[]> {
    const res = await this.db.execute(sql`
      select t.name as track, count(p.id) as papers,
             count(p.id) filter (where ${paperRegistered}) as registered,
             coalesce(sum(${amountOf(sql`p.registration`)}) filter (where ${paperRegistered}), 0) as "mainAmount",
             coalesce(sum(o.n), 0) as "otherCount",
             coalesce(sum(o.amount), 0) as "otherAmount"
        from tracks t
        left join papers p on p.track_id = t.id and not p.is_deleted
        left join lateral (
          select count(*) as n, coalesce(sum(${amountOf(sql`r.value`)}), 0) as amount
            from jsonb_array_elements(case when jsonb_typeof(p.other_registrations) = 'array'
                                           then p.other_registrations else '[]'::jsonb end) r
        ) o on true
       where ${inScope(sql`t.id`, scope)}
       group by t.id, t.name, t.position
       order by t.position, t.id`);
    return rowsOf(res).map((r) => ({
      track: str(r.track),
      papers: num(r.papers),
      registered: num(r.registered),
      mainAmount: num(r.mainAmount),
      otherCount: num(r.otherCount),
      otherAmount: num(r.otherAmount),
    }));
  }

  // ----- reconciliation lists

  /**
   * Accepted papers without a registration of their own (no main registration id). An author registered
   * through another paper does not register this one: each paper needs its own registration.
   */
  async acceptedNotRegistered(scope: ReportScope): Promise<{ id: number; title: string }[]> {
    const res = await this.db.execute(sql`
      select p.id, p.title
        from papers p
        join statuses s on s.id = p.status_id and s.is_accepted
       where not p.is_deleted and ${inScope(sql`p.track_id`, scope)}
         and not (${paperRegistered})
       order by p.id`);
    return rowsOf(res).map((r) => ({ id: num(r.id), title: str(r.title) }));
  }

  /**
   * Scheduled papers (in a session of the programme) whose presenter is not registered: the tutorial's
   * presenter, else the author of the main registration, else the primary author; no presenter counts too.
   */
  async scheduledPresenterNotRegistered(
    scope: ReportScope,
  ): Promise<{ id: number; title: string; presenterId: number | null; presenter: string }[]> {
    const res = await this.db.execute(sql`
      select p.id, p.title, u.id as "presenterId", trim(coalesce(u.first_name || ' ' || u.last_name, '')) as presenter
        from programme_session_papers sp
        join programme_sessions ss on ss.id = sp.session_id
        join papers p on p.id = sp.paper_id and not p.is_deleted
        left join users u on u.id = coalesce(
          case when ss.kind = 'tutorial' then ss.presenter_id end,
          case when jsonb_typeof(p.registration->'author') = 'number'
               then (select pa.user_id from paper_authors pa
                      where pa.paper_id = p.id and pa.user_id = (p.registration->>'author')::integer) end,
          p.primary_author_id)
       where ${inScope(sql`p.track_id`, scope)}
         and (u.id is null or not u.is_registered)
       order by p.id`);
    return rowsOf(res).map((r) => ({
      id: num(r.id),
      title: str(r.title),
      presenterId: r.presenterId === null || r.presenterId === undefined ? null : num(r.presenterId),
      presenter: str(r.presenter),
    }));
  }

  /** Technical sessions (of the scope: with a paper of its tracks, or of its tracks) and their unregistered chairs. */
  async sessionChairNotRegistered(
    scope: ReportScope,
  ): Promise<{ sessionId: number; number: number; title: string; userId: number; name: string }[]> {
    const inTracks =
      scope === null
        ? sql`true`
        : sql`(${inScope(sql`ss.track_id`, scope)} or exists (
             select 1 from programme_session_papers sp join papers p on p.id = sp.paper_id
              where sp.session_id = ss.id and ${inScope(sql`p.track_id`, scope)}))`;
    const res = await this.db.execute(sql`
      select ss.id as "sessionId", ss.number, ss.title, u.id as "userId",
             trim(u.first_name || ' ' || u.last_name) as name
        from programme_sessions ss
        join users u on ss.number = any(u.session_chair_sessions)
       where ss.kind = 'technical' and not u.is_registered and ${inTracks}
       order by ss.number, u.last_name, u.first_name, u.id`);
    return rowsOf(res).map((r) => ({
      sessionId: num(r.sessionId),
      number: num(r.number),
      title: str(r.title),
      userId: num(r.userId),
      name: str(r.name),
    }));
  }

  /** Letters enabled on a paper that no one has downloaded yet (no issued document of that kind downloaded). */
  async lettersNotDownloaded(scope: ReportScope): Promise<{ id: number; title: string; kind: string }[]> {
    const res = await this.db.execute(sql`
      select p.id, p.title, k.kind
        from papers p
        cross join lateral (values ('acceptance', p.acceptance_letter_enabled),
                                   ('certificate', p.certificate_enabled),
                                   ('invitation', p.invitation_letter_enabled)) as k(kind, enabled)
       where not p.is_deleted and k.enabled and ${inScope(sql`p.track_id`, scope)}
         and not exists (select 1 from issued_documents d
                          where d.paper_id = p.id and d.kind = k.kind and d.downloads > 0)
       order by p.id, k.kind`);
    return rowsOf(res).map((r) => ({ id: num(r.id), title: str(r.title), kind: str(r.kind) }));
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
      exists (select 1 from paper_authors pa join papers p on p.id = pa.paper_id
               where pa.user_id = u.id and not p.is_deleted and ${inScope(sql`p.track_id`, scope)})
      or exists (select 1 from review_requests rr where rr.reviewer_id = u.id and ${inScope(sql`rr.track_id`, scope)})
      or (u.is_reviewer and u.reviewer_tracks && ${arr})
      or (u.is_cochair and u.cochair_tracks && ${arr}))`;
  }

  /** Users by role (one user may hold several), registered or not, and the total. */
  async usersByRole(scope: ReportScope): Promise<Record<string, number>> {
    const res = await this.db.execute(sql`
      select count(*) as total,
             count(*) filter (where u.is_admin) as admins,
             count(*) filter (where u.is_chair) as chairs,
             count(*) filter (where u.is_cochair) as "trackChairs",
             count(*) filter (where u.is_reviewer) as reviewers,
             count(*) filter (where cardinality(u.session_chair_sessions) > 0) as "sessionChairs",
             count(*) filter (where exists (select 1 from paper_authors pa join papers p on p.id = pa.paper_id
                                             where pa.user_id = u.id and not p.is_deleted
                                               and ${inScope(sql`p.track_id`, scope)})) as authors,
             count(*) filter (where u.is_registered) as registered
        from users u
       where ${this.related(scope)}`);
    const r = rowsOf(res)[0] ?? {};
    return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, num(v)]));
  }

  async usersByCountry(scope: ReportScope): Promise<{ label: string; count: number }[]> {
    const res = await this.db.execute(sql`
      select coalesce(nullif(trim(u.country), ''), 'Unknown') as label, count(*) as count
        from users u
       where ${this.related(scope)}
       group by 1
       order by count(*) desc, 1`);
    return rowsOf(res).map((r) => ({ label: str(r.label), count: num(r.count) }));
  }

  /** Reviewers of each track of the scope (users with the reviewer role listing the track). */
  async reviewersByTrack(scope: ReportScope): Promise<{ label: string; count: number }[]> {
    const res = await this.db.execute(sql`
      select t.name as label, count(u.id) as count
        from tracks t
        left join users u on u.is_reviewer and t.id = any(u.reviewer_tracks)
       where ${inScope(sql`t.id`, scope)}
       group by t.id, t.name, t.position
       order by t.position, t.id`);
    return rowsOf(res).map((r) => ({ label: str(r.label), count: num(r.count) }));
  }

  /** The people of the report, for the xlsx (by last name, first name). */
  async userList(scope: ReportScope): Promise<UserListRow[]> {
    const res = await this.db.execute(sql`
      select u.id, trim(u.first_name || ' ' || u.last_name) as name, u.email, u.organization, u.country,
             u.is_registered as registered,
             concat_ws(', ',
               case when u.is_admin then 'Admin' end,
               case when u.is_chair then 'Chair' end,
               case when u.is_cochair then 'Track chair' end,
               case when u.is_reviewer then 'Reviewer' end,
               case when cardinality(u.session_chair_sessions) > 0 then 'Session chair' end) as roles
        from users u
       where ${this.related(scope)}
       order by u.last_name, u.first_name, u.id`);
    return rowsOf(res).map((r) => ({
      id: num(r.id),
      name: str(r.name),
      email: str(r.email),
      organization: str(r.organization),
      country: str(r.country),
      registered: r.registered === true || r.registered === 't',
      roles: str(r.roles),
    }));
  }

  // ----- paper selections (the review export and the assignment list)

  /** Ids of the review requests of these papers (the reviews module names them), oldest first. */
  async requestIdsOfPapers(paperIds: number[]): Promise<number[]> {
    if (!paperIds.length) return [];
    const res = await this.db.execute(sql`
      select id from review_requests
       where paper_id in (${sql.join(
         paperIds.map((id) => sql`${id}::integer`),
         sql`, `,
       )})
       order by paper_id, id`);
    return rowsOf(res).map((r) => num(r.id));
  }
}
