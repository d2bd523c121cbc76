import { Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './config/config.js';
import type { DatabaseHandle } from './database/database.js';
import { DatabaseModule } from './database/database.module.js';
import { ActivityModule } from './modules/activity/activity.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ConferenceModule } from './modules/conference/conference.module.js';
import { DemoModule } from './modules/demo/demo.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { LettersModule } from './modules/letters/letters.module.js';
import { OutboxModule } from './modules/outbox/outbox.module.js';
import { MailModule } from './modules/mail/mail.module.js';
import { MetricsModule } from './modules/metrics/metrics.module.js';
import { PapersModule } from './modules/papers/papers.module.js';
import { ProgrammeModule } from './modules/programme/programme.module.js';
import { ReviewsModule } from './modules/reviews/reviews.module.js';
import { ChecksAdminModule } from './modules/papers/checks/checks-admin.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { TracksModule } from './modules/tracks/tracks.module.js';
import { UsersModule } from './modules/users/users.module.js';

/** Feature modules only; configuration and database come in from the bootstrap. */
export const FEATURE_MODULES = [
  HealthModule,
  ActivityModule,
  OutboxModule,
  UsersModule,
  AuthModule,
  ConferenceModule,
  TracksModule,
  PapersModule,
  ReviewsModule,
  ChecksAdminModule,
  ReportsModule,
  ProgrammeModule,
  MailModule,
  LettersModule,
  JobsModule,
  DemoModule,
  MetricsModule,
];

@Module({})
export class AppModule {
  static create(config: AppConfig, handle: DatabaseHandle): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [DatabaseModule.forHandle(handle), ...FEATURE_MODULES],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
