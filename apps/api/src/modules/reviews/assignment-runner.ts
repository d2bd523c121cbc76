import { Injectable, Logger } from '@nestjs/common';
import {
  solveAssignment,
  type AssignmentOptions,
  type AssignmentProblem,
  type AssignmentProgress,
  type AssignmentResult,
} from '@symposium/domain';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The built worker entry of libs/domain (same relative path from apps/api/src and apps/api/dist). The worker
 * module serves 'solve' messages when started with this mark (libs/domain/src/assignment/worker.ts).
 */
const WORKER_FILE = fileURLToPath(
  new URL('../../../../../libs/domain/dist/assignment/worker.js', import.meta.url),
);
const WORKER_MARK = 'symposium-assignment-worker';

type WorkerOptions = Omit<AssignmentOptions, 'onProgress' | 'signal'>;

/**
 * Runs the automatic assignment in a worker thread, so a large track never blocks the server: progress is
 * relayed, and the solve is cancelled (a shared flag the solver reads in its main loop) when the signal
 * aborts, e.g. when the chair's request is closed. Without the built worker (libs/domain not built) it
 * solves in-process and says so once.
 */
@Injectable()
export class AssignmentRunner {
  private readonly logger = new Logger('Assignment');
  private warned = false;

  async solve(
    problem: AssignmentProblem,
    options: WorkerOptions,
    hooks: { signal?: AbortSignal; onProgress?: (p: AssignmentProgress) => void } = {},
  ): Promise<AssignmentResult> {
    if (!existsSync(WORKER_FILE)) {
      if (!this.warned) {
        this.logger.warn(`${WORKER_FILE} is missing (run npm run build): solving on the main thread`);
        this.warned = true;
      }
      return solveAssignment(problem, { ...options, signal: hooks.signal, onProgress: hooks.onProgress });
    }
    const worker = new Worker(WORKER_FILE, { workerData: WORKER_MARK });
    const cancelFlag = new SharedArrayBuffer(4);
    const flag = new Int32Array(cancelFlag);
    const cancel = () => Atomics.store(flag, 0, 1);
    if (hooks.signal?.aborted) cancel();
    hooks.signal?.addEventListener('abort', cancel, { once: true });
    try {
      return await new Promise<AssignmentResult>((resolve, reject) => {
        worker.on('message', (raw: unknown) => {
          const m = raw as
            | { type: 'progress'; progress: AssignmentProgress }
            | { type: 'result'; result: AssignmentResult }
            | { type: 'error'; name: string; message: string };
          if (m.type === 'progress') hooks.onProgress?.(m.progress);
          else if (m.type === 'result') resolve(m.result);
          else {
            const err = new Error(m.message);
            err.name = m.name;
            reject(err);
          }
        });
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`The assignment worker stopped (exit code ${code})`)));
        worker.postMessage({ type: 'solve', problem, options, cancelFlag });
      });
    } finally {
      hooks.signal?.removeEventListener('abort', cancel);
      await worker.terminate();
    }
  }
}
