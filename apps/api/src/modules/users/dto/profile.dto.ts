import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PASSWORD_MIN_LENGTH, PEOPLE_MESSAGES, PROFILE_MESSAGES, type ProfileDto } from '@symposium/domain';
import { IsBoolean, IsString, MaxLength, MinLength } from 'class-validator';
import { Optional } from '../../../common/optional.js';
import { ContactDto } from './contact.dto.js';

/** PUT /api/author/profile: any contact field (checked by the sign-up rules) and the notify switch. */
export class UpdateProfileDto extends ContactDto {
  @ApiPropertyOptional() @Optional() @IsBoolean() notify?: boolean;
}

/** PUT /api/author/profile/password: the current password and the new one (the sign-up rule). */
export class ChangePasswordDto {
  @ApiProperty()
  @MaxLength(200)
  @IsString({ message: PROFILE_MESSAGES.currentPassword })
  currentPassword!: string;

  @ApiProperty()
  @MaxLength(200)
  @MinLength(PASSWORD_MIN_LENGTH, { message: PEOPLE_MESSAGES.password })
  @IsString({ message: PEOPLE_MESSAGES.password })
  password!: string;
}

/** The OpenAPI schema of GET/PUT /api/author/profile: the caller's own contact details and notify switch. */
export class ProfileDoc implements ProfileDto {
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() alternateEmail!: string;
  @ApiProperty() organization!: string;
  @ApiProperty() country!: string;
  @ApiProperty() phone!: string;
  @ApiProperty() notify!: boolean;
}
