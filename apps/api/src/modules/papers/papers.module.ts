import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/outbox.module.js';
import { ActivityModule } from '../activity/activity.module.js';
import { ReadsModule } from '../../reads/reads.module.js';
import { ConferenceModule } from '../conference/conference.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { FilesModule } from '../files/files.module.js';
import { ChecksModule } from './checks/checks.module.js';
import { TracksModule } from '../tracks/tracks.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthorCoAuthorsController } from './author-users.controller.js';
import { AuthorPapersController } from './author-papers.controller.js';
import { AuthorPapersService } from './author-papers.service.js';
import { ChairPaperFilesController, ChairPapersController } from './chair-papers.controller.js';
import { ChairPapersService } from './chair-papers.service.js';
import { PaperExportsService } from './paper-exports.service.js';
import { PaperQueryRepository } from './paper-query.repository.js';
import { PaperRegistrationsController } from './paper-registrations.controller.js';
import { PaperRegistrationsRepository } from './paper-registrations.repository.js';
import { PaperRegistrationsService } from './paper-registrations.service.js';
import { PaperConsentService } from './paper-consent.service.js';
import { PaperFilesService } from './paper-files.service.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { IdempotencyService } from './idempotency.service.js';
import { PapersRepository } from './papers.repository.js';
import { PapersService } from './papers.service.js';
import { RegisteredPapersController } from './registered-papers.controller.js';
import { RegisteredPapersService } from './registered-papers.service.js';

/**
 * Papers: submission, files, camera-ready, presentation-ready, consent signing, registered papers, and the
 * chairs' and track chairs' paper management (query, edit, bulk edit, exports, downloads, e-mail).
 */
@Module({
  imports: [
    ReadsModule,
    OutboxModule,
    ActivityModule,
    UsersModule,
    TracksModule,
    ConferenceModule,
    FilesModule,
    DocumentsModule,
    ChecksModule,
  ],
  controllers: [
    AuthorPapersController,
    AuthorCoAuthorsController,
    RegisteredPapersController,
    ChairPapersController,
    ChairPaperFilesController,
    PaperRegistrationsController,
  ],
  providers: [
    PapersRepository,
    PapersService,
    AuthorPapersService,
    PaperFilesService,
    IdempotencyService,
    IdempotencyRepository,
    PaperConsentService,
    RegisteredPapersService,
    PaperQueryRepository,
    ChairPapersService,
    PaperExportsService,
    PaperRegistrationsService,
    PaperRegistrationsRepository,
  ],
  exports: [
    PapersService,
    PaperFilesService,
    ChairPapersService,
    PaperRegistrationsService,
    PaperConsentService,
  ],
})
export class PapersModule {}
