/**
 * A migrated empty embedded database, kept as PGlite's data-directory tarball, for in-memory databases
 * (the test suites open one per test file, often several). A fresh PGlite runs initdb and then every
 * migration: about 4.5 s of CPU each time on our 2-core machines; starting from this tarball
 * (PGlite's `loadDataDir`) takes about 1.5 s, and the migrations find nothing left to apply.
 *
 * Used only when SYMPOSIUM_PGLITE_TEMPLATES names a directory (jest.config.js sets it): the tarball is
 * written there once per content of the migrations folder and PGlite build (the file name is their
 * sha256), atomically, so parallel test workers and later runs share it. A production server never sets
 * it: its database is a data directory (DATA_DIR) or PostgreSQL.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The directory of template tarballs, when in-memory databases should start from one. */
export const pgliteTemplateDir = (): string | undefined =>
  process.env.SYMPOSIUM_PGLITE_TEMPLATES || undefined;

/** A digest of every migration file and the journal: names the test templates of that schema. */
export function migrationsDigest(migrationsFolder: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const f of files) hash.update(`${f}\n`).update(readFileSync(join(migrationsFolder, f)));
  hash.update(readFileSync(join(migrationsFolder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 32);
}

/** The tarball's path: a digest of every migration file (and the journal) and of PGlite's version. */
export function pgliteTemplatePath(dir: string, migrationsFolder: string): string {
  const hash = createHash('sha256');
  // the package's exports hide its package.json: its entry is dist/index.js, the wasm beside it
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const wasm = statSync(join(dirname(entry), 'pglite.wasm'));
  hash.update(`pglite ${wasm.size} ${wasm.mtimeMs}\n`).update(migrationsDigest(migrationsFolder));
  return join(dir, `pglite-${hash.digest('hex').slice(0, 32)}.tar`);
}

/** The template's bytes, or undefined when it has not been written yet (or cannot be read). */
export function readPgliteTemplate(path: string): Uint8Array | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Writes the template atomically (a reader never sees half a file) and removes templates of other
 * migrations untouched for a day (40 MB each); a failure only costs speed.
 */
export function writePgliteTemplate(path: string, bytes: Uint8Array): void {
  const dir = dirname(path);
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, path);
    const dayAgo = Date.now() - 24 * 3600_000;
    for (const f of readdirSync(dir)) {
      const other = join(dir, f);
      if (other !== path && /^pglite-[0-9a-f]+\.tar/.test(f) && statSync(other).mtimeMs < dayAgo)
        rmSync(other);
    }
  } catch {
    // read-only or full temporary directory: the next open makes a fresh database again
  }
}
