import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  DISCUSSION_COMMENT_MAX,
  DISCUSSION_MESSAGES,
  DISCUSSION_VISIBILITIES,
  MAX_INT32,
  PAGE_SIZE,
  type DiscussionVisibility,
} from '@symposium/domain';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '../../../common/optional.js';
import { IdListField } from './reviews.dto.js';

/** POST /api/{role}/discussion/{paperId}: a comment. */
export class PostCommentDto {
  @ApiProperty({ maxLength: DISCUSSION_COMMENT_MAX, description: '@Name or @ReviewerN mentions notify' })
  @IsString({ message: DISCUSSION_MESSAGES.textRequired })
  @IsNotEmpty({ message: DISCUSSION_MESSAGES.textRequired })
  @MaxLength(DISCUSSION_COMMENT_MAX, { message: DISCUSSION_MESSAGES.textTooLong })
  text!: string;

  @ApiProperty({ enum: DISCUSSION_VISIBILITIES })
  @IsIn(DISCUSSION_VISIBILITIES, { message: DISCUSSION_MESSAGES.visibility })
  visibility!: DiscussionVisibility;
}

/** PUT /api/{role}/discussion/{paperId}/read: the last comment read (default: all of them). */
export class MarkReadDto {
  @ApiPropertyOptional()
  @Optional()
  @IsInt()
  @Min(0)
  @Max(MAX_INT32)
  through?: number;
}

/** POST /api/{role}/discussion/unread: the papers of a list page. */
export class UnreadCountsDto {
  @ApiProperty({ type: [Number] })
  @IdListField()
  ids!: number[];
}

/** GET /api/{chair|cochair}/discussion: the discussion list. */
export class DiscussionListQueryDto {
  @ApiPropertyOptional() @Optional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_INT32) track?: number;

  @ApiPropertyOptional({ description: 'spread of the final scores that counts as disagreement (default 2)' })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10)
  threshold?: number;

  @ApiPropertyOptional({ description: 'only the papers whose spread reaches the threshold' })
  @Optional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value), {
    toClassOnly: true,
  })
  @IsBoolean()
  disagreement?: boolean;

  @ApiPropertyOptional() @Optional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_INT32) cp?: number;

  @ApiPropertyOptional({ description: `page size, at most ${PAGE_SIZE}` })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(PAGE_SIZE)
  pg?: number;
}
