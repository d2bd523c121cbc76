import { Optional } from '../../../common/optional.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { STATUS_MESSAGES, type StatusDto } from '@symposium/domain';
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

/** A paper status (StatusDto of libs/domain), for the API documentation. */
export class StatusDoc implements StatusDto {
  @ApiProperty() _id!: number;
  @ApiProperty() text!: string;
  @ApiProperty() position!: number;
  @ApiProperty() isDefault!: boolean;
  @ApiProperty() isAccepted!: boolean;
}
