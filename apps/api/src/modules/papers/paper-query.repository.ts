import { Inject, Injectable } from '@nestjs/common';
import {
  escapeLike,
  type BulkField,
  type PaperAuthorDto,
  type PaperConsentDto,
  type PaperFileDto,
} from '@symposium/domain';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type Param,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { DB, type Db, type Executor } from '../../database/database.js';
import {
  Binder,
  builtOnce,
  rowReader,
  runRows,
  shapeKey,
  StatementCache,
  type DecodingColumn,
} from '../../database/statements.js';
import { CONFERENCE_ID } from '../conference/conference.service.js';
import { conferenceTable, type ConferenceRow } from '../conference/conference.table.js';
import {
  statusesTable,
  subjectAreasTable,
  tracksTable,
  type StatusRow,
  type TrackRow,
} from '../tracks/tracks.table.js';
import { usersTable } from '../users/users.table.js';
import { sessionPapersTable } from '../programme/programme.table.js';
import type { ParsedPaperFilter, ParsedPaperQuery } from './paper-filters.js';
import {
  paperAuthorsTable,
  paperConsentsTable,
  paperFilesTable,
  papersTable,
  type PaperRow,
} from './papers.table.js';

/** The tracks a caller reaches: null = every track (chairs), else the track chair's tracks. */
export type TrackScope = number[] | null;

export interface PaperSelection {
  /** Exactly these papers (within the scope), deleted or not. */
  ids?: number[];
  /** Otherwise the papers matching the query (deleted ones only with an isDeleted filter). */
  query?: Pick<ParsedPaperQuery, 'filters' | 'search'>;
}

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

/** Boolean filter name → its column (isRegistered and hasSession are computed). */
const FLAG_COLUMNS = {
  isDeleted: papersTable.isDeleted,
  submittedCameraReady: papersTable.submittedCameraReady,
  submittedPresentationReady: papersTable.submittedPresentationReady,
  isCameraReady: papersTable.isCameraReady,
  isPresentationReady: papersTable.isPresentationReady,
} as const;

const registered = sql`coalesce(trim(${papersTable.registration}->>'id'), '') <> ''`;
const statusIdsWhere = (cond: SQL) => sql`(select ${statusesTable.id} from ${statusesTable} where ${cond})`;

/**
 * How a request's value enters a condition: a bound parameter of this statement (`bindNow`), or a named
 * placeholder of a statement cached for the shape (`Binder.bind`, values collected for the run). Either way
 * the text of a condition depends only on the query's shape, never on its values.
 */
type Bind = (value: unknown) => Param | Placeholder;
const bindNow: Bind = (value) => sql.param(value);

/** The column is one of a list of ids (one array parameter, whatever the length of the list). */
const anyOf = (column: SQLWrapper, ids: number[], bind: Bind) => sql`${column} = any(${bind(ids)}::int[])`;

/**
 * One parsed filter as a condition on the papers row alone (statuses through sub-queries), so the same
 * condition serves the list, the export and the single UPDATE of a bulk edit. Values are bound parameters.
 */
function filterCondition(f: ParsedPaperFilter, bind: Bind): SQL {
  switch (f.name) {
    case 'track':
      return anyOf(papersTable.trackId, f.value, bind);
    case 'status':
      return anyOf(papersTable.statusId, f.value, bind);
    case 'paperStatus':
      if (f.value === 'accepted')
        return inArray(papersTable.statusId, statusIdsWhere(sql`${statusesTable.isAccepted}`));
      if (f.value === 'notAccepted')
        return inArray(
          papersTable.statusId,
          statusIdsWhere(sql`not ${statusesTable.isAccepted} and not ${statusesTable.isDefault}`),
        );
      return or(
        isNull(papersTable.statusId),
        inArray(
          papersTable.statusId,
          statusIdsWhere(sql`${statusesTable.isDefault} and not ${statusesTable.isAccepted}`),
        ),
      )!;
    case 'isRegistered':
      return f.value ? registered : sql`not (${registered})`;
    case 'hasSession': {
      // placed in a technical session, a poster session or a tutorial
      const placed = sql`exists (select 1 from ${sessionPapersTable} where ${sessionPapersTable.paperId} = ${papersTable.id})`;
      return f.value ? placed : sql`not ${placed}`;
    }
    case 'updatedAt': {
      const { from, to, toExclusive } = f.value;
      const at = papersTable.updatedAt;
      const parts: SQL[] = [];
      // the timestamp as the column's encoder writes it
      if (from) parts.push(sql`${at} >= ${bind(from.toISOString())}`);
      if (to) parts.push(sql`${at} ${sql.raw(toExclusive ? '<' : '<=')} ${bind(to.toISOString())}`);
      return and(...parts)!;
    }
    default:
      return sql`${FLAG_COLUMNS[f.name]} = ${bind(f.value)}`;
  }
}

