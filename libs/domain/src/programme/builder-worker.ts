/// <reference types="node" />
/**
 * Runs the session builder off the main thread (Node only: not exported from the browser-facing index;
 * import `@symposium/domain/programme/builder-worker`). The same protocol as assignment/worker.ts:
 *
 *   const job = runSessionBuilderInWorker(input, { seed: 1 }, { onProgress });
 *   job.cancel();            // or pass { signal } — the builder stops at its next check
 *   const result = await job.result;   // rejects with SessionBuilderCancelledError when cancelled
 *
 * Cancellation goes through a SharedArrayBuffer flag the builder reads between passes and search nodes
 * (a message could not reach a worker whose event loop is busy).
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  buildSessions,
  SessionBuilderCancelledError,
  type SessionBuilderInput,
  type SessionBuilderOptions,
  type SessionBuilderProgress,
  type SessionBuilderResult,
} from './builder.js';

/** Options that cross the thread boundary (no callbacks, no signal). */
export type WorkerSessionBuilderOptions = Omit<SessionBuilderOptions, 'onProgress' | 'signal'>;

export type ToBuilderWorker = {
  type: 'build';
  input: SessionBuilderInput;
  options: WorkerSessionBuilderOptions;
  cancelFlag: SharedArrayBuffer;
};
export type FromBuilderWorker =
  | { type: 'progress'; progress: SessionBuilderProgress }
  | { type: 'result'; result: SessionBuilderResult }
  | { type: 'error'; name: string; message: string };

/** A Worker, a MessagePort, or parentPort. */
export interface SessionBuilderPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** The worker side: answers 'build' messages on the port with progress, then the result or the error. */
export function serveSessionBuilder(port: SessionBuilderPort): void {
  port.on('message', (raw) => {
    const message = raw as ToBuilderWorker;
    if (message?.type !== 'build') return;
    const flag = new Int32Array(message.cancelFlag);
    try {
      const result = buildSessions(message.input, {
        ...message.options,
        signal: {
          get aborted() {
            return Atomics.load(flag, 0) === 1;
          },
        },
        onProgress: (progress) =>
          port.postMessage({ type: 'progress', progress } satisfies FromBuilderWorker),
      });
      port.postMessage({ type: 'result', result } satisfies FromBuilderWorker);
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      port.postMessage({ type: 'error', name: err.name, message: err.message } satisfies FromBuilderWorker);
    }
  });
}

export interface SessionBuilderJob {
  result: Promise<SessionBuilderResult>;
  cancel(): void;
}

export interface SessionBuilderJobHooks {
  onProgress?: (progress: SessionBuilderProgress) => void;
  signal?: AbortSignal;
}

/** The caller side over any port: sends the input, relays progress, resolves with the result. */
export function requestSessionBuilder(
  port: SessionBuilderPort,
  input: SessionBuilderInput,
  options: WorkerSessionBuilderOptions = {},
  hooks: SessionBuilderJobHooks = {},
): SessionBuilderJob {
  const cancelFlag = new SharedArrayBuffer(4);
  const flag = new Int32Array(cancelFlag);
  const cancel = () => {
    Atomics.store(flag, 0, 1);
  };
  if (hooks.signal?.aborted) cancel();
  hooks.signal?.addEventListener('abort', cancel, { once: true });
  const result = new Promise<SessionBuilderResult>((resolve, reject) => {
    const listener = (raw: unknown) => {
      const message = raw as FromBuilderWorker;
      if (message.type === 'progress') {
        hooks.onProgress?.(message.progress);
        return;
      }
      port.off('message', listener);
      hooks.signal?.removeEventListener('abort', cancel);
      if (message.type === 'result') resolve(message.result);
      else if (message.name === 'AbortError') reject(new SessionBuilderCancelledError());
      else reject(new Error(message.message));
    };
    port.on('message', listener);
  });
  port.postMessage({ type: 'build', input, options, cancelFlag } satisfies ToBuilderWorker);
  return { result, cancel };
}

const WORKER_MARK = 'symposium-session-builder-worker';

/** Starts a worker thread on this module, builds there, and ends the thread when done. */
export function runSessionBuilderInWorker(
  input: SessionBuilderInput,
  options: WorkerSessionBuilderOptions = {},
  hooks: SessionBuilderJobHooks = {},
): SessionBuilderJob {
  const worker = new Worker(new URL(import.meta.url), { workerData: WORKER_MARK });
  const job = requestSessionBuilder(worker, input, options, hooks);
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`The session builder worker stopped (exit code ${code})`)),
    );
  });
  const result = Promise.race([job.result, failed]).finally(() => void worker.terminate());
  return { result, cancel: job.cancel };
}

if (!isMainThread && parentPort && workerData === WORKER_MARK) serveSessionBuilder(parentPort);
