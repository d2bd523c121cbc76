/// <reference types="node" />
/**
 * Runs the automatic assignment off the main thread (Node only: not exported from the browser-facing
 * index; import `@symposium/domain/assignment/worker` or this file directly).
 *
 *   const job = runAssignmentInWorker(problem, { candidatesPerPaper: 50 }, { onProgress });
 *   job.cancel();            // or pass { signal } — the solver stops at its next check
 *   const result = await job.result;   // rejects with AssignmentCancelledError when cancelled
 *
 * The protocol (a SharedArrayBuffer cancel flag the solver reads in its main loop) is ../worker-protocol.ts.
 */
import { requestJob, runInWorker, serveJob, serveWhenWorker } from '../worker-protocol.js';
import type { JobReply, WorkerJob, WorkerJobHooks, WorkerPort } from '../worker-protocol.js';
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
export type FromWorker = JobReply<AssignmentProgress, AssignmentResult>;

/** A Worker, a MessagePort, or parentPort. */
export type AssignmentPort = WorkerPort;

/** The worker side: answers 'solve' messages on the port with progress, then the result or the error. */
export function serveAssignment(port: AssignmentPort): void {
  serveJob<ToWorker, AssignmentProgress, AssignmentResult>(port, 'solve', (message, context) =>
    solveAssignment(message.problem, { ...message.options, ...context }),
  );
}

export type AssignmentJob = WorkerJob<AssignmentResult>;
export type AssignmentJobHooks = WorkerJobHooks<AssignmentProgress>;

/** The caller side over any port: sends the problem, relays progress, resolves with the result. */
export function requestAssignment(
  port: AssignmentPort,
  problem: AssignmentProblem,
  options: WorkerAssignmentOptions = {},
  hooks: AssignmentJobHooks = {},
): AssignmentJob {
  return requestJob<ToWorker, AssignmentProgress, AssignmentResult>(
    port,
    (cancelFlag) => ({ type: 'solve', problem, options, cancelFlag }),
    hooks,
    () => new AssignmentCancelledError(),
  );
}

const WORKER_MARK = 'symposium-assignment-worker';

/**
 * Starts a worker thread on this module (or on `workerFile`, its built copy, when this one runs from
 * source), solves there, and ends the thread when done.
 */
export function runAssignmentInWorker(
  problem: AssignmentProblem,
  options: WorkerAssignmentOptions = {},
  hooks: AssignmentJobHooks = {},
  workerFile: string | URL = new URL(import.meta.url),
): AssignmentJob {
  return runInWorker(workerFile, WORKER_MARK, 'The assignment worker', (port) =>
    requestAssignment(port, problem, options, hooks),
  );
}

serveWhenWorker(WORKER_MARK, serveAssignment);
