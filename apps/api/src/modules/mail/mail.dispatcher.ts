import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { MAIL_BATCH_SIZE, MAX_ATTEMPTS, MailRepository } from './mail.repository.js';
import type { OutboxRow } from './mail.table.js';
import { describeError, isServerProblem, MAIL_TRANSPORT, type MailTransport } from './mail.transport.js';

/** How often the dispatcher looks for due outbox rows. */
export const DISPATCH_INTERVAL_MS = 5000;
const INTERVAL_NAME = 'mail-outbox-dispatcher';

export interface DispatchResult {
  /** Rows handed to the SMTP server and recorded 'sent'. */
  sent: number;
  /** Failed attempts put back to 'pending' with back-off. */
  retried: number;
  /** Rows given up after MAX_ATTEMPTS ('failed'). */
  failed: number;
  /** Claimed rows given back untouched because the SMTP server was unreachable. */
  deferred: number;
  /** Rows found stuck in 'sending' past their lease and returned to 'pending'. */
  recovered: number;
}

/**
 * Sends the outbox through SMTP when config.smtp is set. With config.runJobs it polls every few
 * seconds; dispatchDue() runs one pass on demand. Without SMTP nothing is sent: the outbox is the sink.
 *
 * Attempts are counted on every try. A message the server refuses is retried with back-off
 * (1, 2, 4 … minutes, at most one hour) and marked 'failed' after MAX_ATTEMPTS. When the server
 * itself cannot be reached, the row is retried with the same back-off but never given up, and the rest
 * of the batch is deferred untouched to the same time — nothing is lost while SMTP is down.
 */
@Injectable()
export class MailDispatcher implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('MailDispatcher');
  private readonly inFlight = new Set<Promise<unknown>>();
  private stopping = false;
  private ticking = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport | null,
    private readonly repo: MailRepository,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  /** true when SMTP is configured (messages can be sent). */
  get enabled(): boolean {
    return this.transport !== null;
  }

  onApplicationBootstrap(): void {
    if (!this.config.runJobs) return;
    if (!this.transport) {
      this.logger.log('SMTP is not configured (SMTP_HOST): e-mails are kept in the outbox table, not sent');
      return;
    }
    this.scheduler.addInterval(
      INTERVAL_NAME,
      setInterval(() => this.tick(), DISPATCH_INTERVAL_MS),
    );
    this.tick();
  }

  /** Stops the timer first, so no new pass starts while the application shuts down. */
  onModuleDestroy(): void {
    this.stopping = true;
    if (this.scheduler.doesExist('interval', INTERVAL_NAME)) this.scheduler.deleteInterval(INTERVAL_NAME);
  }

  /** Lets the in-flight batch finish and record its results before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.onModuleDestroy();
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
    this.transport?.close();
  }

  /** Sends every due row (batches of MAIL_BATCH_SIZE) and returns what happened. */
  dispatchDue(): Promise<DispatchResult> {
    const run = this.run();
    this.inFlight.add(run);
    const done = () => this.inFlight.delete(run);
    run.then(done, done);
    return run;
  }

  private tick(): void {
    if (this.ticking || this.stopping) return;
    this.ticking = true;
    this.dispatchDue()
      .then((r) => {
        if (r.sent || r.retried || r.failed || r.recovered)
          this.logger.log(
            `Outbox: ${r.sent} sent, ${r.retried} to retry, ${r.failed} failed, ${r.recovered} recovered`,
          );
      })
      .catch((e: unknown) => this.logger.error(`Outbox dispatch failed: ${describeError(e)}`))
      .finally(() => {
        this.ticking = false;
      });
  }

  private async run(): Promise<DispatchResult> {
    const result: DispatchResult = { sent: 0, retried: 0, failed: 0, deferred: 0, recovered: 0 };
    if (!this.transport) return result;
    result.recovered = await this.repo.releaseExpiredLeases();
    for (;;) {
      const batch = await this.repo.claimDue(MAIL_BATCH_SIZE);
      if (!batch.length) break;
      const serverDown = await this.sendBatch(this.transport, batch, result);
      // During shutdown the claimed batch is finished, but no new one is started.
      if (serverDown || batch.length < MAIL_BATCH_SIZE || this.stopping) break;
    }
    return result;
  }

  /** Sends a claimed batch one by one; returns true when the server was unreachable. */
  private async sendBatch(
    transport: MailTransport,
    batch: OutboxRow[],
    result: DispatchResult,
  ): Promise<boolean> {
    for (const [i, row] of batch.entries()) {
      let messageId: string | null;
      try {
        messageId = await transport.send(row);
      } catch (e) {
        const serverProblem = isServerProblem(e);
        const giveUp = !serverProblem && row.attempts + 1 >= MAX_ATTEMPTS;
        const next = await this.repo.markAttemptFailed(row, describeError(e), giveUp);
        if (giveUp) {
          result.failed++;
          this.logger.warn(
            `Gave up outbox message ${row.id} after ${MAX_ATTEMPTS} attempts: ${describeError(e)}`,
          );
        } else {
          result.retried++;
        }
        if (serverProblem) {
          const rest = batch.slice(i + 1).map((r) => r.id);
          await this.repo.release(rest, next ?? new Date());
          result.deferred += rest.length;
          this.logger.warn(`SMTP server unavailable (${describeError(e)}); the outbox keeps the messages`);
          return true;
        }
        continue;
      }
      await this.repo.markSent(row.id, messageId);
      result.sent++;
    }
    return false;
  }
}
