import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  DEFAULT_MIN_PAPERS_PER_SESSION,
  EVENT_TYPES,
  MAX_INT32,
  PROGRAMME_MESSAGES as M,
  type DayDto,
  type EventDto,
  type EventType,
  type RoomDto,
} from '@symposium/domain';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ValidateNested,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Nullable, Optional } from '../../../common/optional.js';

const Id = (message: string) => [Max(MAX_INT32, { message }), Min(1, { message }), IsInt({ message })];
const apply =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const d of decorators) d(target, key);
  };
const IdField = (message: string) => apply(...Id(message));
const IdList = (message: string, max = 1000) =>
  apply(
    Max(MAX_INT32, { each: true, message }),
    Min(1, { each: true, message }),
    IsInt({ each: true, message }),
    ArrayMaxSize(max),
    IsArray({ message }),
  );

export class CreateRoomDto {
  @ApiProperty() @MaxLength(200) @IsString({ message: M.roomName }) name!: string;
  @ApiPropertyOptional({ type: Number, nullable: true })
  @Nullable()
  @Max(100_000, { message: M.roomCapacity })
  @Min(1, { message: M.roomCapacity })
  @IsInt({ message: M.roomCapacity })
  capacity?: number | null;
}

export class UpdateRoomDto {
  @ApiPropertyOptional() @Optional() @MaxLength(200) @IsString({ message: M.roomName }) name?: string;
  @ApiPropertyOptional({ type: Number, nullable: true })
  @Nullable()
  @Max(100_000, { message: M.roomCapacity })
  @Min(1, { message: M.roomCapacity })
  @IsInt({ message: M.roomCapacity })
  capacity?: number | null;
}

export class CreateDayDto {
  @ApiProperty({ example: '9/14/2027' }) @MaxLength(20) @IsString({ message: M.dayDateFormat }) date!: string;
  @ApiPropertyOptional() @Optional() @MaxLength(500, { message: M.deskLength }) @IsString() desk?: string;
  @ApiPropertyOptional() @Optional() @IsString({ message: M.dayColor }) color?: string;
}

export class UpdateDayDto {
  @ApiPropertyOptional() @Optional() @MaxLength(20) @IsString({ message: M.dayDateFormat }) date?: string;
  @ApiPropertyOptional() @Optional() @MaxLength(500, { message: M.deskLength }) @IsString() desk?: string;
  @ApiPropertyOptional() @Optional() @IsString({ message: M.dayColor }) color?: string;
}

export class CreateEventDto {
  @ApiProperty({ enum: EVENT_TYPES }) @IsIn(EVENT_TYPES, { message: M.eventType }) type!: string;
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(2000, { message: M.eventDescriptionLength })
  @IsString()
  description?: string;
  @ApiProperty({ example: '10:30' })
  @MaxLength(5, { message: M.eventTime })
  @IsString({ message: M.eventTime })
  start!: string;
  @ApiProperty({ example: '12:30' })
  @MaxLength(5, { message: M.eventTime })
  @IsString({ message: M.eventTime })
  end!: string;
}

export class UpdateEventDto {
  @ApiPropertyOptional({ enum: EVENT_TYPES })
  @Optional()
  @IsIn(EVENT_TYPES, { message: M.eventType })
  type?: string;
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(2000, { message: M.eventDescriptionLength })
  @IsString()
  description?: string;
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(5, { message: M.eventTime })
  @IsString({ message: M.eventTime })
  start?: string;
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(5, { message: M.eventTime })
  @IsString({ message: M.eventTime })
  end?: string;
}

export class EventSessionsDto {
  @ApiProperty({ type: [Number] }) @IdList(M.sessionNotFound) sessions!: number[];
}

export class CreateTechnicalSessionDto {
  @ApiProperty() @IdField(M.sessionNumber) _id!: number;
  @ApiProperty()
  @MaxLength(300, { message: M.sessionTitleLength })
  @IsString({ message: M.sessionTitle })
  title!: string;
  @ApiProperty({ type: [Number] }) @IdList(M.responsables, 50) responsables!: number[];
  @ApiProperty() @IdField(M.room) room!: number;
  @ApiProperty({ type: [Number] }) @IdList(M.papers, 200) papers!: number[];
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(2000, { message: M.link })
  @IsString({ message: M.link })
  link?: string;
}

export class UpdateTechnicalSessionDto {
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(300, { message: M.sessionTitleLength })
  @IsString({ message: M.sessionTitle })
  title?: string;
  @ApiPropertyOptional({ type: [Number] }) @Optional() @IdList(M.responsables, 50) responsables?: number[];
  @ApiPropertyOptional() @Optional() @IdField(M.room) room?: number;
  @ApiPropertyOptional({ type: [Number] }) @Optional() @IdList(M.papers, 200) papers?: number[];
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(2000, { message: M.link })
  @IsString({ message: M.link })
  link?: string;
}

export class CreatePosterSessionDto {
  @ApiProperty() @IdField(M.sessionNumber) _id!: number;
  @ApiProperty() @IdField(M.paper) paper!: number;
  @ApiProperty() @IdField(M.room) room!: number;
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(2000, { message: M.link })
  @IsString({ message: M.link })
  link?: string;
}

export class UpdatePosterSessionDto {
  @ApiPropertyOptional() @Optional() @IdField(M.paper) paper?: number;
  @ApiPropertyOptional() @Optional() @IdField(M.room) room?: number;
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(2000, { message: M.link })
  @IsString({ message: M.link })
  link?: string;
}

export class CreateTutorialDto extends CreatePosterSessionDto {
  @ApiProperty() @IdField(M.presenter) presenter!: number;
}

