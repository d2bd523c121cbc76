/**
 * `npm run restore -- DIR [--force]`: loads a backup (backup.ts) into the database and file store the
 * environment configures. In order, and stopping at the first problem:
 *
 * 1. the manifest is read and the database dump and every file are checked against it (size and sha256)
 *    before anything is touched;
 * 2. the target must be empty (no user, no stored object) unless --force, and of the backup's kind
 *    (a PostgreSQL backup into PostgreSQL, an embedded one into the embedded database);
 * 3. the database is loaded (pg_restore in one transaction; the embedded data directory replaced);
 * 4. every file is written under its key, its sha256 checked by the store as it is written;
 * 5. the rows are counted again and compared with the manifest, and every file is looked up in the store.
 */
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config/config.js';
import { DataDirInUseError, acquireLock } from '../database/database.js';
import type { FileStore } from '../modules/files/file-store.js';
import { eachLimited } from './backup.js';
import {
  BackupError,
  MANIFEST_FILE,
  backupFilePath,
  hashFile,
  parseManifest,
  type BackupManifest,
} from './backup-manifest.js';
import { countRows, runTool, toolConnection, type Query } from './database-inventory.js';

const WRITE_CONCURRENCY = 4;

export interface RestoreSummary {
  manifest: BackupManifest;
  rows: number;
  fileBytes: number;
  seconds: number;
  /** What was there before: tables that had rows (users only with --force), objects that were stored. */
  replaced: { tables: number; objects: number };
}

/** Reads the manifest and checks the dump and every file against it; the list of problems. */
async function verifyBackup(dir: string): Promise<BackupManifest> {
  const text = await readFile(join(dir, MANIFEST_FILE), 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT')
      throw new BackupError(
        `${dir} has no ${MANIFEST_FILE}: it is not a backup, or a backup that did not finish. Nothing was changed.`,
      );
    throw e;
  });
  const manifest = parseManifest(text);
  const problems: string[] = [];
  const db = await hashFile(join(dir, manifest.database.file)).catch(() => null);
  if (!db) problems.push(`${manifest.database.file} is missing`);
  else if (db.sha256 !== manifest.database.sha256 || db.size !== manifest.database.size)
    problems.push(
      `${manifest.database.file}: sha256 ${db.sha256}, the manifest records ${manifest.database.sha256}`,
    );
  await eachLimited(manifest.files, WRITE_CONCURRENCY, async (f) => {
    const got = await hashFile(backupFilePath(dir, f.key)).catch(() => null);
    if (!got) problems.push(`files/${f.key.slice(0, 2)}/${f.key} is missing`);
    else if (got.sha256 !== f.sha256 || got.size !== f.size)
      problems.push(
        `files/${f.key.slice(0, 2)}/${f.key}: sha256 ${got.sha256}, the manifest records ${f.sha256}`,
      );
  });
  if (problems.length)
    throw new BackupError(
      [`The backup in ${dir} is damaged; nothing was changed:`, ...problems.map((p) => `  ${p}`)].join('\n'),
    );
  return manifest;
}

/** The rows of every table of a PostgreSQL database. */
async function countPostgres(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q: Query = async (sql) => (await client.query(sql)).rows as Record<string, unknown>[];
    return await countRows(q);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The rows of every table of the embedded database in `dbDir` (none when there is no database there). */
async function countPglite(dbDir: string): Promise<Record<string, number>> {
  if (!existsSync(join(dbDir, 'PG_VERSION'))) return {};
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dbDir);
  try {
    await db.waitReady;
    return await countRows(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows);
  } finally {
    await db.close().catch(() => undefined);
  }
}

/** Replaces the embedded database in `dbDir` with the backup's data directory. */
async function loadPglite(dbDir: string, tarball: string): Promise<void> {
  await rm(dbDir, { recursive: true, force: true });
  await mkdir(dbDir, { recursive: true, mode: 0o700 });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dbDir, { loadDataDir: new Blob([await readFile(tarball)]) });
  try {
    await db.waitReady;
  } finally {
    await db.close().catch(() => undefined);
  }
}

/**
 * A database with no users is empty, as for the demo loader: a new database, or one a server has only
 * migrated (the migrations add a few settings rows, which the restore replaces).
 */
const USERS_TABLE = 'public.users';

