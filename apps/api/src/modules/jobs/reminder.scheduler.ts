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
import { RemindersService } from './reminders.service.js';

/** The "ticks every minute"; JOBS_TICK_MS changes it (tests use a fraction of a second). */
export const DEFAULT_JOBS_TICK_MS = 60_000;
const INTERVAL_NAME = 'reminder-rules-scheduler';

/**
 * Ticks the reminder rules (config.runJobs only): each tick runs every enabled rule once. Several processes
 * may tick at the same time: each rule is claimed with FOR UPDATE SKIP LOCKED and every reminder has a
 * unique key, so nothing is sent twice. A tick still running when the next one is due is not doubled; on
 * shutdown the timer stops first and the tick in progress finishes before the database closes.
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('ReminderScheduler');
  private current: Promise<unknown> | null = null;
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reminders: RemindersService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runJobs) return;
    const every = this.config.jobsTickMs ?? DEFAULT_JOBS_TICK_MS;
    this.scheduler.addInterval(
      INTERVAL_NAME,
      setInterval(() => this.tick(), every),
    );
  }

  onModuleDestroy(): void {
    this.stopping = true;
    if (this.scheduler.doesExist('interval', INTERVAL_NAME)) this.scheduler.deleteInterval(INTERVAL_NAME);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.onModuleDestroy();
    if (this.current) await this.current.catch(() => undefined);
  }

  /** One tick now (unless one is running or the app is stopping); resolves when it is done. */
  tick(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (this.current) return this.current.then(() => undefined);
    const run = this.reminders
      .runScheduled()
      .then((r) => {
        if (r.queued) this.logger.log(`Reminders: ${r.queued} queued`);
      })
      .catch((e: unknown) =>
        this.logger.error(`Reminder tick failed: ${e instanceof Error ? e.message : String(e)}`),
      )
      .finally(() => {
        this.current = null;
      });
    this.current = run;
    return run;
  }
}
