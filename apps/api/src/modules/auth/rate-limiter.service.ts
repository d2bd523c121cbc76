import { Injectable } from '@nestjs/common';
import { AuthRepository } from './auth.repository.js';

export interface RateLimit {
  /** e.g. 'login:email:ana@example.org'. */
  key: string;
  /** Attempts allowed in the window. */
  max: number;
}

/**
 * Rate limits counted in the database (rate_limit_counters), so every API process enforces one limit and a
 * concurrent burst gets exactly `max` attempts through: the attempt is counted and the count read in one
 * statement before the work it guards starts.
 */
@Injectable()
export class RateLimiter {
  constructor(private readonly repo: AuthRepository) {}

  /** Counts one attempt against every limit; false when any of them is now over its maximum. */
  async take(limits: RateLimit[], windowMs: number): Promise<boolean> {
    const counts = await this.repo.hit(
      limits.map((l) => l.key),
      windowMs,
    );
    return limits.every((l) => (counts.get(l.key) ?? 0) <= l.max);
  }

  /** The attempt did not count after all (a successful sign-in): give it back. */
  giveBack(limits: RateLimit[]): Promise<void> {
    return this.repo.giveBack(limits.map((l) => l.key));
  }
}
