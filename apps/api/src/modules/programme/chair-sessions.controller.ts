import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { PosterSessionDto, TechnicalSessionDto, TutorialDto } from '@symposium/domain';
import { IdParam } from '../../common/id-param.js';
import { OkDoc } from '../../common/openapi-docs.js';
import {
  PosterSessionDoc,
  SessionLinkResultDoc,
  TechnicalSessionDoc,
  TutorialDoc,
} from './dto/programme-answers.dto.js';
import {
  CreatePosterSessionDto,
  CreateTechnicalSessionDto,
  CreateTutorialDto,
  SessionLinkDto,
  SessionQueryDto,
  UpdatePosterSessionDto,
  UpdateTechnicalSessionDto,
  UpdateTutorialDto,
} from './dto/programme.dto.js';
import { KindParam, SessionNumber, TutorialNumber } from './programme-params.js';
import { ProgrammeErrors } from './programme.errors.js';
import { SessionsService } from './sessions.service.js';
import type { SessionKind } from '@symposium/domain';

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

/** /ViewTutorials and /AssignTutorials: chairs only. */
@ApiTags('programme')
@Controller('chair/tutorials')
export class ChairTutorialsController {
  constructor(private readonly sessions: SessionsService) {}

  @Get()
  @ApiOkResponse({ type: [TutorialDoc] })
  list(@Query() query: SessionQueryDto): Promise<TutorialDto[]> {
    return this.sessions.list('tutorial', query) as Promise<TutorialDto[]>;
  }

  @Get(':id')
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: TutorialDoc })
  get(@TutorialNumber() id: number): Promise<TutorialDto> {
    return this.sessions.get('tutorial', id) as Promise<TutorialDto>;
  }

  @Post()
  @ApiCreatedResponse({ type: TutorialDoc })
  create(@Body() body: CreateTutorialDto): Promise<TutorialDto> {
    const { _id, ...input } = body;
    return this.sessions.create('tutorial', _id, input) as Promise<TutorialDto>;
  }

  @Put(':id')
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: TutorialDoc })
  update(@TutorialNumber() id: number, @Body() body: UpdateTutorialDto): Promise<TutorialDto> {
    return this.sessions.update('tutorial', id, body) as Promise<TutorialDto>;
  }

  @Delete(':id')
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: OkDoc })
  remove(@TutorialNumber() id: number): Promise<{ ok: true }> {
    return this.sessions.remove('tutorial', id);
  }
}

const LinkSessionId = () => IdParam('sessionId', ProgrammeErrors.sessionNotFound);

/** /AssignSessionLink/{kind}/{sessionId}: chairs only. */
@ApiTags('programme')
@Controller('chair/session_links')
export class ChairSessionLinksController {
  constructor(private readonly sessions: SessionsService) {}

  @Put(':kind/:sessionId')
  @ApiParam({ name: 'kind', enum: ['technical', 'poster', 'tutorial'] })
  @ApiParam({ name: 'sessionId', type: Number })
  @ApiOkResponse({ type: SessionLinkResultDoc })
  set(
    @KindParam() kind: SessionKind,
    @LinkSessionId() sessionId: number,
    @Body() body: SessionLinkDto,
  ): Promise<{ message: string; link: string }> {
    return this.sessions.setLink(kind, sessionId, body.link);
  }
}
