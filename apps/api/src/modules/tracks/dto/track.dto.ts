import { Optional } from '../../../common/optional.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MAX_INT32,
  TRACK_LIMITS,
  TRACK_MESSAGES,
  type ActivityDto,
  type SubjectAreaDto,
  type SurveyQuestion,
  type TrackActivities,
  type TrackDto,
} from '@symposium/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/*
 * Types and sizes are checked here; ranges and cross-field rules (abstract length, min/max files, deadlines,
 * subject area names) by validateTrackSettings of libs/domain in the service, on the merged track, with the
 * TRACK_MESSAGES texts. The decorator nearest to a field runs first and gives the message shown.
 */

const TEXT_MAX = 20_000;

export class TrackQuestionDto {
  @ApiProperty() @MaxLength(1000) @IsString() title!: string;
  @ApiPropertyOptional() @Optional() @MaxLength(5000) @IsString() answer?: string;
  @ApiPropertyOptional() @Optional() @IsBoolean() isRequired?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() isComment?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() isTextArea?: boolean;
  @ApiPropertyOptional({ type: [String] })
  @Optional()
  @MaxLength(500, { each: true })
  @IsString({ each: true })
  @ArrayMaxSize(100)
  @IsArray()
  choices?: string[];
}

const Questions = () => (target: object, key: string) => {
  ApiPropertyOptional({ type: [TrackQuestionDto] })(target, key);
  Optional()(target, key);
  ValidateNested({ each: true })(target, key);
  Type(() => TrackQuestionDto)(target, key);
  ArrayMaxSize(TRACK_LIMITS.questionsMax)(target, key);
  IsArray()(target, key);
};

export class ActivityInputDto {
  @ApiPropertyOptional() @Optional() @IsBoolean() status?: boolean;
  /** UTC ISO string, or null for no deadline. */
  @ApiPropertyOptional({ type: String, nullable: true })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @MaxLength(40, { message: TRACK_MESSAGES.deadline })
  @IsString({ message: TRACK_MESSAGES.deadline })
  deadline?: string | null;
}

const Activity = () => (target: object, key: string) => {
  ApiPropertyOptional({ type: ActivityInputDto })(target, key);
  Optional()(target, key);
  ValidateNested()(target, key);
  Type(() => ActivityInputDto)(target, key);
};

export class ActivitiesInputDto {
  @Activity() canSubmitPaper?: ActivityInputDto;
  @Activity() canEditPaper?: ActivityInputDto;
  @Activity() canSubmitCameraReady?: ActivityInputDto;
  @Activity() canSubmitPresentationReady?: ActivityInputDto;
}

export class SubmissionPropertiesInputDto {
  @ApiPropertyOptional() @Optional() @MaxLength(TEXT_MAX) @IsString() welcomeMessage?: string;
  @ApiPropertyOptional()
  @Optional()
  @IsInt({ message: TRACK_MESSAGES.abstractLength })
  abstractLength?: number;
  @ApiPropertyOptional()
  @Optional()
  @IsInt({ message: TRACK_MESSAGES.minFilesLimit })
  minFilesLimit?: number;
  @ApiPropertyOptional()
  @Optional()
  @IsInt({ message: TRACK_MESSAGES.maxFilesLimit })
  maxFilesLimit?: number;
  @Questions() questions?: TrackQuestionDto[];
}

export class CameraReadyPropertiesInputDto {
  @ApiPropertyOptional() @Optional() @MaxLength(TEXT_MAX) @IsString() welcomeMessage?: string;
  @ApiPropertyOptional()
  @Optional()
  @IsInt({ message: TRACK_MESSAGES.fileSizeLimit })
  fileSizeLimit?: number;
  @ApiPropertyOptional({ type: [String] })
  @Optional()
  @MaxLength(10, { each: true, message: TRACK_MESSAGES.allowedFiles })
  @IsString({ each: true, message: TRACK_MESSAGES.allowedFiles })
  @ArrayMaxSize(20, { message: TRACK_MESSAGES.allowedFiles })
  @IsArray({ message: TRACK_MESSAGES.allowedFiles })
  allowedFiles?: string[];
  @Questions() questions?: TrackQuestionDto[];
}

