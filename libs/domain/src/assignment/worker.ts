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
import { decodeProblemParts, type ProblemPart } from './problem-parts.js';
import { solveAssignment } from './solve.js';
import type { AssignmentOptions, AssignmentProblem, AssignmentProgress, AssignmentResult } from './types.js';
import { sharedJson } from './worker-rows.js';

/** Options that cross the thread boundary (no callbacks, no signal). */
export type WorkerAssignmentOptions = Omit<AssignmentOptions, 'onProgress' | 'signal'>;

export type ToWorker = {
  type: 'solve';
  problem: AssignmentProblem;
  options: WorkerAssignmentOptions;
  cancelFlag: SharedArrayBuffer;
};
export type FromWorker = JobReply<AssignmentProgress, AssignmentResult>;
/**
 * The problem as JSON parts in (problem-parts.ts, or a track's rows: worker-rows.ts, the problem then built
 * here), the result out as its JSON text in UTF-8 bytes in a SharedArrayBuffer: no object graph crosses,
 * and neither the parts' bytes nor the result's are copied into or out of a message.
 */
export type ToWorkerJson = {
  type: 'solve-json';
  parts: ProblemPart[];
  options: WorkerAssignmentOptions;
  cancelFlag: SharedArrayBuffer;
};

export { decodeProblemParts, encodeProblemParts, type ProblemPart } from './problem-parts.js';
export {
  ProblemRowsParts,
  problemFromRows,
  type ProblemRows,
  type RowsHeader,
  type RowUser,
} from './worker-rows.js';

/** A Worker, a MessagePort, or parentPort. */
export type AssignmentPort = WorkerPort;

/** The worker side: answers 'solve' messages on the port with progress, then the result or the error. */
export function serveAssignment(port: AssignmentPort): void {
  serveJob<ToWorker, AssignmentProgress, AssignmentResult>(port, 'solve', (message, context) =>
    solveAssignment(message.problem, { ...message.options, ...context }),
  );
  serveJob<ToWorkerJson, AssignmentProgress, Uint8Array>(port, 'solve-json', (message, context) =>
    sharedJson(solveAssignment(decodeProblemParts(message.parts), { ...message.options, ...context })),
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

/**
 * The same with the problem as JSON parts (encodeProblemParts, or ProblemRowsParts: a track's rows) and
 * the result as its JSON text in UTF-8 bytes (shared memory): for a server that answers with the result as
 * it is (no object graph, and no copy of the parts or of the result, crosses the thread boundary).
 */
export function runAssignmentJsonInWorker(
  parts: ProblemPart[],
  options: WorkerAssignmentOptions = {},
  hooks: AssignmentJobHooks = {},
  workerFile: string | URL = new URL(import.meta.url),
): WorkerJob<Uint8Array> {
  return runInWorker(workerFile, WORKER_MARK, 'The assignment worker', (port) =>
    requestJob<ToWorkerJson, AssignmentProgress, Uint8Array>(
      port,
      (cancelFlag) => ({ type: 'solve-json', parts, options, cancelFlag }),
      hooks,
      () => new AssignmentCancelledError(),
    ),
  );
}

serveWhenWorker(WORKER_MARK, serveAssignment);
