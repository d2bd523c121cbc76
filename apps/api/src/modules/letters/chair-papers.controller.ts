import {
  Body,
  Controller,
  HttpCode,
  Post,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiConsumes, ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { PaperId } from '../papers/paper-params.js';
import { LettersService, type UploadedFile as File } from './letters.service.js';
import { SignatureUploadInterceptor, pdfFile } from './letter-http.js';

/** Issuing letters, invoices and receipts of one paper: chairs and track chairs (their tracks). */
@ApiTags('letters')
@Controller(managedPaths('papers'))
export class PaperLettersController {
  constructor(private readonly letters: LettersService) {}

  /** multipart: kind, author, optional file signature (JSON without the file works too). */
  @Post('letter/:paperId')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiProduces('application/pdf')
  @UseInterceptors(SignatureUploadInterceptor)
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async letter(
    @Scope() caller: CallerScope,
    @PaperId() paperId: number,
    @Body() body: Record<string, unknown> | undefined,
    @UploadedFile() file: File | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const issued = await this.letters.issueLetterFor(caller.user, caller.scope, paperId, {
      kind: body?.kind,
      author: body?.author,
      signature: file,
    });
    return pdfFile(res, issued);
  }

  @Post('invoice/:paperId')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async invoice(
    @Scope() caller: CallerScope,
    @PaperId() paperId: number,
    @Body() body: Record<string, unknown> | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const kind = body?.kind === undefined || body.kind === '' ? 'invoice' : body.kind;
    return pdfFile(res, await this.letters.issueBillingFor(caller.user, caller.scope, paperId, kind));
  }
}
