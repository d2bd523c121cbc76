import { Injectable } from '@nestjs/common';
import {
  buildSessions,
  type SessionBuilderInput,
  type SessionBuilderProgress,
  type SessionBuilderResult,
} from '@symposium/domain';
import { runSessionBuilderInWorker } from '@symposium/domain/programme/builder-worker';
import { DomainWorkerRunner, type WorkerRunHooks } from '../../common/worker-runner.js';

/**
 * Runs the session builder in a worker thread (libs/domain/src/programme/builder-worker.ts, built): progress
 * relayed; cancelled when the signal aborts, e.g. the chair closes the page. Without the built worker it
 * builds in-process and says so once.
 */
@Injectable()
export class BuilderRunner {
  private readonly worker = new DomainWorkerRunner(
    'programme/builder-worker.js',
    'SessionBuilder',
    'building on the main thread',
  );

  /** Builds within `timeBudgetMs` (the best proposal found by then, its gap to the proven bound stated). */
  build(
    input: SessionBuilderInput,
    timeBudgetMs: number,
    hooks: WorkerRunHooks<SessionBuilderProgress> = {},
  ): Promise<SessionBuilderResult> {
    const options = { seed: 1, timeBudgetMs };
    return this.worker.run(
      hooks,
      (file, h) => runSessionBuilderInWorker(input, options, h, file),
      (h) => buildSessions(input, { ...options, ...h }),
    );
  }
}
