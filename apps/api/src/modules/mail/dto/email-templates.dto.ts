import { ApiProperty } from '@nestjs/swagger';
import {
  type EmailTemplateDto as EmailTemplate,
  EMAIL_TEMPLATE_MESSAGES as M,
  MAX_INT32,
  MAX_SUBJECT_LENGTH,
  MAX_TEXT_LENGTH,
} from '@symposium/domain';
import { ArrayMaxSize, IsArray, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';

/** POST /api/chair/emailTemplate and PUT /api/chair/emailTemplate/{id}: { subject, text }. */
export class EmailTemplateDto {
  @ApiProperty()
  @MaxLength(MAX_SUBJECT_LENGTH, { message: `The subject must be at most ${MAX_SUBJECT_LENGTH} characters` })
  @IsString({ message: M.subjectRequired })
  subject!: string;

  @ApiProperty()
  @MaxLength(MAX_TEXT_LENGTH, { message: `The text must be at most ${MAX_TEXT_LENGTH} characters` })
  @IsString({ message: M.textRequired })
  text!: string;
}

/** PUT /api/chair/emailTemplate/sort: every template id once, in the new order. */
export class SortEmailTemplatesDto {
  @ApiProperty({ type: [Number] })
  @Max(MAX_INT32, { each: true, message: M.sortIds })
  @Min(1, { each: true, message: M.sortIds })
  @IsInt({ each: true, message: M.sortIds })
  @ArrayMaxSize(10_000, { message: M.sortIds })
  @IsArray({ message: M.sortIds })
  ids!: number[];
}

/** A template as the API answers it (EmailTemplateDto of libs/domain), for the API documentation. */
export class EmailTemplateDoc implements EmailTemplate {
  @ApiProperty() _id!: number;
  @ApiProperty() subject!: string;
  @ApiProperty() text!: string;
  @ApiProperty() position!: number;
}
