import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import {
  EMAIL_SETTINGS_MESSAGES as M,
  MAX_COPY_ADDRESSES,
  MAX_SIGNATURE_LENGTH,
  type EmailSettingsDto,
} from '@symposium/domain';
import { Optional } from '../../../common/optional.js';

const ADDRESS_MAX = 320;

/** PUT /api/chair/emailSettings: any of the conference's sending settings. */
export class ConferenceEmailSettingsDto {
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(1000, { message: M.senderName })
  @IsString({ message: M.senderName })
  senderName?: string;

  @ApiPropertyOptional() @Optional() @MaxLength(ADDRESS_MAX) @IsString() replyTo?: string;

  @ApiPropertyOptional({ type: [String] })
  @Optional()
  @MaxLength(ADDRESS_MAX, { each: true })
  @IsString({ each: true })
  @ArrayMaxSize(MAX_COPY_ADDRESSES * 5, { message: M.tooManyAddresses })
  @IsArray()
  cc?: string[];

  @ApiPropertyOptional({ type: [String] })
  @Optional()
  @MaxLength(ADDRESS_MAX, { each: true })
  @IsString({ each: true })
  @ArrayMaxSize(MAX_COPY_ADDRESSES * 5, { message: M.tooManyAddresses })
  @IsArray()
  bcc?: string[];

  @ApiPropertyOptional()
  @Optional()
  @MaxLength(MAX_SIGNATURE_LENGTH, {
    message: `The signature must be at most ${MAX_SIGNATURE_LENGTH} characters`,
  })
  @IsString()
  signature?: string;
}

/** PUT /api/cochair/emailSettings: the track chair's own reply-to and signature. */
export class TrackChairEmailSettingsDto {
  @ApiPropertyOptional() @Optional() @MaxLength(ADDRESS_MAX) @IsString() replyTo?: string;

  @ApiPropertyOptional()
  @Optional()
  @MaxLength(MAX_SIGNATURE_LENGTH, {
    message: `The signature must be at most ${MAX_SIGNATURE_LENGTH} characters`,
  })
  @IsString()
  signature?: string;
}

/** The sending settings as the API answers them (EmailSettingsDto of libs/domain), for the API documentation. */
export class EmailSettingsDoc implements EmailSettingsDto {
  @ApiProperty({ description: 'The display name of SMTP_FROM' }) senderName!: string;
  @ApiProperty() replyTo!: string;
  @ApiProperty({ type: [String] }) cc!: string[];
  @ApiProperty({ type: [String] }) bcc!: string[];
  @ApiProperty() signature!: string;
}
