import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { DayDto, EventDto, PublicProgrammeView } from '@symposium/domain';
import type { Response } from 'express';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { PublicProgrammeViewDoc } from './dto/programme-answers.dto.js';
import { CalendarQueryDto, DayDoc, EventDoc } from './dto/programme.dto.js';
import { DayId, EventId } from './programme-params.js';
import { ProgrammeViewService } from './programme-view.service.js';

/** The published programme for every signed-in user (/ConferenceProgram/). */
@ApiTags('programme')
@Controller('author')
export class AuthorProgrammeController {
  constructor(private readonly view: ProgrammeViewService) {}

  @Get('days')
  @ApiOkResponse({ type: [DayDoc], description: 'The published days' })
  days(): Promise<DayDto[]> {
    return this.view.publishedDays();
  }

  @Get('days/:dayId')
  @ApiParam({ name: 'dayId', type: Number })
  @ApiOkResponse({ type: DayDoc })
  day(@DayId() dayId: number): Promise<DayDto> {
    return this.view.publishedDay(dayId);
  }

  @Get('days/:dayId/events')
  @ApiParam({ name: 'dayId', type: Number })
  @ApiOkResponse({ type: [EventDoc] })
  async events(@DayId() dayId: number): Promise<EventDto[]> {
    return (await this.view.publishedDay(dayId)).events;
  }

  @Get('days/:dayId/events/:eventId')
  @ApiParam({ name: 'dayId', type: Number })
  @ApiParam({ name: 'eventId', type: Number })
  @ApiOkResponse({ type: EventDoc })
  event(@DayId() dayId: number, @EventId() eventId: number): Promise<EventDto> {
    return this.view.publishedEvent(dayId, eventId);
  }

  @Get('programme')
  @ApiOkResponse({ type: PublicProgrammeViewDoc })
  programme(): Promise<PublicProgrammeView> {
    return this.view.publicProgramme();
  }

  @Get('programme/calendar.ics')
  @ApiProduces('text/calendar')
  @ApiOkResponse({
    description: 'An iCalendar file (programme.ics, or programme-mine.ics with scope=mine)',
    schema: { type: 'string', format: 'binary' },
  })
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @Header('X-Content-Type-Options', 'nosniff')
  calendar(
    @CurrentUser() user: AuthUser,
    @Query() query: CalendarQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const scope = query.scope ?? 'all';
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="programme${scope === 'mine' ? '-mine' : ''}.ics"`,
    );
    return this.view.calendar(user, scope);
  }
}
