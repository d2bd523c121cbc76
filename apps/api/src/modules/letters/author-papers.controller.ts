import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthorLetterDto } from '@symposium/domain';
import type { Response } from 'express';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { PaperId } from '../papers/paper-params.js';
import { AuthorLetterDoc } from './dto/letters.dto.js';
import { LettersService } from './letters.service.js';
import { pdfFile } from './letter-http.js';

/** An author's letters of their own papers (those the chair enabled). */
@ApiTags('letters')
@Controller('author/papers')
export class AuthorLettersController {
  constructor(private readonly letters: LettersService) {}

  @Get(':paperId/letters')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [AuthorLetterDoc] })
  list(@CurrentUser() user: AuthUser, @PaperId() paperId: number): Promise<AuthorLetterDto[]> {
    return this.letters.authorLetters(user, paperId);
  }

  @Get(':paperId/letters/:kind')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'kind', type: String })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async letter(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Param('kind') kind: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return pdfFile(res, await this.letters.authorLetter(user, paperId, kind));
  }
}
