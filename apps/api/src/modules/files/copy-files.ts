import { FileNotFoundError, hashStream, type FileStore } from './file-store.js';

export interface CopyFilesResult {
  /** Objects written to the target, their bytes read back there with the source's sha256. */
  copied: number;
  /** Objects the target already held with the same sha256. */
  skipped: number;
  /** Objects removed from the source while the copy ran (a file deleted meanwhile): nothing to copy. */
  gone: number;
  failed: { key: string; reason: string }[];
}

export interface CopyFilesOptions {
  /** Copies at a time (default 4). */
  concurrency?: number;
  /** Called after each object with what happened to it. */
  onProgress?: (
    key: string,
    outcome: 'copied' | 'skipped' | 'gone' | 'failed',
    done: number,
    total: number,
  ) => void;
}

/**
 * Copies every object of `source` (keysOlderThan(0): all there are when the copy starts) to `target` under the
 * same key, for `files migrate` and backups: an object the target already holds with the same sha256 is
 * skipped; the others are streamed with writeAs (checked against the sha256 the source recorded, when it keeps
 * one), then read back from the target and hashed, and count as failed unless that hash agrees. Safe to run
 * while the system serves and to run again: files uploaded meanwhile are picked up by the next run.
 */
export async function copyFiles(
  source: FileStore,
  target: FileStore,
  opts: CopyFilesOptions = {},
): Promise<CopyFilesResult> {
  const keys = await source.keysOlderThan(0);
  const result: CopyFilesResult = { copied: 0, skipped: 0, gone: 0, failed: [] };
  let next = 0;
  let done = 0;
  const copyOne = async (key: string): Promise<'copied' | 'skipped' | 'gone'> => {
    let expected: string | undefined;
    try {
      if (await target.exists(key)) {
        expected = await source.sha256(key);
        if ((await target.sha256(key)) === expected) return 'skipped';
      }
      const opened = await source.open(key);
      const written = await target.writeAs(key, opened.stream, {
        maxBytes: opened.size,
        sha256: expected ?? (await source.recordedSha256(key)),
      });
      if (written.size !== opened.size)
        throw new Error(`read ${written.size} bytes of ${opened.size} from the source`);
      const back = await hashStream((await target.open(key)).stream);
      if (back !== written.sha256)
        throw new Error(`read back from the target with sha256 ${back}, written ${written.sha256}`);
      return 'copied';
    } catch (e) {
      if (e instanceof FileNotFoundError && !(await source.exists(key).catch(() => true))) return 'gone';
      throw e;
    }
  };
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      let outcome: 'copied' | 'skipped' | 'gone' | 'failed';
      try {
        outcome = await copyOne(key);
        result[outcome]++;
      } catch (e) {
        outcome = 'failed';
        result.failed.push({ key, reason: e instanceof Error ? e.message : String(e) });
      }
      opts.onProgress?.(key, outcome, ++done, keys.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  return result;
}
