import { Module } from '@nestjs/common';
import { ReadsModule } from '../../reads/reads.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { ActivityModule } from '../activity/activity.module.js';
import { ConferenceModule } from '../conference/conference.module.js';
import { PapersModule } from '../papers/papers.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { TracksModule } from '../tracks/tracks.module.js';
import { UsersModule } from '../users/users.module.js';
import { EmailSettingsService } from './email-settings.service.js';
import { EmailTemplatesRepository } from './email-templates.repository.js';
import { EmailTemplatesService } from './email-templates.service.js';
import { MailHistoryController } from './mail-history.controller.js';
import { MailHistoryService } from './mail-history.service.js';
import { MailRecipientsService } from './mail-recipients.service.js';
import { MailRenderService } from './mail-render.service.js';
import { UsersMailController } from './chair-users.controller.js';
import { MailPreviewController } from './mail-send.controller.js';
import { MailSendRepository } from './mail-send.repository.js';
import { MailSendService } from './mail-send.service.js';
import { ChairMailSettingsController, TrackChairMailSettingsController } from './mail-settings.controller.js';
import { ChairMailTemplatesController, MailTemplatesController } from './mail-templates.controller.js';

/**
 * E-mail for chairs and track chairs: templates, settings, rendering with placeholders, bulk sending with a
 * preview, and the history. The outbox itself (OutboxService, the dispatcher) is the OutboxModule, below.
 */
@Module({
  imports: [
    ReadsModule,
    OutboxModule,
    ActivityModule,
    UsersModule,
    PapersModule,
    TracksModule,
    ConferenceModule,
    ReviewsModule,
  ],
  // MailPreviewController (static POST /mail/preview) before any controller with POST /mail/:mailId
  controllers: [
    MailPreviewController,
    UsersMailController,
    MailTemplatesController,
    ChairMailTemplatesController,
    ChairMailSettingsController,
    TrackChairMailSettingsController,
    // after MailPreviewController: GET /mail/:mailId and POST /mail/:mailId/resend take whole ids only
    MailHistoryController,
  ],
  providers: [
    EmailTemplatesRepository,
    EmailTemplatesService,
    EmailSettingsService,
    MailRenderService,
    MailRecipientsService,
    MailSendRepository,
    MailSendService,
    MailHistoryService,
  ],
  exports: [
    EmailTemplatesService,
    EmailSettingsService,
    MailRenderService,
    MailSendService,
    MailHistoryService,
  ],
})
export class MailModule {}
