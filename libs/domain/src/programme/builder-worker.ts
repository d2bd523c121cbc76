/// <reference types="node" />
/**
 * Runs the session builder off the main thread (Node only: not exported from the browser-facing index;
 * import `@symposium/domain/programme/builder-worker`). The same protocol as assignment/worker.ts
 * (../worker-protocol.ts):
 *
 *   const job = runSessionBuilderInWorker(input, { seed: 1 }, { onProgress });
 *   job.cancel();            // or pass { signal } — the builder stops at its next check
 *   const result = await job.result;   // rejects with SessionBuilderCancelledError when cancelled
 *
 * Cancellation goes through a SharedArrayBuffer flag the builder reads between passes and search nodes
 * (a message could not reach a worker whose event loop is busy).
 */
import { requestJob, runInWorker, serveJob, serveWhenWorker } from '../worker-protocol.js';
import type { JobReply, WorkerJob, WorkerJobHooks, WorkerPort } from '../worker-protocol.js';
import {
  buildSessions,
  SessionBuilderCancelledError,
  type SessionBuilderInput,
  type SessionBuilderOptions,
  type SessionBuilderProgress,
  type SessionBuilderResult,
} from './builder.js';

/** Options that cross the thread boundary (no callbacks, no signal). */
export type WorkerSessionBuilderOptions = Omit<
  SessionBuilderOptions,
  'onProgress' | 'signal' | 'budget' | 'now'
>;

export type ToBuilderWorker = {
  type: 'build';
  input: SessionBuilderInput;
  options: WorkerSessionBuilderOptions;
  cancelFlag: SharedArrayBuffer;
};
export type FromBuilderWorker = JobReply<SessionBuilderProgress, SessionBuilderResult>;

/** A Worker, a MessagePort, or parentPort. */
export type SessionBuilderPort = WorkerPort;

/** The worker side: answers 'build' messages on the port with progress, then the result or the error. */
export function serveSessionBuilder(port: SessionBuilderPort): void {
  serveJob<ToBuilderWorker, SessionBuilderProgress, SessionBuilderResult>(port, 'build', (message, context) =>
    buildSessions(message.input, { ...message.options, ...context }),
  );
}

export type SessionBuilderJob = WorkerJob<SessionBuilderResult>;
export type SessionBuilderJobHooks = WorkerJobHooks<SessionBuilderProgress>;

/** The caller side over any port: sends the input, relays progress, resolves with the result. */
export function requestSessionBuilder(
  port: SessionBuilderPort,
  input: SessionBuilderInput,
  options: WorkerSessionBuilderOptions = {},
  hooks: SessionBuilderJobHooks = {},
): SessionBuilderJob {
  return requestJob<ToBuilderWorker, SessionBuilderProgress, SessionBuilderResult>(
    port,
    (cancelFlag) => ({ type: 'build', input, options, cancelFlag }),
    hooks,
    () => new SessionBuilderCancelledError(),
  );
}

const WORKER_MARK = 'symposium-session-builder-worker';

/**
 * Starts a worker thread on this module (or on `workerFile`, its built copy, when this one runs from
 * source), builds there, and ends the thread when done.
 */
export function runSessionBuilderInWorker(
  input: SessionBuilderInput,
  options: WorkerSessionBuilderOptions = {},
  hooks: SessionBuilderJobHooks = {},
  workerFile: string | URL = new URL(import.meta.url),
): SessionBuilderJob {
  return runInWorker(workerFile, WORKER_MARK, 'The session builder worker', (port) =>
    requestSessionBuilder(port, input, options, hooks),
  );
}

serveWhenWorker(WORKER_MARK, serveSessionBuilder);
