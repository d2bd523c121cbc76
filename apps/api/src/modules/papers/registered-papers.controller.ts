import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { RegisteredPaperDto } from '@symposium/domain';
import type { Response } from 'express';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { RegisteredPaperDoc } from './dto/paper-answers.dto.js';
import { FileId, PaperId } from './paper-params.js';
import { RegisteredPapersService } from './registered-papers.service.js';

/** /ViewSessionPaper: registered papers for registered participants, session chairs and chairs. */
@ApiTags('papers')
@Controller('registered/papers')
export class RegisteredPapersController {
  constructor(private readonly registered: RegisteredPapersService) {}

  @Get(':paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: RegisteredPaperDoc })
  get(@CurrentUser() user: AuthUser, @PaperId() paperId: number): Promise<RegisteredPaperDto> {
    return this.registered.get(user, paperId);
  }

  @Get(':paperId/download/:fileId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'fileId', type: Number })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  download(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @FileId() fileId: number,
    @Res() res: Response,
  ): Promise<void> {
    return this.registered.download(user, paperId, fileId, res);
  }
}
