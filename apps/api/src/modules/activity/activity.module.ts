import { Module } from '@nestjs/common';
import { ActivityRepository } from './activity.repository.js';
import { ActivityService } from './activity.service.js';

/**
 * The activity log, on the ground floor: every module that records what people do imports it. The chairs'
 * activity report, which adds people's names and the conference's time zone, is the reports module's.
 */
@Module({
  providers: [ActivityService, ActivityRepository],
  exports: [ActivityService],
})
export class ActivityModule {}
