/** What the session builder's steps share: progress, cancellation and the seeded random source. */
import type { CancelSignal } from '../assignment/types.js';

export interface SessionBuilderProgress {
  /** 'group': local-search passes of the grouping; 'place': kicks of the placement search; 'exact': the exact search. */
  phase: 'group' | 'place' | 'exact' | 'report';
  done: number;
  total: number;
}

export interface BuilderHooks {
  onProgress?: (progress: SessionBuilderProgress) => void;
  /** Checked between passes and every few thousand search nodes (an AbortSignal, or a flag shared with a worker). */
  signal?: CancelSignal;
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
