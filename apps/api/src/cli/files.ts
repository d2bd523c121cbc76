/**
 * npm run files -- migrate --to s3|disk: copies every stored file from the file store the environment
 * configures (FILE_STORE, DATA_DIR, S3_*) to the other back end, configured from the same environment, with
 * checksums verified. It needs no database and may run while the API serves; run it again to pick up what was
 * uploaded meanwhile (it skips what the target already holds), then switch FILE_STORE and restart the API.
 */
import { ConfigError, FILE_STORES, loadConfig, type FileStoreKind } from '../config/config.js';
import { copyFiles } from '../modules/files/copy-files.js';
import { closeFileStore, createFileStore } from '../modules/files/create-file-store.js';

export const FILES_USAGE = `Usage: npm run files -- migrate --to s3|disk

  migrate --to s3     copy every file from the disk store (DATA_DIR) to the S3 bucket (S3_ENDPOINT,
                      S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION; the bucket is created when missing)
  migrate --to disk   copy every file from the S3 bucket (FILE_STORE=s3) to DATA_DIR

The source is the store FILE_STORE names (disk by default). Each file is streamed, checked against the sha256
the source recorded (S3) and read back from the target; files the target already holds with the same sha256
are skipped, so the command can be run again and while the API serves. Exit status 1 when any file failed.
Afterwards set FILE_STORE to the target and restart the API.`;

class UsageError extends Error {}

function parseArgs(argv: string[]): { to: FileStoreKind } {
  const [command, ...rest] = argv;
  if (command !== 'migrate')
    throw new UsageError(command ? `Unknown command '${command}'.` : 'No command given.');
  let to: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--to') to = rest[++i];
    else if (arg.startsWith('--to=')) to = arg.slice(5);
    else throw new UsageError(`Unknown option '${arg}'.`);
  }
  if (!to) throw new UsageError("'migrate' needs --to s3 or --to disk.");
  if (!FILE_STORES.includes(to as FileStoreKind))
    throw new UsageError(`--to must be one of ${FILE_STORES.join(', ')}, got '${to}'.`);
  return { to: to as FileStoreKind };
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0]!)) {
    console.log(FILES_USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  const { to } = parseArgs(argv);
  // The tool signs no tokens and opens no database: no JWT secret is needed (nor generated in DATA_DIR).
  const env = { ...process.env, JWT_SECRET: 'files-cli-signs-no-tokens-'.padEnd(40, '-') };
  const config = loadConfig(env);
  const from = config.fileStore ?? 'disk';
  if (from === to) {
    console.error(
      `FILE_STORE is already ${to}: the source is the store FILE_STORE names. To copy files from disk to S3, run ` +
        'with FILE_STORE=disk (or unset) and --to s3; from S3 to disk, with FILE_STORE=s3 and --to disk.',
    );
    return 1;
  }
  // the target's settings checked as if it were the configured store (every missing S3_* setting named)
  const targetConfig = loadConfig({ ...env, FILE_STORE: to });
  const source = await createFileStore(config);
  const target = await createFileStore(targetConfig, to);
  const where = (kind: FileStoreKind) =>
    kind === 's3'
      ? `S3 bucket ${targetConfig.s3!.bucket}${targetConfig.s3!.prefix ? ` (prefix ${targetConfig.s3!.prefix})` : ''} at ${targetConfig.s3!.endpoint ?? 'AWS'}`
      : `${config.dataDir}/files`;
  console.log(`Copying stored files from ${where(from)} to ${where(to)}…`);
  const started = Date.now();
  try {
    const result = await copyFiles(source, target, {
      onProgress: (key, outcome, done, total) => {
        if (outcome === 'failed' || done === total || done % 100 === 0)
          console.log(`  ${done}/${total} (${key}: ${outcome})`);
      },
    });
    for (const { key, reason } of result.failed) console.error(`FAILED ${key}: ${reason}`);
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.copied} copied, ${result.skipped} skipped ` +
        `(already there with the same sha256), ${result.failed.length} failed` +
        (result.gone ? `, ${result.gone} deleted from the source meanwhile` : '') +
        '.',
    );
    if (result.failed.length) {
      console.error(
        'Some files were not copied: fix the cause and run the command again (copied files are skipped).',
      );
      return 1;
    }
    console.log(
      'Files uploaded while this ran may not be in the target yet: run the command again (it copies only what is ' +
        `missing), then set FILE_STORE=${to}, restart every API instance, and run it once more as now (FILE_STORE=${from}) ` +
        'to catch uploads made during the switch. The source is left as it was.',
    );
    return 0;
  } finally {
    closeFileStore(source);
    closeFileStore(target);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof UsageError) console.error(`${e.message}\n\n${FILES_USAGE}`);
    else if (e instanceof ConfigError) console.error(e.message);
    else console.error(e);
    process.exit(1);
  },
);
