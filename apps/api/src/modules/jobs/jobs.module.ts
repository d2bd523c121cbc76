import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/outbox.module.js';
import { ActivityModule } from '../activity/activity.module.js';
import { ReadsModule } from '../../reads/reads.module.js';
import { ConferenceModule } from '../conference/conference.module.js';
import { MailModule } from '../mail/mail.module.js';
import { TracksModule } from '../tracks/tracks.module.js';
import { JobsControlSocket } from './jobs-control.socket.js';
import { ReminderScheduler } from './reminder.scheduler.js';
import { RemindersController } from './reminders.controller.js';
import { RemindersRepository } from './reminders.repository.js';
import { RemindersService } from './reminders.service.js';

/**
 * Scheduled jobs: deadline and review reminders (rules in the database, a scheduler that ticks them, the
 * chair's routes; the command line `npm run jobs` uses RemindersService, or asks the server through
 * JobsControlSocket while the server holds the embedded database).
 */
@Module({
  imports: [ReadsModule, OutboxModule, ActivityModule, MailModule, TracksModule, ConferenceModule],
  controllers: [RemindersController],
  providers: [RemindersRepository, RemindersService, ReminderScheduler, JobsControlSocket],
  exports: [RemindersService, ReminderScheduler],
})
export class JobsModule {}
