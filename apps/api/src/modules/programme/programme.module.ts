import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { ConferenceModule } from '../conference/conference.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { PapersModule } from '../papers/papers.module.js';
import { TracksModule } from '../tracks/tracks.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthorProgrammeController } from './author-programme.controller.js';
import { ChairDaysController } from './chair-days.controller.js';
import { ChairProgrammeController, ChairSessionBuilderController } from './chair-programme.controller.js';
import { BuilderRunner } from './builder-runner.js';
import { SessionBuilderService } from './session-builder.service.js';
import { ChairRoomsController } from './chair-rooms.controller.js';
import { ChairPosterSessionsController } from './chair-poster-sessions.controller.js';
import { ChairSessionLinksController } from './chair-session-links.controller.js';
import { ChairTechnicalSessionsController } from './chair-technical-sessions.controller.js';
import { ChairTutorialsController } from './chair-tutorials.controller.js';
import { ProgrammeViewService } from './programme-view.service.js';
import { ProgrammeRepository } from './programme.repository.js';
import { ProgrammeService } from './programme.service.js';
import { SessionProgrammeController } from './session-programme.controller.js';
import { SessionsService } from './sessions.service.js';

/**
 * The programme: rooms, days, events, technical and poster sessions, tutorials, clashes, published versions
 * and calendars.
 */
@Module({
  imports: [ActivityModule, PapersModule, TracksModule, UsersModule, ConferenceModule, OutboxModule],
  controllers: [
    ChairRoomsController,
    ChairDaysController,
    ChairTechnicalSessionsController,
    ChairPosterSessionsController,
    ChairTutorialsController,
    ChairSessionLinksController,
    ChairProgrammeController,
    ChairSessionBuilderController,
    AuthorProgrammeController,
    SessionProgrammeController,
  ],
  providers: [
    ProgrammeRepository,
    ProgrammeService,
    SessionsService,
    ProgrammeViewService,
    BuilderRunner,
    SessionBuilderService,
  ],
  exports: [ProgrammeViewService, ProgrammeService, SessionsService],
})
export class ProgrammeModule {}