/** Title, an author's name or e-mail (case-insensitive contains), or the paper id. */
function searchCondition(search: string, bind: Bind): SQL | undefined {
  if (!search) return undefined;
  const p = bind(`%${escapeLike(search)}%`);
  const byAuthor = sql`exists (select 1 from ${paperAuthorsTable} inner join ${usersTable} on ${usersTable.id} = ${paperAuthorsTable.userId} where ${paperAuthorsTable.paperId} = ${papersTable.id} and (${usersTable.email} ilike ${p} or ${usersTable.firstName} ilike ${p} or ${usersTable.lastName} ilike ${p} or (${usersTable.firstName} || ' ' || ${usersTable.lastName}) ilike ${p}))`;
  const conditions: SQL[] = [sql`${papersTable.title} ilike ${p}`, byAuthor];
  const id = /^#?\d{1,10}$/.test(search) ? Number(search.replace('#', '')) : NaN;
  if (id >= 1 && id <= 2_147_483_647) conditions.push(sql`${papersTable.id} = ${bind(id)}`);
  return or(...conditions);
}

function scopeCondition(scope: TrackScope, bind: Bind = bindNow): SQL | undefined {
  if (scope === null) return undefined;
  return scope.length ? anyOf(papersTable.trackId, scope, bind) : sql`false`;
}

/**
 * The WHERE of a selection: the scope, then the ids or the filters and search (deleted left out by default).
 * `sql\`true\`` when nothing limits it.
 */
export function selectionCondition(scope: TrackScope, sel: PaperSelection, bind: Bind = bindNow): SQL {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope, bind)];
  if (sel.ids) conditions.push(sel.ids.length ? anyOf(papersTable.id, sel.ids, bind) : sql`false`);
  else {
    const filters = sel.query?.filters ?? [];
    conditions.push(...filters.map((f) => filterCondition(f, bind)));
    if (!filters.some((f) => f.name === 'isDeleted')) conditions.push(eq(papersTable.isDeleted, false));
    conditions.push(searchCondition(sel.query?.search ?? '', bind));
  }
  return and(...conditions.filter((c): c is SQL => c !== undefined)) ?? sql`true`;
}

const primaryAuthors = usersTable;

/** The track columns a paper's actions depend on (TrackDto.activities). */
const TRACK_ACTIVITY_COLUMNS = {
  name: tracksTable.name,
  canSubmitPaper: tracksTable.canSubmitPaper,
  canSubmitPaperDeadline: tracksTable.canSubmitPaperDeadline,
  canEditPaper: tracksTable.canEditPaper,
  canEditPaperDeadline: tracksTable.canEditPaperDeadline,
  canSubmitCameraReady: tracksTable.canSubmitCameraReady,
  canSubmitCameraReadyDeadline: tracksTable.canSubmitCameraReadyDeadline,
  canSubmitPresentationReady: tracksTable.canSubmitPresentationReady,
  canSubmitPresentationReadyDeadline: tracksTable.canSubmitPresentationReadyDeadline,
};

const STATUS_COLUMNS = {
  text: statusesTable.text,
  isDefault: statusesTable.isDefault,
  isAccepted: statusesTable.isAccepted,
};
const CONFERENCE_COLUMNS = {
  authorView: conferenceTable.authorView,
  digitalConsentSigning: conferenceTable.digitalConsentSigning,
};

export type PageTrack = Pick<TrackRow, keyof typeof TRACK_ACTIVITY_COLUMNS>;
export type PageStatus = Pick<StatusRow, keyof typeof STATUS_COLUMNS>;
export type PageConference = Pick<ConferenceRow, keyof typeof CONFERENCE_COLUMNS>;

/** A page of papers with what the list shows of their tracks, statuses and the conference. */
export interface PaperPage {
  /** How many papers match in all. */
  count: number;
  papers: PaperRow[];
  /** The page's tracks by id: name and activities. */
  tracks: Map<number, PageTrack>;
  /** The page's statuses by id (a status id without its row: null). */
  statuses: Map<number, PageStatus | null>;
  /** null when the conference row is missing (or the page is empty). */
  conference: PageConference | null;
}

/**
 * The page statement's columns: the paper's, then its track's, status's and the conference's, one flat list
 * (keys prefixed to keep them apart) in the order of its row arrays, and a reader for each part.
 */
const PAPER_COLUMNS = getTableColumns(papersTable);
const prefixed = (prefix: string, columns: Record<string, DecodingColumn>) =>
  Object.fromEntries(Object.entries(columns).map(([k, c]) => [`${prefix}.${k}`, c]));
