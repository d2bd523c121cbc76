/** What the backup and restore commands share: their configuration and their file store, made ready. */
import { ConfigError } from '../config/config.js';
import type { FileStore } from '../modules/files/file-store.js';
import { BackupError } from '../ops/backup-manifest.js';

/** A command line the tool cannot read: its message and the usage, exit 2. */
export class UsageError extends Error {}

/**
 * Runs a tool's main and exits with its code: usage errors (2) with the usage; what the operator acts on (a
 * configuration or backup problem, a database or disk that cannot be reached) as its message alone, without a
 * stack trace (1); anything else in full (1).
 */
export function runTool(main: Promise<number>, usage: string): void {
  main.then(
    (code) => process.exit(code),
    (e: unknown) => {
      if (e instanceof UsageError) console.error(`${e.message}\n\n${usage}`);
      else if (e instanceof ConfigError || e instanceof BackupError || (e as { code?: unknown }).code)
        console.error((e as Error).message);
      else console.error(e);
      process.exit(e instanceof UsageError ? 2 : 1);
    },
  );
}

/**
 * The environment for a tool that signs no tokens: it needs no JWT_SECRET (on PostgreSQL the configuration
 * requires one; on the embedded database one would be created in DATA_DIR).
 */
export function toolConfig(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.JWT_SECRET ? env : { ...env, JWT_SECRET: 'backup-tools-sign-no-tokens-'.padEnd(40, '-') };
}

/**
 * The store as the server starts it (its onModuleInit: the S3 store creates its bucket when missing, the disk
 * store clears unfinished uploads), without Nest.
 */
export async function prepareStore(store: FileStore): Promise<FileStore> {
  const init = (store as FileStore & { onModuleInit?: () => unknown }).onModuleInit;
  if (typeof init === 'function') await init.call(store);
  return store;
}
