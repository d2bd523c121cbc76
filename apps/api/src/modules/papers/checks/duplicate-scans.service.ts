import { Inject, Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalWorker, IntervalWorkerHost } from '../../../common/interval-worker.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { TransactionRunner } from '../../../database/database.module.js';
import { ChecksRepository, type ScanRow } from './checks.repository.js';
import { ChecksService } from './checks.service.js';
import {
  bandKeys,
  exactJaccard,
  minhash,
  normalizeText,
  sharedPassages,
  shingleHashes,
  SIGNATURE_VERSION,
  verifyPair,
} from './duplicates/index.js';

/** Scans a tick claims at once; a lease long enough for them (a scan takes milliseconds). */
const SCAN_BATCH = 20;
const LEASE_MS = 5 * 60_000;
const DEFAULT_TICK_MS = 60_000;

/** Unsigned 32-bit values stored in int4 columns and back. */
const toInt32 = (values: ArrayLike<number>) => Array.from(values, (v) => v | 0);
const toUint32 = (values: number[]) => Uint32Array.from(values, (v) => v >>> 0);

/**
 * Near-duplicate detection in the background (issue 26): each submission whose text changed is queued
 * (duplicate_scans, written with its file); a job tick claims queued scans (FOR UPDATE SKIP LOCKED and a
 * lease: any number of processes), computes the paper's MinHash signature and LSH band keys, stores them,
 * reads the papers sharing a band key and keeps the pairs whose estimated similarity reaches the lower of
 * the two tracks' thresholds, with their shared passages. Every paper is compared with every other paper of
 * the conference, through the index rather than one by one.
 */
@Injectable()
export class DuplicateScansService extends IntervalWorkerHost {
  private readonly logger = new Logger('DuplicateScans');
  protected readonly worker: IntervalWorker;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: ChecksRepository,
    private readonly checks: ChecksService,
    private readonly transactions: TransactionRunner,
    scheduler: SchedulerRegistry,
  ) {
    super();
    this.worker = new IntervalWorker({
      name: 'duplicate-scans',
      everyMs: this.config.jobsTickMs ?? DEFAULT_TICK_MS,
      scheduler,
      work: async () => {
        const n = await this.runQueued();
        if (n) this.logger.log(`Duplicate scans: ${n} papers`);
      },
      onError: (e) =>
        this.logger.error(`Duplicate scan tick failed: ${e instanceof Error ? e.message : String(e)}`),
    });
  }

  protected shouldStart(): boolean {
    return this.config.runJobs;
  }

  /** One tick now (unless one runs or the app is stopping); resolves when it is done. */
  tick(): Promise<void> {
    return this.worker.tick();
  }

  /** Runs the queued scans until none is left (or the worker stops); answers how many ran. */
  async runQueued(): Promise<number> {
    let done = 0;
    for (;;) {
      const now = new Date();
      const claimed = await this.repo.claimScans(now, new Date(now.getTime() + LEASE_MS), SCAN_BATCH);
      if (!claimed.length) return done;
      for (const scan of claimed) {
        await this.scan(scan);
        done++;
      }
      if (this.worker.stopping) return done;
    }
  }

  /** One paper: fingerprint stored, candidates verified, its text pairs replaced — in one transaction. */
  private async scan(row: ScanRow): Promise<void> {
    const shingles = shingleHashes(normalizeText(row.text));
    const signature = minhash(shingles);
    const keys = bandKeys(signature);
    await this.transactions.run(async (tx) => {
      await this.repo.saveFingerprint(
        {
          paperId: row.paperId,
          trackId: row.trackId,
          fileId: row.fileId,
          text: row.text,
          signature: toInt32(signature),
          version: SIGNATURE_VERSION,
        },
        keys,
        tx,
      );
      const candidates = await this.repo.candidates(row.paperId, keys, SIGNATURE_VERSION, tx);
      const settings = await this.checks.settingsOf([row.trackId, ...candidates.map((c) => c.trackId)], tx);
      const own = settings.get(row.trackId)!.duplicateThreshold;
      const pairs = candidates.flatMap((c) => {
        const threshold = Math.min(own, settings.get(c.trackId)!.duplicateThreshold);
        // the estimate decides far from the threshold; near it (±3 standard errors), the exact Jaccard
        const verified = verifyPair(signature, toUint32(c.signature), threshold, () =>
          exactJaccard(shingles, shingleHashes(normalizeText(c.text))),
        );
        if (!verified) return [];
        return [
          { other: c.paperId, similarity: verified.similarity, passages: sharedPassages(row.text, c.text) },
        ];
      });
      await this.repo.replaceTextPairs(row.paperId, pairs, tx);
      await this.repo.finishScan(row.paperId, row.requestedAt, tx);
    });
  }
}
