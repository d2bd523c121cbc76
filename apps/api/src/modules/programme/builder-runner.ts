import { Injectable, Logger } from '@nestjs/common';
import {
  buildSessions,
  type SessionBuilderInput,
  type SessionBuilderProgress,
  type SessionBuilderResult,
} from '@symposium/domain';
import type { FromBuilderWorker, ToBuilderWorker } from '@symposium/domain/programme/builder-worker';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The built worker entry of libs/domain (same relative path from apps/api/src and apps/api/dist). */
const WORKER_FILE = fileURLToPath(
  new URL('../../../../../libs/domain/dist/programme/builder-worker.js', import.meta.url),
);
const WORKER_MARK = 'symposium-session-builder-worker';

/**
 * Runs the session builder in a worker thread (progress relayed; cancelled through a shared flag when the
 * signal aborts, e.g. the chair closes the page). Without the built worker (libs/domain not built) it builds
 * in-process and says so once.
 */
@Injectable()
export class BuilderRunner {
  private readonly logger = new Logger('SessionBuilder');
  private warned = false;

  async build(
    input: SessionBuilderInput,
    hooks: { signal?: AbortSignal; onProgress?: (p: SessionBuilderProgress) => void } = {},
  ): Promise<SessionBuilderResult> {
    const options = { seed: 1 };
    if (!existsSync(WORKER_FILE)) {
      if (!this.warned) {
        this.logger.warn(`${WORKER_FILE} is missing (run npm run build): building on the main thread`);
        this.warned = true;
      }
      return buildSessions(input, { ...options, signal: hooks.signal, onProgress: hooks.onProgress });
    }
    const worker = new Worker(WORKER_FILE, { workerData: WORKER_MARK });
    const cancelFlag = new SharedArrayBuffer(4);
    const cancel = () => Atomics.store(new Int32Array(cancelFlag), 0, 1);
    if (hooks.signal?.aborted) cancel();
    hooks.signal?.addEventListener('abort', cancel, { once: true });
    try {
      return await new Promise<SessionBuilderResult>((resolve, reject) => {
        worker.on('message', (raw: unknown) => {
          const m = raw as FromBuilderWorker;
          if (m.type === 'progress') hooks.onProgress?.(m.progress);
          else if (m.type === 'result') resolve(m.result);
          else {
            const err = new Error(m.message);
            err.name = m.name;
            reject(err);
          }
        });
        worker.once('error', reject);
        worker.once('exit', (code) =>
          reject(new Error(`The session builder worker stopped (exit code ${code})`)),
        );
        worker.postMessage({ type: 'build', input, options, cancelFlag } satisfies ToBuilderWorker);
      });
    } finally {
      hooks.signal?.removeEventListener('abort', cancel);
      await worker.terminate();
    }
  }
}
