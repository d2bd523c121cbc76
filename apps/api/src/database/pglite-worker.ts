/**
 * PGlite (PostgreSQL in WASM) in a worker thread, so a long query never blocks the API's event loop.
 *
 * The main thread gets `PgliteWorkerClient`, which answers the part of PGlite's interface that
 * drizzle-orm/pglite calls: `query(sql, params, { rowMode, parsers })` and `transaction(fn)` (whose `fn` gets a
 * client with `query` and `exec`). Each call is a message to the worker, which runs it on the one PGlite instance
 * and answers with its result, or its error with every PostgreSQL field (code, constraint, detail…).
 *
 * - Parsers are functions and cannot cross threads: the worker returns the raw text of the columns whose type
 *   has a parser, and the main thread applies the parser (PGlite's own semantics: not called for NULL).
 * - A transaction's callback runs on the main thread; the worker holds PGlite's transaction open (its mutex
 *   queues every other query meanwhile, as in-process) and runs the queries tagged with the transaction's id,
 *   then commits, or rolls back when the callback threw.
 * - The worker is referenced (keeps the process alive) only while a request or a transaction is open.
 *
 * The worker's code is `pgliteWorkerMain`, started from its source text (`eval`), so it runs the same from the
 * TypeScript sources under jest and from the built files: it must not use anything from this module's scope.
 */
