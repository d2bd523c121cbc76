import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MAX_INT32,
  REMINDER_KINDS,
  REMINDER_MESSAGES as M,
  REMINDER_RECIPIENTS,
  type ReminderCandidateDto,
  type ReminderClosedTrackDto,
  type ReminderDryRunDto,
  type ReminderKind,
  type ReminderRecipients,
  type ReminderRuleDto,
  type ReminderRunDto,
} from '@symposium/domain';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Optional } from '../../../common/optional.js';

/**
 * The body of POST /api/chair/reminders (name, kind, offsets and templateId required; a new rule is stored
 * paused whatever `enabled` says) and PUT /api/chair/reminders/{id} (any subset). Shapes are checked here;
 * the rules (a name, a known kind, 1 to 10 distinct offsets of 0..365 days, a send hour of 0..23, recipients
 * 'all' or 'primary' (author kinds only), an existing template whose placeholders fit the kind, existing
 * tracks) in RemindersService, so the command line gets the same answers.
 */
export class ReminderRuleBodyDto {
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(200, { message: M.nameRequired })
  @IsString({ message: M.nameRequired })
  name?: string;

  @ApiPropertyOptional({ enum: REMINDER_KINDS }) @Optional() @IsString({ message: M.kind }) kind?: string;

  @ApiPropertyOptional({ type: [Number], description: 'Days before the deadline (0 = on the day)' })
  @Optional()
  @ArrayMaxSize(10, { message: M.offsets })
  @Max(365, { each: true, message: M.offsets })
  @Min(0, { each: true, message: M.offsets })
  @IsInt({ each: true, message: M.offsets })
  @IsArray({ message: M.offsets })
  offsets?: number[];

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 23,
    description: "Hour of the day in the conference's time zone the reminders go out (default 9)",
  })
  @Optional()
  @Max(23, { message: M.sendHour })
  @Min(0, { message: M.sendHour })
  @IsInt({ message: M.sendHour })
  sendHour?: number;

  @ApiPropertyOptional({
    enum: REMINDER_RECIPIENTS,
    description: "Author kinds: every author ('all', default) or the primary author only",
  })
  @Optional()
  @IsIn(REMINDER_RECIPIENTS, { message: M.recipients })
  recipients?: string;

  @ApiPropertyOptional()
  @Optional()
  @Max(MAX_INT32, { message: M.templateNotFound })
  @Min(1, { message: M.templateNotFound })
  @IsInt({ message: M.template })
  templateId?: number;

  @ApiPropertyOptional({ type: [Number], description: 'Empty: every track' })
  @Optional()
  @ArrayMaxSize(1000, { message: M.trackNotFound })
  @Max(MAX_INT32, { each: true, message: M.trackNotFound })
  @Min(1, { each: true, message: M.trackNotFound })
  @IsInt({ each: true, message: M.trackNotFound })
  @IsArray({ message: M.trackNotFound })
  trackIds?: number[];

  @ApiPropertyOptional({ description: 'PUT only: a new rule is always stored paused' })
  @Optional()
  @IsBoolean()
  enabled?: boolean;
}

export class ReminderRunAnswer {
  @ApiProperty() queued!: number;
  @ApiProperty() message!: string;
}

/** A reminder rule (ReminderRuleDto of libs/domain), for the API documentation. */
export class ReminderRuleDoc implements ReminderRuleDto {
  @ApiProperty() _id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: REMINDER_KINDS }) kind!: ReminderKind;
  @ApiProperty({ type: [Number], description: 'Days before the deadline, descending' }) offsets!: number[];
  @ApiProperty({ description: "Hour (0-23) in the conference's time zone" }) sendHour!: number;
  @ApiProperty({ enum: REMINDER_RECIPIENTS }) recipients!: ReminderRecipients;
  @ApiProperty() templateId!: number;
  @ApiProperty({ type: [Number], description: 'Empty: every track' }) trackIds!: number[];
  @ApiProperty({ description: 'A new rule is paused' }) enabled!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastRunAt!: string | null;
  @ApiProperty({ description: 'Reminders sent so far' }) sent!: number;
}

export class ReminderCandidateDoc implements ReminderCandidateDto {
  @ApiProperty() userId!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ description: "'paper:12' or 'request:7'" }) objectKey!: string;
  @ApiProperty({ type: Number, nullable: true }) paperId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) reviewRequestId!: number | null;
  @ApiProperty({ format: 'date-time' }) deadline!: string;
  @ApiProperty() offset!: number;
  @ApiProperty() occurrence!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ description: 'Already sent for this occurrence (a run skips it)' }) alreadySent!: boolean;
}

export class ReminderClosedTrackDoc implements ReminderClosedTrackDto {
  @ApiProperty() trackId!: number;
  @ApiProperty() trackName!: string;
  @ApiProperty({ example: 'activity closed: camera-ready submission' }) message!: string;
}

/** POST /api/chair/reminders/{id}/dry-run: who would be reminded now, and where the activity is closed. */
export class ReminderDryRunDoc implements ReminderDryRunDto {
  @ApiProperty({ description: 'Reminders a run would queue now' }) toSend!: number;
  @ApiProperty({ type: [ReminderCandidateDoc] }) candidates!: ReminderCandidateDoc[];
  @ApiProperty({ type: [ReminderClosedTrackDoc] }) closedTracks!: ReminderClosedTrackDoc[];
}

/** One run of a rule (GET /api/chair/reminders/{id}/history). */
export class ReminderRunDoc implements ReminderRunDto {
  @ApiProperty() _id!: number;
  @ApiProperty() ruleId!: number;
  @ApiProperty({ enum: ['scheduler', 'chair', 'cli'] }) trigger!: ReminderRunDto['trigger'];
  @ApiProperty({ format: 'date-time' }) startedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
  @ApiProperty() queued!: number;
}
