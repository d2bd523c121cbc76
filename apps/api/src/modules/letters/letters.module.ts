import { Module } from '@nestjs/common';
import { ProgrammeModule } from '../programme/programme.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { ActivityModule } from '../activity/activity.module.js';
import { ConferenceModule } from '../conference/conference.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { PapersModule } from '../papers/papers.module.js';
import { TracksModule } from '../tracks/tracks.module.js';
import { UsersModule } from '../users/users.module.js';
import { DocumentBatchesService } from './document-batches.service.js';
import { DocumentComposer } from './document-composer.js';
import { LetterSettingsService } from './letter-settings.service.js';
import { AuthorLettersController } from './author-papers.controller.js';
import { DocumentsController } from './chair-documents.controller.js';
import { PaperLettersController } from './chair-papers.controller.js';
import { ChairLetterSettingsController } from './letters.controller.js';
import { VerifyController } from './verify.controller.js';
import { SignatureUploadInterceptor } from './letter-http.js';
import { LettersRepository } from './letters.repository.js';
import { LettersService } from './letters.service.js';

/**
 * Letters (acceptance, certificate, invitation), invoices, receipts and credit notes as verifiable PDFs:
 * templates and settings, issuing with gap-free numbering, revoking, crediting, the public verification,
 * the authors' downloads, and bulk issues run as batches. Rendered by the documents module's Chromium; the
 * programme tells where a paper is presented.
 */
@Module({
  imports: [
    AuthModule,
    ActivityModule,
    PapersModule,
    ConferenceModule,
    TracksModule,
    UsersModule,
    DocumentsModule,
    ProgrammeModule,
  ],
  controllers: [
    ChairLetterSettingsController,
    PaperLettersController,
    DocumentsController,
    VerifyController,
    AuthorLettersController,
  ],
  providers: [
    LettersRepository,
    DocumentComposer,
    LettersService,
    LetterSettingsService,
    DocumentBatchesService,
    SignatureUploadInterceptor,
  ],
  exports: [LettersService, LetterSettingsService, DocumentBatchesService],
})
export class LettersModule {}
