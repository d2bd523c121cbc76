import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { TechnicalSessionDto } from '@symposium/domain';
import { OkDoc } from '../../common/openapi-docs.js';
import { TechnicalSessionDoc } from './dto/programme-answers.dto.js';
import {
  CreateTechnicalSessionDto,
  SessionQueryDto,
  UpdateTechnicalSessionDto,
} from './dto/programme.dto.js';
import { SessionNumber } from './programme-params.js';
import { SessionsService } from './sessions.service.js';

/** /ViewTechnicalSessions and /AssignTechnicalSessions: chairs only. */
@ApiTags('programme')
@Controller('chair/technical_sessions')
export class ChairTechnicalSessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Get()
  @ApiOkResponse({ type: [TechnicalSessionDoc] })
  list(@Query() query: SessionQueryDto): Promise<TechnicalSessionDto[]> {
    return this.sessions.list('technical', query) as Promise<TechnicalSessionDto[]>;
  }

  @Get(':id')
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: TechnicalSessionDoc })
  get(@SessionNumber() id: number): Promise<TechnicalSessionDto> {
    return this.sessions.get('technical', id) as Promise<TechnicalSessionDto>;
  }

  @Post()
  @ApiCreatedResponse({ type: TechnicalSessionDoc })
  create(@Body() body: CreateTechnicalSessionDto): Promise<TechnicalSessionDto> {
    const { _id, ...input } = body;
    return this.sessions.create('technical', _id, input) as Promise<TechnicalSessionDto>;
  }

  @Put(':id')
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: TechnicalSessionDoc })
  update(@SessionNumber() id: number, @Body() body: UpdateTechnicalSessionDto): Promise<TechnicalSessionDto> {
    return this.sessions.update('technical', id, body) as Promise<TechnicalSessionDto>;
  }

  @Delete(':id')
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: OkDoc })
  remove(@SessionNumber() id: number): Promise<{ ok: true }> {
    return this.sessions.remove('technical', id);
  }
}
