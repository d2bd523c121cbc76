import type { PGlite } from '@electric-sql/pglite';
import { Logger } from '@nestjs/common';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { AppConfig } from '../config/config.js';
import { PgliteWorkerClient } from './pglite-worker.js';
import {
  pgliteTemplateDir,
  pgliteTemplatePath,
  readPgliteTemplate,
  writePgliteTemplate,
} from './pglite-template.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** One Drizzle handle type for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

export const DB = Symbol('DB');

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The connections' use now (metrics); undefined when not tracked (PGlite on the main thread). */
  stats?(): DatabaseStats | undefined;
}

/**
 * How busy the database connections are. PostgreSQL: the pool's connections (in use, idle, at most `size`)
 * and the queries waiting for one. PGlite: one connection (busy while a statement or a transaction runs) and
 * the statements queued behind it.
 */
export interface DatabaseStats {
  inUse: number;
  idle: number;
  waiting: number;
  size: number;
}

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export class DataDirInUseError extends Error {}

/** Guards a PGlite directory: a second process on the same directory fails with a clear message. */
export function acquireLock(dir: string): () => void {
  const lockFile = join(dir, 'symposium.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(
          `The embedded database in ${dir} is already in use by process ${pid}. ` +
            'Stop that process, or set DATA_DIR to another directory, or use DATABASE_URL for PostgreSQL.',
        );
      }
      rmSync(lockFile, { force: true }); // stale lock from a crashed process
    }
  }
  throw new DataDirInUseError(`Could not lock ${lockFile}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PostgreSQL connections per process unless DATABASE_POOL_SIZE says otherwise: twice the CPUs, 4 to 10. More
 * statements at once than the database has cores to run them only queue inside PostgreSQL, where they compete
 * for the CPU with everything else: on 2 cores under 20 concurrent paper lists, a pool of 10 gave no more
 * requests per second than 4 but kept 10 backends busy, and the health check's p95 rose from ~35 to 100–200 ms.
 */
export const defaultPoolSize = (): number => Math.min(10, Math.max(4, 2 * availableParallelism()));

export interface OpenOptions {
  databaseUrl?: string;
  /** PostgreSQL: the pool's connections (default defaultPoolSize()). */
  poolSize?: number;
  dataDir?: string;
  inMemory?: boolean;
  /**
   * Where PGlite runs: 'worker' (default) in a worker thread, so a long query never blocks the event loop;
   * 'main' on this thread (the environment variable PGLITE_THREAD=main chooses it too, for comparisons).
   */
  pgliteThread?: 'worker' | 'main';
}

/** PGlite on this thread (the drizzle driver's own client), or in a worker thread behind the same interface. */
async function startPglite(
  dir: string | undefined,
  thread: 'worker' | 'main',
  /** A data-directory tarball to start from (in memory only): see pglite-template.ts. */
  template?: Uint8Array,
): Promise<{
  client: PGlite;
  close: () => Promise<void>;
  stats?: () => DatabaseStats;
}> {
  if (thread === 'worker') {
    const worker = await PgliteWorkerClient.start(dir, template);
    // drizzle-orm/pglite calls only query() and transaction() (whose client has query()), which it answers
    return {
      client: worker as unknown as PGlite,
      close: () => worker.close(),
      stats: () => {
        const { pending, openTransactions } = worker.load();
        // PGlite runs one statement at a time: busy while one runs or a transaction holds it; the rest queue.
        const busy = pending > 0 || openTransactions > 0;
        return { inUse: busy ? 1 : 0, idle: busy ? 0 : 1, waiting: Math.max(0, pending - 1), size: 1 };
      },
    };
  }
  const { PGlite: PGliteClass } = await import('@electric-sql/pglite');
  const client = dir
    ? new PGliteClass(dir)
    : new PGliteClass(template ? { loadDataDir: new Blob([template as Uint8Array<ArrayBuffer>]) } : {});
  try {
    await client.waitReady;
  } catch (e) {
    await client.close().catch(() => undefined);
    throw e;
  }
  return { client, close: () => client.close() };
}

/** The database the configuration names: its URL and pool size, or PGlite's data folder (or memory). */
export const databaseOptionsOf = (
  config: Pick<AppConfig, 'databaseUrl' | 'databasePoolSize' | 'dataDir' | 'inMemoryDatabase'>,
): OpenOptions => ({
  databaseUrl: config.databaseUrl,
  poolSize: config.databasePoolSize,
  dataDir: config.dataDir,
  inMemory: config.inMemoryDatabase,
});

/**
 * The migrated empty database's tarball when SYMPOSIUM_PGLITE_TEMPLATES is set (tests), made here the first
 * time: a fresh in-memory PGlite, the migrations, dumpDataDir. Undefined otherwise.
 */
async function migratedTemplate(): Promise<Uint8Array | undefined> {
  const templates = pgliteTemplateDir();
  if (!templates) return undefined;
  const path = pgliteTemplatePath(templates, MIGRATIONS_FOLDER);
  const cached = readPgliteTemplate(path);
  if (cached) return cached;
  const fresh = await startPglite(undefined, 'main');
  try {
    await migratePglite(drizzlePglite(fresh.client), { migrationsFolder: MIGRATIONS_FOLDER });
    const tarball = await fresh.client.dumpDataDir('none');
    const bytes = new Uint8Array(await tarball.arrayBuffer());
    writePgliteTemplate(path, bytes);
    return bytes;
  } finally {
    await fresh.close();
  }
}

/** Opens PostgreSQL (databaseUrl) or PGlite (dataDir/db, or memory) and applies the committed migrations. */
export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const size = opts.poolSize ?? defaultPoolSize();
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: size });
    // An idle connection dropped by the server (restart, terminated backend) must not crash the process.
    pool.on('error', (e) =>
      new Logger('Database').warn(`PostgreSQL connection lost (the pool reconnects): ${e.message}`),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      stats: () => ({
        inUse: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        size,
      }),
    };
  }
  let release = () => {};
  let dir: string | undefined;
  if (!opts.inMemory && opts.dataDir) {
    dir = join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    release = acquireLock(opts.dataDir);
  }
  const thread = opts.pgliteThread ?? (process.env.PGLITE_THREAD === 'main' ? 'main' : 'worker');
  let pglite: Awaited<ReturnType<typeof startPglite>> | undefined;
  try {
    const template = opts.inMemory && !dir ? await migratedTemplate() : undefined;
    pglite = await startPglite(dir, thread, template);
    const db = drizzlePglite(pglite.client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(pglite.client), { migrationsFolder: MIGRATIONS_FOLDER });
    const close = pglite.close;
    return {
      db,
      kind: 'pglite',
      stats: pglite.stats,
      close: async () => {
        await close();
        release();
      },
    };
  } catch (e) {
    await pglite?.close().catch(() => undefined);
    release();
    throw e;
  }
}

/**
 * Independent reads: all at once on the database handle (ex undefined: the pool's connections, or the
 * embedded database's queue in one go, so they cost one wait instead of one each), one after the other on a
 * transaction (a single connection).
 */
export async function readTogether<T extends readonly unknown[]>(
  ex: Executor | undefined,
  reads: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!ex) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}
