/**
 * What backup and restore ask the database, on PostgreSQL and on PGlite alike, in plain SQL over the catalog
 * (no module's tables are imported: a table added by a later migration is counted without changing this file):
 * the rows of every table, and which rows name a stored file (the tables with a `key` and a `sha256` column).
 */
import { spawn } from 'node:child_process';
import { BackupError } from './backup-manifest.js';

/** Runs one statement and answers its rows. */
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table outside the system schemas ("schema.table"), sorted. */
export async function listTables(q: Query): Promise<string[]> {
  const rows = await q(
    `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        AND table_schema NOT LIKE 'pg\\_%'
      ORDER BY 1, 2`,
  );
  return rows.map((r) => `${String(r.s)}.${String(r.t)}`);
}

/** Rows per table, one count(*) each (in the caller's transaction, when it has one). */
export async function countRows(q: Query, tables?: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables ?? (await listTables(q))) {
    const [schema, name] = splitTable(table);
    const [row] = await q(`SELECT count(*)::bigint AS n FROM ${ident(schema)}.${ident(name)}`);
    out[table] = Number(row?.n ?? 0);
  }
  return out;
}

const splitTable = (table: string): [string, string] => {
  const dot = table.indexOf('.');
  return [table.slice(0, dot), table.slice(dot + 1)];
};

/** A row naming a stored file: the table it is in and the sha256 it records. */
export interface FileReference {
  table: string;
  sha256: string;
}

/** Every stored-file key the database names (tables with `key` and `sha256` columns) and its recorded sha256. */
export async function fileReferences(q: Query): Promise<Map<string, FileReference>> {
  const tables = await q(
    `SELECT k.table_schema AS s, k.table_name AS t FROM information_schema.columns k
       JOIN information_schema.columns h
         ON h.table_schema = k.table_schema AND h.table_name = k.table_name AND h.column_name = 'sha256'
       JOIN information_schema.tables b
         ON b.table_schema = k.table_schema AND b.table_name = k.table_name AND b.table_type = 'BASE TABLE'
      WHERE k.column_name = 'key' AND k.table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1, 2`,
  );
  const out = new Map<string, FileReference>();
  for (const { s, t } of tables) {
    const table = `${String(s)}.${String(t)}`;
    for (const row of await q(`SELECT key, sha256 FROM ${ident(String(s))}.${ident(String(t))}`))
      out.set(String(row.key), { table, sha256: String(row.sha256) });
  }
  return out;
}

/**
 * A PostgreSQL URL for pg_dump / pg_restore without its password (which would show in the process list), and
 * the environment that passes the password instead (PGPASSWORD).
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { dbname: u.toString(), env };
}

/** Runs a PostgreSQL client tool; rejects with its error output when it fails or cannot start. */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => (err += s));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          e.code === 'ENOENT'
            ? `${command} was not found: install the PostgreSQL client tools (the same major version as the server or newer) and put them on PATH`
            : `${command} could not start: ${e.message}`,
        ),
      ),
    );
    child.on('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed (${signal ?? `exit ${code}`}):\n${err.trim()}`)),
    );
  });
}
