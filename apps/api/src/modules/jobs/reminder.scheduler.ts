import { Inject, Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalWorker, IntervalWorkerHost } from '../../common/interval-worker.js';
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
export class ReminderScheduler extends IntervalWorkerHost {
  private readonly logger = new Logger('ReminderScheduler');
  protected readonly worker: IntervalWorker;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reminders: RemindersService,
    scheduler: SchedulerRegistry,
  ) {
    super();
    this.worker = new IntervalWorker({
      name: INTERVAL_NAME,
      everyMs: this.config.jobsTickMs ?? DEFAULT_JOBS_TICK_MS,
      scheduler,
      work: async () => {
        const r = await this.reminders.runScheduled();
        if (r.queued) this.logger.log(`Reminders: ${r.queued} queued`);
      },
      onError: (e) =>
        this.logger.error(`Reminder tick failed: ${e instanceof Error ? e.message : String(e)}`),
    });
  }

  protected shouldStart(): boolean {
    return this.config.runJobs;
  }

  /**
   * How late the reminder runs are, in seconds (metrics): every tick runs every enabled rule, so a rule is
   * due again one tick after its last run; the lag is how far past that the least recently run enabled rule
   * is (0: on time). Read from the database, so it covers whichever process ticks — and grows when none does.
   */
  async lagSeconds(): Promise<number> {
    const age = await this.reminders.oldestRunAgeSeconds();
    return Math.max(0, age - (this.config.jobsTickMs ?? DEFAULT_JOBS_TICK_MS) / 1000);
  }

  /** One tick now (unless one is running or the app is stopping); resolves when it is done. */
  tick(): Promise<void> {
    return this.worker.tick();
  }
}
