import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What a runner's caller passes: cancellation (e.g. the chair's request closed) and a progress relay. */
export interface WorkerRunHooks<Progress> {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
}

/**
 * Runs a job of libs/domain in a worker thread started on its built worker file (libs/domain/dist/<file>,
 * the same relative path from apps/api/src and apps/api/dist), so a large job never blocks the server:
 * progress is relayed, and the job is cancelled (a shared flag the algorithm reads) when the signal aborts.
 * Without the built file (libs/domain not built) it runs the job in-process and says so once.
 */
export class DomainWorkerRunner {
  /** The built worker file. */
  readonly file: string;
  private readonly logger: Logger;
  private warned = false;

  /**
   * @param distFile the worker module's path under libs/domain/dist, e.g. 'assignment/worker.js'
   * @param context the logger's context
   * @param inProcessNote what the warning says happens instead, e.g. 'solving on the main thread'
   */
  constructor(
    distFile: string,
    context: string,
    private readonly inProcessNote: string,
  ) {
    this.file = fileURLToPath(new URL(`../../../../libs/domain/dist/${distFile}`, import.meta.url));
    this.logger = new Logger(context);
  }

  /**
   * `inWorker` starts the job on the built file (the domain's runXInWorker with this file); `inProcess` runs
   * it on this thread. Both get the hooks, `signal` and `onProgress`.
   */
  async run<Progress, Result>(
    hooks: WorkerRunHooks<Progress>,
    inWorker: (file: string, hooks: WorkerRunHooks<Progress>) => { result: Promise<Result> },
    inProcess: (hooks: WorkerRunHooks<Progress>) => Result,
  ): Promise<Result> {
    if (!existsSync(this.file)) {
      if (!this.warned) {
        this.logger.warn(`${this.file} is missing (run npm run build): ${this.inProcessNote}`);
        this.warned = true;
      }
      return inProcess({ signal: hooks.signal, onProgress: hooks.onProgress });
    }
    return inWorker(this.file, hooks).result;
  }
}
