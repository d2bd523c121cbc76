import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { TutorialDto } from '@symposium/domain';
import { OkDoc } from '../../common/openapi-docs.js';
import { TutorialDoc } from './dto/programme-answers.dto.js';
import { CreateTutorialDto, SessionQueryDto, UpdateTutorialDto } from './dto/programme.dto.js';
import { TutorialNumber } from './programme-params.js';
import { SessionsService } from './sessions.service.js';

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
