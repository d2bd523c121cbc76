/** What the backup and restore commands share: their configuration and their file store, made ready. */
import type { FileStore } from '../modules/files/file-store.js';

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