import type { PGlite, PGliteOptions, Results, Transaction } from '@electric-sql/pglite';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** A compiled WebAssembly module (the project's TypeScript libraries do not declare WebAssembly). */
type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
  .WebAssembly;

/** What the worker starts with. */
interface WorkerInit {
  /** The path of PGlite's CommonJS entry, resolved on the main thread. */
  pglitePath: string;
  /** PGlite's data directory; undefined: in memory. */
  dataDir?: string;
  /** In memory: a data-directory tarball to start from (pglite-template.ts). */
  template?: Uint8Array;
  /** pglite.wasm and initdb.wasm compiled once per process (compiling them costs more than starting PGlite). */
  pgliteWasmModule: WasmModule;
  initdbWasmModule: WasmModule;
}

type Request =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      rawOids: number[];
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** A request before the client numbers it. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Outgoing = WithoutId<Request>;

/** Every answer; id 0 is the start-up answer. */
type Reply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/**
 * The worker thread's program. Self-contained (it is started from its source text): `threads` is
 * node:worker_threads and `load` is the worker's `require`.
 */
export function pgliteWorkerMain(
  threads: typeof import('node:worker_threads'),
  load: (id: string) => unknown,
): void {
  const port = threads.parentPort!;
  const init = threads.workerData as WorkerInit;
  const reply = (message: Reply) => {
    try {
      port.postMessage(message);
    } catch (e) {
      // a value that cannot be cloned: answer with the error instead of leaving the caller waiting
      port.postMessage({ id: message.id, ok: false, error: { name: 'Error', message: String(e) } });
    }
  };
  /** An error as plain data: message, name, stack and every own field but functions and the query options. */
  const serialise = (e: unknown): Record<string, unknown> => {
    if (!(e instanceof Error)) return { name: 'Error', message: String(e) };
    const out: Record<string, unknown> = { name: e.name, message: e.message, stack: e.stack };
    for (const [key, value] of Object.entries(e)) {
      if (key !== 'queryOptions' && typeof value !== 'function') out[key] = value;
    }
    return out;
  };
  const { PGlite: PGliteClass } = load(init.pglitePath) as { PGlite: typeof PGlite };
  const db = new PGliteClass({
    dataDir: init.dataDir,
    loadDataDir: init.template ? new Blob([init.template as Uint8Array<ArrayBuffer>]) : undefined,
    pgliteWasmModule: init.pgliteWasmModule,
    initdbWasmModule: init.initdbWasmModule,
  });
  const identity = (value: string) => value;
  /** An open transaction: PGlite's transaction client, the request that ends it, and its end. */
  interface OpenTransaction {
    client?: Transaction;
    endId: number;
    finish: (commit: boolean) => void;
  }
  const txs = new Map<number, OpenTransaction>();
  let nextTx = 1;
  const ROLLBACK = { rollback: true };

  const target = (tx: number | undefined): PGlite | Transaction => {
    if (tx === undefined) return db;
    const client = txs.get(tx)?.client;
    if (!client) throw new Error(`Transaction ${tx} is closed`);
    return client;
  };

  /** Opens a transaction: answers `id` with its id from inside it (or with BEGIN's error), its end with the outcome. */
  const begin = (id: number) => {
    const txId = nextTx++;
    const open: OpenTransaction = { endId: 0, finish: () => undefined };
    db.transaction(async (client) => {
      open.client = client;
      const done = new Promise<void>((resolve, reject) => {
        open.finish = (commit) => (commit ? resolve() : reject(ROLLBACK));
      });
      txs.set(txId, open);
      reply({ id, ok: true, result: txId });
      await done;
    }).then(
      () => reply({ id: open.endId, ok: true, result: null }),
      (e: unknown) => {
        if (e === ROLLBACK) reply({ id: open.endId, ok: true, result: null });
        else reply({ id: open.client ? open.endId : id, ok: false, error: serialise(e) });
      },
    );
  };

  const handle = async (message: Request): Promise<unknown> => {
    switch (message.op) {
      case 'query': {
        const parsers = Object.fromEntries(message.rawOids.map((oid) => [oid, identity]));
        const result = await target(message.tx).query(message.sql, message.params, {
          rowMode: message.rowMode,
          parsers,
        });
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case 'exec':
        return (await target(message.tx).exec(message.sql)).map((r) => ({
          rows: r.rows,
          fields: r.fields,
          affectedRows: r.affectedRows,
        }));
      case 'close':
        await db.close();
        return null;
      default:
        throw new Error(`Unknown request ${(message as { op: string }).op}`);
    }
  };

  port.on('message', (message: Request) => {
    if (message.op === 'begin') {
      begin(message.id);
      return;
    }
    if (message.op === 'end') {
      const open = txs.get(message.tx);
      if (!open) {
        reply({
          id: message.id,
          ok: false,
          error: { name: 'Error', message: `Transaction ${message.tx} is closed` },
        });
        return;
      }
      txs.delete(message.tx);
      open.endId = message.id;
      open.finish(message.commit);
      return;
    }
    handle(message).then(
      (result) => reply({ id: message.id, ok: true, result }),
      (e: unknown) => reply({ id: message.id, ok: false, error: serialise(e) }),
    );
  });

  db.waitReady.then(
    () => reply({ id: 0, ok: true, result: null }),
    (e: unknown) => reply({ id: 0, ok: false, error: serialise(e) }),
  );
}

type Parser = (value: string, typeId: number) => unknown;
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, Parser>;
  [other: string]: unknown;
}

/** An error answered by the worker, rebuilt with all its fields (code, constraint, detail, …). */
function rebuildError(data: Record<string, unknown>): Error {
  const { message, stack, ...fields } = data;
  const error = new Error(String(message));
  Object.assign(error, fields);
  if (typeof stack === 'string') error.stack = stack;
  return error;
}

/** Applies the caller's parsers to the raw text the worker returned for their types. */
function applyParsers(result: Results, options: QueryOptions | undefined): Results {
  const parsers = options?.parsers;
  if (!parsers) return result;
  const columns = result.fields
    .map((field, index) => ({
      index,
      name: field.name,
      typeId: field.dataTypeID,
      parse: parsers[field.dataTypeID],
    }))
    .filter((c): c is typeof c & { parse: Parser } => c.parse !== undefined);
  if (columns.length === 0) return result;
  const arrayMode = options?.rowMode === 'array';
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const c of columns) {
      const key = arrayMode ? c.index : c.name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = c.parse(value as string, c.typeId);
    }
  }
  return result;
}

type Compiled = Promise<{ pgliteWasmModule: WasmModule; initdbWasmModule: WasmModule }>;
/** Kept on globalThis: jest evaluates this module again for every test file of a process. */
const CACHE = Symbol.for('symposium.pglite.compiledModules');
const cache = globalThis as { [CACHE]?: Compiled };

/** PGlite's two WebAssembly modules (next to its entry), compiled once per process and shared with every worker. */
function compiledModules(pglitePath: string): Compiled {
  const compile = async (file: string) => wasm.compile(await readFile(join(dirname(pglitePath), file)));
  const compiled = (cache[CACHE] ??= Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]).then(
    ([pgliteWasmModule, initdbWasmModule]) => ({ pgliteWasmModule, initdbWasmModule }),
  ));
  compiled.catch(() => delete cache[CACHE]);
  return compiled;
}

