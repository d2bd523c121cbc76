import { Inject, Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalWorker, IntervalWorkerHost } from '../../common/interval-worker.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import {
  LEASE_RENEW_MS,
  MAIL_BATCH_SIZE,
  MAX_ATTEMPTS,
  OutboxRepository,
  SENDING_LEASE_SECONDS,
  type ClaimedRow,
  type SentRecord,
} from './outbox.repository.js';
import {
  describeError,
  errorResponse,
  isPermanentRefusal,
  isServerProblem,
  MAIL_TRANSPORT,
  senderWithName,
  type MailSender,
  type MailTransport,
} from './mail.transport.js';

/**
 * Accepted messages are recorded 'sent' by one UPDATE per RECORD_GROUP messages, or for what has arrived
 * RECORD_DELAY_MS after the first unrecorded one: the most a crash can make the outbox send again.
 */
export const RECORD_GROUP = 25;
export const RECORD_DELAY_MS = 20;

/**
 * A claimed row is started only while its lease was set (claimed or renewed) less than this long ago by
 * this process's clock, timed from before the statement: with renewals failing (the database unreachable,
 * the process stalled) the lease may soon end and another process take the row, so it is left alone.
 */
export const LEASE_SAFE_MS = SENDING_LEASE_SECONDS * 1000 - 20_000;

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
 * one row) and sends them over the transport's pool, as many messages at once as it has connections,
 * claiming the next batch while the current one is sent. The first message of a pass is sent alone, so an
 * unreachable server costs one attempt, not one per connection. The From carries the chairs' sender name
 * (e-mail settings, read once per pass).
 *
 * Attempts are counted on every try, and the server's answer is kept (last_response). A message the
 * server refuses permanently (a 5xx answer, e.g. "550 5.1.1 No such user") is marked 'failed' at once, so
 * a chair can correct and resend it; one it refuses for now (4xx) is retried with back-off (1, 2, 4 …
 * minutes, at most one hour) and marked 'failed' after MAX_ATTEMPTS. When the server itself cannot be reached, the message is retried with the same back-off
 * but never given up, no further message is started, and every claimed message not started is deferred
 * untouched to the same time — nothing is lost while SMTP is down. At shutdown no new batch is claimed;
 * the claimed ones are finished and recorded (beforeApplicationShutdown waits for them).
 *
 * Accepted messages are recorded 'sent' in groups (RECORD_GROUP messages or RECORD_DELAY_MS, one UPDATE
 * at a time). The only window for a duplicate is therefore a crash (or a lost database) after the server
 * accepted a message and before its group's UPDATE committed — at most RECORD_GROUP messages plus those
 * in flight: such a row stays 'sending' until its lease ends and is then sent again. The lease is short
 * (SENDING_LEASE_SECONDS, a minute) and renewed every LEASE_RENEW_MS while the pass runs, so after a crash
 * the rest of the claimed batch — the rows not yet started — goes out from another process about a minute
 * later. No process sends a row twice otherwise: a row is only sent by the pass that claimed it, once, and
 * only while its lease is surely its own (LEASE_SAFE_MS).
 */
