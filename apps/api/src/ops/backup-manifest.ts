/**
 * What a backup directory holds (written by `npm run backup`, read by `npm run restore`):
 *
 *   DIR/manifest.json        this file's format, below
 *   DIR/database.dump        PostgreSQL: pg_dump --format=custom, taken in the snapshot the row counts were read in
 *   DIR/database.tar.gz      embedded database (PGlite): its data directory, PGlite's dumpDataDir()
 *   DIR/files/<xx>/<key>     every object of the file store, <xx> the key's first two characters
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MANIFEST_FORMAT = 'symposium-backup';
export const MANIFEST_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

export type DatabaseKind = 'postgres' | 'pglite';

export interface BackupFile {
  key: string;
  size: number;
  /** Lower-case hex, computed while the object was copied. */
  sha256: string;
  /** A row of the backed-up database names this key (false: uploaded after the snapshot, or an orphan). */
  referenced: boolean;
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  version: typeof MANIFEST_VERSION;
  createdAt: string;
  /** The API's version (apps/api/package.json) that wrote the backup. */
  appVersion: string;
  database: {
    kind: DatabaseKind;
    /** database.dump or database.tar.gz, relative to the backup directory. */
    file: string;
    size: number;
    sha256: string;
    /** PostgreSQL: the server's version (server_version); PGlite: its PostgreSQL version. */
    serverVersion: string;
  };
  /** Rows per table ("schema.table"), counted in the snapshot the dump was taken in. */
  tables: Record<string, number>;
  files: BackupFile[];
}

/** The API's version from apps/api/package.json (this file is apps/api/src/ops or apps/api/dist/ops). */
export function appVersion(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const pkg = JSON.parse(readFileSync(resolve(here, '../../package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

/** DIR/files/<xx>/<key>. */
export const backupFilePath = (dir: string, key: string): string => join(dir, 'files', key.slice(0, 2), key);

/** The sha256 (hex) and size of a file, streamed. */
export async function hashFile(path: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

export class BackupError extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses and checks the manifest's shape; BackupError naming the first problem. */
export function parseManifest(text: string): BackupManifest {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch (e) {
    throw new BackupError(`${MANIFEST_FILE} is not JSON: ${(e as Error).message}`);
  }
  const bad = (what: string) => new BackupError(`${MANIFEST_FILE}: ${what}`);
  if (!isRecord(m) || m.format !== MANIFEST_FORMAT) throw bad(`not a Symposium backup manifest`);
  if (m.version !== MANIFEST_VERSION)
    throw bad(`format version ${String(m.version)}, this tool reads version ${MANIFEST_VERSION}`);
  const db = m.database;
  if (
    !isRecord(db) ||
    (db.kind !== 'postgres' && db.kind !== 'pglite') ||
    typeof db.file !== 'string' ||
    !/^database\.(dump|tar\.gz)$/.test(db.file) ||
    typeof db.sha256 !== 'string' ||
    !/^[0-9a-f]{64}$/.test(db.sha256) ||
    typeof db.size !== 'number'
  )
    throw bad('the database entry is missing or malformed');
  if (!isRecord(m.tables) || !Object.values(m.tables).every((n) => Number.isInteger(n) && Number(n) >= 0))
    throw bad('the table counts are missing or malformed');
  if (!Array.isArray(m.files)) throw bad('the file list is missing');
  for (const f of m.files as unknown[]) {
    if (
      !isRecord(f) ||
      typeof f.key !== 'string' ||
      !/^[0-9a-f]{32}$/.test(f.key) ||
      typeof f.sha256 !== 'string' ||
      !/^[0-9a-f]{64}$/.test(f.sha256) ||
      !Number.isInteger(f.size) ||
      Number(f.size) < 0
    )
      throw bad(`a file entry is malformed: ${JSON.stringify(f).slice(0, 120)}`);
  }
  return m as unknown as BackupManifest;
}

/** "12.3 MB" */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}