/** The transaction client handed to drizzle's transaction callback. */
export interface PgliteWorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** The main thread's side: PGlite's query/transaction/exec as messages to the worker. */
export class PgliteWorkerClient {
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private openTransactions = 0;
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      this.refresh();
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(rebuildError(reply.error));
    });
    const stop = (error: Error) => {
      this.stopped ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.stopped);
      this.pending.clear();
    };
    worker.on('error', (e) => stop(new Error(`The embedded database stopped: ${e.message}`, { cause: e })));
    worker.on('exit', (code) => stop(new Error(`The embedded database stopped (exit code ${code})`)));
  }

  /**
   * Starts the worker on `dataDir` (undefined: in memory, from `template` when given) and waits until PGlite
   * is ready.
   */
  static async start(dataDir?: string, template?: Uint8Array): Promise<PgliteWorkerClient> {
    const pglitePath = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const { pgliteWasmModule, initdbWasmModule } = await compiledModules(pglitePath);
    // __name: the helper esbuild (tsx) inserts to keep function names
    const source = `var __name = (f) => f;\n(${pgliteWorkerMain.toString()})(require('node:worker_threads'), require);`;
    const worker = new Worker(source, {
      eval: true,
      workerData: { pglitePath, dataDir, template, pgliteWasmModule, initdbWasmModule } satisfies WorkerInit,
    });
    const client = new PgliteWorkerClient(worker);
    const ready = new Promise((resolve, reject) => client.pending.set(0, { resolve, reject }));
    client.refresh();
    try {
      await ready;
    } catch (e) {
      await worker.terminate();
      throw e;
    }
    return client;
  }

  /** Requests sent and not yet answered, and transactions open (metrics). */
  load(): { pending: number; openTransactions: number } {
    return { pending: this.pending.size, openTransactions: this.openTransactions };
  }

  /** Keeps the process alive only while something waits on the worker. */
  private refresh(): void {
    if (this.pending.size > 0 || this.openTransactions > 0) this.worker.ref();
    else this.worker.unref();
  }

  private request<T>(message: Outgoing): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    const answer = new Promise<T>((resolve, reject) =>
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject }),
    );
    this.refresh();
    this.worker.postMessage({ ...message, id });
    return answer;
  }

  private async runQuery<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number) {
    for (const key of Object.keys(options ?? {})) {
      if (key !== 'rowMode' && key !== 'parsers') throw new Error(`The query option ${key} is not supported`);
    }
    const rawOids = Object.keys(options?.parsers ?? {}).map(Number);
    const result = await this.request<Results<T>>({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode,
      rawOids,
      tx,
    });
    return applyParsers(result as Results, options) as Results<T>;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.request<Results[]>({ op: 'exec', sql });
  }

  /** Runs `fn` in one transaction: committed when it resolves, rolled back (and its error rethrown) when it throws. */
  async transaction<T>(fn: (tx: PgliteWorkerTransaction) => Promise<T>): Promise<T> {
    const txId = await this.request<number>({ op: 'begin' });
    this.openTransactions++;
    let closed = false;
    const ensureOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: PgliteWorkerTransaction = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        ensureOpen();
        return this.runQuery<R>(sql, params, options, txId);
      },
      exec: async (sql: string) => {
        ensureOpen();
        return this.request<Results[]>({ op: 'exec', sql, tx: txId });
      },
    };
    try {
      let result: T;
      try {
        result = await fn(tx);
      } catch (e) {
        closed = true;
        await this.request({ op: 'end', tx: txId, commit: false }).catch(() => undefined);
        throw e;
      }
      closed = true;
      await this.request({ op: 'end', tx: txId, commit: true });
      return result;
    } finally {
      this.openTransactions--;
      this.refresh();
    }
  }

  /** Closes PGlite (its files synced) and ends the worker thread. */
  async close(): Promise<void> {
    if (!this.stopped) await this.request({ op: 'close' });
    this.stopped ??= new Error('The embedded database is closed');
    await this.worker.terminate();
  }
}
