import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { type StatusDto } from '@symposium/domain';
import { CreateStatusDto, UpdateStatusDto } from './dto/status.dto.js';
import { SortIdsDto } from './dto/track.dto.js';
import { IdParam } from '../../common/id-param.js';
import { managedPaths } from '../../common/managed-scope.js';
import { StatusesService } from './statuses.service.js';
import { StatusesErrors } from './tracks.errors.js';

const StatusId = () => IdParam('statusId', () => StatusesErrors.notFound());

/** Chairs and track chairs read the paper statuses (track chairs, to set them on their papers). */
@ApiTags('statuses')
@Controller(managedPaths('status'))
export class ManagedStatusesController {
  constructor(private readonly statuses: StatusesService) {}

  @Get()
  list(): Promise<StatusDto[]> {
    return this.statuses.list();
  }

  @Get(':statusId')
  @ApiParam({ name: 'statusId', type: Number })
  get(@StatusId() statusId: number): Promise<StatusDto> {
    return this.statuses.get(statusId);
  }
}

/** Chairs only: create, update, delete and sort paper statuses. */
@ApiTags('statuses')
@Controller('chair/status')
export class ChairStatusesController {
  constructor(private readonly statuses: StatusesService) {}

  @Post()
  create(@Body() body: CreateStatusDto): Promise<StatusDto> {
    return this.statuses.create(body);
  }

  /** Declared before ':statusId' so 'sort' is not read as an id. */
  @Put('sort')
  sort(@Body() body: SortIdsDto): Promise<StatusDto[]> {
    return this.statuses.sort(body.ids);
  }

  @Put(':statusId')
  @ApiParam({ name: 'statusId', type: Number })
  update(@StatusId() statusId: number, @Body() body: UpdateStatusDto): Promise<StatusDto> {
    return this.statuses.update(statusId, body);
  }

  @Delete(':statusId')
  @ApiParam({ name: 'statusId', type: Number })
  remove(@StatusId() statusId: number): Promise<{ ok: true }> {
    return this.statuses.remove(statusId);
  }
}
