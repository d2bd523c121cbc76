import { availableParallelism } from 'node:os';
import type { CheckInput, CheckOutput } from './check-input.js';
import { checkExtracted, uncheckedOutput } from './check-pdf.js';
import { ExtractPool } from './extract-pool.js';

export interface PdfCheckerOptions {
  /** Worker threads reading PDFs at once; default min(2, available cores). */
  workers?: number;
  /** Per file; a worker still reading after it is terminated and replaced. Default 20,000. */
  timeoutMs?: number;
  /** A worker's JavaScript heap (its resource limit) and the most all its compressed streams may expand to. Default 512. */
  maxMemoryMb?: number;
  /** PDFs with more pages are not checked. Default 500. */
  maxPages?: number;
}

/**
 * Checks PDFs against a stage's format rules and, on double-blind tracks, for the authors' names: pdf.js
 * reads the file in a pool of worker threads (started on the first check), the rules run here on what it
 * read. A PDF that cannot be read within the limits (time, memory, pages) gets status 'unchecked'.
 */
export class PdfChecker {
  private readonly pool: ExtractPool;

  constructor(opts: PdfCheckerOptions = {}) {
    this.pool = new ExtractPool({
      workers: Math.max(1, opts.workers ?? Math.min(2, availableParallelism())),
      timeoutMs: opts.timeoutMs ?? 20_000,
      maxMemoryMb: opts.maxMemoryMb ?? 512,
      maxPages: opts.maxPages ?? 500,
    });
  }

  /** Never rejects for a bad PDF (only once closed). */
  async check(input: CheckInput): Promise<CheckOutput> {
    const extracted = await this.pool.extract(input.bytes);
    if ('kind' in extracted) return uncheckedOutput(extracted, input.stage);
    try {
      return checkExtracted(extracted, { ...input, fileBytes: input.bytes.length });
    } catch (e) {
      return uncheckedOutput({ kind: 'unreadable', detail: String((e as Error)?.message ?? e) }, input.stage);
    }
  }

  /** Ends the workers; checks still waiting reject. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
