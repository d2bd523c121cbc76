import { Optional } from '../../../common/optional.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { STATUS_MESSAGES } from '@symposium/domain';
import { IsBoolean, IsString, MaxLength } from 'class-validator';

export class CreateStatusDto {
  @ApiProperty() @MaxLength(200) @IsString({ message: STATUS_MESSAGES.textRequired }) text!: string;
  @ApiPropertyOptional() @Optional() @IsBoolean() isAccepted?: boolean;
}

export class UpdateStatusDto {
  @ApiPropertyOptional()
  @Optional()
  @MaxLength(200)
  @IsString({ message: STATUS_MESSAGES.textRequired })
  text?: string;
  @ApiPropertyOptional() @Optional() @IsBoolean() isAccepted?: boolean;
}