@Injectable()
export class OutboxDispatcher extends IntervalWorkerHost {
  private readonly logger = new Logger('OutboxDispatcher');
  private readonly inFlight = new Set<Promise<unknown>>();
  protected readonly worker: IntervalWorker;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport | null,
    private readonly repo: OutboxRepository,
    scheduler: SchedulerRegistry,
  ) {
    super();
    this.worker = new IntervalWorker({
      name: INTERVAL_NAME,
      everyMs: DISPATCH_INTERVAL_MS,
      scheduler,
      runAtStart: true,
      work: async () => {
        const r = await this.dispatchDue();
        if (r.sent || r.retried || r.failed || r.recovered)
          this.logger.log(
            `Outbox: ${r.sent} sent, ${r.retried} to retry, ${r.failed} failed, ${r.recovered} recovered`,
          );
      },
      onError: (e) => this.logger.error(`Outbox dispatch failed: ${describeError(e)}`),
    });
  }

  /** true when SMTP is configured (messages can be sent). */
  get enabled(): boolean {
    return this.transport !== null;
  }

  /** With config.runJobs, and SMTP configured (else it says where the e-mails stay). */
  protected shouldStart(): boolean {
    if (!this.config.runJobs) return false;
    if (!this.transport) {
      this.logger.log('SMTP is not configured (SMTP_HOST): e-mails are kept in the outbox table, not sent');
      return false;
    }
    return true;
  }

  /** Lets the in-flight batch finish and record its results before the database closes. */
  override async beforeApplicationShutdown(): Promise<void> {
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

  private async run(): Promise<DispatchResult> {
    const result: DispatchResult = { sent: 0, retried: 0, failed: 0, deferred: 0, recovered: 0 };
    if (!this.transport) return result;
    result.recovered = await this.repo.releaseExpiredLeases();
    const claimedAt = Date.now();
    const first = await this.repo.claimDue(MAIL_BATCH_SIZE);
    if (!first.length) return result;
    const from = senderWithName(this.config.smtp?.from ?? '', await this.senderName());
    await new Pass(this.transport, this.repo, this.logger, from, result, () => this.worker.stopping).run(
      first,
      claimedAt,
    );
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
}

/**
 * One dispatch pass. Claimed rows wait in `queue`; as many workers as the pool has connections take
 * them one by one. The next batch is claimed while the current one is being sent (when fewer than half a
 * batch wait), so the connections never wait for the database; the pass ends when a claim comes back
 * short. The first message of the pass is sent alone: an unreachable server costs one attempt, not one per
 * connection, and nothing more is claimed.
 */
class Pass {
  private readonly queue: ClaimedRow[] = [];
  /** Claimed rows whose result is not recorded yet (their lease is renewed while the pass runs). */
  private readonly open = new Set<number>();
  /** When each claimed row's lease was last set (local clock, taken before the statement). */
  private readonly leaseSetAt = new Map<number, number>();
  /** A row's lease was not renewed in time: nothing more is started, the rest is left to its lease. */
  private lapsed = false;
  private claiming: Promise<void> | null = null;
  private exhausted = false;
  /** Set when the server could not be reached: when the rest is due again. */
  private down: Date | null = null;
  /** A database failure: the pass stops and rejects with it. */
  private failure: unknown = null;
  private accepted: SentRecord[] = [];
  private recording: Promise<void> | null = null;
  private recordTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly transport: MailTransport,
    private readonly repo: OutboxRepository,
    private readonly logger: Logger,
    private readonly from: MailSender | undefined,
    private readonly result: DispatchResult,
    private readonly stopping: () => boolean,
  ) {}

  async run(first: ClaimedRow[], claimedAt: number): Promise<void> {
    this.take(first, claimedAt);
    const renew = setInterval(() => {
      const ids = [...this.open];
      const at = Date.now();
      this.repo.renewLease(ids).then(
        () => {
          for (const id of ids) if (this.open.has(id)) this.leaseSetAt.set(id, at);
        },
        (e: unknown) => {
          this.logger.warn(`Could not renew the lease of outbox messages: ${describeError(e)}`);
        },
      );
    }, LEASE_RENEW_MS);
    renew.unref();
    try {
      await this.sendOne(this.queue.shift()!).catch((e: unknown) => this.fail(e));
      if (this.running) {
        const workers = Math.max(1, this.transport.maxConnections);
        await Promise.all(
          Array.from({ length: workers }, () => this.worker().catch((e: unknown) => this.fail(e))),
        );
      }
      for (;;) {
        if (this.claiming) await this.claiming;
        else if (this.recording) await this.recording;
        else if (this.accepted.length && !this.failure) this.record(true);
        else break;
      }
    } finally {
      clearInterval(renew);
      if (this.recordTimer) clearTimeout(this.recordTimer);
    }
    if (this.lapsed) {
      // Not given back: another process may hold these rows by now; their lease returns them otherwise.
      const rest = this.queue.splice(0);
      for (const r of rest) this.open.delete(r.id);
      this.logger.warn(
        `Outbox: the lease of claimed messages was not renewed in time; ${rest.length} not started are left to their lease`,
      );
    }
    if (this.failure) {
      // The database failed: give back what was not started (best effort; else the lease returns it).
      await this.repo
        .release(
          this.queue.splice(0).map((r) => r.id),
          new Date(),
        )
        .catch(() => undefined);
      throw this.failure;
    }
    if (this.down) {
      const rest = this.queue.splice(0).map((r) => r.id);
      await this.repo.release(rest, this.down);
      this.result.deferred += rest.length;
    }
  }

  private get running(): boolean {
    return !this.down && !this.failure && !this.lapsed;
  }

  private fail(e: unknown): void {
    this.failure ??= e;
  }

  private take(rows: ClaimedRow[], claimedAt: number): void {
    if (rows.length < MAIL_BATCH_SIZE) this.exhausted = true;
    for (const r of rows) {
      this.open.add(r.id);
      this.leaseSetAt.set(r.id, claimedAt);
    }
    this.queue.push(...rows);
  }

  /**
   * Claims the next batch in the background as soon as less than a batch waits (never during shutdown): a
   * claim competes with the 'sent' UPDATEs for the database (PGlite runs one statement at a time), so it
   * starts a whole batch ahead, not when the connections are about to run dry.
   */
  private claimMore(): void {
    if (this.claiming || this.exhausted || !this.running || this.stopping()) return;
    if (this.queue.length >= MAIL_BATCH_SIZE) return;
    const claimedAt = Date.now();
    this.claiming = this.repo
      .claimDue(MAIL_BATCH_SIZE)
      .then(
        (rows) => {
          // Server down or a failure meanwhile: the new rows are given back with the rest of the queue.
          this.take(rows, claimedAt);
        },
        (e: unknown) => this.fail(e),
      )
      .finally(() => {
        this.claiming = null;
      });
  }

  /** The next row to send; null when the pass is over for this worker. */
  private async next(): Promise<ClaimedRow | null> {
    for (;;) {
      if (!this.running) return null;
      this.claimMore();
      const row = this.queue.shift();
      if (row) return row;
      if (!this.claiming) return null;
      await this.claiming;
    }
  }

  private async worker(): Promise<void> {
    for (let row = await this.next(); row; row = await this.next()) await this.sendOne(row);
  }

  private async sendOne(row: ClaimedRow): Promise<void> {
    if (Date.now() - (this.leaseSetAt.get(row.id) ?? 0) > LEASE_SAFE_MS) {
      this.lapsed = true;
      this.queue.unshift(row);
      return;
    }
    let info;
    try {
      info = await this.transport.send(row, this.from);
    } catch (e) {
      const serverProblem = isServerProblem(e);
      const permanent = !serverProblem && isPermanentRefusal(e);
      const giveUp = !serverProblem && (permanent || row.attempts + 1 >= MAX_ATTEMPTS);
      const error = describeError(e);
      const next = await this.repo.markAttemptFailed(row, error, giveUp, errorResponse(e));
      this.open.delete(row.id);
      if (giveUp) {
        this.result.failed++;
        this.logger.warn(
          permanent
            ? `Outbox message ${row.id} refused permanently: ${errorResponse(e)}`
            : `Gave up outbox message ${row.id} after ${MAX_ATTEMPTS} attempts: ${error}`,
        );
      } else {
        this.result.retried++;
      }
      if (serverProblem && !this.down) {
        this.down = next ?? new Date();
        this.logger.warn(`SMTP server unavailable (${error}); the outbox keeps the messages`);
      }
      return;
    }
    this.accepted.push({ id: row.id, messageId: info.messageId, response: info.response });
    this.record();
  }

  /**
   * Records accepted messages 'sent' in groups of RECORD_GROUP, or whatever has arrived RECORD_DELAY_MS
   * after the first unrecorded one, one UPDATE at a time (`force`: now, whatever the size). A crash
   * before a group's UPDATE commits leaves its rows 'sending' until the lease ends.
   */
  private record(force = false): void {
    if (this.recording || !this.accepted.length || this.failure) return;
    if (!force && this.accepted.length < RECORD_GROUP) {
      this.recordTimer ??= setTimeout(() => {
        this.recordTimer = null;
        this.record(true);
      }, RECORD_DELAY_MS);
      return;
    }
    if (this.recordTimer) clearTimeout(this.recordTimer);
    this.recordTimer = null;
    const group = this.accepted;
    this.accepted = [];
    this.recording = this.repo
      .markSent(group)
      .then(
        () => {
          for (const r of group) this.open.delete(r.id);
          this.result.sent += group.length;
        },
        (e: unknown) => this.fail(e),
      )
      .finally(() => {
        this.recording = null;
        this.record();
      });
  }
}
