import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
import { ClashAckDto, PeopleQueryDto, TrackQueryDto } from './dto/programme.dto.js';
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
  draft(): Promise<ProgrammeView> {
    return this.view.draft();
  }

  @Get('status')
  status(): Promise<ProgrammeStatusDto> {
    return this.view.status();
  }

  @Get('papers')
  papers(@Query() query: TrackQueryDto): Promise<SchedulablePaperDto[]> {
    return this.sessions.schedulablePapers(query.track);
  }

  @Get('tutorial_track')
  tutorialTrack(): Promise<TrackDto> {
    return this.sessions.tutorialTrack();
  }

  @Get('people')
  people(@Query() query: PeopleQueryDto): Promise<PersonRef[]> {
    return this.sessions.people(query.search ?? '');
  }

  @Get('clashes')
  clashes(): Promise<ClashDto[]> {
    return this.view.clashes();
  }

  @Post('clashes/ack')
  acknowledge(@CurrentUser() user: AuthUser, @Body() body: ClashAckDto): Promise<ClashDto> {
    return this.view.acknowledge(user, body.key);
  }

  @Delete('clashes/ack/:key')
  unacknowledge(@Param('key') key: string): Promise<{ ok: true }> {
    return this.view.unacknowledge(key);
  }

  @Post('publish')
  publish(@CurrentUser() user: AuthUser): Promise<PublishResultDto> {
    return this.view.publish(user);
  }
}
