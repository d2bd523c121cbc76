import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractedPdf, UncheckedReason } from './extracted.js';
import {
  extractWorkerMain,
  type ExtractReply,
  type ExtractRequest,
  type ExtractWorkerInit,
} from './extract-worker.js';

export interface ExtractLimits {
  workers: number;
  timeoutMs: number;
  maxMemoryMb: number;
  maxPages: number;
}

/** At most this many text items per document (a 500-page paper holds about 300,000 words). */
const MAX_ITEMS = 1_000_000;

/** The program each worker runs: the source text of extractWorkerMain, called with its two arguments. */
const WORKER_SOURCE = `(${extractWorkerMain.toString()})(require('node:worker_threads'), require);`;

interface Job {
  request: Omit<ExtractRequest, 'id'>;
  resolve: (outcome: ExtractedPdf | UncheckedReason) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
}

/**
 * A pool of extraction workers (worker threads). Workers start on the first job, and are replaced when one
 * runs out of time (it is terminated), out of memory or stops; jobs wait in a queue while every worker is
 * busy. An idle worker does not keep the process alive.
 */
export class ExtractPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly init: ExtractWorkerInit;
  private nextId = 1;
  private closed = false;

  constructor(private readonly limits: ExtractLimits) {
    const require = createRequire(import.meta.url);
    const pdfjsDir = dirname(require.resolve('pdfjs-dist/package.json'));
    this.init = {
      pdfjsUrl: pathToFileURL(join(pdfjsDir, 'legacy/build/pdf.mjs')).href,
      cMapDir: join(pdfjsDir, 'cmaps') + '/',
    };
  }

  /** The facts of the PDF, or why it could not be read within the limits. */
  extract(bytes: Uint8Array): Promise<ExtractedPdf | UncheckedReason> {
    if (this.closed) return Promise.reject(new Error('The PDF checker is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({
        // a copy: the caller keeps its bytes, and the worker may own these
        request: {
          bytes: new Uint8Array(bytes),
          maxPages: this.limits.maxPages,
          inflateLimit: this.limits.maxMemoryMb * 1e6,
          maxItems: MAX_ITEMS,
        },
        resolve,
        reject,
      });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The PDF checker is closed'));
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        if (slot.job) {
          clearTimeout(slot.job.timer);
          slot.job.reject(new Error('The PDF checker is closed'));
        }
        return slot.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot) {
        if (this.slots.length >= this.limits.workers) return;
        slot = this.start();
      }
      const job = this.queue.shift()!;
      const id = this.nextId++;
      const running = slot;
      running.job = {
        ...job,
        id,
        timer: setTimeout(
          () => this.fail(running, { kind: 'timeout', seconds: this.limits.timeoutMs / 1000 }),
          this.limits.timeoutMs,
        ),
      };
      running.worker.ref();
      running.worker.postMessage({ id, ...job.request } satisfies ExtractRequest, [
        job.request.bytes.buffer as ArrayBuffer,
      ]);
    }
  }

  private start(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: this.init,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxMemoryMb },
    });
    const slot: Slot = { worker, job: null };
    worker.on('message', (reply: ExtractReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      clearTimeout(job.timer);
      slot.job = null;
      worker.unref();
      job.resolve(reply.ok ? reply.pdf : reply.reason);
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      this.fail(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { kind: 'memory', megabytes: this.limits.maxMemoryMb }
          : { kind: 'unreadable', detail: error.message },
      );
    });
    worker.on('exit', (code) =>
      this.fail(slot, { kind: 'unreadable', detail: `the checker stopped (exit code ${code})` }),
    );
    this.slots.push(slot);
    return slot;
  }

  /** Ends the slot's job with `reason`, and its worker: a fresh one replaces it when next needed. */
  private fail(slot: Slot, reason: UncheckedReason): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    const job = slot.job;
    slot.job = null;
    if (job) {
      clearTimeout(job.timer);
      job.resolve(reason);
    }
    void slot.worker.terminate();
    this.dispatch();
  }
}
