import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { ReadsModule } from '../../reads/reads.module.js';
import { ConferenceModule } from '../conference/conference.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PapersModule } from '../papers/papers.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { TracksModule } from '../tracks/tracks.module.js';
import { UsersModule } from '../users/users.module.js';
import { ActivityReportService } from './activity-report.service.js';
import { ChairActivityController } from './chair-activity.controller.js';
import { PaperReviewsExportController } from './chair-papers.controller.js';
import { PaperReviewsExportService } from './paper-reviews-export.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/**
 * Reports (User and Paper: figures, tables, reconciliation lists, xlsx) and the paper calls that read the
 * reviews of a selection (html review export, reviewer assignments), and the activity report (the log with
 * people's names, its export, the e-mail delivery summary).
 */
@Module({
  imports: [
    ReadsModule,
    PapersModule,
    ReviewsModule,
    TracksModule,
    ConferenceModule,
    UsersModule,
    ActivityModule,
    MailModule,
  ],
  controllers: [ReportsController, PaperReviewsExportController, ChairActivityController],
  providers: [ReportsRepository, ReportsService, PaperReviewsExportService, ActivityReportService],
  exports: [ReportsService],
})
export class ReportsModule {}
