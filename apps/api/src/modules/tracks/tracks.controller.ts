import { Body, Controller, Get, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { type TrackDto } from '@symposium/domain';
import { CreateTrackDto, SortIdsDto, TrackDoc, UpdateTrackDto } from './dto/track.dto.js';
import { IdParam } from '../../common/id-param.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { TracksService } from './tracks.service.js';
import { TracksErrors } from './tracks.errors.js';

const TrackId = () => IdParam('trackId', () => TracksErrors.notFound());

/** Every track, for authors, reviewers and session chairs (the tracks lists and submission screens). */
@ApiTags('tracks')
@Controller(['author/tracks', 'reviewer/tracks', 'session/tracks'])
export class TracksController {
  constructor(private readonly tracks: TracksService) {}

  @Get()
  @ApiOkResponse({ type: [TrackDoc] })
  list(): Promise<TrackDto[]> {
    return this.tracks.list();
  }

  @Get(':trackId')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiOkResponse({ type: TrackDoc })
  get(@TrackId() trackId: number): Promise<TrackDto> {
    return this.tracks.get(trackId);
  }
}

/** Chairs (every track) and track chairs (the tracks of roles.coChair.tracks) read tracks. */
@ApiTags('tracks')
@Controller(managedPaths('tracks'))
export class ManagedTracksController {
  constructor(private readonly tracks: TracksService) {}

  @Get()
  @ApiOkResponse({ type: [TrackDoc] })
  list(@Scope() caller: CallerScope): Promise<TrackDto[]> {
    return this.tracks.list(caller.scope, undefined, true);
  }

  @Get(':trackId')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiOkResponse({ type: TrackDoc })
  get(@Scope() caller: CallerScope, @TrackId() trackId: number): Promise<TrackDto> {
    return this.tracks.get(trackId, caller.scope, true);
  }
}

/** Chairs only: create, update and sort tracks (with their subject areas). */
@ApiTags('tracks')
@Controller('chair/tracks')
export class ChairTracksController {
  constructor(private readonly tracks: TracksService) {}

  @Post()
  @ApiCreatedResponse({ type: TrackDoc })
  create(@Body() body: CreateTrackDto): Promise<TrackDto> {
    return this.tracks.create(body);
  }

  /** Declared before ':trackId' so 'sort' is not read as an id. */
  @Put('sort')
  @ApiOkResponse({ type: [TrackDoc], description: 'Every track, in the new order' })
  sort(@Body() body: SortIdsDto): Promise<TrackDto[]> {
    return this.tracks.sort(body.ids);
  }

  @Put(':trackId')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiOkResponse({ type: TrackDoc })
  update(@TrackId() trackId: number, @Body() body: UpdateTrackDto): Promise<TrackDto> {
    return this.tracks.update(trackId, body);
  }
}
