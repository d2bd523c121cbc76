import { Global, Module } from '@nestjs/common';
import { ActivityService } from './activity.service.js';

/** The activity log: its writer (ActivityService, global) and the chair's report. */
@Global()
@Module({
  providers: [ActivityService],
  exports: [ActivityService],
})
export class ActivityModule {}
