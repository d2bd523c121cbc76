import { Global, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { MailDispatcher } from './mail.dispatcher.js';
import { MailRepository } from './mail.repository.js';
import { MailService } from './mail.service.js';
import { createSmtpTransport, MAIL_TRANSPORT } from './mail.transport.js';

/**
 * The outbox: MailService.enqueue writes rows in the caller's transaction; MailDispatcher sends them
 * through SMTP when config.smtp is set (a nodemailer pool of SMTP_POOL.maxConnections connections; see
 * mail.transport.ts), keeping each message's state, attempts and the server's last answer.
 */
@Global()
@Module({
  imports: [ScheduleModule.forRoot()],
  providers: [
    MailService,
    MailRepository,
    MailDispatcher,
    {
      provide: MAIL_TRANSPORT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.smtp ? createSmtpTransport(config.smtp) : null),
    },
  ],
  exports: [MailService, MailDispatcher],
})
export class MailModule {}
