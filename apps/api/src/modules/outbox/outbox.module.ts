import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { createSmtpTransport, MAIL_TRANSPORT } from './mail.transport.js';
import { OutboxHistoryRepository } from './outbox-history.repository.js';
import { OutboxDispatcher } from './outbox.dispatcher.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';
import { SenderSettingsRepository } from './sender-settings.repository.js';

/**
 * The outbox: OutboxService.enqueue writes rows in the caller's transaction; OutboxDispatcher sends them
 * through SMTP when config.smtp is set (a nodemailer pool of SMTP_POOL.maxConnections connections; see
 * mail.transport.ts), keeping each message's state, attempts and the server's last answer. The ground
 * floor of e-mail: every module that sends imports this module; templates, bulk sends and the history
 * screens are the mail module's, above.
 */
@Module({
  imports: [ScheduleModule.forRoot()],
  providers: [
    OutboxService,
    OutboxRepository,
    OutboxHistoryRepository,
    SenderSettingsRepository,
    OutboxDispatcher,
    {
      provide: MAIL_TRANSPORT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.smtp ? createSmtpTransport(config.smtp) : null),
    },
  ],
  exports: [OutboxService, OutboxDispatcher],
})
export class OutboxModule {}
