import { Inject, Injectable } from '@nestjs/common';
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { QueryBuilder, type PgColumn } from 'drizzle-orm/pg-core';
import {
  escapeLike,
  PAGE_SIZE,
  USER_FILTER_TYPES,
  type ParsedUserFilter,
  type UserFilterField,
  type UserFilterName,
  type ConflictPerson,
} from '@symposium/domain';
import { DB, type Db, type Executor } from '../../database/database.js';
import { anyOf, builtOnce, rowReader, runRows } from '../../database/statements.js';
import { conflictPersonColumns, usersTable, type NewUserRow, type UserRow } from './users.table.js';

/** Rows per multi-row INSERT (well under the bound-parameter limit: users have ~20 columns). */
const INSERT_CHUNK = 500;

/** What the session check reads of a user: identity, lock, session version and roles. */
const SESSION_COLUMNS = {
  id: usersTable.id,
  email: usersTable.email,
  lockStatus: usersTable.lockStatus,
  sessionVersion: usersTable.sessionVersion,
  isAdmin: usersTable.isAdmin,
  isChair: usersTable.isChair,
  isCoChair: usersTable.isCoChair,
  coChairTracks: usersTable.coChairTracks,
  isReviewer: usersTable.isReviewer,
  reviewerTracks: usersTable.reviewerTracks,
  reviewerCount: usersTable.reviewerCount,
  sessionChairSessions: usersTable.sessionChairSessions,
};
export type SessionUserRow = Pick<UserRow, keyof typeof SESSION_COLUMNS>;
const readSessionUser = rowReader<SessionUserRow>(SESSION_COLUMNS);
const SESSION_USERS = builtOnce(() =>
  new QueryBuilder()
    .select(SESSION_COLUMNS)
    .from(usersTable)
    .where(sql`${usersTable.id} = any(${sql.placeholder('ids')}::int[])`),
);

/**
 * The §5 whitelist: every filterable (dotted) name and the one column it reads. Filter names from a request
 * are looked up here and nowhere else, so no request text ever reaches the SQL.
 */
const FILTER_COLUMNS: Record<UserFilterName, PgColumn> = {
  _id: usersTable.id,
  firstName: usersTable.firstName,
  lastName: usersTable.lastName,
  email: usersTable.email,
  alternateEmail: usersTable.alternateEmail,
  organization: usersTable.organization,
  country: usersTable.country,
  phone: usersTable.phone,
  isRegistered: usersTable.isRegistered,
  notify: usersTable.notify,
  'lock.status': usersTable.lockStatus,
  'roles.admin.is': usersTable.isAdmin,
  'roles.chair.is': usersTable.isChair,
  'roles.coChair.is': usersTable.isCoChair,
  'roles.reviewer.is': usersTable.isReviewer,
  'roles.reviewer.count': usersTable.reviewerCount,
  createdAt: usersTable.createdAt,
  'roles.reviewer.tracks': usersTable.reviewerTracks,
  'roles.coChair.tracks': usersTable.coChairTracks,
};

export interface UserQuery {
  filters: ParsedUserFilter[];
  /** Matches e-mail, first name, last name or "first last", case-insensitively. */
  search?: string;
  sort?: { field: UserFilterField; order: 'asc' | 'desc' };
}

const contains = (text: string) => `%${escapeLike(text)}%`;

/** One parsed filter as a SQL condition on its whitelisted column (values are always bound parameters). */
function filterCondition(f: ParsedUserFilter): SQL {
  const col = FILTER_COLUMNS[f.name];
  switch (f.type) {
    case 'track': {
      const has = arrayContains(col, [f.value]);
      return f.operator === '=' ? has : not(has);
    }
    case 'date': {
      const { from, to } = f.value;
      switch (f.operator) {
        case '=':
          return and(gte(col, from), lt(col, to))!;
        case '<>':
          return or(lt(col, from), gte(col, to))!;
        case '>':
          return gte(col, to);
        case '>=':
          return gte(col, from);
        case '<':
          return lt(col, from);
        default:
          return lt(col, to);
      }
    }
    default: {
      const v = f.value;
      switch (f.operator) {
        case 'Contains':
          return ilike(col, contains(String(v)));
        case '=':
          return eq(col, v);
        case '<>':
          return ne(col, v);
        case '>':
          return gt(col, v);
        case '>=':
          return gte(col, v);
        case '<':
          return lt(col, v);
        default:
          return lte(col, v);
      }
    }
  }
}

