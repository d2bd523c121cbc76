/**
 * The backup and restore drill (issue 24 item 6), with the built commands as an operator runs them
 * (`npm run build` first: this runs apps/api/dist/cli/{seed-demo,backup,restore}.js and apps/api/dist/main.js).
 *
 * A demo conference (papers with their files, reviews, a published programme, letters) is loaded, backed up,
 * and restored into a fresh database and a fresh file store; every table's row count and every file's sha256
 * must be as in the source, and a server started on the restored data signs the chair in and serves a file.
 *
 * - On the PostgreSQL pass (TEST_DATABASE_URL set): source and target are new databases on that server
 *   (backup_drill_*, dropped after), each with a new DATA_DIR for the disk file store; rows are written into
 *   the source all through the backup, and the restored counts are the manifest's (one snapshot).
 * - On the embedded pass (TEST_DATABASE_URL empty): PGlite in one DATA_DIR to PGlite in another; and the
 *   backup refuses, saying why, while a server holds the embedded database.
 * The file stores are disk stores in each DATA_DIR; with S3_ENDPOINT set, S3 buckets of their own (fileStoreEnv).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { jest } from '@jest/globals';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { toolConfig } from '../../apps/api/src/cli/ops-config.js';
import { loadConfig } from '../../apps/api/src/config/config.js';
import { openDatabase } from '../../apps/api/src/database/database.js';
import { createFileStore } from '../../apps/api/src/modules/files/create-file-store.js';
import { deleteS3Bucket } from '../support/file-stores.js';
import type { BackupManifest } from '../../apps/api/src/ops/backup-manifest.js';
import { countRows, fileReferences, type Query } from '../../apps/api/src/ops/database-inventory.js';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'apps/api/dist');
const ADMIN_URL = process.env.TEST_DATABASE_URL || undefined;
const JWT_SECRET = 'backup-drill-secret-backup-drill-secret-0123456';
const PAPERS = '12';

jest.setTimeout(300_000);

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** Runs a built command (apps/api/dist/…) with only the given environment (and PATH, for pg_dump). */
function run(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [join(DIST, script), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => ok({ code, out, err }));
  });
}

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/** Polls a condition (no fixed sleeps as assertions). */
async function until(what: string, check: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    if (await check()) return;
    if (Date.now() - t0 > ms) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `npm start` on the given data: resolves once /api/health answers. */
async function startServer(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  let output = '';
  const server: ChildProcess = spawn(process.execPath, [join(DIST, 'main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((ok) => server.once('exit', () => ok()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  };
  try {
    await until(`the server on port ${port} (output so far: ${output})`, async () => {
      if (server.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
      return fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    });
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, stop };
}

async function createDatabase(): Promise<{ name: string; url: string }> {
  const name = `backup_drill_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  const u = new URL(ADMIN_URL!);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

async function dropDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await c.end();
}

/**
 * The file store of a source or target: the disk store in its DATA_DIR; with S3_ENDPOINT set, the S3 store
 * (FILE_STORE=s3, the S3_* settings of this environment) with a bucket of its own, which the commands create.
 */
function fileStoreEnv(): Record<string, string> {
  if (!process.env.S3_ENDPOINT) return {};
  const s3 = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => e[0].startsWith('S3_') && e[1] !== undefined,
    ),
  );
  const env = {
    ...s3,
    FILE_STORE: 's3',
    S3_BUCKET: `backup-drill-${process.pid}-${Math.floor(Math.random() * 1e9)}`,
  };
  buckets.push(env);
  return env;
}

/** The S3 settings of every bucket fileStoreEnv named; afterAll deletes them. */
const buckets: Record<string, string>[] = [];

/** One database and file store, as the environment of the commands and the server names them. */
interface Target {
  env: Record<string, string>;
  dataDir: string;
  databaseUrl?: string;
}

/** What the target holds: rows per table, the stored-file rows, one file row to download. */
async function inventory(t: Target) {
  const handle = await openDatabase(t.databaseUrl ? { databaseUrl: t.databaseUrl } : { dataDir: t.dataDir });
  try {
    const q: Query = async (text) =>
      ((await handle.db.execute(sql.raw(text))) as { rows: Record<string, unknown>[] }).rows;
    const [file] = await q(
      `SELECT id, sha256, size FROM paper_files WHERE part = 'abstract' ORDER BY id LIMIT 1`,
    );
    return { tables: await countRows(q), references: await fileReferences(q), file: file! };
  } finally {
    await handle.close();
  }
}

/** sha256 of every object in the target's file store, read through the store (as the server reads it). */
async function storedFiles(t: Target): Promise<Map<string, string>> {
  const store = await createFileStore(loadConfig(toolConfig(t.env)));
  const out = new Map<string, string>();
  for (const key of await store.keysOlderThan(0)) {
    const { stream } = await store.open(key);
    const hash = createHash('sha256');
    for await (const chunk of stream) hash.update(chunk as Buffer);
    out.set(key, hash.digest('hex'));
  }
  return out;
}

/** "  Label   e-mail   password   (url)" → the first sign-in (the chair). */
function chairSignIn(seedOutput: string): { email: string; password: string } {
  for (const line of seedOutput.split('\n')) {
    const m = /^\s+.+?\s(\S+@\S+)\s+(\S+)\s+\(/.exec(line);
    if (m) return { email: m[1]!, password: m[2]! };
  }
  throw new Error(`no sign-in in the demo's output:\n${seedOutput}`);
}

/** Seed, back up, restore, compare, serve. */
/** Writes rows into the source while the backup runs; stop() ends it and answers how many it wrote. */
type Writer = () => Promise<{ stop: () => Promise<number> }>;

/** Seed, back up (with `writer` writing meanwhile, when given), restore, compare, serve. */
async function drill(source: Target, target: Target, backupDir: string, writer?: Writer): Promise<void> {
  const seeded = await run('cli/seed-demo.js', ['--papers', PAPERS], source.env);
  expect([seeded.code, seeded.err]).toEqual([0, '']);
  const chair = chairSignIn(seeded.out);
  const before = await inventory(source);
  // what the drill is about: papers with files, reviews, a programme and letters
  for (const table of [
    'public.papers',
    'public.paper_files',
    'public.reviews',
    'public.programme_sessions',
    'public.issued_documents',
  ])
    expect(before.tables[table]).toBeGreaterThan(0);

  const writing = await writer?.();
  const backup = await run('cli/backup.js', ['--out', backupDir], source.env);
  const written = await writing?.stop();
  expect([backup.code, backup.err]).toEqual([0, '']);
  expect(backup.out).toMatch(/^Backup written to .* in [\d.]+ s\n {2}database: .* tables, \d+ rows/);
  const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (written) {
    // rows written while the backup ran: the manifest counts one moment between the start and the end
    const end = await inventory(source);
    expect(written).toBeGreaterThan(0);
    for (const [table, n] of Object.entries(manifest.tables)) {
      expect(n).toBeGreaterThanOrEqual(before.tables[table]!);
      expect(n).toBeLessThanOrEqual(end.tables[table]!);
    }
  } else expect(manifest.tables).toEqual(before.tables);
  const sourceFiles = await storedFiles(source);
  expect(new Map(manifest.files.map((f) => [f.key, f.sha256]))).toEqual(sourceFiles);
  for (const [key, ref] of before.references) expect(sourceFiles.get(key)).toBe(ref.sha256);
  // a second backup into the same directory is refused
  const again = await run('cli/backup.js', ['--out', backupDir], source.env);
  expect(again.code).toBe(1);
  expect(again.err).toContain('is not empty');

  // a damaged copy of the backup (one byte of one file changed) is refused before the target is touched
  const damaged = `${backupDir}-damaged`;
  cpSync(backupDir, damaged, { recursive: true });
  const victim = manifest.files[0]!.key;
  const path = join(damaged, 'files', victim.slice(0, 2), victim);
  const bytes = readFileSync(path);
  bytes[0] = bytes[0]! ^ 0xff;
  writeFileSync(path, bytes);
  const bad = await run('cli/restore.js', [damaged], target.env);
  expect(bad.code).toBe(1);
  expect(bad.err).toContain('is damaged; nothing was changed');
  expect(bad.err).toContain(victim);
  rmSync(damaged, { recursive: true, force: true });

  const t0 = performance.now();
  const restored = await run('cli/restore.js', [backupDir], target.env);
  const restoreSeconds = (performance.now() - t0) / 1000;
  expect([restored.code, restored.err]).toEqual([0, '']);
  expect(restored.out).toContain('every count as in the backup');

  // every row count and every file's sha256 as in the source
  const after = await inventory(target);
  expect(after.tables).toEqual(manifest.tables);
  expect(await storedFiles(target)).toEqual(sourceFiles);
  const rows = Object.values(after.tables).reduce((a, b) => a + b, 0);
  console.log(
    `backup drill (${manifest.database.kind}): ${Object.keys(after.tables).length} tables, ${rows} rows, ` +
      `${sourceFiles.size} files restored in ${restoreSeconds.toFixed(1)} s`,
  );

  // a second restore into the now non-empty target is refused and changes nothing
  const refused = await run('cli/restore.js', [backupDir], target.env);
  expect(refused.code).toBe(1);
  expect(refused.err).toContain('The target is not empty; nothing was changed');

  // the restored server signs the chair in (the password from before the backup) and serves a file
  const server = await startServer(target.env);
  try {
    const wrong = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: chair.email, password: `${chair.password}x` }),
    });
    expect(wrong.status).toBe(401);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(chair),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const file = after.file;
    const download = await fetch(`${server.url}/api/chair/papers/download/file/${String(file.id)}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(download.status).toBe(200);
    const body = Buffer.from(await download.arrayBuffer());
    expect(body.length).toBe(Number(file.size));
    expect(createHash('sha256').update(body).digest('hex')).toBe(file.sha256);
  } finally {
    await server.stop();
  }
}

const scratch: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  for (const env of buckets.splice(0)) {
    const store = await createFileStore(loadConfig(toolConfig(env)));
    try {
      await deleteS3Bucket(store);
    } catch (e) {
      // a bucket a failed step never created
      if ((e as { name?: string }).name !== 'NoSuchBucket') throw e;
    } finally {
      (store as { close?: () => void }).close?.();
    }
  }
});

const onPostgres = ADMIN_URL ? describe : describe.skip;
const onPglite = ADMIN_URL ? describe.skip : describe;

onPostgres('backup and restore drill on PostgreSQL (disk file store)', () => {
  const databases: string[] = [];
  afterAll(async () => {
    for (const name of databases) await dropDatabase(name);
  });

  it('restores every row and file into a fresh database and file store, and the server answers', async () => {
    expect(existsSync(join(DIST, 'cli/backup.js'))).toBe(true); // run `npm run build` before this file alone
    const src = await createDatabase();
    const dst = await createDatabase();
    databases.push(src.name, dst.name);
    const target = (url: string, dataDir: string): Target => ({
      databaseUrl: url,
      dataDir,
      env: { DATABASE_URL: url, DATA_DIR: dataDir, JWT_SECRET, ...fileStoreEnv() },
    });
    const work = tempDir('backup-drill-pg-');
    // the servers go on writing while the backup runs: the counts and the dump are of one snapshot
    const writer: Writer = async () => {
      const c = new pg.Client({ connectionString: src.url });
      await c.connect();
      let n = 0;
      let stopping = false;
      const write = async () => {
        await c.query(`INSERT INTO audit_log (actor_id, action, summary) VALUES (1, 'drill.write', 'drill')`);
        n++;
      };
      await write();
      const loop = (async () => {
        while (!stopping) await write();
      })();
      return {
        stop: async () => {
          stopping = true;
          await loop;
          await c.end();
          return n;
        },
      };
    };
    await drill(
      target(src.url, join(work, 'source')),
      target(dst.url, join(work, 'target')),
      join(work, 'backup'),
      writer,
    );
  });
});

onPglite('backup and restore drill on the embedded database (disk file store)', () => {
  it('restores every row and file into a fresh DATA_DIR, and the server answers', async () => {
    expect(existsSync(join(DIST, 'cli/backup.js'))).toBe(true); // run `npm run build` before this file alone
    const work = tempDir('backup-drill-pglite-');
    const target = (dataDir: string): Target => ({ dataDir, env: { DATA_DIR: dataDir, ...fileStoreEnv() } });
    await drill(target(join(work, 'source')), target(join(work, 'target')), join(work, 'backup'));
  });

  it('refuses to back up the embedded database while a server holds it, and says what to do', async () => {
    const dataDir = tempDir('backup-drill-busy-');
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const out = join(dataDir, 'backup');
      const busy = await run('cli/backup.js', ['--out', out], { DATA_DIR: dataDir });
      expect(busy.code).toBe(1);
      expect(busy.err).toContain('is already in use by process');
      expect(busy.err).toContain('backed up while the server is stopped');
      expect(existsSync(out)).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

describe('restore refuses a damaged or foreign backup before touching anything', () => {
  it('checks the manifest, the dump and every file first', async () => {
    const dir = tempDir('backup-drill-bad-');
    const dataDir = join(dir, 'data');
    const env = { DATA_DIR: dataDir };
    const none = await run('cli/restore.js', [join(dir, 'nothing')], env);
    expect(none.code).toBe(1);
    expect(none.err).toContain('is not a directory');
    const noManifest = await run('cli/restore.js', [dir], env);
    expect(noManifest.code).toBe(1);
    expect(noManifest.err).toContain('has no manifest.json');
    const usage = await run('cli/restore.js', [], env);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('Usage: npm run restore -- DIR [--force]');
    const noOut = await run('cli/backup.js', [], env);
    expect(noOut.code).toBe(2);
    expect(noOut.err).toContain('--out DIR is required');
    expect(existsSync(join(dataDir, 'db'))).toBe(false);
  });
});
