/**
 * `npm run backup -- --out DIR`: the database, every stored file and a manifest (backup-manifest.ts).
 *
 * Consistency. PostgreSQL: a REPEATABLE READ transaction exports its snapshot, pg_dump dumps that snapshot
 * (--snapshot) while the transaction stays open, and the row counts and the file rows are read in the same
 * transaction: the counts are those of the dump, whatever the servers write meanwhile. The embedded database
 * (PGlite) is one process's: the backup takes its lock, so the server must be stopped, and nothing changes while
 * the data directory and the files are copied.
 *
 * Files are copied after the snapshot, each hashed while it is copied. Every file a row of the snapshot names
 * must be there with the sha256 the row records; an object uploaded after the snapshot is copied too (a restore
 * makes it an orphan, which the hourly sweep removes). The one gap: a file named by the snapshot and deleted
 * (replaced by its author, paper deleted) before it is copied. The backup then fails, naming it, and writes no
 * manifest (restore refuses such a directory): run it again.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import type { AppConfig } from '../config/config.js';
import { DataDirInUseError, acquireLock } from '../database/database.js';
import { FileNotFoundError, type FileStore } from '../modules/files/file-store.js';
import {
  BackupError,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  appVersion,
  backupFilePath,
  hashFile,
  type BackupFile,
  type BackupManifest,
  type DatabaseKind,
} from './backup-manifest.js';
import {
  countRows,
  fileReferences,
  runTool,
  toolConnection,
  type FileReference,
  type Query,
} from './database-inventory.js';

/** Objects copied at once. */
const COPY_CONCURRENCY = 4;

export interface BackupSummary {
  dir: string;
  manifest: BackupManifest;
  rows: number;
  fileBytes: number;
  seconds: number;
}

interface DatabaseDump {
  kind: DatabaseKind;
  file: string;
  serverVersion: string;
  tables: Record<string, number>;
  references: Map<string, FileReference>;
}

/** Refuses a directory that holds anything; creates it when missing. */
async function prepareDirectory(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw e;
  });
  if (entries && entries.length)
    throw new BackupError(
      `${dir} is not empty: back up into a new or empty directory (nothing was written).`,
    );
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

