import type { BeforeApplicationShutdown, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';

export interface IntervalWorkerOptions {
  /** The interval's name in Nest's SchedulerRegistry (with `scheduler`); otherwise a label. */
  name: string;
  everyMs: number;
  /** One tick's work, with the logging of what it did. */
  work: () => Promise<void>;
  /** Logs a failed tick (the worker goes on with the next one). */
  onError: (e: unknown) => void;
  /**
   * Register the interval there (the Nest workers, started by onApplicationBootstrap); without it the timer
   * is a plain one that does not keep the process alive (unref).
   */
  scheduler?: SchedulerRegistry;
  /** A tick at once on start, then one every `everyMs`. */
  runAtStart?: boolean;
  /** A tick asked for while one runs (it joins the running one; e.g. to note that there is more to do). */
  onBusy?: () => void;
}

/**
 * The life cycle every background worker of the API shares: start() (on bootstrap, when the worker is
 * enabled) sets an interval; a tick never overlaps the previous one (asked for while one runs, it answers
 * the running one); a failed tick is logged and the next one runs as usual; stop() removes the timer and
 * refuses new ticks, stopAndWait() also waits for the tick in progress (before the database closes).
 * What a worker does in a tick, and anything it runs apart from its ticks, stays the worker's own code.
 */
export class IntervalWorker {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly opts: IntervalWorkerOptions) {}

  /** After stop(): no tick starts, and a long tick should end early where it can. */
  get stopping(): boolean {
    return this.stopped;
  }

  /** The interval is set (start() until stop()). */
  get started(): boolean {
    return this.timer !== undefined;
  }

  /** Sets the interval (once; again after stop()). */
  start(): void {
    if (this.timer) return;
    this.stopped = false;
    const { scheduler, name, everyMs } = this.opts;
    const timer = setInterval(() => void this.tick(), everyMs);
    if (scheduler) scheduler.addInterval(name, timer);
    else timer.unref();
    this.timer = timer;
    if (this.opts.runAtStart) void this.tick();
  }

  /** One tick now, unless one is running (then that one) or the worker is stopping; never rejects. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.current) {
      this.opts.onBusy?.();
      return this.current.then(() => undefined);
    }
    const run = this.opts
      .work()
      .catch((e: unknown) => {
        this.opts.onError(e);
      })
      .finally(() => {
        this.current = null;
      });
    this.current = run;
    return run;
  }

  /** Removes the timer first, so that no tick starts while the application shuts down. */
  stop(): void {
    this.stopped = true;
    const { scheduler, name } = this.opts;
    if (scheduler) {
      if (scheduler.doesExist('interval', name)) scheduler.deleteInterval(name);
    } else if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** stop(), then lets the tick in progress finish. */
  async stopAndWait(): Promise<void> {
    this.stop();
    if (this.current) await this.current.catch(() => undefined);
  }
}

/**
 * A Nest provider whose background work is an IntervalWorker, with the Nest hooks of its life cycle: the
 * worker starts on bootstrap when shouldStart() (config.runJobs), its timer stops when the modules are
 * destroyed, and the application's shutdown waits for the tick in progress before the database closes.
 */
export abstract class IntervalWorkerHost
  implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown
{
  protected abstract readonly worker: IntervalWorker;

  /** Whether this process runs the worker (read on bootstrap). */
  protected abstract shouldStart(): boolean;

  onApplicationBootstrap(): void {
    if (this.shouldStart()) this.worker.start();
  }

  /** Stops the timer first, so that no tick starts while the application shuts down. */
  onModuleDestroy(): void {
    this.worker.stop();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.stopAndWait();
  }
}
