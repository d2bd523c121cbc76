import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { IntervalWorker } from '../../common/interval-worker.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { FileStore } from './file-store.js';

/** Which of these keys a module's rows still reference. */
export type ReferencedKeys = (keys: string[]) => Promise<string[]>;

const HOUR_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Removes stored objects that no row references: a process killed between writing a file and committing
 * its row leaves one behind. Only objects older than an hour are considered (an upload in progress
 * commits long before), and only once every module that keeps file keys has registered how to ask it.
 * Runs at start-up and every hour (with the other jobs).
 */
@Injectable()
export class OrphanFilesSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('FileStore');
  private readonly owners = new Map<string, ReferencedKeys>();
  private running?: Promise<number>;
  private readonly worker = new IntervalWorker({
    name: 'orphan-files-sweeper',
    everyMs: HOUR_MS,
    runAtStart: true,
    work: async () => {
      const n = await this.sweep();
      if (n) this.logger.log(`Removed ${n} stored file(s) that no row references`);
    },
    onError: (e) => this.logger.warn(`Could not sweep unreferenced files: ${(e as Error).message}`),
  });

  constructor(
    private readonly store: FileStore,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'runJobs'>,
  ) {}

  /** A module whose tables hold file keys registers the question "which of these do you use?". */
  register(owner: string, referenced: ReferencedKeys): void {
    this.owners.set(owner, referenced);
  }

  onApplicationBootstrap(): void {
    if (this.config.runJobs) this.worker.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.worker.stop();
    await this.running?.catch(() => undefined);
  }

  /** Removes unreferenced objects older than `olderThanMs`; answers how many it removed. */
  sweep(olderThanMs = HOUR_MS): Promise<number> {
    this.running ??= this.doSweep(olderThanMs).finally(() => (this.running = undefined));
    return this.running;
  }

  private async doSweep(olderThanMs: number): Promise<number> {
    if (this.owners.size === 0) return 0; // nobody to ask: never guess that a file is unused
    const keys = await this.store.keysOlderThan(olderThanMs);
    let removed = 0;
    for (let i = 0; i < keys.length; i += BATCH) {
      const batch = keys.slice(i, i + BATCH);
      const used = new Set<string>();
      for (const referenced of this.owners.values()) for (const k of await referenced(batch)) used.add(k);
      for (const key of batch.filter((k) => !used.has(k))) {
        await this.store.remove(key);
        removed++;
      }
    }
    return removed;
  }
}
