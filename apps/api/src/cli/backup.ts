/**
 * npm run backup -- --out DIR: a consistent backup of the database (PostgreSQL via DATABASE_URL, or the
 * embedded one in DATA_DIR, with the server stopped) and of every file in the configured file store, with a
 * manifest of row counts and sha256s (apps/api/src/ops/backup.ts). Restore it with `npm run restore -- DIR`.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config.js';
import { createFileStore } from '../modules/files/create-file-store.js';
import { formatBytes } from '../ops/backup-manifest.js';
import { runBackup } from '../ops/backup.js';
import { prepareStore, runTool, toolConfig, UsageError } from './ops-config.js';

const USAGE = `Usage: npm run backup -- --out DIR
  Backs up the database (DATABASE_URL, or the embedded database in DATA_DIR: stop the server first) and every
  file of the file store (FILE_STORE, DATA_DIR, S3_*) into DIR, which must be new or empty:
    DIR/manifest.json, DIR/database.dump (PostgreSQL) or DIR/database.tar.gz (embedded), DIR/files/…
  Restore with: npm run restore -- DIR`;

function parse(argv: string[]): { out: string } | null {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (values.help) return null;
  if (!values.out?.trim()) throw new UsageError('--out DIR is required');
  return { out: resolve(values.out) };
}

async function main(argv: string[]): Promise<number> {
  const args = parse(argv);
  if (!args) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig(toolConfig(process.env));
  const store = await prepareStore(await createFileStore(config));
  const s = await runBackup({ out: args.out, config, store });
  const m = s.manifest;
  const referenced = m.files.filter((f) => f.referenced).length;
  console.log(
    [
      `Backup written to ${s.dir} in ${s.seconds.toFixed(1)} s`,
      `  database: ${m.database.kind} ${m.database.serverVersion}, ${Object.keys(m.tables).length} tables, ` +
        `${s.rows} rows, ${m.database.file} ${formatBytes(m.database.size)}`,
      `  files: ${m.files.length} (${formatBytes(s.fileBytes)}), sha256 checked against the database for ${referenced}` +
        (m.files.length > referenced
          ? `; ${m.files.length - referenced} named by no row (uploaded after the snapshot, or orphans)`
          : ''),
    ].join('\n'),
  );
  return 0;
}

runTool(main(process.argv.slice(2)), USAGE);
