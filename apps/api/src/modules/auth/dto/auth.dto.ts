import { ContactDto } from '../../users/dto/contact.dto.js';
import { ApiProperty } from '@nestjs/swagger';
import { PASSWORD_MIN_LENGTH } from '@symposium/domain';
import { IsString, MaxLength, MinLength } from 'class-validator';

const PASSWORD_MESSAGE = `Please fill in a Password of at least ${PASSWORD_MIN_LENGTH} characters`;

/*
 * class-validator reports the constraints of a field in the order the decorators run (bottom-up), and the
 * first one is the message shown: keep the "Please fill in" decorator nearest to the field.
 */
export class LoginDto {
  @ApiProperty() @MaxLength(320) @IsString({ message: 'Please fill in the Email' }) email!: string;
  @ApiProperty() @MaxLength(200) @IsString({ message: 'Please fill in the Password' }) password!: string;
}

/** Fields are checked by the shared §5 People rules in the service (same messages as the forms). */
export class SignupDto extends ContactDto {
  @ApiProperty()
  @MaxLength(200)
  @MinLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_MESSAGE })
  @IsString({ message: PASSWORD_MESSAGE })
  password!: string;
}

export class ForgotPasswordDto {
  @ApiProperty() @MaxLength(320) @IsString({ message: 'Please fill in the Email' }) email!: string;
}

export class ResetPasswordDto {
  @ApiProperty() @MaxLength(200) @IsString() token!: string;
  @ApiProperty()
  @MaxLength(200)
  @MinLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_MESSAGE })
  @IsString({ message: PASSWORD_MESSAGE })
  password!: string;
}

export { LoginResponseDoc } from '../../users/dto/user.dto.js';
