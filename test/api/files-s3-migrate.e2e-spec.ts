/**
 * npm run files -- migrate --to s3|disk (the built CLI, apps/api/dist/cli/files.js): every stored file copied
 * between the disk store and S3 (a real server: Ceph RGW from .ci/s3-up.sh, S3_ENDPOINT…) with its sha256
 * verified, a second run skipping what is there, and a non-zero exit when files cannot be copied. Under CI=1
 * without S3_ENDPOINT it fails.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { LocalDiskFileStore } from '../../apps/api/src/modules/files/local-disk-file-store.js';
import { S3FileStore } from '../../apps/api/src/modules/files/s3-file-store.js';
import { ciMode, emptyS3Prefix, testS3Config } from '../support/file-stores.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'apps/api/dist/cli/files.js');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function files(env: Record<string, string>, ...args: string[]) {
  const res = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

const s3 = testS3Config();

if (!s3 && ciMode())
  it('runs files migrate against S3 in CI', () => {
    throw new Error('CI is set but S3_ENDPOINT is not: start Ceph RGW with .ci/s3-up.sh (or run .ci/run).');
  });

(s3 ? describe : describe.skip)('npm run files -- migrate', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'files-migrate-'));
    dirs.push(d);
    return d;
  };
  let bucket: S3FileStore;
  let s3Env: Record<string, string>;
  beforeAll(() => {
    bucket = new S3FileStore(s3!);
    s3Env = {
      S3_ENDPOINT: s3!.endpoint!,
      S3_ACCESS_KEY: s3!.accessKey,
      S3_SECRET_KEY: s3!.secretKey,
      S3_BUCKET: s3!.bucket,
      S3_REGION: s3!.region,
      S3_PREFIX: s3!.prefix!,
    };
  });
  afterAll(async () => {
    await emptyS3Prefix(bucket);
    bucket.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('copies every file from disk to S3 and back with equal sha256, skipping what is there on a second run', async () => {
    expect(existsSync(CLI)).toBe(true); // run `npm run build` before this file alone
    const dataDir = tempDir();
    const disk = new LocalDiskFileStore({ dataDir });
    const contents = [Buffer.from('small'), Buffer.alloc(0), Buffer.alloc(6 * 1024 * 1024 + 17, 7)];
    const keys: string[] = [];
    for (const c of contents)
      keys.push((await disk.writeStream(Readable.from([c]), { maxBytes: c.length })).key);

    const first = files({ ...s3Env, DATA_DIR: dataDir }, 'migrate', '--to', 's3');
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain('3 copied, 0 skipped');
    expect(first.out).toContain('0 failed');
    expect(first.out).toContain('run the command again');
    for (const [i, key] of keys.entries()) {
      expect(await bucket.recordedSha256(key)).toBe(sha256(contents[i]!));
      expect(sha256(await buffer((await bucket.open(key)).stream))).toBe(sha256(contents[i]!));
    }

    // an upload made meanwhile is picked up by the next run; the rest is skipped
    const late = Buffer.from('uploaded during the copy');
    const lateKey = (await disk.writeStream(Readable.from([late]), { maxBytes: 100 })).key;
    const second = files({ ...s3Env, DATA_DIR: dataDir }, 'migrate', '--to', 's3');
    expect(second.code).toBe(0);
    expect(second.out).toContain('1 copied, 3 skipped');
    expect(await bucket.recordedSha256(lateKey)).toBe(sha256(late));

    const back = tempDir();
    const toDisk = files({ ...s3Env, FILE_STORE: 's3', DATA_DIR: back }, 'migrate', '--to', 'disk');
    expect(toDisk.code).toBe(0);
    expect(toDisk.out).toContain('4 copied, 0 skipped');
    const restored = new LocalDiskFileStore({ dataDir: back });
    for (const [i, key] of keys.entries())
      expect((await buffer((await restored.open(key)).stream)).equals(contents[i]!)).toBe(true);
  });

  it('refuses bad usage and a missing S3 setting, and exits 1 when files cannot be copied', async () => {
    const dataDir = tempDir();
    const usage = files({ DATA_DIR: dataDir }, 'migrate');
    expect(usage.code).toBe(1);
    expect(usage.err).toContain("'migrate' needs --to s3 or --to disk");
    expect(files({ DATA_DIR: dataDir }, 'migrate', '--to', 'disk').err).toContain(
      'FILE_STORE is already disk',
    );
    const missing = files({ DATA_DIR: dataDir, S3_ENDPOINT: s3!.endpoint! }, 'migrate', '--to', 's3');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('S3_BUCKET is required when FILE_STORE=s3');

    const disk = new LocalDiskFileStore({ dataDir });
    await disk.writeStream(Readable.from([Buffer.from('stays')]), { maxBytes: 10 });
    // nothing listens on port 9 of loopback: every copy fails, and says so
    const down = files(
      { ...s3Env, S3_ENDPOINT: 'http://127.0.0.1:9', AWS_MAX_ATTEMPTS: '1', DATA_DIR: dataDir },
      'migrate',
      '--to',
      's3',
    );
    expect(down.code).toBe(1);
    expect(down.out).toContain('0 copied, 0 skipped (already there with the same sha256), 1 failed');
    expect(down.err).toContain('FAILED');
  });
});
