import { Module } from '@nestjs/common';
import { ConferenceModule } from '../conference/conference.module.js';
import { PapersModule } from '../papers/papers.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { TracksModule } from '../tracks/tracks.module.js';
import { UsersModule } from '../users/users.module.js';
import { EmailSettingsRepository } from './email-settings.repository.js';
import { EmailSettingsService } from './email-settings.service.js';
import { EmailTemplatesRepository } from './email-templates.repository.js';
import { EmailTemplatesService } from './email-templates.service.js';
import { MailRenderService } from './mail-render.service.js';
import { ChairMailSettingsController, TrackChairMailSettingsController } from './mail-settings.controller.js';
import { ChairMailTemplatesController, MailTemplatesController } from './mail-templates.controller.js';

/**
 * E-mail for chairs and track chairs: templates, settings, rendering with placeholders, bulk sending with a
 * preview, and the history. The outbox itself (MailService, the dispatcher) is the global MailModule.
 */
@Module({
  imports: [UsersModule, PapersModule, TracksModule, ConferenceModule, ReviewsModule],
  controllers: [
    MailTemplatesController,
    ChairMailTemplatesController,
    ChairMailSettingsController,
    TrackChairMailSettingsController,
  ],
  providers: [
    EmailTemplatesRepository,
    EmailTemplatesService,
    EmailSettingsRepository,
    EmailSettingsService,
    MailRenderService,
  ],
  exports: [EmailTemplatesService, EmailSettingsService, MailRenderService],
})
export class MailingModule {}
