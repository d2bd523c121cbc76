import { Module } from '@nestjs/common';
import { ConferenceModule } from '../conference/conference.module.js';
import { MailingModule } from '../mail/mailing.module.js';
import { TracksModule } from '../tracks/tracks.module.js';
import { UsersModule } from '../users/users.module.js';
import { DemoSeeder } from './demo-seeder.service.js';
import { StartupService } from './startup.service.js';

@Module({
  imports: [UsersModule, TracksModule, ConferenceModule, MailingModule],
  providers: [StartupService, DemoSeeder],
  exports: [StartupService, DemoSeeder],
})
export class DemoModule {}
