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
  ApiHeader,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { ConfirmationEmailDto, PaperDto, PaperFileDto } from '@symposium/domain';
import type { Request, Response } from 'express';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { AuthorPapersService } from './author-papers.service.js';
import {
  ConfirmationEmailDoc,
  ConfirmationSentDoc,
  PaperDoc,
  PaperMessageDoc,
  PaperUploadDoc,
  PaperWithdrawnDoc,
} from './dto/paper-answers.dto.js';
import {
  CameraReadySubmissionDto,
  SignConsentDto,
  PaperNotesDto,
  PaperInputDto,
  PresentationReadySubmissionDto,
  PaperEmailDto,
  UpdatePaperDto,
  PaperUploadQueryDto,
} from './dto/papers.dto.js';
import { PaperConsentService } from './paper-consent.service.js';
import { PaperFilesService } from './paper-files.service.js';
import { FileId, PaperId } from './paper-params.js';

/** The optional Idempotency-Key of a submission (create, upload). */
const IdempotencyKeyHeader = () =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Up to 200 visible ASCII characters, new for each user action and the same on its retries: a retry of a ' +
      'completed request answers as the first did (nothing stored twice); 409 while the first is still running; ' +
      '422 when the key was used for a different request. Kept 24 hours.',
  });

/** The author's papers (§7 papers (author)). Only the paper's authors reach a paper; others get 404. */
@ApiTags('papers')
@Controller('author/papers')
export class AuthorPapersController {
  constructor(
    private readonly papers: AuthorPapersService,
    private readonly files: PaperFilesService,
    private readonly consent: PaperConsentService,
  ) {}

  /** The author menu: the caller's papers that are not deleted, newest first. */
  @Get()
  @ApiOkResponse({ type: [PaperDoc] })
  list(@CurrentUser() user: AuthUser): Promise<PaperDto[]> {
    return this.papers.list(user);
  }

  /** A new submission: JSON (PaperInputDto), or multipart with the `paper` JSON field and the `files`. */
  @Post()
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: PaperInputDto, description: 'or multipart: paper (JSON) + files' })
  @ApiCreatedResponse({ type: PaperDoc })
  @IdempotencyKeyHeader()
  submit(@CurrentUser() user: AuthUser, @Req() req: Request): Promise<PaperDto> {
    return this.files.submit(user, req);
  }

  @Get(':paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: PaperDoc })
  get(@CurrentUser() user: AuthUser, @PaperId() paperId: number): Promise<PaperDto> {
    return this.papers.get(user, paperId);
  }

  /** Edit while the track's editing is open: JSON (UpdatePaperDto) or multipart (paper JSON + new files). */
  @Put(':paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: UpdatePaperDto, description: 'or multipart: paper (JSON) + files' })
  @ApiOkResponse({ type: PaperDoc })
  edit(@CurrentUser() user: AuthUser, @PaperId() paperId: number, @Req() req: Request): Promise<PaperDto> {
    return this.files.edit(user, paperId, req);
  }

  /** Withdraws the paper (isDeleted; a chair can restore it). */
  @Delete(':paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: PaperWithdrawnDoc })
  remove(@CurrentUser() user: AuthUser, @PaperId() paperId: number): Promise<{ ok: true; message: string }> {
    return this.papers.remove(user, paperId);
  }

  @Put(':paperId/notes')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: PaperDoc })
  notes(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Body() body: PaperNotesDto,
  ): Promise<PaperDto> {
    return this.papers.setNotes(user, paperId, body.notes);
  }

  /** The confirmation e-mail as it will be sent: recipients, subject, text. */
  @Get(':paperId/email')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: ConfirmationEmailDoc })
  email(@CurrentUser() user: AuthUser, @PaperId() paperId: number): Promise<ConfirmationEmailDto> {
    return this.papers.confirmationEmail(user, paperId);
  }

  /** Sends the confirmation e-mail (outbox) to every author, or to `recipients` among them. */
  @Post(':paperId/email')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: ConfirmationSentDoc })
  sendEmail(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Body() body: PaperEmailDto,
  ): Promise<{ ok: true; message: string; to: string[] }> {
    return this.papers.sendConfirmationEmail(user, paperId, body.recipients);
  }

  /** One file (multipart field `file`) into a part; `replace` names a submission file to replace. */
  @Post(':paperId/upload')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiQuery({ name: 'p', required: true })
  @ApiConsumes('multipart/form-data')
  @ApiCreatedResponse({ type: PaperUploadDoc })
  @IdempotencyKeyHeader()
  upload(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Query() query: PaperUploadQueryDto,
    @Req() req: Request,
  ): Promise<{ message: string; file: PaperFileDto; paper: PaperDto }> {
    return this.files.upload(user, paperId, query.p, query.replace, req);
  }

  @Delete(':paperId/delete/:fileId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'fileId', type: Number })
  @ApiOkResponse({ type: PaperMessageDoc })
  deleteFile(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @FileId() fileId: number,
  ): Promise<{ message: string; paper: PaperDto }> {
    return this.files.deleteFile(user, paperId, fileId);
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
    return this.files.downloadForAuthor(user, paperId, fileId, res);
  }

  @Post(':paperId/camera-ready')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: PaperMessageDoc })
  cameraReady(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Body() body: CameraReadySubmissionDto,
  ): Promise<{ message: string; paper: PaperDto }> {
    return this.papers.submitCameraReady(user, paperId, body);
  }

  @Post(':paperId/presentation-ready')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: PaperMessageDoc })
  presentationReady(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Body() body: PresentationReadySubmissionDto,
  ): Promise<{ message: string; paper: PaperDto }> {
    return this.papers.submitPresentationReady(user, paperId, body);
  }

  /** Signs the publishing agreement with a typed signature (drawn as a JPEG by the server). */
  @Post(':paperId/consent')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: PaperMessageDoc })
  sign(
    @CurrentUser() user: AuthUser,
    @PaperId() paperId: number,
    @Body() body: SignConsentDto,
  ): Promise<{ message: string; paper: PaperDto }> {
    return this.consent.sign(user, paperId, body.signature);
  }

  @Get(':paperId/consent/signature')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiProduces('image/jpeg')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async signature(@CurrentUser() user: AuthUser, @PaperId() paperId: number): Promise<StreamableFile> {
    const jpeg = await this.consent.signature(user, paperId);
    return new StreamableFile(jpeg, { type: 'image/jpeg', length: jpeg.length });
  }
}
