import { Global, Module } from '@nestjs/common';
import { ConferenceModule } from '../conference/conference.module.js';
import { UsersModule } from '../users/users.module.js';
import { ActivityReportService } from './activity-report.service.js';
import { ActivityController } from './activity.controller.js';
import { ActivityRepository } from './activity.repository.js';
import { ActivityService } from './activity.service.js';

/** The activity log: its one writer (ActivityService, global) and the chair's report. */
@Global()
@Module({
  imports: [UsersModule, ConferenceModule],
  controllers: [ActivityController],
  providers: [ActivityService, ActivityRepository, ActivityReportService],
  exports: [ActivityService],
})
export class ActivityModule {}
