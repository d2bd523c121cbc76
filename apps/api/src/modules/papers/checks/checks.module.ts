import { Module } from '@nestjs/common';
import { FilesModule } from '../../files/files.module.js';
import { ChecksRepository } from './checks.repository.js';
import { ChecksService } from './checks.service.js';
import { DuplicateScansService } from './duplicate-scans.service.js';

/**
 * Submission checks, the core (issue 26): track settings, the PDF check engine, stored checks and
 * acceptances, the duplicate-scan queue and its job. The paper module calls it at upload; the chairs' and
 * authors' routes live in ChecksAdminModule, which reads papers through the paper module.
 */
@Module({
  imports: [FilesModule],
  providers: [ChecksRepository, ChecksService, DuplicateScansService],
  exports: [ChecksService, DuplicateScansService, ChecksRepository],
})
export class ChecksModule {}
