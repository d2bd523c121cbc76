import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
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
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly store: FileStore,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'runJobs'>,
  ) {}

  /** A module whose tables hold file keys registers the question "which of these do you use?". */
  register(owner: string, referenced: ReferencedKeys): void {
    this.owners.set(owner, referenced);
  }

  onApplicationBootstrap(): void {
    if (!this.config.runJobs) return;
    this.runLogged();
    this.timer = setInterval(() => this.runLogged(), HOUR_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Removes unreferenced objects older than `olderThanMs`; answers how many it removed. */
  sweep(olderThanMs = HOUR_MS): Promise<number> {
    this.running ??= this.doSweep(olderThanMs).finally(() => (this.running = undefined));
    return this.running;
  }

  private runLogged(): void {
    this.sweep().then(
      (n) => n && this.logger.log(`Removed ${n} stored file(s) that no row references`),
      (e: unknown) => this.logger.warn(`Could not sweep unreferenced files: ${(e as Error).message}`),
    );
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
