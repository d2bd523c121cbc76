import { Module } from '@nestjs/common';
import { ActivityModule } from '../../activity/activity.module.js';
import { FilesModule } from '../../files/files.module.js';
import { PapersModule } from '../papers.module.js';
import { TracksModule } from '../../tracks/tracks.module.js';
import { UsersModule } from '../../users/users.module.js';
import { ChecksAdminService } from './checks-admin.service.js';
import { AuthorChecksController, ManagedChecksController } from '../checks.controller.js';
import { AuthorPaperChecksController, ManagedPaperChecksController } from '../paper-checks.controller.js';
import { ChecksModule } from './checks.module.js';

/** The submission checks' routes (chairs, track chairs, authors), over the core ChecksModule and papers. */
@Module({
  imports: [ChecksModule, PapersModule, TracksModule, UsersModule, ActivityModule, FilesModule],
  controllers: [
    ManagedChecksController,
    AuthorChecksController,
    ManagedPaperChecksController,
    AuthorPaperChecksController,
  ],
  providers: [ChecksAdminService],
})
export class ChecksAdminModule {}
