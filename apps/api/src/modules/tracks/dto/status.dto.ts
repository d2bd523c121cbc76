import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { STATUS_MESSAGES } from '@symposium/domain';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

export class CreateStatusDto {
  @ApiProperty() @MaxLength(200) @IsString({ message: STATUS_MESSAGES.textRequired }) text!: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isAccepted?: boolean;
}

export class UpdateStatusDto {
  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(200)
  @IsString({ message: STATUS_MESSAGES.textRequired })
  text?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isAccepted?: boolean;
}
