import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { type StatusDto } from '@symposium/domain';
import { CreateStatusDto, StatusDoc, UpdateStatusDto } from './dto/status.dto.js';
import { SortIdsDto } from './dto/track.dto.js';
import { IdParam } from '../../common/id-param.js';
import { OkDoc } from '../../common/openapi-docs.js';
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
  @ApiOkResponse({ type: [StatusDoc] })
  list(): Promise<StatusDto[]> {
    return this.statuses.list();
  }

  @Get(':statusId')
  @ApiParam({ name: 'statusId', type: Number })
  @ApiOkResponse({ type: StatusDoc })
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
  @ApiCreatedResponse({ type: StatusDoc })
  create(@Body() body: CreateStatusDto): Promise<StatusDto> {
    return this.statuses.create(body);
  }

  /** Declared before ':statusId' so 'sort' is not read as an id. */
  @Put('sort')
  @ApiOkResponse({ type: [StatusDoc] })
  sort(@Body() body: SortIdsDto): Promise<StatusDto[]> {
    return this.statuses.sort(body.ids);
  }

  @Put(':statusId')
  @ApiParam({ name: 'statusId', type: Number })
  @ApiOkResponse({ type: StatusDoc })
  update(@StatusId() statusId: number, @Body() body: UpdateStatusDto): Promise<StatusDto> {
    return this.statuses.update(statusId, body);
  }

  @Delete(':statusId')
  @ApiParam({ name: 'statusId', type: Number })
  @ApiOkResponse({ type: OkDoc })
  remove(@StatusId() statusId: number): Promise<{ ok: true }> {
    return this.statuses.remove(statusId);
  }
}
