import { createHash, randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Request } from 'express';
import { IntervalWorker } from '../../common/interval-worker.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { Executor } from '../../database/database.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { PapersErrors } from './papers.errors.js';
import type { IdempotencyKeyRow } from './papers.table.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 1 to 200 visible ASCII characters. */
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** How long an attempt holds its key without renewing it (a killed process frees its keys this fast). */
export const LEASE_MS = 10_000;
/** Leases of the attempts in progress are renewed this often. */
const RENEW_MS = 3_000;
/** Keys are kept (and answers replayed) this long. */
export const KEEP_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type IdempotentRoute = 'papers.create' | 'papers.upload';

/** This attempt holds the key until it completes (in its transaction) or gives it up. */
export interface Claim {
  userId: number;
  route: IdempotentRoute;
  key: string;
  token: string;
}

export type Begun =
  | { kind: 'claimed'; claim: Claim }
  /** An earlier attempt with the same request completed: answer what it answered. */
  | { kind: 'replay'; response: Record<string, unknown> };

/** sha256 (hex) of a value's JSON. */
export const requestHash = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The request's Idempotency-Key (undefined without one); 400 when it is not 1–200 visible ASCII characters. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw PapersErrors.idempotencyKeyInvalid();
  return raw;
}

/**
 * Idempotent submissions: a request carrying `Idempotency-Key` claims the key (per user and route) in the
 * database before its transaction; the transaction marks it done together with the rows it stores, so a retry
 * — on any instance, after the first one's answer was lost — replays the first answer. A retry while the
 * first attempt runs answers 409; the same key for a different request answers 422. An attempt that fails
 * gives its key back; one whose process died loses it when its lease runs out (LEASE_MS, renewed while it
 * runs).
 */
@Injectable()
export class IdempotencyService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Idempotency');
  /** Tokens of this process's attempts in progress: their leases are renewed. */
  private readonly held = new Set<string>();
  private renewTimer: NodeJS.Timeout | undefined;
  private readonly sweeper = new IntervalWorker({
    name: 'idempotency-keys-sweeper',
    everyMs: HOUR_MS,
    runAtStart: true,
    work: async () => {
      const n = await this.sweep();
      if (n) this.logger.log(`Removed ${n} idempotency key(s) older than 24 hours`);
    },
    onError: (e) => this.logger.warn(`Could not remove old idempotency keys: ${(e as Error).message}`),
  });

  constructor(
    private readonly repo: IdempotencyRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'runJobs'>,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.runJobs) this.sweeper.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeper.stopAndWait();
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
  }

  /**
   * Claims the key for this attempt, or says what to answer instead: the earlier answer (replay), 409 while
   * another attempt holds it, 422 when it was used for a different request (`hash`).
   */
  async begin(userId: number, route: IdempotentRoute, key: string, hash: string): Promise<Begun> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const token = randomUUID();
      // A new key, or one whose holder died (lease over) or that expired: this attempt's.
      if (await this.repo.claim({ userId, route, key, token, requestHash: hash }, LEASE_MS, KEEP_MS)) {
        this.hold(token);
        return { kind: 'claimed', claim: { userId, route, key, token } };
      }
      const row = await this.repo.find(userId, route, key);
      if (!row) continue; // given back meanwhile: claim it again
      if (row.requestHash !== hash) throw PapersErrors.idempotencyKeyReused();
      if (row.state === 'running') throw PapersErrors.idempotencyInProgress();
      return { kind: 'replay', response: row.response ?? {} };
    }
    throw PapersErrors.idempotencyInProgress();
  }

  /**
   * In the attempt's transaction, before it writes: locks the claims still held (a claim whose lease ran out
   * and was taken by a retry is not) until the transaction ends. Answers the tokens held.
   */
  async lockHeld(claims: Claim[], tx: Executor): Promise<Set<string>> {
    return new Set(
      await this.repo.lockRunning(
        claims.map((c) => c.token),
        tx,
      ),
    );
  }

  /** In the same transaction, after the rows are written: the key is done, with what its answer is made of. */
  async complete(claim: Claim, response: Record<string, unknown>, tx: Executor): Promise<void> {
    if (!(await this.repo.complete(claim.token, response, tx))) throw PapersErrors.idempotencyInProgress();
  }

  /** The attempt is over (committed or not): stop renewing its lease; when it failed, give the key back. */
  async end(claim: Claim, failed: boolean): Promise<void> {
    this.held.delete(claim.token);
    if (!this.held.size) {
      clearInterval(this.renewTimer);
      this.renewTimer = undefined;
    }
    if (!failed) return;
    await this.repo
      .giveBack(claim.token)
      .catch((e: Error) => this.logger.warn(`Could not give back an idempotency key: ${e.message}`));
  }

  /** Runs `work` holding the claim; the key is given back when it throws. */
  async run<T>(claim: Claim, work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      await this.end(claim, false);
      return result;
    } catch (e) {
      await this.end(claim, true);
      throw e;
    }
  }

  /** Removes keys older than `olderThanMs` (24 hours); answers how many. */
  sweep(olderThanMs = KEEP_MS): Promise<number> {
    return this.repo.removeOlderThan(olderThanMs);
  }

  /** The key's row (tests and tools). */
  find(userId: number, route: IdempotentRoute, key: string): Promise<IdempotencyKeyRow | undefined> {
    return this.repo.find(userId, route, key);
  }

  private hold(token: string): void {
    this.held.add(token);
    if (this.renewTimer) return;
    this.renewTimer = setInterval(() => void this.renew(), RENEW_MS);
    this.renewTimer.unref();
  }

  /** One statement renews the leases of every attempt in progress here. */
  private async renew(): Promise<void> {
    await this.repo
      .renew([...this.held], LEASE_MS)
      .catch((e: Error) => this.logger.warn(`Could not renew idempotency leases: ${e.message}`));
  }
}
