import { Controller, Get, Header, Param, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { DocumentVerificationDto } from '@symposium/domain';
import type { Request } from 'express';
import { Public } from '../../common/auth-user.js';
import { DocumentVerificationDoc } from './dto/letters.dto.js';
import { LettersService } from './letters.service.js';

/** The public verification of a document by its code (the QR code's address). */
@ApiTags('letters')
@Controller('verify')
export class VerifyController {
  constructor(private readonly letters: LettersService) {}

  @Public()
  @Get(':code')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: DocumentVerificationDoc })
  verify(@Param('code') code: string, @Req() req: Request): Promise<DocumentVerificationDto> {
    return this.letters.verify(code, req.ip ?? 'unknown');
  }
}
