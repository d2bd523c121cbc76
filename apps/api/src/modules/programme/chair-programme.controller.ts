import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { PROGRAMME_MESSAGES as M } from '@symposium/domain';
import type {
  ClashDto,
  PersonRef,
  ProgrammeStatusDto,
  ProgrammeView,
  PublishResultDto,
  SchedulablePaperDto,
  TrackDto,
} from '@symposium/domain';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { OkDoc } from '../../common/openapi-docs.js';
import { TrackDoc } from '../tracks/dto/track.dto.js';
import {
  BuilderApplyResultDoc,
  BuilderErrorLineDoc,
  BuilderProgressLineDoc,
  BuilderResultLineDoc,
  ClashDoc,
  PersonRefDoc,
  ProgrammeStatusDoc,
  ProgrammeViewDoc,
  PublishResultDoc,
  SchedulablePaperDoc,
} from './dto/programme-answers.dto.js';
import {
  BuilderApplyDto,
  BuilderRequestDto,
  ClashAckDto,
  PeopleQueryDto,
  TrackQueryDto,
  TutorialTrackChoiceDoc,
  TutorialTrackDto,
} from './dto/programme.dto.js';
import { SessionBuilderService } from './session-builder.service.js';
import { ProgrammeViewService } from './programme-view.service.js';
import { SessionsService } from './sessions.service.js';

/** The chairs' programme tools: schedulable papers, people, the draft, clashes, publication. */
@ApiTags('programme')
@Controller('chair/programme')
export class ChairProgrammeController {
  constructor(
    private readonly view: ProgrammeViewService,
    private readonly sessions: SessionsService,
  ) {}

  @Get()
  @ApiOkResponse({ type: ProgrammeViewDoc, description: 'The draft' })
  draft(): Promise<ProgrammeView> {
    return this.view.draft();
  }

  @Get('status')
  @ApiOkResponse({ type: ProgrammeStatusDoc })
  status(): Promise<ProgrammeStatusDto> {
    return this.view.status();
  }

  @Get('papers')
  @ApiOkResponse({ type: [SchedulablePaperDoc] })
  papers(@Query() query: TrackQueryDto): Promise<SchedulablePaperDto[]> {
    return this.sessions.schedulablePapers(query.track);
  }

  @Get('tutorial_track')
  @ApiOkResponse({ type: TrackDoc })
  tutorialTrack(): Promise<TrackDto> {
    return this.sessions.tutorialTrack();
  }

  /** The chair chooses the track whose accepted papers are the tutorials. */
  @Put('tutorial_track')
  @ApiOkResponse({ type: TutorialTrackChoiceDoc })
  setTutorialTrack(@Body() body: TutorialTrackDto): Promise<TutorialTrackChoiceDoc> {
    return this.sessions.setTutorialTrack(body.track);
  }

  @Get('people')
  @ApiOkResponse({ type: [PersonRefDoc] })
  people(@Query() query: PeopleQueryDto): Promise<PersonRef[]> {
    return this.sessions.people(query.search ?? '');
  }

  @Get('clashes')
  @ApiOkResponse({ type: [ClashDoc] })
  clashes(): Promise<ClashDto[]> {
    return this.view.clashes();
  }

  @Post('clashes/ack')
  @ApiCreatedResponse({ type: ClashDoc, description: 'The clash, acknowledged' })
  acknowledge(@CurrentUser() user: AuthUser, @Body() body: ClashAckDto): Promise<ClashDto> {
    return this.view.acknowledge(user, body.key);
  }

  @Delete('clashes/ack/:key')
  @ApiOkResponse({ type: OkDoc })
  unacknowledge(@Param('key') key: string): Promise<{ ok: true }> {
    return this.view.unacknowledge(key);
  }

  @Post('publish')
  @ApiCreatedResponse({ type: PublishResultDoc })
  publish(@CurrentUser() user: AuthUser): Promise<PublishResultDto> {
    return this.view.publish(user);
  }
}

/** The session builder: a proposal streamed with progress (NDJSON), then applied in one transaction. */
@ApiTags('programme')
@ApiExtraModels(BuilderProgressLineDoc, BuilderResultLineDoc, BuilderErrorLineDoc)
@Controller('chair/programme/builder')
export class ChairSessionBuilderController {
  constructor(private readonly builder: SessionBuilderService) {}

  /**
   * Answers `application/x-ndjson`: `{"type":"progress",…}` lines while the builder runs in a worker, then
   * one `{"type":"result","result":…}` (or `{"type":"error","message":…}`). A bad request answers 400
   * before anything is streamed; closing the connection cancels the build.
   */
  @Post('proposal')
  @HttpCode(200)
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({
    description: "NDJSON: one JSON object a line, 'progress' lines then one 'result' (or 'error')",
    content: {
      'application/x-ndjson': {
        schema: {
          oneOf: [
            { $ref: getSchemaPath(BuilderProgressLineDoc) },
            { $ref: getSchemaPath(BuilderResultLineDoc) },
            { $ref: getSchemaPath(BuilderErrorLineDoc) },
          ],
        },
      },
    },
  })
  async proposal(@Body() body: BuilderRequestDto, @Res() res: Response): Promise<void> {
    const { input, firstNumber, timeBudgetMs } = await this.builder.prepare(body);
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.flushHeaders();
    let last = 0;
    try {
      const result = await this.builder.run(input, firstNumber, timeBudgetMs, {
        signal: abort.signal,
        onProgress: (progress) => {
          const now = Date.now();
          if (now - last < 100) return;
          last = now;
          res.write(`${JSON.stringify({ type: 'progress', progress })}\n`);
        },
      });
      res.end(`${JSON.stringify({ type: 'result', result })}\n`);
    } catch (e) {
      if (!abort.signal.aborted)
        res.end(`${JSON.stringify({ type: 'error', message: (e as Error).message || M.saveFailed })}\n`);
    }
  }

  @Post('apply')
  @HttpCode(200)
  @ApiOkResponse({ type: BuilderApplyResultDoc })
  apply(@Body() body: BuilderApplyDto): Promise<{ message: string; created: number[] }> {
    return this.builder.apply(body.sessions, body.minPapersPerSession);
  }
}
