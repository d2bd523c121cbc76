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
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import {
  managedTracks,
  PAPER_MESSAGES,
  type ChairPaperDto,
  type PaperFileDto,
  type PaperQueryResult,
  type RolePrefix,
} from '@symposium/domain';
import type { Request, Response } from 'express';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { badRequest } from '../../common/errors.js';
import { FileId, PaperId } from './author-papers.controller.js';
import { ChairPapersService } from './chair-papers.service.js';
import {
  BulkEditDto,
  ChairPaperEmailDto,
  ChairPaperUpdateDto,
  PaperExportDto,
  PaperIdsDto,
  PaperQueryDto,
} from './dto/chair-papers.dto.js';
import { PaperUploadQueryDto } from './dto/papers.dto.js';
import { PaperExportsService, XLSX_TYPE } from './paper-exports.service.js';
import { PaperFilesService } from './paper-files.service.js';

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
    throw badRequest('request.invalid', PAPER_MESSAGES.paperFieldInvalid.replace('"paper"', '"data"'));
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('request.invalid', PAPER_MESSAGES.paperFieldInvalid.replace('"paper"', '"data"'));
  return parsed as Record<string, unknown>;
}

const xlsxFile = (file: Buffer) =>
  new StreamableFile(file, {
    type: XLSX_TYPE,
    disposition: 'attachment; filename="papers.xlsx"',
    length: file.length,
  });

/** The html exports (set once the page is made, so errors stay JSON): no script, nothing but the inline style. */
function htmlAnswer(res: Response, html: string): string {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  return html;
}

/**
 * The paper management routes shared by chairs (/api/chair/papers, every track) and track chairs
 * (/api/cochair/papers, their roles.coChair.tracks). The guard has already checked the prefix; the scope
 * limits every query and every paper to the caller's tracks.
 */
abstract class ManagedPapersController {
  protected abstract readonly prefix: RolePrefix;

  constructor(
    protected readonly service: ChairPapersService,
    protected readonly files: PaperFilesService,
    protected readonly exports: PaperExportsService,
  ) {}

  protected scope(user: AuthUser): number[] | null {
    return managedTracks(user.roles, this.prefix);
  }

  /** The query: filters, search, sort, pages → {count, data}; the total also in X-Total-Count. */
  @Post()
  @HttpCode(200)
  async query(
    @CurrentUser() user: AuthUser,
    @Body() body: PaperQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PaperQueryResult> {
    const result = await this.service.list(this.scope(user), body);
    res.setHeader('X-Total-Count', String(result.count));
    return result;
  }

  @Post('bulk')
  @HttpCode(200)
  bulk(@CurrentUser() user: AuthUser, @Body() body: BulkEditDto): Promise<{ nModified: number }> {
    return this.service.bulk(this.scope(user), body);
  }

  @Post('export/xls')
  @HttpCode(200)
  @ApiOkResponse({ description: 'papers.xlsx', content: { [XLSX_TYPE]: {} } })
  @ApiBody({ type: PaperExportDto })
  async exportXls(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<StreamableFile> {
    return xlsxFile(await this.exports.xlsx(this.scope(user), unwrapFormData(body)));
  }

  @Get('export/html/:paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiProduces('text/html')
  async exportHtml(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    return htmlAnswer(res, await this.exports.htmlOne(this.scope(user), paperId));
  }

  @Post('export/html')
  @HttpCode(200)
  @ApiBody({ type: PaperExportDto })
  @ApiProduces('text/html')
  async exportHtmlMany(
    @CurrentUser() user: AuthUser,
    @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    return htmlAnswer(res, await this.exports.htmlMany(this.scope(user), unwrapFormData(body)));
  }

  /** The selected papers' files as one zip (JSON {ids}, or a form post with a JSON `data` field). */
  @Post('download')
  @HttpCode(200)
  @ApiBody({ type: PaperIdsDto })
  @ApiProduces('application/zip')
  download(@CurrentUser() user: AuthUser, @Body() body: unknown, @Res() res: Response): Promise<void> {
    return this.exports.zip(this.scope(user), unwrapFormData(body), res);
  }

  @Post('download/:paperId')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiProduces('application/zip')
  downloadOne(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Res() res: Response,
  ): Promise<void> {
    return this.exports.zip(this.scope(user), paperId, res);
  }

  /** Any file of a paper in the caller's tracks. */
  @Get('download/file/:fileId')
  @ApiParam({ name: 'fileId', type: Number })
  @ApiProduces('application/octet-stream')
  downloadFile(@CurrentUser() user: AuthUser, @FileId() fileId: number, @Res() res: Response): Promise<void> {
    return this.files.downloadAsChair(this.scope(user), fileId, res);
  }

  /** A message to every author of the paper (outbox). */
  @Post('email/:paperId')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  email(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Body() body: ChairPaperEmailDto,
  ): Promise<{ ok: true }> {
    return this.service.email(this.scope(user), user, paperId, body);
  }

  /** The paper, deleted or not. */
  @Get(':paperId')
  @ApiParam({ name: 'paperId', type: Number })
  get(@CurrentUser() user: AuthUser, @PaperId() paperId: number): Promise<ChairPaperDto> {
    return this.service.get(this.scope(user), paperId);
  }

  /** The chair's edit (ChairPaperUpdate) → the updated paper. */
  @Put(':paperId')
  @ApiParam({ name: 'paperId', type: Number })
  update(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Body() body: ChairPaperUpdateDto,
  ): Promise<ChairPaperDto> {
    return this.service.update(this.scope(user), paperId, body);
  }

  @Delete(':paperId/delete/:fileId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'fileId', type: Number })
  deleteFile(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @FileId() fileId: number,
  ): Promise<{ message: string; paper: ChairPaperDto }> {
    return this.files.deleteFileAsChair(this.scope(user), paperId, fileId);
  }

  /** One file (multipart field `file`) into a part, without deadline checks; `replace` as for authors. */
  @Post(':paperId/upload')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiQuery({ name: 'p', required: true })
  @ApiConsumes('multipart/form-data')
  upload(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Query() query: PaperUploadQueryDto,
    @Req() req: Request,
  ): Promise<{ message: string; file: PaperFileDto; paper: ChairPaperDto }> {
    return this.files.uploadAsChair(this.scope(user), paperId, query.p, query.replace, req);
  }
}

@ApiTags('papers (chair)')
@Controller('chair/papers')
export class ChairPapersController extends ManagedPapersController {
  protected readonly prefix = 'chair' as const;

  constructor(service: ChairPapersService, files: PaperFilesService, exports: PaperExportsService) {
    super(service, files, exports);
  }

  /** /ManagePaperFiles: the same upload as POST /:paperId/upload. */
  @Post('upload/:paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiQuery({ name: 'p', required: true })
  @ApiConsumes('multipart/form-data')
  uploadFile(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Query() query: PaperUploadQueryDto,
    @Req() req: Request,
  ): Promise<{ message: string; file: PaperFileDto; paper: ChairPaperDto }> {
    return this.upload(user, paperId, query, req);
  }
}

@ApiTags('papers (track chair)')
@Controller('cochair/papers')
export class CochairPapersController extends ManagedPapersController {
  protected readonly prefix = 'cochair' as const;

  constructor(service: ChairPapersService, files: PaperFilesService, exports: PaperExportsService) {
    super(service, files, exports);
  }
}