const PAGE_SELECTION = {
  ...PAPER_COLUMNS,
  ...prefixed('track', TRACK_ACTIVITY_COLUMNS),
  ...prefixed('status', STATUS_COLUMNS),
  ...prefixed('conference', CONFERENCE_COLUMNS),
};
const offsetOf = (prefix: string) => Object.keys(PAGE_SELECTION).findIndex((k) => k.startsWith(`${prefix}.`));
const readPaper = rowReader<PaperRow>(PAPER_COLUMNS);
const readTrack = rowReader<PageTrack>(TRACK_ACTIVITY_COLUMNS, offsetOf('track'));
const readStatus = rowReader<PageStatus>(STATUS_COLUMNS, offsetOf('status'));
const readConference = rowReader<PageConference>(CONFERENCE_COLUMNS, offsetOf('conference'));

/** Sort by one whitelisted key (text case-insensitively, missing values last), then by id so pages are stable. */
function orderOf(sort: ParsedPaperQuery['sort']): SQL[] {
  if (!sort) return [asc(papersTable.id)];
  const desc_ = sort.order === 'desc';
  // "asc nulls last" / "desc nulls first": a paper without a status or primary author comes last in asc order
  const dir = sql.raw(desc_ ? 'desc nulls first' : 'asc nulls last');
  const keys: Record<typeof sort.field, SQL[]> = {
    _id: [],
    title: [sql`lower(${papersTable.title})`],
    track: [sql`lower(${tracksTable.name})`],
    status: [sql`lower(${statusesTable.text})`],
    updatedAt: [sql`${papersTable.updatedAt}`],
    createdAt: [sql`${papersTable.createdAt}`],
    primaryAuthor: [sql`lower(${primaryAuthors.lastName})`, sql`lower(${primaryAuthors.firstName})`],
  };
  return [
    ...keys[sort.field].map((k) => sql`${k} ${dir}`),
    desc_ ? desc(papersTable.id) : asc(papersTable.id),
  ];
}

/** What a list page shows of its papers' authors, files and consents (see pageDetailsOf). */
export interface PageDetails {
  /** [paper id, author] pairs, by paper and position. */
  authors: [number, PaperAuthorDto][];
  /** [paper id, file] pairs, by file id. */
  files: [number, PaperFileDto][];
  consents: [number, PaperConsentDto][];
}

/** Builds statements without a database (their text and parameters only). */
const builder = new QueryBuilder();

/** The page details' statement (see pageDetailsOf). */
const PAGE_DETAILS = builtOnce((): SQL => {
  const iso = (c: SQLWrapper) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const a = paperAuthorsTable;
  const u = usersTable;
  const f = paperFilesTable;
  const c = paperConsentsTable;
  // the ids as one array parameter (not a list of 100): less SQL to build and bind
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  return sql`select (select coalesce(json_agg(json_build_array(${a.paperId}, json_build_object('_id', ${u.id}, 'firstName', ${u.firstName}, 'lastName', ${u.lastName}, 'email', ${u.email}, 'organization', ${u.organization}, 'country', ${u.country})) order by ${a.paperId}, ${a.position}), '[]'::json) from ${a} inner join ${u} on ${u.id} = ${a.userId} where ${a.paperId} = any(${ids})), (select coalesce(json_agg(json_build_array(${f.paperId}, json_build_object('_id', ${f.id}, 'part', ${f.part}, 'name', ${f.name}, 'size', ${f.size}, 'sha256', ${f.sha256}, 'contentType', ${f.contentType}, 'createdAt', ${iso(f.createdAt)})) order by ${f.id}), '[]'::json) from ${f} where ${f.paperId} = any(${ids})), (select coalesce(json_agg(json_build_array(${c.paperId}, json_build_object('signedAt', ${iso(c.signedAt)}, 'signedBy', ${c.userId}, 'agreementVersion', ${c.agreementVersion}, 'signatureName', ${c.signatureName}, 'font', ${c.font}))), '[]'::json) from ${c} where ${c.paperId} = any(${ids}))`;
});

