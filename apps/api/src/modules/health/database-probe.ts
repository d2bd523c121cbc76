import { sql } from 'drizzle-orm';
import { IntervalWorker } from '../../common/interval-worker.js';
import type { DatabaseHandle } from '../../database/database.js';

export interface ProbeState {
  /** The database answered the last probe, and no probe has been waiting longer than `staleMs`. */
  ok: boolean;
  /** When the database last answered (ISO), null before the first answer. */
  checkedAt: string | null;
  /** How long the last answered probe took. */
  latencyMs: number | null;
  /** The last probe's error, when it failed. */
  error?: string;
}

/**
 * Probes the database (`select 1`) in the background, one probe at a time, every `intervalMs`, so that
 * GET /api/health answers from the last result at once: a health check must not queue behind the slow
 * queries it is meant to watch (20 paper lists holding the pool, a long embedded-database statement). A probe
 * still waiting after `staleMs`, or a failed one, makes the database count as down.
 */
export class DatabaseProbe {
  private readonly worker: IntervalWorker;
  private inFlightSince: number | null = null;
  private last: { at: number; latencyMs: number } | null = null;
  private error: string | undefined;
  private first: Promise<void> | null = null;

  constructor(
    private readonly query: () => Promise<unknown>,
    private readonly intervalMs = 1000,
    private readonly staleMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.worker = new IntervalWorker({
      name: 'database-probe',
      everyMs: this.intervalMs,
      work: () => this.probe(),
      onError: () => undefined, // a probe keeps its own error (state())
    });
  }

  static forHandle(handle: DatabaseHandle, intervalMs?: number, staleMs?: number): DatabaseProbe {
    return new DatabaseProbe(() => handle.db.execute(sql`select 1`), intervalMs, staleMs);
  }

  start(): void {
    if (this.worker.started) return;
    this.first = this.probe();
    this.worker.start();
  }

  stop(): void {
    this.worker.stop();
  }

  /** Runs one probe unless one is already waiting. */
  probe(): Promise<void> {
    if (this.inFlightSince !== null) return Promise.resolve();
    const started = this.now();
    this.inFlightSince = started;
    return this.query().then(
      () => {
        this.last = { at: this.now(), latencyMs: this.now() - started };
        this.error = undefined;
        this.inFlightSince = null;
      },
      (e: unknown) => {
        this.error = e instanceof Error ? e.message : String(e);
        this.inFlightSince = null;
      },
    );
  }

  /** The current state; before the first probe has answered, waits for it. */
  async state(): Promise<ProbeState> {
    if (!this.last && !this.error) await (this.first ?? this.probe());
    const waiting = this.inFlightSince !== null && this.now() - this.inFlightSince > this.staleMs;
    return {
      ok: !!this.last && !this.error && !waiting,
      checkedAt: this.last ? new Date(this.last.at).toISOString() : null,
      latencyMs: this.last?.latencyMs ?? null,
      ...(this.error
        ? { error: this.error }
        : waiting
          ? { error: 'The database has not answered for a while' }
          : {}),
    };
  }
}
