import { Inject, Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EndedRequest, RequestObserver } from '../../common/request-context.js';
import type { DatabaseHandle } from '../../database/database.js';
import { DB_HANDLE } from '../../database/database.module.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { BrowserPool } from '../documents/browser-pool.js';
import { FilesService } from '../files/files.service.js';
import { ReminderScheduler } from '../jobs/reminder.scheduler.js';
import { DocumentBatchesService } from '../letters/document-batches.service.js';
import { OutboxService } from '../outbox/outbox.service.js';

/** Request durations, seconds: from a cached read to a large upload on a slow line. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

const PROCESS_METRICS = Symbol.for('symposium.metrics.process');

/**
 * Node's own metrics — CPU and memory, heap, GC, handles, nodejs_eventloop_lag_seconds — once per process
 * (kept on globalThis: tests build many apps in one process, and each collector watches the event loop and GC).
 */
function processMetrics(): Registry {
  const slot = globalThis as { [PROCESS_METRICS]?: Registry };
  if (!slot[PROCESS_METRICS]) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    slot[PROCESS_METRICS] = registry;
  }
  return slot[PROCESS_METRICS];
}

/** What a scrape reads, each on its own: one that fails leaves the others (and its last values) in place. */
type Source = 'database' | 'outbox' | 'reminders' | 'document_batches' | 'chromium' | 'uploads';

/**
 * The process's metrics in Prometheus's text format (GET /metrics): requests (a histogram by route template
 * and status, those in flight), the database connections, Node's own (event-loop lag, CPU, memory, GC), and
 * the queues of the other modules read at each scrape — the outbox, reminder runs, document batches, the
 * Chromium pool and the uploads being written. Queues kept in the database (outbox, reminders, batches) are
 * the whole system's, whichever process answers; the rest are this process's.
 */
@Injectable()
export class MetricsService implements RequestObserver {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();