export class PresentationReadyPropertiesInputDto {
  @ApiPropertyOptional() @Optional() @MaxLength(TEXT_MAX) @IsString() welcomeMessage?: string;
  @ApiPropertyOptional()
  @Optional()
  @IsInt({ message: TRACK_MESSAGES.fileSizeLimit })
  fileSizeLimit?: number;
  @Questions() questions?: TrackQuestionDto[];
}

export class SubjectAreaInputDto {
  /** An existing subject area of the track (kept, renamed, moved); absent for a new one. */
  @ApiPropertyOptional()
  @Optional()
  @Max(MAX_INT32, { message: TRACK_MESSAGES.subjectAreaUnknown })
  @Min(1, { message: TRACK_MESSAGES.subjectAreaUnknown })
  @IsInt({ message: TRACK_MESSAGES.subjectAreaUnknown })
  _id?: number;
  @ApiProperty()
  @MaxLength(TRACK_LIMITS.subjectAreaNameMax)
  @IsString({ message: TRACK_MESSAGES.subjectAreaName })
  name!: string;
}

/** The parts of a track besides its name; every part optional. */
class TrackPartsDto {
  @ApiPropertyOptional({ type: ActivitiesInputDto })
  @Optional()
  @ValidateNested()
  @Type(() => ActivitiesInputDto)
  activities?: ActivitiesInputDto;

  @ApiPropertyOptional({ type: SubmissionPropertiesInputDto })
  @Optional()
  @ValidateNested()
  @Type(() => SubmissionPropertiesInputDto)
  submissionProperties?: SubmissionPropertiesInputDto;

  @ApiPropertyOptional({ type: CameraReadyPropertiesInputDto })
  @Optional()
  @ValidateNested()
  @Type(() => CameraReadyPropertiesInputDto)
  cameraReadySubmissionProperties?: CameraReadyPropertiesInputDto;

  @ApiPropertyOptional({ type: PresentationReadyPropertiesInputDto })
  @Optional()
  @ValidateNested()
  @Type(() => PresentationReadyPropertiesInputDto)
  presentationReadySubmissionProperties?: PresentationReadyPropertiesInputDto;

  /** When given: the full ordered list (missing existing areas are deleted). */
  @ApiPropertyOptional({ type: [SubjectAreaInputDto] })
  @Optional()
  @ValidateNested({ each: true })
  @Type(() => SubjectAreaInputDto)
  @ArrayMaxSize(TRACK_LIMITS.subjectAreasMax)
  @IsArray()
  subjectAreas?: SubjectAreaInputDto[];

  /** Issue 25: reviewers read the paper's discussion and the other reviews before submitting their own. */
  @ApiPropertyOptional({
    description:
      'Reviewers may read the discussion and the other reviews of a paper before submitting their own review (default false)',
  })
  @Optional()
  @IsBoolean({ message: 'discussionBeforeReview must be true or false' })
  discussionBeforeReview?: boolean;
}

/** PUT /chair/tracks/:trackId: every part optional; what is absent keeps its stored value. */
export class UpdateTrackDto extends TrackPartsDto {
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(TRACK_LIMITS.nameMax)
  @IsString({ message: TRACK_MESSAGES.nameRequired })
  name?: string;
}

/** POST /chair/tracks: a name, and anything else of the track (the rest takes the §4/§9 defaults). */
export class CreateTrackDto extends TrackPartsDto {
  @ApiProperty()
  @MaxLength(TRACK_LIMITS.nameMax)
  @IsString({ message: TRACK_MESSAGES.nameRequired })
  name!: string;
}

export class SortIdsDto {
  @ApiProperty({ type: [Number] })
  @Max(MAX_INT32, { each: true })
  @Min(1, { each: true })
  @IsInt({ each: true })
  @ArrayMaxSize(10_000)
  @IsArray()
  ids!: number[];
}