const withRows = (counts: Record<string, number>) => Object.entries(counts).filter(([, n]) => n > 0);

export async function runRestore(opts: {
  dir: string;
  force: boolean;
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>;
  store: FileStore;
}): Promise<RestoreSummary> {
  const t0 = performance.now();
  const { dir, force, config, store } = opts;
  if (!(await stat(dir).catch(() => null))?.isDirectory())
    throw new BackupError(`${dir} is not a directory. Nothing was changed.`);
  const manifest = await verifyBackup(dir);

  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind)
    throw new BackupError(
      manifest.database.kind === 'postgres'
        ? 'This is a backup of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into. Nothing was changed.'
        : 'This is a backup of the embedded database: unset DATABASE_URL and set DATA_DIR to the directory to restore it into. Nothing was changed.',
    );

  let release = () => {};
  if (!config.databaseUrl) {
    await mkdir(config.dataDir, { recursive: true });
    try {
      release = acquireLock(config.dataDir);
    } catch (e) {
      if (!(e instanceof DataDirInUseError)) throw e;
      throw new BackupError(`${e.message}\nStop the server before restoring. Nothing was changed.`);
    }
  }
  try {
    const dbDir = join(config.dataDir, 'db');
    const before = config.databaseUrl ? await countPostgres(config.databaseUrl) : await countPglite(dbDir);
    const full = withRows(before);
    const users = before[USERS_TABLE] ?? 0;
    const objects = (await store.keysOlderThan(0)).length;
    if ((users || objects) && !force) {
      const lines = ['The target is not empty; nothing was changed:'];
      if (users)
        lines.push(
          `  the database has ${users} user(s) and rows in ${full.length} table(s): ${full
            .slice(0, 6)
            .map(([t, n]) => `${t} (${n})`)
            .join(', ')}${full.length > 6 ? ', …' : ''}`,
        );
      if (objects) lines.push(`  the file store holds ${objects} object(s)`);
      lines.push('Restore into an empty database and file store, or pass --force to replace what is there.');
      throw new BackupError(lines.join('\n'));
    }

    const dumpPath = join(dir, manifest.database.file);
    if (config.databaseUrl) {
      const { dbname, env } = toolConnection(config.databaseUrl);
      await runTool(
        'pg_restore',
        [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--no-privileges',
          '--single-transaction',
          '--exit-on-error',
          `--dbname=${dbname}`,
          dumpPath,
        ],
        env,
      );
    } else await loadPglite(dbDir, dumpPath);

    const failed: string[] = [];
    await eachLimited(manifest.files, WRITE_CONCURRENCY, async (f) => {
      await store
        .writeAs(f.key, createReadStream(backupFilePath(dir, f.key)), { maxBytes: f.size, sha256: f.sha256 })
        .catch((e: unknown) => failed.push(`${f.key}: ${(e as Error).message}`));
    });
    if (failed.length)
      throw new BackupError(
        [
          `The database was restored, but ${failed.length} file(s) could not be written to the file store:`,
          ...failed.slice(0, 20).map((f) => `  ${f}`),
          ...(failed.length > 20 ? [`  … and ${failed.length - 20} more`] : []),
          'Fix the file store and run the restore again with --force.',
        ].join('\n'),
      );

    // the check: every table's rows and every file as the manifest says
    const after = config.databaseUrl ? await countPostgres(config.databaseUrl) : await countPglite(dbDir);
    const problems: string[] = [];
    for (const [table, n] of Object.entries(manifest.tables))
      if (after[table] !== n)
        problems.push(`${table}: ${after[table] ?? 'no such table'} rows, the backup has ${n}`);
    await eachLimited(manifest.files, WRITE_CONCURRENCY, async (f) => {
      if (!(await store.exists(f.key))) problems.push(`file ${f.key} is not in the file store`);
    });
    if (problems.length)
      throw new BackupError(
        ['The restored data does not match the backup:', ...problems.map((p) => `  ${p}`)].join('\n'),
      );
    return {
      manifest,
      rows: Object.values(manifest.tables).reduce((a, b) => a + b, 0),
      fileBytes: manifest.files.reduce((a, f) => a + f.size, 0),
      seconds: (performance.now() - t0) / 1000,
      replaced: { tables: full.length, objects },
    };
  } finally {
    release();
  }
}
