import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { FilesModule } from '../files/files.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { LettersModule } from '../letters/letters.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { MetricsService } from './metrics.service.js';

/**
 * Prometheus metrics: MetricsService observes every request (the first middleware, app.factory.ts) and at
 * each scrape reads the queues of the modules below it. On the top floor, so it may import any module and
 * no module imports it: a module exposes its figures as a plain method (OutboxService.queueStats,
 * BrowserPool.stats, …) and knows nothing of Prometheus. GET /metrics is served by metricsEndpoint at the
 * root path (outside /api), registered by app.factory.ts.
 */
@Module({
  imports: [OutboxModule, FilesModule, DocumentsModule, LettersModule, JobsModule],
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule {}