/** pg_dump of the snapshot the counts are read in (see the file's comment). */
async function dumpPostgres(url: string, dir: string): Promise<DatabaseDump> {
  const file = 'database.dump';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const q: Query = async (sql) => (await client.query(sql)).rows as Record<string, unknown>[];
    const { dbname, env } = toolConnection(url);
    const dump = runTool(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${rows[0]!.snapshot}`,
        `--file=${join(dir, file)}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    const read = (async () => {
      const [version] = await q('SHOW server_version');
      return {
        serverVersion: String(version?.server_version ?? ''),
        tables: await countRows(q),
        references: await fileReferences(q),
      };
    })();
    // both finish before the transaction ends (pg_dump needs the exported snapshot until it has imported it)
    const [dumped, counted] = await Promise.allSettled([dump, read]);
    if (dumped.status === 'rejected') throw dumped.reason;
    if (counted.status === 'rejected') throw counted.reason;
    return { kind: 'postgres', file, ...counted.value };
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** The embedded database's data directory as PGlite dumps it (the caller holds DATA_DIR's lock). */
async function dumpPglite(dataDir: string, dir: string): Promise<DatabaseDump> {
  const dbDir = join(dataDir, 'db');
  if (!existsSync(join(dbDir, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${dbDir}: check DATA_DIR (or set DATABASE_URL).`);
  const file = 'database.tar.gz';
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dbDir);
  try {
    await db.waitReady;
    const q: Query = async (sql) => (await db.query<Record<string, unknown>>(sql)).rows;
    const [version] = await q('SHOW server_version');
    const tables = await countRows(q);
    const references = await fileReferences(q);
    const tarball = await db.dumpDataDir('gzip');
    await writeFile(join(dir, file), Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    return { kind: 'pglite', file, serverVersion: String(version?.server_version ?? ''), tables, references };
  } finally {
    await db.close().catch(() => undefined);
  }
}

/** Copies one object into DIR/files, hashing it on the way; null when the store no longer has it. */
async function copyObject(
  store: FileStore,
  key: string,
  dir: string,
): Promise<{ size: number; sha256: string } | null> {
  let opened;
  try {
    opened = await store.open(key);
  } catch (e) {
    if (e instanceof FileNotFoundError) return null;
    throw e;
  }
  const path = backupFilePath(dir, key);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(opened.stream, tap, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  const fh = await open(path, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
  return { size, sha256: hash.digest('hex') };
}

/** Runs `work` on every item, `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Writes a backup of the configured database and file store into `out` (created; refused when not empty).
 * BackupError for what the operator must act on (a busy embedded database, a missing or damaged file).
 */
export async function runBackup(opts: {
  out: string;
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>;
  store: FileStore;
}): Promise<BackupSummary> {
  const t0 = performance.now();
  const { out, config, store } = opts;
  let release = () => {};
  if (!config.databaseUrl) {
    if (!existsSync(join(config.dataDir, 'db', 'PG_VERSION')))
      throw new BackupError(
        `There is no embedded database in ${join(config.dataDir, 'db')}: check DATA_DIR (or set DATABASE_URL).`,
      );
    try {
      release = acquireLock(config.dataDir);
    } catch (e) {
      if (!(e instanceof DataDirInUseError)) throw e;
      throw new BackupError(
        `${e.message}\nThe embedded database is backed up while the server is stopped (it is one process's ` +
          'files): stop the server, run the backup, start the server again. Nothing was written.',
      );
    }
  }
  try {
    await prepareDirectory(out);
    const dump = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, out)
      : await dumpPglite(config.dataDir, out);

    const keys = [...new Set([...(await store.keysOlderThan(0)), ...dump.references.keys()])].sort();
    const files: BackupFile[] = [];
    const missing: string[] = [];
    const damaged: string[] = [];
    await eachLimited(keys, COPY_CONCURRENCY, async (key) => {
      const ref = dump.references.get(key);
      const copied = await copyObject(store, key, out);
      if (!copied) {
        if (ref) missing.push(`${key} (${ref.table})`);
        return; // an unreferenced object removed meanwhile: nothing lost
      }
      if (ref && ref.sha256 !== copied.sha256)
        damaged.push(`${key} (${ref.table}): sha256 ${copied.sha256}, the row records ${ref.sha256}`);
      files.push({ key, ...copied, referenced: Boolean(ref) });
    });
    if (missing.length || damaged.length) {
      const lines = [
        ...(missing.length
          ? [
              `${missing.length} file(s) named by the database are not in the file store (deleted or replaced ` +
                `after the snapshot, or lost):`,
              ...missing.map((m) => `  ${m}`),
            ]
          : []),
        ...(damaged.length
          ? [`${damaged.length} file(s) do not match their recorded sha256:`, ...damaged.map((d) => `  ${d}`)]
          : []),
        `The backup in ${out} is incomplete (no ${MANIFEST_FILE} was written): remove it and run the backup ` +
          'again; if the same files are reported again, they are missing from the file store itself.',
      ];
      throw new BackupError(lines.join('\n'));
    }
    files.sort((a, b) => (a.key < b.key ? -1 : 1));

    const dbFile = await hashFile(join(out, dump.file));
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      database: {
        kind: dump.kind,
        file: dump.file,
        size: dbFile.size,
        sha256: dbFile.sha256,
        serverVersion: dump.serverVersion,
      },
      tables: dump.tables,
      files,
    };
    // the manifest last: a directory without one is an unfinished backup
    await writeFile(join(out, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    return {
      dir: out,
      manifest,
      rows: Object.values(dump.tables).reduce((a, b) => a + b, 0),
      fileBytes: files.reduce((a, f) => a + f.size, 0),
      seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    release();
  }
}
