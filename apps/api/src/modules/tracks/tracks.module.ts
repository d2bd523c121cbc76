import { Module } from '@nestjs/common';
import { ChairStatusesController, CochairStatusesController } from './statuses.controller.js';
import { StatusesRepository } from './statuses.repository.js';
import { StatusesService } from './statuses.service.js';
import { ChairTracksController, CochairTracksController, TracksController } from './tracks.controller.js';
import { TracksRepository } from './tracks.repository.js';
import { TracksService } from './tracks.service.js';

/** Tracks (with subject areas) and paper statuses; other modules use TracksService and StatusesService. */
@Module({
  controllers: [
    TracksController,
    CochairTracksController,
    ChairTracksController,
    CochairStatusesController,
    ChairStatusesController,
  ],
  providers: [TracksRepository, TracksService, StatusesRepository, StatusesService],
  exports: [TracksService, StatusesService],
})
export class TracksModule {}
