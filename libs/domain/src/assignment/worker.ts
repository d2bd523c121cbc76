/// <reference types="node" />
/**
 * Runs the automatic assignment off the main thread (Node only: not exported from the browser-facing
 * index; import `@symposium/domain/dist/assignment/worker.js` or this file directly).
 *
 *   const job = runAssignmentInWorker(problem, { candidatesPerPaper: 50 }, { onProgress });
 *   job.cancel();            // or pass { signal } — the solver stops at its next check
 *   const result = await job.result;   // rejects with AssignmentCancelledError when cancelled
 *
 * Cancellation goes through a SharedArrayBuffer flag the solver reads in its main loop (a message
 * could not reach a worker whose event loop is busy solving).
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { AssignmentCancelledError } from './flow.js';
import { solveAssignment } from './solve.js';
import type { AssignmentOptions, AssignmentProblem, AssignmentProgress, AssignmentResult } from './types.js';

/** Options that cross the thread boundary (no callbacks, no signal). */
export type WorkerAssignmentOptions = Omit<AssignmentOptions, 'onProgress' | 'signal'>;

export type ToWorker = {
  type: 'solve';
  problem: AssignmentProblem;
  options: WorkerAssignmentOptions;
  cancelFlag: SharedArrayBuffer;
};
export type FromWorker =
  | { type: 'progress'; progress: AssignmentProgress }
  | { type: 'result'; result: AssignmentResult }
  | { type: 'error'; name: string; message: string };

/** A Worker, a MessagePort, or parentPort. */
export interface AssignmentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** The worker side: answers 'solve' messages on the port with progress, then the result or the error. */
export function serveAssignment(port: AssignmentPort): void {
  port.on('message', (raw) => {
    const message = raw as ToWorker;
    if (message?.type !== 'solve') return;
    const flag = new Int32Array(message.cancelFlag);
    try {
      const result = solveAssignment(message.problem, {
        ...message.options,
        signal: {
          get aborted() {
            return Atomics.load(flag, 0) === 1;
          },
        },
        onProgress: (progress) => port.postMessage({ type: 'progress', progress } satisfies FromWorker),
      });
      port.postMessage({ type: 'result', result } satisfies FromWorker);
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      port.postMessage({ type: 'error', name: err.name, message: err.message } satisfies FromWorker);
    }
  });
}

export interface AssignmentJob {
  result: Promise<AssignmentResult>;
  cancel(): void;
}

export interface AssignmentJobHooks {
  onProgress?: (progress: AssignmentProgress) => void;
  signal?: AbortSignal;
}

/** The caller side over any port: sends the problem, relays progress, resolves with the result. */
export function requestAssignment(
  port: AssignmentPort,
  problem: AssignmentProblem,
  options: WorkerAssignmentOptions = {},
  hooks: AssignmentJobHooks = {},
): AssignmentJob {
  const cancelFlag = new SharedArrayBuffer(4);
  const flag = new Int32Array(cancelFlag);
  const cancel = () => {
    Atomics.store(flag, 0, 1);
  };
  if (hooks.signal?.aborted) cancel();
  hooks.signal?.addEventListener('abort', cancel, { once: true });
  const result = new Promise<AssignmentResult>((resolve, reject) => {
    const listener = (raw: unknown) => {
      const message = raw as FromWorker;
      if (message.type === 'progress') {
        hooks.onProgress?.(message.progress);
        return;
      }
      port.off('message', listener);
      hooks.signal?.removeEventListener('abort', cancel);
      if (message.type === 'result') resolve(message.result);
      else if (message.name === 'AbortError') reject(new AssignmentCancelledError());
      else reject(new Error(message.message));
    };
    port.on('message', listener);
  });
  port.postMessage({ type: 'solve', problem, options, cancelFlag } satisfies ToWorker);
  return { result, cancel };
}

const WORKER_MARK = 'symposium-assignment-worker';

/** Starts a worker thread on this module, solves there, and ends the thread when done. */
export function runAssignmentInWorker(
  problem: AssignmentProblem,
  options: WorkerAssignmentOptions = {},
  hooks: AssignmentJobHooks = {},
): AssignmentJob {
  const worker = new Worker(new URL(import.meta.url), { workerData: WORKER_MARK });
  const job = requestAssignment(worker, problem, options, hooks);
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The assignment worker stopped (exit code ${code})`)));
  });
  const result = Promise.race([job.result, failed]).finally(() => void worker.terminate());
  return { result, cancel: job.cancel };
}

if (!isMainThread && parentPort && workerData === WORKER_MARK) serveAssignment(parentPort);
