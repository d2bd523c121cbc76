import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MAX_INT32,
  REMINDER_KINDS,
  REMINDER_MESSAGES as M,
  type ReminderKind,
  type ReminderRuleDto,
} from '@symposium/domain';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '../../../common/optional.js';

/**
 * The body of POST /api/chair/reminders (every field but enabled and trackIds required) and PUT
 * /api/chair/reminders/{id} (any subset). Shapes are checked here; the rules (a name, a known kind, 1 to 10
 * distinct offsets of 0..365 days, an existing template whose placeholders fit the kind, existing tracks)
 * in RemindersService, so the command line gets the same answers.
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

  @ApiPropertyOptional() @Optional() @IsBoolean() enabled?: boolean;
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
  @ApiProperty() templateId!: number;
  @ApiProperty({ type: [Number], description: 'Empty: every track' }) trackIds!: number[];
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastRunAt!: string | null;
  @ApiProperty({ description: 'Reminders sent so far' }) sent!: number;
}
