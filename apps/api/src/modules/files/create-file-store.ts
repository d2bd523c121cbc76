import type { AppConfig } from '../../config/config.js';
import type { FileStore } from './file-store.js';
import { LocalDiskFileStore } from './local-disk-file-store.js';

/**
 * The file store the configuration names, for the API (the files module's provider) and for command-line tools
 * that run without Nest (files migrate, backup, restore).
 */
export function createFileStore(config: Pick<AppConfig, 'dataDir'>): FileStore {
  return new LocalDiskFileStore(config);
}
