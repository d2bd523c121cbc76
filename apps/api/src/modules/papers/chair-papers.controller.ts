import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Put,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { PAPER_MESSAGES, type ChairPaperDto, type PaperFileDto } from '@symposium/domain';
import type { Request, Response } from 'express';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { FileId, PaperId } from './paper-params.js';
import { ChairPapersService } from './chair-papers.service.js';
import {
  BulkEditDto,
  ChairPaperEmailDto,
  type BulkEditBody,
  ChairPaperUpdateDto,
  PaperExportDto,
  PaperIdsDto,
  PaperQueryDto,
  type PaperQueryBody,
} from './dto/chair-papers.dto.js';
import {
  BulkEditResultDoc,
  ChairPaperDoc,
  ChairPaperMessageDoc,
  ChairPaperUploadDoc,
  PaperPageDoc,
} from './dto/paper-answers.dto.js';
import { PaperUploadQueryDto } from './dto/papers.dto.js';
import { OkDoc } from '../../common/openapi-docs.js';
import { PaperExportsService, XLSX_TYPE } from './paper-exports.service.js';
import { PaperFilesService } from './paper-files.service.js';
import { RequestErrors } from '../../common/request.errors.js';
import { BodyFieldsPipe } from '../../common/validation.js';
import { sendJsonText } from '../../common/json-answers.js';

/**
 * §7 "File downloads are form posts with JSON-encoded fields": a urlencoded or multipart-free form post
 * carrying one `data` field with the JSON body is read like the JSON body itself.
 */
