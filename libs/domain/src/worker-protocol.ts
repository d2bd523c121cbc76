/// <reference types="node" />
/**
 * The protocol of the worker-thread runners (assignment/worker.ts, programme/builder-worker.ts). Node only:
 * not exported from the browser-facing index; the worker files import it and are entry points of their own.
 *
 * The caller posts one job message `{ type: <job name>, …, cancelFlag }`; the worker answers on the same port
 * with any number of `{ type: 'progress' }`, then one `{ type: 'result' }` or `{ type: 'error', name, message }`.
 * Cancellation goes through the SharedArrayBuffer `cancelFlag`, which the algorithm reads as a
 * `SharedCancelSignal` at its checks (a message could not reach a worker whose event loop is busy computing).
 */
import { constants, setPriority } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/** A Worker, a MessagePort, or parentPort. */
export interface WorkerPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** What every job message carries besides its own fields: its name and the shared cancel flag. */
export interface JobMessage<Name extends string = string> {
  type: Name;
  cancelFlag: SharedArrayBuffer;
}

/** The worker's answers to one job. */
export type JobReply<Progress, Result> =
  | { type: 'progress'; progress: Progress }
  | { type: 'result'; result: Result }
  | { type: 'error'; name: string; message: string };

/** A cancel flag shared between threads, read as a signal (`aborted`) by the algorithm. */
export class SharedCancelSignal {
  private readonly flag: Int32Array;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(4)) {
    this.flag = new Int32Array(buffer);
  }

  get aborted(): boolean {
    return Atomics.load(this.flag, 0) === 1;
  }

  cancel(): void {
    Atomics.store(this.flag, 0, 1);
  }
}

/** What the algorithm gets on the worker side: the shared cancel flag and a progress relay. */
export interface JobContext<Progress> {
  signal: SharedCancelSignal;
  onProgress: (progress: Progress) => void;
}

/**
 * The worker side: answers the messages named `type` on the port by running `run`, with its progress, then
 * its result or its error (name and message; a cancelled run throws an error named 'AbortError').
 */
export function serveJob<Message extends JobMessage, Progress, Result>(
  port: WorkerPort,
  type: Message['type'],
  run: (message: Message, context: JobContext<Progress>) => Result,
): void {
  const reply = (message: JobReply<Progress, Result>) => port.postMessage(message);
  port.on('message', (raw) => {
    const message = raw as Message;
    if (message?.type !== type) return;
    try {
      const result = run(message, {
        signal: new SharedCancelSignal(message.cancelFlag),
        onProgress: (progress) => reply({ type: 'progress', progress }),
      });
      reply({ type: 'result', result });
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      reply({ type: 'error', name: err.name, message: err.message });
    }
  });
}

export interface WorkerJob<Result> {
  result: Promise<Result>;
  cancel(): void;
}

export interface WorkerJobHooks<Progress> {
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
}

/**
 * The caller side over any port: posts the message `message(cancelFlag)` makes, relays progress, and resolves
 * with the result. An 'AbortError' rejects with `cancelled()`, any other error with its message and name.
 * `cancel()` and an abort of `hooks.signal` set the shared flag.
 */
export function requestJob<Message extends JobMessage, Progress, Result>(
  port: WorkerPort,
  message: (cancelFlag: SharedArrayBuffer) => Message,
  hooks: WorkerJobHooks<Progress>,
  cancelled: () => Error,
): WorkerJob<Result> {
  const flag = new SharedCancelSignal();
  const cancel = () => flag.cancel();
  if (hooks.signal?.aborted) cancel();
  hooks.signal?.addEventListener('abort', cancel, { once: true });
  const result = new Promise<Result>((resolve, reject) => {
    const listener = (raw: unknown) => {
      const reply = raw as JobReply<Progress, Result>;
      if (reply.type === 'progress') {
        hooks.onProgress?.(reply.progress);
        return;
      }
      port.off('message', listener);
      hooks.signal?.removeEventListener('abort', cancel);
      if (reply.type === 'result') resolve(reply.result);
      else if (reply.name === 'AbortError') reject(cancelled());
      else reject(Object.assign(new Error(reply.message), { name: reply.name }));
    };
    port.on('message', listener);
  });
  port.postMessage(message(flag.buffer));
  return { result, cancel };
}

/**
 * Starts a worker thread on `file` (a module that calls `serveWhenWorker(mark, …)`), runs the job `request`
 * posts on it, and ends the thread before it answers; the thread failing or stopping rejects with `${what} stopped`.
 */
export function runInWorker<Result>(
  file: string | URL,
  mark: string,
  what: string,
  request: (port: WorkerPort) => WorkerJob<Result>,
): WorkerJob<Result> {
  const worker = new Worker(file, { workerData: mark });
  const job = request(worker);
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`${what} stopped (exit code ${code})`)));
  });
  const result = Promise.race([job.result, failed]).finally(() => worker.terminate());
  return { result, cancel: job.cancel };
}

/**
 * In a worker thread started with `workerData` = `mark`: serves its parent port, at a lower scheduling
 * priority than the server's other threads. These jobs are long computations (seconds of CPU on a large
 * track); on a machine with few cores the thread that answers requests (e.g. /api/health) should not wait
 * behind them. On Linux the nice value is per thread, so this lowers this worker alone; where lowering is
 * refused the job runs as it is.
 */
export function serveWhenWorker(mark: string, serve: (port: WorkerPort) => void): void {
  if (isMainThread || !parentPort || workerData !== mark) return;
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // not permitted here: the same priority as the server
  }
  serve(parentPort);
}