function whereOf(q: UserQuery): SQL | undefined {
  const conditions = q.filters.map(filterCondition);
  const search = q.search?.trim();
  if (search) {
    const p = contains(search);
    conditions.push(
      or(
        ilike(usersTable.email, p),
        ilike(usersTable.firstName, p),
        ilike(usersTable.lastName, p),
        ilike(sql`${usersTable.firstName} || ' ' || ${usersTable.lastName}`, p),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Sort by one whitelisted column (text case-insensitively), then by id so pages are stable. */
function orderOf(q: UserQuery): SQL[] {
  if (!q.sort) return [asc(usersTable.id)];
  const col = FILTER_COLUMNS[q.sort.field];
  const type = USER_FILTER_TYPES[q.sort.field];
  const key = type === 'string' || type === 'email' ? sql`lower(${col})` : sql`${col}`;
  const dir = q.sort.order === 'desc' ? desc : asc;
  return [dir(key), dir(usersTable.id)];
}

@Injectable()
export class UsersRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async findById(id: number, ex: Executor = this.db): Promise<UserRow | undefined> {
    const [row] = await ex.select().from(usersTable).where(eq(usersTable.id, id));
    return row;
  }

  async findByEmail(email: string, ex: Executor = this.db): Promise<UserRow | undefined> {
    const [row] = await ex.select().from(usersTable).where(eq(usersTable.email, email));
    return row;
  }

  /**
   * The users a session token names (AuthGuard, every signed-in request): only the columns the check reads,
   * through a statement built once.
   */
  async sessionUsers(ids: number[], ex: Executor = this.db): Promise<SessionUserRow[]> {
    if (!ids.length) return [];
    const rows = await runRows(ex, SESSION_USERS(), { ids });
    return rows.map((r) => readSessionUser(r)!);
  }

  /** The users with these ids, by last name, first name, id. */
  /** The fields the conflict-of-interest rule reads, of these users (one statement, no other column). */
  async conflictPeople(ids: number[], ex: Executor = this.db): Promise<ConflictPerson[]> {
    if (!ids.length) return [];
    return ex.select(conflictPersonColumns).from(usersTable).where(anyOf(usersTable.id, ids));
  }

  async findByIds(ids: number[], ex: Executor = this.db): Promise<UserRow[]> {
    if (!ids.length) return [];
    return ex
      .select()
      .from(usersTable)
      .where(inArray(usersTable.id, ids))
      .orderBy(asc(usersTable.lastName), asc(usersTable.firstName), asc(usersTable.id));
  }

  async findByEmails(emails: string[], ex: Executor = this.db): Promise<UserRow[]> {
    if (!emails.length) return [];
    return ex.select().from(usersTable).where(inArray(usersTable.email, emails));
  }

  /** Users with the reviewer role on a track, by name. */
  async reviewersOfTrack(trackId: number, ex: Executor = this.db): Promise<UserRow[]> {
    return ex
      .select()
      .from(usersTable)
      .where(and(eq(usersTable.isReviewer, true), arrayContains(usersTable.reviewerTracks, [trackId])))
      .orderBy(asc(usersTable.lastName), asc(usersTable.firstName), asc(usersTable.id));
  }

  /** The ids of a track's reviewers, in the order of reviewersOfTrack (last name, first name, id). */
  async reviewerIdsOfTrack(trackId: number, ex: Executor = this.db): Promise<number[]> {
    const rows = await ex
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(and(eq(usersTable.isReviewer, true), arrayContains(usersTable.reviewerTracks, [trackId])))
      .orderBy(asc(usersTable.lastName), asc(usersTable.firstName), asc(usersTable.id));
    return rows.map((r) => r.id);
  }

  /** Every user with the reviewer role (only these ids when ids is not null), by id. */
  async reviewers(ids: number[] | null, ex: Executor = this.db): Promise<UserRow[]> {
    if (ids && !ids.length) return [];
    return ex
      .select()
      .from(usersTable)
      .where(and(eq(usersTable.isReviewer, true), ids === null ? undefined : inArray(usersTable.id, ids)))
      .orderBy(asc(usersTable.id));
  }

  async insert(row: NewUserRow, ex: Executor = this.db): Promise<UserRow> {
    const [created] = await ex.insert(usersTable).values(row).returning();
    return created!;
  }

  /** Many users, INSERT_CHUNK rows per statement; the rows in the order given (serial ids follow VALUES). */
  async insertMany(rows: NewUserRow[], ex: Executor = this.db): Promise<UserRow[]> {
    const out: UserRow[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const created = await ex
        .insert(usersTable)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .returning();
      out.push(...created.sort((a, b) => a.id - b.id));
    }
    return out;
  }

  async update(id: number, patch: Partial<NewUserRow>, ex: Executor = this.db): Promise<UserRow | undefined> {
    const [row] = await ex
      .update(usersTable)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(usersTable.id, id))
      .returning();
    return row;
  }

  /** Sets isRegistered of these users (registrations: one statement for any number of users). */
  async setRegistered(ids: number[], isRegistered: boolean, ex: Executor = this.db): Promise<void> {
    if (!ids.length) return;
    await ex
      .update(usersTable)
      .set({ isRegistered, updatedAt: new Date() })
      .where(and(inArray(usersTable.id, ids), ne(usersTable.isRegistered, isRegistered)));
  }

  /** One page of the users matching a §5 query, and how many match in all. */
  async query(
    q: UserQuery,
    page: { offset: number; limit: number } = { offset: 0, limit: PAGE_SIZE },
    ex: Executor = this.db,
  ): Promise<{ count: number; rows: UserRow[] }> {
    const where = whereOf(q);
    const [total] = await ex
      .select({ n: sql<number>`count(*)::int` })
      .from(usersTable)
      .where(where);
    const rows = await ex
      .select()
      .from(usersTable)
      .where(where)
      .orderBy(...orderOf(q))
      .limit(page.limit)
      .offset(page.offset);
    return { count: total?.n ?? 0, rows };
  }

  /** Every user matching a §5 query, in its order (the export). */
  async list(q: UserQuery, ex: Executor = this.db): Promise<UserRow[]> {
    return ex
      .select()
      .from(usersTable)
      .where(whereOf(q))
      .orderBy(...orderOf(q));
  }

  /** Users with exactly this first and last name, ignoring case and surrounding spaces. */
  async findByName(
    firstName: string,
    lastName: string,
    limit: number,
    ex: Executor = this.db,
  ): Promise<UserRow[]> {
    return ex
      .select()
      .from(usersTable)
      .where(
        and(
          eq(sql`lower(${usersTable.firstName})`, firstName.trim().toLowerCase()),
          eq(sql`lower(${usersTable.lastName})`, lastName.trim().toLowerCase()),
        ),
      )
      .orderBy(asc(usersTable.id))
      .limit(limit);
  }

  /** Ends every session of the user: tokens carry the version they were issued with. */
  async bumpSessionVersion(id: number, ex: Executor = this.db): Promise<void> {
    await ex
      .update(usersTable)
      .set({ sessionVersion: sql`${usersTable.sessionVersion} + 1` })
      .where(eq(usersTable.id, id));
  }

  /** Users whose roles.sessionChair.sessions lists one of these technical session numbers, by name. */
  sessionChairsOf(numbers: number[], ex: Executor = this.db): Promise<UserRow[]> {
    if (!numbers.length) return Promise.resolve([]);
    return ex
      .select()
      .from(usersTable)
      .where(arrayOverlaps(usersTable.sessionChairSessions, numbers))
      .orderBy(asc(usersTable.lastName), asc(usersTable.firstName), asc(usersTable.id));
  }

  /** Adds the session number to these users' roles.sessionChair.sessions (once), removes it from everyone else. */
  async setSessionChairs(
    number: number,
    userIds: number[],
    ex: Executor = this.db,
  ): Promise<{ removed: number[] }> {
    const removed = await ex
      .update(usersTable)
      .set({
        sessionChairSessions: sql`array_remove(${usersTable.sessionChairSessions}, ${number}::integer)`,
      })
      .where(
        and(
          arrayContains(usersTable.sessionChairSessions, [number]),
          userIds.length ? not(inArray(usersTable.id, userIds)) : undefined,
        ),
      )
      .returning({ id: usersTable.id });
    if (userIds.length)
      await ex
        .update(usersTable)
        .set({
          sessionChairSessions: sql`array_append(${usersTable.sessionChairSessions}, ${number}::integer)`,
        })
        .where(
          and(inArray(usersTable.id, userIds), not(arrayContains(usersTable.sessionChairSessions, [number]))),
        );
    return { removed: removed.map((r) => r.id) };
  }

  /** Up to `limit` users whose name or e-mail contains the text (case-insensitive), by name. */
  search(text: string, limit: number, ex: Executor = this.db): Promise<UserRow[]> {
    const p = `%${escapeLike(text.trim())}%`;
    return ex
      .select()
      .from(usersTable)
      .where(
        text.trim()
          ? or(
              ilike(usersTable.email, p),
              ilike(usersTable.firstName, p),
              ilike(usersTable.lastName, p),
              ilike(sql`${usersTable.firstName} || ' ' || ${usersTable.lastName}`, p),
            )
          : undefined,
      )
      .orderBy(asc(usersTable.lastName), asc(usersTable.firstName), asc(usersTable.id))
      .limit(limit);
  }

  async delete(id: number, ex: Executor = this.db): Promise<UserRow | undefined> {
    const [row] = await ex.delete(usersTable).where(eq(usersTable.id, id)).returning();
    return row;
  }

  async count(ex: Executor = this.db): Promise<number> {
    const [r] = await ex.select({ n: sql<number>`count(*)::int` }).from(usersTable);
    return r?.n ?? 0;
  }
}
