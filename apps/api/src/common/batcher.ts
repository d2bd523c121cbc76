/** A result of a batch that fails only its own item (a refusal decided for that item alone). */
export class BatchItemError {
  constructor(readonly error: unknown) {}
}

export interface BatcherOptions<I> {
  /** At most this many items per batch (default 500); the rest wait for the next one. */
  max?: number;
  /**
   * Items with the same key never share a batch: the later ones wait for the next batch, so a batch never
   * has to order two items about the same object (e.g. two uploads to one paper).
   */
  keyOf?: (item: I) => unknown;
}

/**
 * Coalesces concurrent calls into batches, so N callers at once cost a few batches instead of N round trips.
 * A call waits for the batch in flight (if any) to finish; then every call queued meanwhile runs as one batch —
 * the busier the database, the bigger the batches. A lone call runs after the current I/O callbacks. A batch
 * never takes a call made after it started, so a caller always sees what was committed before it called.
 *
 * `run` answers one result per item, in order; a BatchItemError fails only its own item. When `run` throws,
 * each item of that batch runs again alone, so one item's fault reaches only its own caller.
 */
export class Batcher<I, O> {
  private queue: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private running = false;
  private readonly max: number;

  constructor(
    private readonly run: (items: I[]) => Promise<(O | BatchItemError)[]>,
    private readonly options: BatcherOptions<I> = {},
  ) {
    this.max = options.max ?? 500;
  }

  load(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.running || !this.queue.length) return;
    this.running = true;
    // after the current I/O callbacks, so the calls made in this turn share the batch
    setImmediate(() => void this.flush());
  }

  /** The first queued calls, at most `max`, at most one per key; the others stay queued in order. */
  private take(): typeof this.queue {
    const keyOf = this.options.keyOf;
    if (!keyOf) return this.queue.splice(0, this.max);
    const batch: typeof this.queue = [];
    const rest: typeof this.queue = [];
    const keys = new Set<unknown>();
    for (const call of this.queue) {
      const key = keyOf(call.item);
      if (batch.length >= this.max || keys.has(key)) rest.push(call);
      else {
        keys.add(key);
        batch.push(call);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async flush(): Promise<void> {
    const batch = this.take();
    try {
      let results: (O | BatchItemError)[];
      try {
        results = await this.run(batch.map((b) => b.item));
        if (results.length !== batch.length)
          throw new Error(`A batch of ${batch.length} answered ${results.length} results`);
      } catch (e) {
        if (batch.length === 1) return batch[0]!.reject(e);
        for (const b of batch) await this.runAlone(b);
        return;
      }
      batch.forEach((b, i) => settle(b, results[i]!));
    } finally {
      this.running = false;
      this.next();
    }
  }

  private async runAlone(call: (typeof this.queue)[number]): Promise<void> {
    try {
      const [result] = await this.run([call.item]);
      settle(call, result as O | BatchItemError);
    } catch (e) {
      call.reject(e);
    }
  }
}

function settle<O>(
  call: { resolve: (o: O) => void; reject: (e: unknown) => void },
  result: O | BatchItemError,
): void {
  if (result instanceof BatchItemError) call.reject(result.error);
  else call.resolve(result);
}
