import { Inject, Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalWorker, IntervalWorkerHost } from '../../common/interval-worker.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DiscussionService } from './discussion.service.js';

const DEFAULT_TICK_MS = 60_000;

/**
 * Ticks the discussion digest every minute (config.runJobs only; JOBS_TICK_MS changes it). Several processes
 * may tick together: digests are claimed in the database (FOR UPDATE SKIP LOCKED and a lease), and a
 * digest's e-mail and its new mark are written in one transaction that holds only while the lease is ours.
 */
@Injectable()
export class DiscussionDigestScheduler extends IntervalWorkerHost {
  private readonly logger = new Logger('DiscussionDigest');
  protected readonly worker: IntervalWorker;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discussion: DiscussionService,
    scheduler: SchedulerRegistry,
  ) {
    super();
    this.worker = new IntervalWorker({
      name: 'discussion-digest',
      everyMs: this.config.jobsTickMs ?? DEFAULT_TICK_MS,
      scheduler,
      work: async () => {
        const r = await this.discussion.runDigests();
        if (r.sent) this.logger.log(`Discussion digests: ${r.sent} queued`);
      },
      onError: (e) => this.logger.error(`Digest tick failed: ${e instanceof Error ? e.message : String(e)}`),
    });
  }

  protected shouldStart(): boolean {
    return this.config.runJobs;
  }

  /** One tick now (unless one is running or the app is stopping); resolves when it is done. */
  tick(): Promise<void> {
    return this.worker.tick();
  }
}
