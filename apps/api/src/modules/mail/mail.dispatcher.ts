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
import {
  MAIL_BATCH_SIZE,
  MAX_ATTEMPTS,
  MailRepository,
  SENDING_LEASE_MINUTES,
  type SentRecord,
} from './mail.repository.js';
import type { OutboxRow } from './mail.table.js';
import {
  describeError,
  errorResponse,
  isServerProblem,
  MAIL_TRANSPORT,
  senderWithName,
  type MailSender,
  type MailTransport,
} from './mail.transport.js';

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
 * A pass claims batches of MAIL_BATCH_SIZE due rows (FOR UPDATE SKIP LOCKED: two processes never claim
 * one row) and sends each batch over the transport's pool, as many messages at once as it has
 * connections. Each batch starts with one message alone, so an unreachable server costs one attempt, not
 * one per connection. The From carries the chairs' sender name (e-mail settings, read once per pass).
 *
 * Attempts are counted on every try, and the server's answer is kept (last_response). A message the
 * server refuses is retried with back-off (1, 2, 4 … minutes, at most one hour) and marked 'failed' after
 * MAX_ATTEMPTS. When the server itself cannot be reached, the message is retried with the same back-off
 * but never given up, no further message of the batch is started, and the rest of the batch is deferred
 * untouched to the same time — nothing is lost while SMTP is down.
 *
 * Accepted messages are recorded 'sent' in groups: while one UPDATE runs, the answers arriving meanwhile
 * wait for the next one. The only window for a duplicate is therefore a crash (or a lost database) after
 * the server accepted a message and before its group's UPDATE committed: that row stays 'sending' until
 * its lease ends (10 minutes after the claim, renewed while the batch runs) and is then sent again. No
 * process sends a row twice otherwise: a row is only sent by the pass that claimed it, once.
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
    let from: MailSender | undefined;
    for (let first = true; ; first = false) {
      const batch = await this.repo.claimDue(MAIL_BATCH_SIZE);
      if (!batch.length) break;
      if (first) from = senderWithName(this.config.smtp?.from ?? '', await this.senderName());
      const serverDown = await this.sendBatch(this.transport, batch, from, result);
      // During shutdown the claimed batch is finished, but no new one is started.
      if (serverDown || batch.length < MAIL_BATCH_SIZE || this.stopping) break;
    }
    return result;
  }

  /** The chairs' sender name; a failure to read it does not stop the mail (SMTP_FROM is used). */
  private async senderName(): Promise<string> {
    try {
      return await this.repo.senderName();
    } catch (e) {
      this.logger.warn(`Could not read the sender name of the e-mail settings: ${describeError(e)}`);
      return '';
    }
  }

  /**
   * Sends a claimed batch: the first message alone, then the rest over the pool's connections at the
   * same time, recording results as they arrive. Returns true when the server was unreachable.
   */
  private async sendBatch(
    transport: MailTransport,
    batch: OutboxRow[],
    from: MailSender | undefined,
    result: DispatchResult,
  ): Promise<boolean> {
    const queue = [...batch];
    /** Claimed rows whose result is not recorded yet (their lease is renewed while the batch runs). */
    const open = new Set(batch.map((r) => r.id));
    let down: Date | null = null;
    let failure: unknown = null;
    let accepted: SentRecord[] = [];
    let recording: Promise<void> | null = null;

    const record = async () => {
      while (accepted.length) {
        const group = accepted;
        accepted = [];
        await this.repo.markSent(group);
        for (const r of group) open.delete(r.id);
        result.sent += group.length;
      }
    };
    const recordAccepted = () => {
      recording ??= record()
        .catch((e: unknown) => {
          failure ??= e;
        })
        .finally(() => {
          recording = null;
          if (accepted.length && !failure) recordAccepted();
        });
    };

    const sendOne = async (row: OutboxRow) => {
      let sent: SentRecord;
      try {
        const info = await transport.send(row, from);
        sent = { id: row.id, messageId: info.messageId, response: info.response };
      } catch (e) {
        const serverProblem = isServerProblem(e);
        const giveUp = !serverProblem && row.attempts + 1 >= MAX_ATTEMPTS;
        const error = describeError(e);
        const next = await this.repo.markAttemptFailed(row, error, giveUp, errorResponse(e));
        open.delete(row.id);
        if (giveUp) {
          result.failed++;
          this.logger.warn(`Gave up outbox message ${row.id} after ${MAX_ATTEMPTS} attempts: ${error}`);
        } else {
          result.retried++;
        }
        if (serverProblem && !down) {
          down = next ?? new Date();
          this.logger.warn(`SMTP server unavailable (${error}); the outbox keeps the messages`);
        }
        return;
      }
      accepted.push(sent);
      recordAccepted();
    };
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        await sendOne(row);
        if (down || failure) return;
      }
    };

    const renew = setInterval(
      () => {
        this.repo.renewLease([...open]).catch((e: unknown) => {
          this.logger.warn(`Could not renew the lease of outbox messages: ${describeError(e)}`);
        });
      },
      (SENDING_LEASE_MINUTES * 60_000) / 4,
    );
    renew.unref();
    try {
      // The first message alone: when the server cannot be reached, only it counts an attempt.
      const probe = queue.shift()!;
      await sendOne(probe).catch((e: unknown) => {
        failure ??= e;
      });
      if (!down && !failure && queue.length) {
        const workers = Array.from({ length: Math.max(1, transport.maxConnections) }, () =>
          worker().catch((e: unknown) => {
            failure ??= e;
          }),
        );
        await Promise.all(workers);
      }
      while (recording) await recording;
    } finally {
      clearInterval(renew);
    }
    if (failure) {
      // The database failed: give back what was not started (best effort; else the lease returns it).
      await this.repo
        .release(
          queue.map((r) => r.id),
          new Date(),
        )
        .catch(() => undefined);
      throw failure;
    }
    if (down) {
      const rest = queue.map((r) => r.id);
      await this.repo.release(rest, down);
      result.deferred += rest.length;
      return true;
    }
    return false;
  }
}
