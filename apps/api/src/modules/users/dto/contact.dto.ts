import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../common/optional.js';

/**
 * A person's contact fields (§3 User), as sign-up, the chairs' user form, co-author creation and reviewer
 * import send them: each optional here, checked by the shared §5 People rules in the users service (the
 * same messages as the forms). DTOs that create or edit a person extend it.
 */
export class ContactDto {
  @ApiPropertyOptional() @Optional() @MaxLength(200) @IsString() firstName?: string;
  @ApiPropertyOptional() @Optional() @MaxLength(200) @IsString() lastName?: string;
  @ApiPropertyOptional() @Optional() @MaxLength(320) @IsString() email?: string;
  @ApiPropertyOptional() @Optional() @MaxLength(320) @IsString() alternateEmail?: string;
  @ApiPropertyOptional() @Optional() @MaxLength(300) @IsString() organization?: string;
  @ApiPropertyOptional() @Optional() @MaxLength(100) @IsString() country?: string;
  @ApiPropertyOptional() @Optional() @MaxLength(50) @IsString() phone?: string;
}
