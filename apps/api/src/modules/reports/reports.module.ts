import { Module } from '@nestjs/common';
import { ReadsModule } from '../../reads/reads.module.js';
import { ConferenceModule } from '../conference/conference.module.js';
import { PapersModule } from '../papers/papers.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { TracksModule } from '../tracks/tracks.module.js';
import { PaperReviewsExportController } from './paper-reviews-export.controller.js';
import { PaperReviewsExportService } from './paper-reviews-export.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/**
 * Reports (User and Paper: figures, tables, reconciliation lists, xlsx) and the paper calls that read the
 * reviews of a selection (html review export, reviewer assignments).
 */
@Module({
  imports: [ReadsModule, PapersModule, ReviewsModule, TracksModule, ConferenceModule],
  controllers: [ReportsController, PaperReviewsExportController],
  providers: [ReportsRepository, ReportsService, PaperReviewsExportService],
  exports: [ReportsService],
})
export class ReportsModule {}
