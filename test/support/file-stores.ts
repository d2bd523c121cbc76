/**
 * The file store the tests run on: FILE_STORE=s3 (with S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET,
 * S3_REGION from .ci/s3-up.sh) puts each test app's files under its own prefix of the bucket; anything else
 * keeps them on disk under the app's DATA_DIR. Helpers list what a store holds (objects and unfinished
 * uploads) so tests can check that a refused upload left nothing.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig, S3Config } from '../../apps/api/src/config/config.js';
import type { FileStore } from '../../apps/api/src/modules/files/file-store.js';
import { LocalDiskFileStore } from '../../apps/api/src/modules/files/local-disk-file-store.js';
import type { S3FileStore } from '../../apps/api/src/modules/files/s3-file-store.js';

/** The AWS SDK is loaded only by tests that use S3 (it is large, and every API test file imports this one). */
const sdk = () => import('@aws-sdk/client-s3');
const isS3 = (store: FileStore): store is S3FileStore => !(store instanceof LocalDiskFileStore);

export const ciMode = () => !['', '0', 'false', undefined].includes(process.env.CI);

/** S3 settings from the environment with a prefix of its own, or null when S3_ENDPOINT is not set. */
export function testS3Config(): S3Config | null {
  const env = process.env;
  if (!env.S3_ENDPOINT) return null;
  return {
    endpoint: env.S3_ENDPOINT,
    accessKey: env.S3_ACCESS_KEY ?? '',
    secretKey: env.S3_SECRET_KEY ?? '',
    bucket: env.S3_BUCKET || 'test-bucket',
    region: env.S3_REGION || 'us-east-1',
    prefix: `test-${process.pid}-${randomBytes(6).toString('hex')}/`,
  };
}

/** The file-store part of a test app's configuration, from FILE_STORE. */
export function testFileStoreConfig(): Pick<AppConfig, 'fileStore' | 's3'> {
  if (process.env.FILE_STORE !== 's3') return { fileStore: 'disk' };
  const s3 = testS3Config();
  if (!s3)
    throw new Error('FILE_STORE=s3 needs S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY (see .ci/s3-up.sh)');
  return { fileStore: 's3', s3 };
}

export const onS3 = () => process.env.FILE_STORE === 's3';

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
      .sort();
  } catch {
    return [];
  }
}

async function s3Objects(store: S3FileStore, under = ''): Promise<string[]> {
  const { ListObjectsV2Command } = await sdk();
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await store.client.send(
      new ListObjectsV2Command({
        Bucket: store.bucket,
        Prefix: store.prefix + under,
        ContinuationToken: token,
      }),
    );
    for (const o of page.Contents ?? []) names.push(o.Key!.slice(store.prefix.length));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return names.sort();
}

/** Multipart uploads begun and neither completed nor aborted, as `multipart:<object name>`. */
async function s3Multipart(store: S3FileStore): Promise<string[]> {
  const { ListMultipartUploadsCommand } = await sdk();
  const page = await store.client.send(
    new ListMultipartUploadsCommand({ Bucket: store.bucket, Prefix: store.prefix || undefined }),
  );
  return (page.Uploads ?? []).map((u) => `multipart:${u.Key!.slice(store.prefix.length)}`).sort();
}

/** Everything the store holds: objects, temporary files or copies, unfinished multipart uploads. */
export async function storeContents(store: FileStore): Promise<string[]> {
  if (isS3(store)) return [...(await s3Objects(store)), ...(await s3Multipart(store))];
  return filesUnder((store as LocalDiskFileStore).root);
}

/** What an upload in progress leaves while it runs: temporary files (disk), multipart uploads (S3). */
export async function unfinishedUploads(store: FileStore): Promise<string[]> {
  if (isS3(store)) return [...(await s3Objects(store, 'tmp/')), ...(await s3Multipart(store))];
  return filesUnder((store as LocalDiskFileStore).root).filter((f) => f.endsWith('.part'));
}

/** Removes everything under an S3 store's prefix (the end of a test); nothing for a disk store. */
export async function emptyS3Prefix(store: FileStore): Promise<void> {
  if (!isS3(store) || !store.prefix) return;
  const { DeleteObjectCommand } = await sdk();
  for (const name of await s3Objects(store))
    await store.client.send(new DeleteObjectCommand({ Bucket: store.bucket, Key: store.prefix + name }));
  await store.sweepUnfinished(0);
}

/**
 * Deletes an S3 store's whole bucket: every object, every unfinished multipart upload, then the bucket (a
 * test that made a bucket of its own, as the backup drill does, leaves none behind on a shared server).
 */
export async function deleteS3Bucket(store: FileStore): Promise<void> {
  if (!isS3(store)) return;
  const { DeleteBucketCommand, DeleteObjectCommand } = await sdk();
  for (const name of await s3Objects(store))
    await store.client.send(new DeleteObjectCommand({ Bucket: store.bucket, Key: store.prefix + name }));
  await store.sweepUnfinished(0);
  await store.client.send(new DeleteBucketCommand({ Bucket: store.bucket }));
}
