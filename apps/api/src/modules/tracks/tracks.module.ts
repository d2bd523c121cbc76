import { Module } from '@nestjs/common';
import { ChairStatusesController, ManagedStatusesController } from './statuses.controller.js';
import { StatusesRepository } from './statuses.repository.js';
import { StatusesService } from './statuses.service.js';
import { ChairTracksController, ManagedTracksController, TracksController } from './tracks.controller.js';
import { TracksRepository } from './tracks.repository.js';
import { TracksService } from './tracks.service.js';

/** Tracks (with subject areas) and paper statuses; other modules use TracksService and StatusesService. */
@Module({
  controllers: [
    TracksController,
    ManagedTracksController,
    ChairTracksController,
    ManagedStatusesController,
    ChairStatusesController,
  ],
  providers: [TracksRepository, TracksService, StatusesRepository, StatusesService],
  exports: [TracksService, StatusesService],
})
export class TracksModule {}