  private readonly requestDuration = new Histogram({
    name: 'symposium_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer sent, by route template and status (0: the client left first)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly inFlight = this.gauge('symposium_http_requests_in_flight', 'Requests being served now');
  private readonly dbInUse = this.gauge(
    'symposium_db_pool_in_use',
    'Database connections running a statement or holding a transaction (PGlite: 1 while busy)',
    ['database'],
  );
  private readonly dbIdle = this.gauge('symposium_db_pool_idle', 'Database connections open and idle', [
    'database',
  ]);
  private readonly dbWaiting = this.gauge(
    'symposium_db_pool_waiting',
    'Queries waiting for a database connection (PGlite: statements queued behind the one running)',
    ['database'],
  );
  private readonly dbSize = this.gauge(
    'symposium_db_pool_size',
    'Database connections this process may open (PGlite: 1)',
    ['database'],
  );
  private readonly outboxMessages = this.gauge(
    'symposium_outbox_messages',
    'E-mails in the outbox by state: queued (waiting to be sent or retried), sending, failed (given up)',
    ['state'],
  );
  private readonly outboxOldest = this.gauge(
    'symposium_outbox_oldest_queued_age_seconds',
    'Age of the oldest queued e-mail (0 when none is queued)',
  );
  private readonly reminderLag = this.gauge(
    'symposium_reminder_lag_seconds',
    'How late the reminder runs are: time past one scheduler tick since the least recently run enabled rule ran',
  );
  private readonly batches = this.gauge(
    'symposium_document_batches',
    'Document batches (bulk letters, certificates, invoices) by state: queued or running',
    ['state'],
  );
  private readonly batchItems = this.gauge(
    'symposium_document_batch_items_remaining',
    'Documents the queued and running batches have still to issue',
  );
  private readonly chromiumPages = this.gauge(
    'symposium_chromium_pages',
    'Pages of the document Chromium: in_use (rendering) or idle (warm)',
    ['state'],
  );
  private readonly chromiumWaiting = this.gauge(
    'symposium_chromium_renders_waiting',
    'Renders waiting for a Chromium page',
  );
  private readonly chromiumMaxPages = this.gauge(
    'symposium_chromium_pages_max',
    'Chromium pages rendering at the same time at most',
  );
  private readonly chromiumUp = this.gauge(
    'symposium_chromium_up',
    '1 while the document Chromium is running (it starts on the first render)',
  );
  private readonly chromiumLaunches = new Counter({
    name: 'symposium_chromium_launches_total',
    help: 'Times the document Chromium was started (more than 1: it crashed or was killed and was relaunched)',
    registers: [this.registry],
  });
  private readonly uploads = this.gauge(
    'symposium_uploads_in_progress',
    'Uploaded files being written to the file store now',
  );
  private readonly sourceUp = this.gauge(
    'symposium_metrics_source_up',
    '1 when the last scrape could read the source (database, outbox, reminders, document_batches, chromium, uploads)',
    ['source'],
  );

  constructor(
    @Inject(DB_HANDLE) private readonly database: DatabaseHandle,
    private readonly outbox: OutboxService,
    private readonly reminders: ReminderScheduler,
    private readonly documentBatches: DocumentBatchesService,
    private readonly browser: BrowserPool,
    private readonly files: FilesService,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'metricsToken'>,
  ) {
    // Node's collectors (a GC observer, an event-loop monitor) cannot be stopped: start them only when metrics
    // are served, so processes that build many apps (the tests) do not pile them up.
    if (config.metricsToken) processMetrics();
  }

  private gauge(name: string, help: string, labelNames: string[] = []): Gauge {
    return new Gauge({ name, help, labelNames, registers: [this.registry] });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  started(): void {
    this.inFlight.inc();
  }

  ended(_req: unknown, e: EndedRequest): void {
    this.inFlight.dec();
    this.requestDuration.observe({ method: e.method, route: e.route, status: String(e.status) }, e.seconds);
  }

  /** Reads every source, then renders every series. */
  async scrape(): Promise<string> {
    await Promise.all([
      this.read('database', () => {
        const stats = this.database.stats?.();
        if (!stats) return;
        const labels = { database: this.database.kind };
        this.dbInUse.set(labels, stats.inUse);
        this.dbIdle.set(labels, stats.idle);
        this.dbWaiting.set(labels, stats.waiting);
        this.dbSize.set(labels, stats.size);
      }),
      this.read('outbox', async () => {
        const q = await this.outbox.queueStats();
        this.outboxMessages.set({ state: 'queued' }, q.queued);
        this.outboxMessages.set({ state: 'sending' }, q.sending);
        this.outboxMessages.set({ state: 'failed' }, q.failed);
        this.outboxOldest.set(q.oldestQueuedSeconds);
      }),
      this.read('reminders', async () => this.reminderLag.set(await this.reminders.lagSeconds())),
      this.read('document_batches', async () => {
        const q = await this.documentBatches.queue();
        this.batches.set({ state: 'queued' }, q.queued);
        this.batches.set({ state: 'running' }, q.running);
        this.batchItems.set(q.items);
      }),
      this.read('chromium', () => {
        const s = this.browser.stats();
        this.chromiumPages.set({ state: 'in_use' }, s.inUse);
        this.chromiumPages.set({ state: 'idle' }, s.idle);
        this.chromiumWaiting.set(s.waiting);
        this.chromiumMaxPages.set(s.maxPages);
        this.chromiumUp.set(s.up ? 1 : 0);
        this.chromiumLaunches.reset();
        this.chromiumLaunches.inc(s.launches);
      }),
      this.read('uploads', () => this.uploads.set(this.files.uploadsInProgress)),
    ]);
    const [own, node] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own.trimEnd()}\n\n${node}`;
  }

  private async read(source: Source, work: () => unknown): Promise<void> {
    try {
      await work();
      this.sourceUp.set({ source }, 1);
    } catch (e) {
      this.sourceUp.set({ source }, 0);
      this.logger.warn(
        `Could not read ${source} for the metrics: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  }
}
