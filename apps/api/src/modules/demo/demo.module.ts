import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/outbox.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { ActivityModule } from '../activity/activity.module.js';
import { ConferenceModule } from '../conference/conference.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { FilesModule } from '../files/files.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { LettersModule } from '../letters/letters.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PapersModule } from '../papers/papers.module.js';
import { ProgrammeModule } from '../programme/programme.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { TracksModule } from '../tracks/tracks.module.js';
import { UsersModule } from '../users/users.module.js';
import { DemoSeeder } from './demo-seeder.service.js';
import { ReportsModule } from '../reports/reports.module.js';
import { StartupService } from './startup.service.js';

/**
 * The demo conference and the start-up tasks. On the top floor: it writes through every module's services
 * (papers, reviews, programme, mail, letters, reminders), never their tables.
 */
@Module({
  imports: [
    OutboxModule,
    AuthModule,
    ActivityModule,
    UsersModule,
    TracksModule,
    ConferenceModule,
    MailModule,
    PapersModule,
    ReviewsModule,
    ProgrammeModule,
    JobsModule,
    LettersModule,
    DocumentsModule,
    FilesModule,
    ReportsModule,
  ],
  providers: [StartupService, DemoSeeder],
  exports: [StartupService, DemoSeeder],
})
export class DemoModule {}