/*
 * The OpenAPI schema of a track (TrackDto of libs/domain) and its parts, for the API documentation.
 */

type SubmissionProperties = TrackDto['submissionProperties'];
type CameraReadyProperties = TrackDto['cameraReadySubmissionProperties'];
type PresentationReadyProperties = TrackDto['presentationReadySubmissionProperties'];

export class TrackQuestionDoc implements SurveyQuestion {
  @ApiProperty() title!: string;
  @ApiPropertyOptional() answer?: string;
  @ApiProperty() isRequired!: boolean;
  @ApiProperty() isComment!: boolean;
  @ApiProperty() isTextArea!: boolean;
  @ApiProperty({ type: [String] }) choices!: string[];
}

export class TrackSubjectAreaDoc implements SubjectAreaDto {
  @ApiProperty() _id!: number;
  @ApiProperty() name!: string;
}

export class TrackActivityDoc implements ActivityDto {
  @ApiProperty({ description: 'Enabled (open until the deadline passes)' }) status!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null: no deadline' })
  deadline!: string | null;
}

export class TrackActivitiesDoc implements TrackActivities {
  @ApiProperty({ type: TrackActivityDoc }) canSubmitPaper!: TrackActivityDoc;
  @ApiProperty({ type: TrackActivityDoc }) canEditPaper!: TrackActivityDoc;
  @ApiProperty({ type: TrackActivityDoc }) canSubmitCameraReady!: TrackActivityDoc;
  @ApiProperty({ type: TrackActivityDoc }) canSubmitPresentationReady!: TrackActivityDoc;
}

export class TrackSubmissionPropertiesDoc implements SubmissionProperties {
  @ApiProperty() welcomeMessage!: string;
  @ApiProperty({ description: 'Most characters of an abstract' }) abstractLength!: number;
  @ApiProperty() minFilesLimit!: number;
  @ApiProperty() maxFilesLimit!: number;
  @ApiProperty({ type: [TrackQuestionDoc] }) questions!: TrackQuestionDoc[];
}

export class TrackCameraReadyPropertiesDoc implements CameraReadyProperties {
  @ApiProperty() welcomeMessage!: string;
  @ApiProperty({ description: 'MB' }) fileSizeLimit!: number;
  @ApiProperty({ type: [String], example: ['doc', 'docx', 'pdf'], description: 'File extensions' })
  allowedFiles!: string[];
  @ApiProperty({ type: [TrackQuestionDoc] }) questions!: TrackQuestionDoc[];
}

export class TrackPresentationReadyPropertiesDoc implements PresentationReadyProperties {
  @ApiProperty() welcomeMessage!: string;
  @ApiProperty({ description: 'MB' }) fileSizeLimit!: number;
  @ApiProperty({ type: [TrackQuestionDoc] }) questions!: TrackQuestionDoc[];
}

/** A track (TrackDto of libs/domain). */
export class TrackDoc implements TrackDto {
  @ApiProperty() _id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() position!: number;
  @ApiProperty({ type: [TrackSubjectAreaDoc] }) subjectAreas!: TrackSubjectAreaDoc[];
  @ApiProperty({ type: TrackActivitiesDoc }) activities!: TrackActivitiesDoc;
  @ApiProperty({ type: TrackSubmissionPropertiesDoc }) submissionProperties!: TrackSubmissionPropertiesDoc;
  @ApiProperty({ type: TrackCameraReadyPropertiesDoc })
  cameraReadySubmissionProperties!: TrackCameraReadyPropertiesDoc;
  @ApiProperty({ type: TrackPresentationReadyPropertiesDoc })
  presentationReadySubmissionProperties!: TrackPresentationReadyPropertiesDoc;
  @ApiPropertyOptional({
    description:
      'Chair and track-chair answers only: reviewers may read the discussion before submitting their review',
  })
  discussionBeforeReview?: boolean;
}
