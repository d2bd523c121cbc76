import { Inject, Injectable } from '@nestjs/common';
import {
  CAMERA_READY_PARTS,
  escapeLike,
  PRESENTATION_READY_PARTS,
  type ChairPaperDto,
  type PaperAuthorDto,
  type PaperConsentDto,
  type PaperDto,
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
  or,
  sql,
  type Param,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { DB, type Db, type Executor } from '../database/database.js';
import { Binder, rowReader, runRows, shapeKey, StatementCache } from '../database/statements.js';
import { conferenceTable } from '../modules/conference/conference.table.js';
import { openPairCondition, openProblemsCondition } from '../modules/papers/checks/checks.table.js';
import type { ParsedPaperFilter, ParsedPaperQuery } from '../modules/papers/paper-filters.js';
import {
  paperAuthorsTable,
  paperConsentsTable,
  paperFilesTable,
  papersTable,
  type PaperRow,
} from '../modules/papers/papers.table.js';
import { sessionPapersTable } from '../modules/programme/programme.table.js';
import {
  statusesTable,
  subjectAreasTable,
  tracksTable,
  type TrackRow,
} from '../modules/tracks/tracks.table.js';
import { usersTable } from '../modules/users/users.table.js';

/** The conference's one row (CONFERENCE_ID of the conference module). */
const CONFERENCE_ID = 1;

/** The tracks a caller reaches: null = every track (chairs), else the track chair's tracks. */
export type TrackScope = number[] | null;

export interface PaperSelection {
  /** Exactly these papers (within the scope), deleted or not. */
  ids?: number[];
  /** Otherwise the papers matching the query (deleted ones only with an isDeleted filter). */
  query?: Pick<ParsedPaperQuery, 'filters' | 'search'>;
}

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
    case 'checkProblems':
      return f.value
        ? openProblemsCondition(papersTable.id)
        : sql`not ${openProblemsCondition(papersTable.id)}`;
    case 'hasDuplicates':
      return f.value ? openPairCondition(papersTable.id) : sql`not ${openPairCondition(papersTable.id)}`;
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

export type PageTrack = Pick<TrackRow, keyof typeof TRACK_ACTIVITY_COLUMNS>;

/** One paper of a list page: its JSON (built by the database) and what its actions depend on. */
export interface PaperJsonRow {
  id: number;
  /** The paper as the list shows it (ChairPaperDto) but for `actions` and `consent`: one JSON object. */
  json: string;
  /** The signed consent (PaperConsentDto) as JSON; null when none was signed. */
  consent: string | null;
  trackId: number;
  isDeleted: boolean;
  authorViewReviewEnabled: boolean;
  /** Its status is an accepting one. */
  isAccepted: boolean;
  /** It has a status other than the default one. */
  hasDecision: boolean;
}

/** A page of papers as JSON, with the tracks and conference flag their actions depend on. */
export interface PaperJsonPage {
  /** How many papers match in all. */
  count: number;
  papers: PaperJsonRow[];
  /** The page's tracks by id: name and activities. */
  tracks: Map<number, PageTrack>;
  /** The conference's digitalConsentSigning; null when its row is missing (or the page is empty). */
  digitalConsentSigning: boolean | null;
}

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

/** `value as "key", …`: named columns, whose row row_to_json writes as a compact object ({"key":value}). */
function named(fields: Record<string, SQLWrapper>): SQL {
  return sql.join(
    Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/**
 * A row of named values computed from the row before it (a lateral without a table, which the planner folds
 * into the row: no step of its own), and `row_to_json` of it: a JSON object in compact form, where
 * json_build_object would space every key and value ({"a" : 1, "b" : 2}: 5% more bytes for a page). The
 * alias ends in "Row" so that it names no column (row_to_json("abstract") would take the files' "abstract").
 */
const namedRow = (name: string, fields: Record<string, SQLWrapper>) =>
  sql`cross join lateral (select ${named(fields)}) as ${sql.identifier(`${name}Row`)}`;
const json = (name: string) => sql`row_to_json(${sql.identifier(`${name}Row`)})`;
const column = (alias: string, name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;

/** A timestamp as Date.toISOString writes it (UTC, milliseconds truncated as a JS Date holds them). */
const iso = (c: SQLWrapper) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The file slots of the camera-ready and presentation-ready parts (at most one file each). */
const SLOT_PARTS = [...CAMERA_READY_PARTS, ...PRESENTATION_READY_PARTS];

/**
 * The JSON of one paper as the chair's list shows it, built by the database: the same object as
 * toPaperDto (papers.mapper.ts) with the chair's fields, but for `actions` (domain rules computed in code) and
 * `consent` (present only when signed); the key lists are typed by the DTOs, so a field added to them must be
 * added here. Reads the papers row, its track and status, the conference, its consent, its files (one
 * aggregate) and its authors, then builds the nested objects as rows of named values ("abstract",
 * "cameraReady"…, see namedRow) and the paper as the last of them. Every part is looked up by index per paper
 * of the page, whatever the planner estimates: the embedded database has no statistics (no autovacuum), and
 * with joins or per-paper joins to be planned it chose a scan of every user per paper, or an aggregate of the
 * whole page per paper (100× the work).
 */
function paperListJson(): { paper: SQL; consent: SQL; joins: SQL } {
  const p = papersTable;
  const f = paperFilesTable;
  const a = paperAuthorsTable;
  const u = usersTable;
  const c = paperConsentsTable;
  const file = {
    _id: f.id,
    part: f.part,
    name: f.name,
    size: f.size,
    sha256: f.sha256,
    contentType: f.contentType,
    createdAt: iso(f.createdAt),
  } satisfies Record<keyof PaperFileDto, SQLWrapper>;
  // the paper's files in one aggregate: the abstract's files by id, and the first file of each slot
  const files = sql`left join lateral (select coalesce(json_agg(${json('file')} order by ${f.id}) filter (where ${f.part} = 'abstract'), '[]'::json) as "abstract", ${sql.join(
    SLOT_PARTS.map((part) => {
      if (!/^[A-Za-z_]+$/.test(part)) throw new Error(`not a part name for SQL: ${part}`);
      return sql`(array_agg(${json('file')} order by ${f.id}) filter (where ${f.part} = '${sql.raw(part)}'))[1] as ${sql.identifier(part)}`;
    }),
    sql`, `,
  )} from ${f} ${namedRow('file', file)} where ${f.paperId} = ${p.id}) as "files" on true`;
  const author = {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    organization: u.organization,
    country: u.country,
  } satisfies Record<keyof PaperAuthorDto, SQLWrapper>;
  // the paper's authors in order, each user row by its key ("offset 0" keeps the look-up a look-up: a
  // sub-query the planner cannot turn into a join with a scan of users)
  const authors = sql`coalesce((select json_agg(${json('author')} order by ${a.position}) from ${a} cross join lateral (select ${named(author)} from ${u} where ${u.id} = ${a.userId} offset 0) as "authorRow" where ${a.paperId} = ${p.id}), '[]'::json)`;
  const slots = (parts: readonly string[]) =>
    Object.fromEntries(parts.map((part) => [part, column('files', part)]));
  const showsDecision = sql`(${conferenceTable.authorView} -> 'viewConferenceTrackStatus') = 'true'::jsonb`;
  const nested = [
    namedRow('abstract', {
      text: p.abstractText,
      questions: p.abstractQuestions,
      files: column('files', 'abstract'),
    } satisfies Record<keyof PaperDto['abstract'], SQLWrapper>),
    namedRow('cameraReadyFiles', slots(CAMERA_READY_PARTS)),
    namedRow('cameraReady', {
      files: json('cameraReadyFiles'),
      questions: p.cameraReadyQuestions,
    } satisfies Record<keyof PaperDto['cameraReady'], SQLWrapper>),
    namedRow('presentationReadyFiles', slots(PRESENTATION_READY_PARTS)),
    namedRow('presentationReady', {
      files: json('presentationReadyFiles'),
      questions: p.presentationReadyQuestions,
    } satisfies Record<keyof PaperDto['presentationReady'], SQLWrapper>),
    namedRow('consent', {
      signedAt: iso(c.signedAt),
      signedBy: c.userId,
      agreementVersion: c.agreementVersion,
      signatureName: c.signatureName,
      font: c.font,
    } satisfies Record<keyof PaperConsentDto, SQLWrapper>),
  ];
  const paper = namedRow('paper', {
    _id: p.id,
    title: p.title,
    abstract: json('abstract'),
    authors,
    primaryAuthor: p.primaryAuthorId,
    track: p.trackId,
    primarySubjectArea: p.primarySubjectAreaId,
    status: p.statusId,
    // the status text when the conference shows decisions to authors and the status is not the default one
    decision: sql`case when ${showsDecision} and not ${statusesTable.isDefault} then ${statusesTable.text} end`,
    isDeleted: p.isDeleted,
    notes: p.notes,
    submittedCameraReady: p.submittedCameraReady,
    submittedPresentationReady: p.submittedPresentationReady,
    isCameraReady: p.isCameraReady,
    isPresentationReady: p.isPresentationReady,
    cameraReady: json('cameraReady'),
    presentationReady: json('presentationReady'),
    registration: p.registration,
    otherRegistrations: p.otherRegistrations,
    acceptWithRevisionTimestamp: iso(p.acceptWithRevisionTimestamp),
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    trackName: tracksTable.name,
    statusText: statusesTable.text,
    acceptanceLetterEnabled: p.acceptanceLetterEnabled,
    certificateEnabled: p.certificateEnabled,
    invitationLetterEnabled: p.invitationLetterEnabled,
    authorViewReviewEnabled: p.authorViewReviewEnabled,
  } satisfies Record<Exclude<keyof ChairPaperDto, 'actions' | 'consent' | 'discussion'>, SQLWrapper>);
  return {
    paper: sql`${json('paper')}::text`,
    consent: sql`case when ${c.id} is not null then ${json('consent')}::text end`,
    joins: sql`left join ${c} on ${c.paperId} = ${p.id} ${files} ${sql.join(nested, sql` `)} ${paper}`,
  };
}

/** The tracks' activity columns, after the page row's first 9 columns (see pageStatement). */
const readTrack = rowReader<PageTrack>(TRACK_ACTIVITY_COLUMNS, 9);

/**
 * The page statement of a WHERE and an order: the page's ids first ("page": the filtered papers sorted, then
 * limit and offset, so only those get their JSON, at any offset), then per paper its JSON and consent
 * (paperListJson), what its actions depend on, and its track's activity columns, in the same order.
 */
function pageStatement(where: SQL, sort: ParsedPaperQuery['sort']): SQL {
  const p = papersTable;
  const s = statusesTable;
  const joins = sql.join(
    [
      sql`inner join ${tracksTable} on ${tracksTable.id} = ${p.trackId}`,
      sql`left join ${s} on ${s.id} = ${p.statusId}`,
      // the primary author's row only when the order needs it
      ...(sort?.field === 'primaryAuthor'
        ? [sql`left join ${primaryAuthors} on ${primaryAuthors.id} = ${p.primaryAuthorId}`]
        : []),
    ],
    sql` `,
  );
  const order = sql.join(orderOf(sort), sql`, `);
  const ids = sql`select ${p.id} from ${p} ${joins} where ${where} order by ${order} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  const json = paperListJson();
  return sql`with "page" as materialized (${ids}) select ${p.id}, ${json.paper}, ${json.consent}, ${p.trackId}, ${p.isDeleted}, ${p.authorViewReviewEnabled}, coalesce(${s.isAccepted}, false), coalesce(not ${s.isDefault}, false), ${conferenceTable.digitalConsentSigning}, ${sql.join(
    Object.values(TRACK_ACTIVITY_COLUMNS),
    sql`, `,
  )} from ${p} ${joins} left join ${conferenceTable} on ${conferenceTable.id} = ${CONFERENCE_ID} ${json.joins} where ${p.id} in (select "id" from "page") order by ${order}`;
}

/**
 * A paper's subject area kept when moving it to `trackId` only if that track has it, else none (the SET of
 * the bulk edit's track move, papers module).
 */
export function subjectAreaKeptIn(trackId: number): SQL {
  return sql`case when ${papersTable.primarySubjectAreaId} in (select ${subjectAreasTable.id} from ${subjectAreasTable} where ${subjectAreasTable.trackId} = ${trackId}) then ${papersTable.primarySubjectAreaId} else null end`;
}

/**
 * The chairs' paper search (list, exports, one paper in scope): SQL built only from the whitelists above,
 * reading the papers, tracks (track name, statuses), users (author names, the primary author) and programme
 * (hasSession) modules' tables.
 */
@Injectable()
export class PaperSearchRead {
  /** The list's count and page statements by shape. */
  private readonly statements = new StatementCache();

  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * One page of the selection in the query's order, each paper as the JSON the list answers with (built by
   * the database, see paperListJson) and what its actions depend on, and how many match in all: two
   * statements (the count, then the page), each built once per shape of query (the filters' kinds, search,
   * sort) and cached; a request binds its values.
   */
  async pageJson(
    scope: TrackScope,
    query: ParsedPaperQuery,
    page: { offset: number; limit: number },
    ex: Executor = this.db,
  ): Promise<PaperJsonPage> {
    const binder = new Binder();
    const where = selectionCondition(scope, { query }, binder.bind);
    // the WHERE's own text and placeholders name the shape (cheap: a few conditions, not the whole statement)
    const shape = shapeKey(where);
    const countStatement = this.statements.get(
      `count\u0000${shape}`,
      () => sql`select count(*)::int from ${papersTable} where ${where}`,
    );
    const [total] = await runRows(ex, countStatement, binder.values);
    const count = (total?.[0] as number | undefined) ?? 0;
    const out: PaperJsonPage = { count, papers: [], tracks: new Map(), digitalConsentSigning: null };
    if (!count || page.offset >= count) return out;
    const sortKey = query.sort ? `${query.sort.field} ${query.sort.order}` : '';
    const statement = this.statements.get(`page\u0000${sortKey}\u0000${shape}`, () =>
      pageStatement(where, query.sort),
    );
    const rows = await runRows(ex, statement, { ...binder.values, ...page });
    for (const r of rows) {
      const trackId = r[3] as number;
      out.papers.push({
        id: r[0] as number,
        json: r[1] as string,
        consent: r[2] as string | null,
        trackId,
        isDeleted: r[4] as boolean,
        authorViewReviewEnabled: r[5] as boolean,
        isAccepted: r[6] as boolean,
        hasDecision: r[7] as boolean,
      });
      if (!out.tracks.has(trackId)) out.tracks.set(trackId, readTrack(r)!);
    }
    if (rows.length) out.digitalConsentSigning = rows[0]![8] as boolean | null;
    return out;
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
}
