import { Optional } from '../../../common/optional.js';
import { ContactDto } from '../../users/dto/contact.dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_INT32 } from '@symposium/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/*
 * Types and sizes only: every field the §5 rules speak about is optional here, so a missing title, abstract,
 * author or answer gets the spec's message from validateSubmission of libs/domain (in the service) instead of
 * a generic one. The decorator nearest to a field runs first and gives the message shown.
 */

const MAX_AUTHORS = 100;
const MAX_ANSWERS = 100;

/** An id: 1..2^31-1. */
const Id = (each = false) => {
  const opts = { each };
  return (target: object, key: string) => {
    Max(MAX_INT32, opts)(target, key);
    Min(1, opts)(target, key);
    IsInt(opts)(target, key);
  };
};
/** An id or null. */
const NullableId = () => (target: object, key: string) => {
  ValidateIf((_o, v) => v !== null && v !== undefined)(target, key);
  Id()(target, key);
};

/** One answer, by position in the track's questions (the title is the server's; a sent title is ignored). */
export class PaperAnswerDto {
  @ApiPropertyOptional() @Optional() @MaxLength(1000) @IsString() title?: string;
  @ApiPropertyOptional() @Optional() @MaxLength(10_000) @IsString() answer?: string;
}

const Answers = () => (target: object, key: string) => {
  ApiPropertyOptional({ type: [PaperAnswerDto] })(target, key);
  Optional()(target, key);
  ValidateNested({ each: true })(target, key);
  Type(() => PaperAnswerDto)(target, key);
  ArrayMaxSize(MAX_ANSWERS)(target, key);
  IsArray()(target, key);
};

export class PaperAbstractDto {
  @ApiPropertyOptional() @Optional() @MaxLength(200_000) @IsString() text?: string;
  @Answers() questions?: PaperAnswerDto[];
}

export class PaperAbstractTextDto {
  @ApiPropertyOptional() @Optional() @MaxLength(200_000) @IsString() text?: string;
}

const Authors = () => (target: object, key: string) => {
  ApiPropertyOptional({ type: [Number], description: 'User ids, in order' })(target, key);
  Optional()(target, key);
  Id(true)(target, key);
  ArrayMaxSize(MAX_AUTHORS)(target, key);
  IsArray()(target, key);
};

/** The fields of a submission (POST body, the multipart `paper` field, PUT body). */
export class PaperInputDto {
  @ApiProperty({ description: 'Track id (PUT: must be the paper’s track when sent)' })
  @Optional()
  @Id()
  track?: number;
  @ApiPropertyOptional() @Optional() @MaxLength(2000) @IsString() title?: string;
  @ApiPropertyOptional({ type: PaperAbstractDto })
  @Optional()
  @ValidateNested()
  @Type(() => PaperAbstractDto)
  abstract?: PaperAbstractDto;
  @Authors() authors?: number[];
  @ApiPropertyOptional({ type: Number, nullable: true }) @NullableId() primaryAuthor?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) @NullableId() primarySubjectArea?: number | null;
}

/** PUT: the same fields, plus the submission files to remove in the same transaction. */
export class UpdatePaperDto extends PaperInputDto {
  @ApiPropertyOptional({ type: [Number], description: 'Ids of abstract files to remove' })
  @Optional()
  @Id(true)
  @ArrayMaxSize(MAX_AUTHORS)
  @IsArray()
  removeFiles?: number[];
}

export class PaperNotesDto {
  @ApiProperty() @MaxLength(10_000) @IsString() notes!: string;
}

export class PaperEmailDto {
  @ApiPropertyOptional({ type: [Number], description: 'Author ids to send to (default: every author)' })
  @Optional()
  @Id(true)
  @ArrayMaxSize(MAX_AUTHORS)
  @IsArray()
  recipients?: number[];
}

/** Camera-ready: the final title, abstract and authors (each optional: absent keeps the current) and answers. */
export class CameraReadySubmissionDto {
  @ApiPropertyOptional() @Optional() @MaxLength(2000) @IsString() title?: string;
  @ApiPropertyOptional({ type: PaperAbstractTextDto })
  @Optional()
  @ValidateNested()
  @Type(() => PaperAbstractTextDto)
  abstract?: PaperAbstractTextDto;
  @Authors() authors?: number[];
  @ApiPropertyOptional({ type: Number }) @NullableId() primaryAuthor?: number | null;
  @Answers() questions?: PaperAnswerDto[];
}

export class PresentationReadySubmissionDto {
  @Answers() questions?: PaperAnswerDto[];
}

export class SignConsentDto {
  @ApiPropertyOptional({ description: 'The typed signature (a name)' })
  @Optional()
  @MaxLength(1000)
  @IsString()
  signature?: string;
}

export class PaperUploadQueryDto {
  @ApiPropertyOptional({ enum: ['abstract', 'word', 'pdf', 'springerCopyright', 'ppt', 'ppt_pdf', 'video'] })
  @Optional()
  @MaxLength(50)
  @IsString()
  p?: string;
  @ApiPropertyOptional({ description: 'abstract only: id of the submission file this upload replaces' })
  @Optional()
  @MaxLength(20)
  @IsString()
  replace?: string;
}

/** A co-author account created by an author (§5 People rules, checked in the users service). */
export class CreateCoAuthorDto extends ContactDto {}