/** The chair's paper lists and bulk edits: SQL built only from the whitelists above. */
@Injectable()
export class PaperQueryRepository {
  /** The list's count and page statements by shape. */
  private readonly statements = new StatementCache();

  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * One page of the selection in the query's order with what the list shows of each paper's track, status
   * and the conference, and how many match in all: two statements (the count, then the page with its joins),
   * each built once per shape of query (the filters' kinds, search, sort) and cached; a request binds its
   * values. Rows are read as arrays and decoded column by column (no per-row query-builder mapping).
   */
  async page(
    scope: TrackScope,
    query: ParsedPaperQuery,
    page: { offset: number; limit: number },
    ex: Executor = this.db,
  ): Promise<PaperPage> {
    const binder = new Binder();
    const where = selectionCondition(scope, { query }, binder.bind);
    // the WHERE's own text and placeholders name the shape (cheap: a few conditions, not the 40 columns)
    const shape = shapeKey(where);
    const countStatement = this.statements.get(`count\u0000${shape}`, () =>
      builder
        .select({ n: sql<number>`count(*)::int` })
        .from(papersTable)
        .where(where),
    );
    const [total] = await runRows(ex, countStatement, binder.values);
    const count = (total?.[0] as number | undefined) ?? 0;
    const out: PaperPage = { count, papers: [], tracks: new Map(), statuses: new Map(), conference: null };
    if (!count || page.offset >= count) return out;
    const sortKey = query.sort ? `${query.sort.field} ${query.sort.order}` : '';
    const pageStatement = this.statements.get(`page\u0000${sortKey}\u0000${shape}`, () => {
      let q = builder
        .select(PAGE_SELECTION)
        .from(papersTable)
        .innerJoin(tracksTable, eq(tracksTable.id, papersTable.trackId))
        .leftJoin(statusesTable, eq(statusesTable.id, papersTable.statusId))
        .leftJoin(conferenceTable, eq(conferenceTable.id, CONFERENCE_ID))
        .$dynamic();
      // the primary author's row only when the order needs it
      if (query.sort?.field === 'primaryAuthor')
        q = q.leftJoin(primaryAuthors, eq(primaryAuthors.id, papersTable.primaryAuthorId));
      return q
        .where(where)
        .orderBy(...orderOf(query.sort))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    });
    const rows = await runRows(ex, pageStatement, { ...binder.values, ...page });
    for (const row of rows) {
      const paper = readPaper(row)!;
      out.papers.push(paper);
      if (!out.tracks.has(paper.trackId)) out.tracks.set(paper.trackId, readTrack(row)!);
      if (paper.statusId !== null && !out.statuses.has(paper.statusId))
        out.statuses.set(paper.statusId, readStatus(row));
    }
    if (rows.length) out.conference = readConference(rows[0]!);
    return out;
  }

  /**
   * The authors (PaperAuthorDto, ordered), files (PaperFileDto, by id) and consents of a page of
   * papers, in one statement (built once): three JSON arrays built by the database (ISO dates as toISOString
   * writes them).
   */
  async pageDetailsOf(paperIds: number[], ex: Executor = this.db): Promise<PageDetails> {
    if (!paperIds.length) return { authors: [], files: [], consents: [] };
    const [row] = await runRows(ex, PAGE_DETAILS(), { ids: paperIds });
    const [authors, files, consents] = row as [
      PageDetails['authors'],
      PageDetails['files'],
      PageDetails['consents'],
    ];
    return { authors, files, consents };
  }

  /** Every paper of a selection (the exports), in the given order. */
  async list(
    scope: TrackScope,
    sel: PaperSelection,
    sort?: ParsedPaperQuery['sort'],
    page?: { offset: number; limit: number },
    ex: Executor = this.db,
  ): Promise<PaperRow[]> {
    const q = ex
      .select(getTableColumns(papersTable))
      .from(papersTable)
      .innerJoin(tracksTable, eq(tracksTable.id, papersTable.trackId))
      .leftJoin(statusesTable, eq(statusesTable.id, papersTable.statusId))
      .leftJoin(primaryAuthors, eq(primaryAuthors.id, papersTable.primaryAuthorId))
      .where(selectionCondition(scope, sel))
      .orderBy(...orderOf(sort));
    return page ? q.limit(page.limit).offset(page.offset) : q;
  }

  /** The paper when it is in the scope (deleted papers included). */
  async findInScope(id: number, scope: TrackScope, ex: Executor = this.db): Promise<PaperRow | undefined> {
    const [row] = await ex
      .select()
      .from(papersTable)
      .where(and(eq(papersTable.id, id), scopeCondition(scope)));
    return row;
  }

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
        set.primarySubjectAreaId = sql`case when ${papersTable.primarySubjectAreaId} in (select ${subjectAreasTable.id} from ${subjectAreasTable} where ${subjectAreasTable.trackId} = ${change.value}) then ${papersTable.primarySubjectAreaId} else null end`;
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
    const updated = await ex
      .update(papersTable)
      .set(set)
      .where(and(...conditions.filter((c): c is SQL => c !== undefined)))
      .returning({ id: papersTable.id });
    return updated.length;
  }
}
