import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Injectable,
  Param,
  PayloadTooLargeException,
  Post,
  Put,
  Query,
  Req,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiAcceptedResponse,
  ApiConsumes,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type {
  AuthorLetterDto,
  DocumentBatchDto,
  DocumentTemplateDto,
  DocumentVerificationDto,
  IssuedDocumentDto,
  LetterSettingsDto,
} from '@symposium/domain';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { CurrentUser, Public, type AuthUser } from '../../common/auth-user.js';
import { IdParam } from '../../common/id-param.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { PaperId } from '../papers/paper-params.js';
import {
  AuthorLetterDoc,
  DocumentBatchDoc,
  DocumentTemplateDoc,
  DocumentVerificationDoc,
  IssuedDocumentDoc,
  LetterSettingsDoc,
} from './dto/letters.dto.js';
import { DocumentBatchesService } from './document-batches.service.js';
import { LetterSettingsService } from './letter-settings.service.js';
import { LettersErrors } from './letters.errors.js';
import {
  LettersService,
  SIGNATURE_MAX_BYTES,
  type IssuedPdf,
  type UploadedFile as File,
} from './letters.service.js';

const DocumentId = () => IdParam('id', LettersErrors.notFound);
const BatchId = () => IdParam('id', LettersErrors.batchNotFound);

const SignatureMultipart = FileInterceptor('signature', {
  limits: { fileSize: SIGNATURE_MAX_BYTES, files: 1, fields: 20, fieldSize: 100_000, parts: 25 },
});

/** Reads an optional `signature` file part (≤ 1 MB); an oversized one answers 400 'Please select a valid file'. */
@Injectable()
export class SignatureUploadInterceptor implements NestInterceptor {
  private readonly multipart = new SignatureMultipart();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multipart.intercept(context, next);
    } catch (e) {
      if (e instanceof PayloadTooLargeException) throw LettersErrors.signatureInvalid();
      throw e;
    }
  }
}

/** A PDF answer: attachment with its file name, the verification code in X-Document-Code. */
function pdfFile(res: Response, issued: IssuedPdf): StreamableFile {
  res.setHeader('X-Document-Code', issued.doc.code);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition, X-Document-Code');
  res.setHeader('Cache-Control', 'no-store');
  return new StreamableFile(issued.pdf, {
    type: 'application/pdf',
    length: issued.pdf.length,
    disposition: `attachment; filename="${issued.doc.fileName}"`,
  });
}

/** Letter settings, the signature image and the document templates: chairs only. */
@ApiTags('letters')
@Controller('chair/letters')
export class ChairLetterSettingsController {
  constructor(private readonly settings: LetterSettingsService) {}

  @Get('settings')
  @ApiOkResponse({ type: LetterSettingsDoc })
  get(): Promise<LetterSettingsDto> {
    return this.settings.get();
  }

  @Put('settings')
  @ApiOkResponse({ type: LetterSettingsDoc })
  update(@Body() body: Record<string, unknown>): Promise<LetterSettingsDto> {
    return this.settings.update(body);
  }

  @Get('settings/signature')
  @ApiProduces('image/png', 'image/jpeg')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async signature(@Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const image = await this.settings.signature();
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(image.data, { type: image.type, length: image.data.length });
  }

  @Put('settings/signature')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(SignatureUploadInterceptor)
  @ApiOkResponse({ type: LetterSettingsDoc })
  setSignature(@UploadedFile() file: File | undefined): Promise<LetterSettingsDto> {
    return this.settings.setSignature(file);
  }

  @Delete('settings/signature')
  @ApiOkResponse({ type: LetterSettingsDoc })
  deleteSignature(): Promise<LetterSettingsDto> {
    return this.settings.deleteSignature();
  }

  @Get('templates')
  @ApiOkResponse({ type: [DocumentTemplateDoc] })
  templates(): Promise<DocumentTemplateDto[]> {
    return this.settings.templates();
  }

  @Put('templates/:kind')
  @ApiParam({ name: 'kind', type: String })
  @ApiOkResponse({ type: DocumentTemplateDoc })
  saveTemplate(
    @Param('kind') kind: string,
    @Body() body: Record<string, unknown>,
    @CurrentUser() user: AuthUser,
  ): Promise<DocumentTemplateDto> {
    return this.settings.saveTemplate(kind, body, user);
  }

  @Delete('templates/:kind')
  @ApiParam({ name: 'kind', type: String })
  @ApiOkResponse({ type: DocumentTemplateDoc })
  resetTemplate(@Param('kind') kind: string): Promise<DocumentTemplateDto> {
    return this.settings.resetTemplate(kind);
  }

  @Post('templates/:kind/preview')
  @HttpCode(200)
  @ApiParam({ name: 'kind', type: String })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async preview(
    @Param('kind') kind: string,
    @Body() body: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const pdf = await this.settings.preview(kind, body);
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      length: pdf.length,
      disposition: `inline; filename="${kind.replace(/[^A-Za-z]/g, '')}-preview.pdf"`,
    });
  }
}

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
