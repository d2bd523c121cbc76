/** What the session builder's steps share: progress, cancellation and the seeded random source. */
import type { CancelSignal } from '../assignment/types.js';

export interface SessionBuilderProgress {
  /** 'group': local-search passes of the grouping; 'place': kicks of the placement search; 'exact': the exact search. */
  phase: 'group' | 'place' | 'exact' | 'report';
  done: number;
  total: number;
  /** Milliseconds since the build started, and the time budget (placement progress only). */
  elapsedMs?: number;
  budgetMs?: number;
  /** The best placement found so far: its person clashes and the proven lower bound (placement progress only). */
  clashes?: number;
  lowerBound?: number;
}

export interface BuilderHooks {
  onProgress?: (progress: SessionBuilderProgress) => void;
  /** Checked between passes and every few thousand search nodes (an AbortSignal, or a flag shared with a worker). */
  signal?: CancelSignal;
  /** The build's time budget, shared by its steps (made by buildSessions/placeSessions from timeBudgetMs). */
  budget?: TimeBudget;
}

/** The default time budget of a build (grouping and placement together): 30 s. */
export const DEFAULT_BUILDER_TIME_BUDGET_MS = 30_000;

/**
 * A build's time budget: `expired()` is true once `budgetMs` have passed since the start (read from `now`,
 * default performance.now; checked by the searches between passes, moves and nodes, so a search stops
 * within a few milliseconds of the end and keeps the best answer it has). Infinity never expires.
 */
export class TimeBudget {
  private readonly start: number;
  private over = false;

  constructor(
    readonly budgetMs: number = DEFAULT_BUILDER_TIME_BUDGET_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(budgetMs > 0)) throw new RangeError('The time budget must be a positive number of milliseconds');
    this.start = now();
  }

  elapsed(): number {
    return this.now() - this.start;
  }

  expired(): boolean {
    if (!this.over && this.elapsed() >= this.budgetMs) this.over = true;
    return this.over;
  }

  /** Whether expired() has ever been true (the search was cut short). */
  get ranOut(): boolean {
    return this.over;
  }
}

export class SessionBuilderCancelledError extends Error {
  constructor() {
    super('The session builder was cancelled');
    this.name = 'AbortError';
  }
}

export function throwIfCancelled(signal: CancelSignal | undefined): void {
  if (signal?.aborted) throw new SessionBuilderCancelledError();
}

/** mulberry32: the same seed gives the same run on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
