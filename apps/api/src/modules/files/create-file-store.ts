import type { AppConfig, FileStoreKind } from '../../config/config.js';
import type { FileStore } from './file-store.js';
import { LocalDiskFileStore } from './local-disk-file-store.js';

export type FileStoreConfig = Pick<AppConfig, 'dataDir' | 'fileStore' | 's3'>;

/**
 * The file store the configuration names (FILE_STORE: disk under DATA_DIR, or s3 with S3_*), for the API (the
 * files module's provider) and for command-line tools that run without Nest (files migrate, backup, restore).
 * `kind` overrides FILE_STORE (the target of `files migrate --to`). An S3 store creates its bucket at its first
 * write when nobody called onModuleInit; call `closeFileStore` when done outside Nest.
 *
 * The S3 store (and the AWS SDK, about 1,200 modules) is loaded only when asked for: a disk deployment, and a
 * test process that builds hundreds of apps, never load it.
 */
export async function createFileStore(
  config: FileStoreConfig,
  kind: FileStoreKind = config.fileStore ?? 'disk',
): Promise<FileStore> {
  if (kind === 's3') {
    if (!config.s3) throw new Error('FILE_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY');
    const { S3FileStore } = await import('./s3-file-store.js');
    return new S3FileStore(config.s3);
  }
  return new LocalDiskFileStore(config);
}

/** Releases what a store holds open (an S3 client's connections), for command-line tools and tests. */
export function closeFileStore(store: FileStore): void {
  (store as FileStore & { close?: () => void }).close?.();
}