export function unwrapFormData(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const b = body as Record<string, unknown>;
  const keys = Object.keys(b);
  if (keys.length !== 1 || keys[0] !== 'data' || typeof b.data !== 'string') return b;
  let parsed: unknown;
  try {
    parsed = JSON.parse(b.data);
  } catch {
    throw RequestErrors.invalid(PAPER_MESSAGES.paperFieldInvalid.replace('"paper"', '"data"'));
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw RequestErrors.invalid(PAPER_MESSAGES.paperFieldInvalid.replace('"paper"', '"data"'));
  return parsed as Record<string, unknown>;
}

const xlsxFile = (file: Buffer) =>
  new StreamableFile(file, {
    type: XLSX_TYPE,
    disposition: 'attachment; filename="papers.xlsx"',
    length: file.length,
  });

/** The html exports (set once the page is made, so errors stay JSON): no script, nothing but the inline style. */
export function htmlAnswer(res: Response, html: string): string {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  return html;
}

/**
 * The paper management routes shared by chairs (/api/chair/papers, every track) and track chairs
 * (/api/cochair/papers, their roles.coChair.tracks): one controller under both prefixes (common/managed-scope).
 * The guard has already checked the prefix; the scope limits every query and every paper to the caller's tracks.
 */
@ApiTags('papers (chair and track chair)')
@Controller(managedPaths('papers'))
export class ChairPapersController {
  constructor(
    protected readonly service: ChairPapersService,
    protected readonly files: PaperFilesService,
    protected readonly exports: PaperExportsService,
  ) {}

  /**
   * The query: filters, search, sort, pages → PaperQueryResult {count, data}; the total also in
   * X-Total-Count. The body's field names are checked by BodyFieldsPipe (a hot route), their values by the
   * service; the answer is JSON built by the database, written as is.
   */
  @Post()
  @HttpCode(200)
  @ApiBody({ type: PaperQueryDto })
  @ApiOkResponse({ type: PaperPageDoc, description: 'The total also in X-Total-Count' })
  async query(
    @Scope() caller: CallerScope,
    @Body(new BodyFieldsPipe(PaperQueryDto)) body: PaperQueryBody,
    @Res() res: Response,
  ): Promise<void> {
    const { count, json } = await this.service.list(caller.scope, body, caller);
    res.setHeader('X-Total-Count', String(count));
    sendJsonText(res, json);
  }

  @Post('bulk')
  @HttpCode(200)
  @ApiBody({ type: BulkEditDto })
  @ApiOkResponse({ type: BulkEditResultDoc })
  bulk(
    @Scope() caller: CallerScope,
    @Body(new BodyFieldsPipe(BulkEditDto)) body: BulkEditBody,
  ): Promise<{ nModified: number }> {
    return this.service.bulk(caller.scope, body, caller.user);
  }

  @Post('export/xls')
  @HttpCode(200)
  @ApiOkResponse({
    description: 'papers.xlsx',
    content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiBody({ type: PaperExportDto })
  async exportXls(@Scope() caller: CallerScope, @Body() body: unknown): Promise<StreamableFile> {
    return xlsxFile(await this.exports.xlsx(caller.scope, unwrapFormData(body)));
  }

  @Get('export/html/:paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiProduces('text/html')
  @ApiOkResponse({ schema: { type: 'string' } })
  async exportHtml(
    @Scope() caller: CallerScope,
    @PaperId() paperId: number,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    return htmlAnswer(res, await this.exports.htmlOne(caller.scope, paperId));
  }

  @Post('export/html')
  @HttpCode(200)
  @ApiBody({ type: PaperExportDto })
  @ApiProduces('text/html')
  @ApiOkResponse({ schema: { type: 'string' } })
  async exportHtmlMany(
    @Scope() caller: CallerScope,
    @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    return htmlAnswer(res, await this.exports.htmlMany(caller.scope, unwrapFormData(body)));
  }

  /** The selected papers' files as one zip (JSON {ids}, or a form post with a JSON `data` field). */
  @Post('download')
  @HttpCode(200)
  @ApiBody({ type: PaperIdsDto })
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  download(@Scope() caller: CallerScope, @Body() body: unknown, @Res() res: Response): Promise<void> {
    return this.exports.zip(caller.scope, unwrapFormData(body), res);
  }

  @Post('download/:paperId')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  downloadOne(@Scope() caller: CallerScope, @PaperId() paperId: number, @Res() res: Response): Promise<void> {
    return this.exports.zip(caller.scope, paperId, res);
  }

  /** Any file of a paper in the caller's tracks. */
  @Get('download/file/:fileId')
  @ApiParam({ name: 'fileId', type: Number })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  downloadFile(@Scope() caller: CallerScope, @FileId() fileId: number, @Res() res: Response): Promise<void> {
    return this.files.downloadAsChair(caller.scope, fileId, res);
  }

  /** A message to every author of the paper (outbox). */
  @Post('email/:paperId')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: OkDoc })
  email(
    @Scope() caller: CallerScope,
    @PaperId() paperId: number,
    @Body() body: ChairPaperEmailDto,
  ): Promise<{ ok: true }> {
    return this.service.email(caller.scope, caller.user, paperId, body);
  }

  /** The paper, deleted or not. */
  @Get(':paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: ChairPaperDoc })
  get(@Scope() caller: CallerScope, @PaperId() paperId: number): Promise<ChairPaperDto> {
    return this.service.get(caller.scope, paperId);
  }

  /** The chair's edit (ChairPaperUpdate) → the updated paper. */
  @Put(':paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: ChairPaperDoc })
  update(
    @Scope() caller: CallerScope,
    @PaperId() paperId: number,
    @Body() body: ChairPaperUpdateDto,
  ): Promise<ChairPaperDto> {
    return this.service.update(caller.scope, paperId, body, caller.user);
  }

  @Delete(':paperId/delete/:fileId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'fileId', type: Number })
  @ApiOkResponse({ type: ChairPaperMessageDoc })
  deleteFile(
    @Scope() caller: CallerScope,
    @PaperId() paperId: number,
    @FileId() fileId: number,
  ): Promise<{ message: string; paper: ChairPaperDto }> {
    return this.files.deleteFileAsChair(caller.scope, paperId, fileId);
  }

  /** One file (multipart field `file`) into a part, without deadline checks; `replace` as for authors. */
  @Post(':paperId/upload')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiQuery({ name: 'p', required: true })
  @ApiConsumes('multipart/form-data')
  @ApiCreatedResponse({ type: ChairPaperUploadDoc })
  upload(
    @Scope() caller: CallerScope,
    @PaperId() paperId: number,
    @Query() query: PaperUploadQueryDto,
    @Req() req: Request,
  ): Promise<{ message: string; file: PaperFileDto; paper: ChairPaperDto }> {
    return this.files.uploadAsChair(caller.scope, paperId, query.p, query.replace, req);
  }
}

/** Chairs only: /ManagePaperFiles posts to upload/:paperId, the same upload as POST /:paperId/upload. */
@ApiTags('papers (chair and track chair)')
@Controller('chair/papers')
export class ChairPaperFilesController {
  constructor(private readonly files: PaperFilesService) {}

  @Post('upload/:paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiQuery({ name: 'p', required: true })
  @ApiConsumes('multipart/form-data')
  @ApiCreatedResponse({ type: ChairPaperUploadDoc })
  uploadFile(
    @Scope() caller: CallerScope,
    @PaperId() paperId: number,
    @Query() query: PaperUploadQueryDto,
    @Req() req: Request,
  ): Promise<{ message: string; file: PaperFileDto; paper: ChairPaperDto }> {
    return this.files.uploadAsChair(caller.scope, paperId, query.p, query.replace, req);
  }
}
