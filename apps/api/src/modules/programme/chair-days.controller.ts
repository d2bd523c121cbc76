import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { DayDto, EventDto, EventSessionsResult } from '@symposium/domain';
import { OkDoc } from '../../common/openapi-docs.js';
import { EventSessionsResultDoc } from './dto/programme-answers.dto.js';
import {
  CreateDayDto,
  CreateEventDto,
  DayDoc,
  EventDoc,
  EventSessionsDto,
  UpdateDayDto,
  UpdateEventDto,
} from './dto/programme.dto.js';
import { DayId, EventId } from './programme-params.js';
import { ProgrammeService } from './programme.service.js';

/** /ViewDays/ and /AssignConferenceDays: conference days and their events, chairs only. */
@ApiTags('programme')
@Controller('chair/days')
export class ChairDaysController {
  constructor(private readonly programme: ProgrammeService) {}

  @Get()
  @ApiOkResponse({ type: [DayDoc] })
  list(): Promise<DayDto[]> {
    return this.programme.listDays();
  }

  @Get(':dayId')
  @ApiParam({ name: 'dayId', type: Number })
  @ApiOkResponse({ type: DayDoc })
  get(@DayId() dayId: number): Promise<DayDto> {
    return this.programme.getDay(dayId);
  }

  @Post()
  @ApiCreatedResponse({ type: DayDoc })
  create(@Body() body: CreateDayDto): Promise<DayDto> {
    return this.programme.createDay(body);
  }

  @Put(':dayId')
  @ApiParam({ name: 'dayId', type: Number })
  @ApiOkResponse({ type: DayDoc })
  update(@DayId() dayId: number, @Body() body: UpdateDayDto): Promise<DayDto> {
    return this.programme.updateDay(dayId, body);
  }

  @Delete(':dayId')
  @ApiParam({ name: 'dayId', type: Number })
  @ApiOkResponse({ type: OkDoc })
  remove(@DayId() dayId: number): Promise<{ ok: true }> {
    return this.programme.deleteDay(dayId);
  }

  @Get(':dayId/events')
  @ApiParam({ name: 'dayId', type: Number })
  @ApiOkResponse({ type: [EventDoc] })
  events(@DayId() dayId: number): Promise<EventDto[]> {
    return this.programme.listEvents(dayId);
  }

  @Get(':dayId/events/:eventId')
  @ApiParam({ name: 'dayId', type: Number })
  @ApiParam({ name: 'eventId', type: Number })
  @ApiOkResponse({ type: EventDoc })
  event(@DayId() dayId: number, @EventId() eventId: number): Promise<EventDto> {
    return this.programme.getEvent(dayId, eventId);
  }

  @Post(':dayId/events')
  @ApiParam({ name: 'dayId', type: Number })
  @ApiCreatedResponse({ type: EventDoc })
  createEvent(@DayId() dayId: number, @Body() body: CreateEventDto): Promise<EventDto> {
    return this.programme.createEvent(dayId, body);
  }

  @Put(':dayId/events/:eventId')
  @ApiParam({ name: 'dayId', type: Number })
  @ApiParam({ name: 'eventId', type: Number })
  @ApiOkResponse({ type: EventDoc })
  updateEvent(
    @DayId() dayId: number,
    @EventId() eventId: number,
    @Body() body: UpdateEventDto,
  ): Promise<EventDto> {
    return this.programme.updateEvent(dayId, eventId, body);
  }

  @Delete(':dayId/events/:eventId')
  @ApiParam({ name: 'dayId', type: Number })
  @ApiParam({ name: 'eventId', type: Number })
  @ApiOkResponse({ type: OkDoc })
  removeEvent(@DayId() dayId: number, @EventId() eventId: number): Promise<{ ok: true }> {
    return this.programme.deleteEvent(dayId, eventId);
  }

  @Put(':dayId/events/:eventId/sessions')
  @ApiParam({ name: 'dayId', type: Number })
  @ApiParam({ name: 'eventId', type: Number })
  @ApiOkResponse({ type: EventSessionsResultDoc })
  setSessions(
    @DayId() dayId: number,
    @EventId() eventId: number,
    @Body() body: EventSessionsDto,
  ): Promise<EventSessionsResult> {
    return this.programme.setEventSessions(dayId, eventId, body.sessions);
  }
}
