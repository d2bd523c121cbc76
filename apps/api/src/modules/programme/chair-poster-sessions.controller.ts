import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { PosterSessionDto } from '@symposium/domain';
import { OkDoc } from '../../common/openapi-docs.js';
import { PosterSessionDoc } from './dto/programme-answers.dto.js';
import { CreatePosterSessionDto, SessionQueryDto, UpdatePosterSessionDto } from './dto/programme.dto.js';
import { SessionNumber } from './programme-params.js';
import { SessionsService } from './sessions.service.js';

/** /ViewPosterSessions and /AssignPosterSessions: chairs only. */
@ApiTags('programme')
@Controller('chair/poster_sessions')
export class ChairPosterSessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Get()
  @ApiOkResponse({ type: [PosterSessionDoc] })
  list(@Query() query: SessionQueryDto): Promise<PosterSessionDto[]> {
    return this.sessions.list('poster', query) as Promise<PosterSessionDto[]>;
  }

  @Get(':id')
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: PosterSessionDoc })
  get(@SessionNumber() id: number): Promise<PosterSessionDto> {
    return this.sessions.get('poster', id) as Promise<PosterSessionDto>;
  }

  @Post()
  @ApiCreatedResponse({ type: PosterSessionDoc })
  create(@Body() body: CreatePosterSessionDto): Promise<PosterSessionDto> {
    const { _id, ...input } = body;
    return this.sessions.create('poster', _id, input) as Promise<PosterSessionDto>;
  }

  @Put(':id')
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: PosterSessionDoc })
  update(@SessionNumber() id: number, @Body() body: UpdatePosterSessionDto): Promise<PosterSessionDto> {
    return this.sessions.update('poster', id, body) as Promise<PosterSessionDto>;
  }

  @Delete(':id')
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: OkDoc })
  remove(@SessionNumber() id: number): Promise<{ ok: true }> {
    return this.sessions.remove('poster', id);
  }
}