export class UpdateTutorialDto extends UpdatePosterSessionDto {
  @ApiPropertyOptional() @Optional() @IdField(M.presenter) presenter?: number;
}

export class SessionLinkDto {
  @ApiProperty() @MaxLength(2000, { message: M.link }) @IsString({ message: M.link }) link!: string;
}

export class ClashAckDto {
  @ApiProperty()
  @MaxLength(2000, { message: M.clashNotFound })
  @IsString({ message: M.clashNotFound })
  key!: string;
}

/** ?hasEvent=true|false&eventId=N (spec §7 session queries). */
export class SessionQueryDto {
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @Optional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'hasEvent must be true or false' })
  hasEvent?: boolean;

  @ApiPropertyOptional()
  @Optional()
  @Type(() => Number)
  @IdField(M.eventNotFound)
  eventId?: number;
}

/** ?track=N for the schedulable papers. */
export class TrackQueryDto {
  @ApiPropertyOptional()
  @Optional()
  @Type(() => Number)
  @IdField('track must be a track id')
  track?: number;
}

/** The tutorials track the chair chooses. */
export class TutorialTrackDto {
  @ApiProperty() @IdField(M.builderTrack) track!: number;
}

/** ?search=text for people. */
export class PeopleQueryDto {
  @ApiPropertyOptional() @Optional() @MaxLength(200) @IsString() search?: string;
}

/** ?scope=all|mine for calendars. */
export class CalendarQueryDto {
  @ApiPropertyOptional({ enum: ['all', 'mine'] })
  @Optional()
  @IsIn(['all', 'mine'], { message: 'scope must be all or mine' })
  scope?: 'all' | 'mine';
}

export class BuilderRequestDto {
  @ApiProperty() @IdField(M.builderTrack) track!: number;
  @ApiProperty()
  @Max(50, { message: M.builderPapersPerSession })
  @Min(1, { message: M.builderPapersPerSession })
  @IsInt({ message: M.builderPapersPerSession })
  papersPerSession!: number;
  /** No proposed session has fewer papers (default 2; at most papersPerSession). */
  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: DEFAULT_MIN_PAPERS_PER_SESSION })
  @Optional()
  @Max(50, { message: M.builderMinPapers })
  @Min(1, { message: M.builderMinPapers })
  @IsInt({ message: M.builderMinPapers })
  minPapersPerSession?: number;
  @ApiProperty({ type: [Number] }) @IdList(M.builderEvents, 500) events!: number[];
  @ApiProperty({ type: [Number] }) @IdList(M.room, 500) rooms!: number[];
  /** How long the builder may search, in seconds (default 30): past it, the best proposal found is answered. */
  @ApiPropertyOptional({ minimum: 1, maximum: 3600, default: 30 })
  @Optional()
  @Max(3600, { message: M.builderTimeLimit })
  @Min(1, { message: M.builderTimeLimit })
  @IsInt({ message: M.builderTimeLimit })
  timeLimitSeconds?: number;
  /** People to propose as session chairs before the sessions' authors (user ids). */
  @ApiPropertyOptional({ type: [Number] })
  @Optional()
  @IdList(M.responsableNotFound, 500)
  sessionChairs?: number[];
}

export class BuilderApplySessionDto extends CreateTechnicalSessionDto {
  @ApiPropertyOptional({ type: Number, nullable: true }) @Nullable() @IdField(M.eventNotFound) event?:
    number | null;
}

export class BuilderApplyDto {
  /** When given, a session with fewer papers is refused (the minimum the chair set for the proposal). */
  @ApiPropertyOptional({ minimum: 1, maximum: 50 })
  @Optional()
  @Max(50, { message: M.builderMinPapers })
  @Min(1, { message: M.builderMinPapers })
  @IsInt({ message: M.builderMinPapers })
  minPapersPerSession?: number;
  @ApiProperty({ type: [BuilderApplySessionDto] })
  @ValidateNested({ each: true })
  @Type(() => BuilderApplySessionDto)
  @ArrayMaxSize(1000)
  @ArrayMinSize(1, { message: M.papers })
  @IsArray()
  sessions!: BuilderApplySessionDto[];
}

/** A track named (its id and name), for the API documentation. */
export class TrackRefDoc {
  @ApiProperty() _id!: number;
  @ApiProperty() name!: string;
}

/** The answer of choosing the tutorials track: the message and the track. */
export class TutorialTrackChoiceDoc {
  @ApiProperty({ example: M.tutorialTrackSaved }) message!: string;
  @ApiProperty({ type: TrackRefDoc }) track!: TrackRefDoc;
}

/** A room (RoomDto of libs/domain), for the API documentation. */
export class RoomDoc implements RoomDto {
  @ApiProperty() _id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: Number, nullable: true }) capacity!: number | null;
}

/** An event of a day (EventDto of libs/domain), for the API documentation. */
export class EventDoc implements EventDto {
  @ApiProperty() _id!: number;
  @ApiProperty({ description: 'The day it belongs to' }) day!: number;
  @ApiProperty({ enum: EVENT_TYPES }) type!: EventType;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'HH:MM, 24-hour, conference time zone' }) start!: string;
  @ApiProperty({ description: 'HH:MM, 24-hour, conference time zone' }) end!: string;
  @ApiProperty({ type: [Number], description: 'The linked sessions of the event type’s kind' })
  sessions!: number[];
}

/** A conference day with its events (DayDto of libs/domain), for the API documentation. */
export class DayDoc implements DayDto {
  @ApiProperty() _id!: number;
  @ApiProperty({ description: 'm/d/yyyy' }) date!: string;
  @ApiProperty() desk!: string;
  @ApiProperty() color!: string;
  @ApiProperty({ type: [EventDoc] }) events!: EventDoc[];
}
