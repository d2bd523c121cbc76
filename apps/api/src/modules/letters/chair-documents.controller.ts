import { Body, Controller, Get, Header, HttpCode, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { DocumentBatchDto, IssuedDocumentDto } from '@symposium/domain';
import type { Response } from 'express';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { DocumentBatchDoc, IssuedDocumentDoc } from './dto/letters.dto.js';
import { DocumentBatchesService } from './document-batches.service.js';
import { LettersService } from './letters.service.js';
import { DocumentId, BatchId, pdfFile } from './letter-http.js';

/** Issued documents and bulk batches: chairs and track chairs (documents of papers of their tracks). */
@ApiTags('letters')
@Controller(managedPaths('documents'))
export class DocumentsController {
  constructor(
    private readonly letters: LettersService,
    private readonly batches: DocumentBatchesService,
  ) {}

  @Post('batches')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: DocumentBatchDoc })
  createBatch(
    @Scope() caller: CallerScope,
    @Body() body: Record<string, unknown>,
  ): Promise<DocumentBatchDto> {
    return this.batches.create(caller, body);
  }

  @Get('batches/:id')
  @ApiParam({ name: 'id', type: Number })
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: DocumentBatchDoc })
  batch(@Scope() caller: CallerScope, @BatchId() id: number): Promise<DocumentBatchDto> {
    return this.batches.get(caller, id);
  }

  @Get('batches/:id/zip')
  @ApiParam({ name: 'id', type: Number })
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async zip(@Scope() caller: CallerScope, @BatchId() id: number): Promise<StreamableFile> {
    const { zip, fileName } = await this.batches.zip(caller, id);
    return new StreamableFile(zip, {
      type: 'application/zip',
      length: zip.length,
      disposition: `attachment; filename="${fileName}"`,
    });
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: [IssuedDocumentDoc] })
  list(@Scope() caller: CallerScope, @Query('paperId') paperId: unknown): Promise<IssuedDocumentDto[]> {
    return this.letters.list(caller.scope, paperId);
  }

  @Get(':id/pdf')
  @ApiParam({ name: 'id', type: Number })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async pdf(
    @Scope() caller: CallerScope,
    @DocumentId() id: number,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return pdfFile(res, await this.letters.pdf(caller.scope, id));
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: IssuedDocumentDoc })
  revoke(
    @Scope() caller: CallerScope,
    @DocumentId() id: number,
    @Body() body: Record<string, unknown>,
  ): Promise<IssuedDocumentDto> {
    return this.letters.revoke(caller.user, caller.scope, id, body?.reason);
  }

  @Post(':id/credit')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: IssuedDocumentDoc })
  credit(
    @Scope() caller: CallerScope,
    @DocumentId() id: number,
    @Body() body: Record<string, unknown>,
  ): Promise<IssuedDocumentDto> {
    return this.letters.credit(caller.user, caller.scope, id, body?.reason);
  }
}
