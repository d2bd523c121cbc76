/**
 * npm run restore -- DIR [--force]: loads a backup made by `npm run backup` into the database and file store
 * the environment configures (DATABASE_URL or DATA_DIR; FILE_STORE, S3_*), checking it first and counting
 * again after (apps/api/src/ops/restore.ts). Refuses a non-empty target unless --force.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config.js';
import { createFileStore } from '../modules/files/create-file-store.js';
import { formatBytes } from '../ops/backup-manifest.js';
import { runRestore } from '../ops/restore.js';
import { prepareStore, runTool, toolConfig, UsageError } from './ops-config.js';

const USAGE = `Usage: npm run restore -- DIR [--force]
  Loads the backup in DIR (made by npm run backup) into the database (DATABASE_URL, or the embedded database
  in DATA_DIR: stop the server first) and the file store (FILE_STORE, DATA_DIR, S3_*) of this environment.
  The backup is checked (sha256 of the dump and of every file) before anything is changed, and the rows of
  every table are counted again after. The target must be empty (no users, no stored files; a database
  a server has only migrated counts as empty):
  --force   replace what the database and the file store hold`;

function parse(argv: string[]): { dir: string; force: boolean } | null {
  let values, positionals;
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (values.help) return null;
  if (positionals.length !== 1) throw new UsageError('Name one backup directory.');
  return { dir: resolve(positionals[0]!), force: Boolean(values.force) };
}

async function main(argv: string[]): Promise<number> {
  const args = parse(argv);
  if (!args) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig(toolConfig(process.env));
  const store = await prepareStore(await createFileStore(config));
  const s = await runRestore({ ...args, config, store });
  const m = s.manifest;
  console.log(
    [
      `Restored ${args.dir} (${m.database.kind}, backed up ${m.createdAt}) in ${s.seconds.toFixed(1)} s`,
      `  database: ${Object.keys(m.tables).length} tables, ${s.rows} rows, every count as in the backup`,
      `  files: ${m.files.length} (${formatBytes(s.fileBytes)}), every sha256 as in the backup`,
      ...(args.force && (s.replaced.tables || s.replaced.objects)
        ? [
            `  replaced (--force): ${s.replaced.tables} table(s) with rows, ${s.replaced.objects} stored object(s)`,
          ]
        : []),
    ].join('\n'),
  );
  return 0;
}

runTool(main(process.argv.slice(2)), USAGE);
