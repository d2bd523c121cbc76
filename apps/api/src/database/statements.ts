import { Param, Placeholder, sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './database.js';

/**
 * Statements built once and run many times: a hot query (the chair's paper list, the session's user row) pays
 * Drizzle's query building (select list, joins, escaping: ~1 ms a request for a 40-column page) once per shape,
 * then binds new values into the cached text. Values enter through named placeholders (`sql.placeholder`), so a
 * cached text never holds a request's values.
 */

const dialect = new PgDialect();

/** The text of a piece of SQL and its parameters in order (placeholders left as such). */
export const toQuery = (s: SQLWrapper): Query => dialect.sqlToQuery(s.getSQL());

/**
 * A key naming the SQL a piece of SQL renders to: its text, and for each parameter its placeholder's name or,
 * for a constant, its value. Two pieces with one key render to the same statement with the same constants
 * and the same placeholders in the same places, so a statement built from one serves the other.
 */
export function shapeKey(s: SQLWrapper): string {
  const q = toQuery(s);
  let key = q.sql;
  for (const p of q.params) {
    const placeholder = p instanceof Param ? p.value : p;
    key += placeholder instanceof Placeholder ? `\u0000:${placeholder.name}` : `\u0000=${JSON.stringify(p)}`;
  }
  return key;
}

/**
 * Collects a statement's values: `bind(value)` stands for the value in the SQL (a placeholder named by the
 * order of the calls) and records it in `values` for the run.
 */
export class Binder {
  readonly values: Record<string, unknown> = {};
  private n = 0;

  bind = (value: unknown): Placeholder => {
    const name = `p${this.n++}`;
    this.values[name] = value;
    return sql.placeholder(name);
  };
}

/** A statement of one shape, built on first use (not at import: the schema's tables are all loaded by then). */
export function builtOnce(build: () => SQLWrapper): () => Query {
  let built: Query | undefined;
  return () => (built ??= toQuery(build()));
}

/** Statements by shape key, built on first use; the oldest leaves when `max` shapes are held. */
export class StatementCache {
  private readonly built = new Map<string, Query>();

  constructor(private readonly max = 500) {}

  get(key: string, build: () => SQLWrapper): Query {
    let q = this.built.get(key);
    if (!q) {
      q = toQuery(build());
      if (this.built.size >= this.max) this.built.delete(this.built.keys().next().value!);
      this.built.set(key, q);
    }
    return q;
  }

  get size(): number {
    return this.built.size;
  }
}

/**
 * Runs a built statement with its placeholders' values through the executor's Drizzle session (its logger
 * sees it like any other statement; inside a transaction it runs in the transaction) and answers the rows as
 * arrays of the driver's values, unmapped: timestamps as PostgreSQL's text, json and jsonb parsed, integers
 * and booleans as numbers and booleans. The caller decodes the columns it reads (`decodeColumn`).
 */
export function runRows(ex: Executor, q: Query, values: Record<string, unknown> = {}): Promise<unknown[][]> {
  return ex._.session
    .prepareQuery<{
      execute: unknown[][];
      all: unknown[][];
      values: unknown[][];
    }>(q, undefined, undefined, true, (rows) => rows)
    .execute(values);
}

/** A column as Drizzle reads it from the driver. */
export interface DecodingColumn {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * Reads the part of a statement's row arrays that `columns` (a flat selection, in its order) fill from
 * `offset` on, each value decoded as a select through the query builder would (timestamps to Dates, arrays
 * element by element); null when every one of them is null (an outer join without a match).
 */
export function rowReader<T>(
  columns: Record<string, DecodingColumn>,
  offset = 0,
): (row: unknown[]) => T | null {
  const fields = Object.entries(columns).map(([field, column], i) => ({ field, column, i: offset + i }));
  return (row) => {
    const out: Record<string, unknown> = {};
    let found = false;
    for (const { field, column, i } of fields) {
      const value = row[i];
      if (value === null || value === undefined) out[field] = null;
      else {
        found = true;
        out[field] = column.mapFromDriverValue(value);
      }
    }
    return found ? (out as T) : null;
  };
}

/**
 * The column is one of these ids, as one array parameter whatever the length of the list. `inArray` writes a
 * parameter per id, and thousands of them (a conflict check over a conference's papers) cost more to bind and
 * parse than the query itself; `= any($1)` with a parameter array compares each row with every element (no
 * hashing for a parameter), 40 million comparisons for 9,000 ids against 9,000 rows. A sub-select of the
 * unnested array is planned as a hash or index join, and the statement text stays the same for any length.
 */
export const anyOf = (column: SQLWrapper, ids: readonly number[]): SQL =>
  sql`${column} in (select unnest(${sql.param(ids)}::int[]))`;

/** The column is none of these ids (one array parameter, a hashed sub-plan; see anyOf). */
export const noneOf = (column: SQLWrapper, ids: readonly number[]): SQL =>
  sql`${column} not in (select unnest(${sql.param(ids)}::int[]))`;
