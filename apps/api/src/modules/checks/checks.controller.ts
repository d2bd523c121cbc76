import { Body, Controller, Get, HttpCode, Post, Put, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiConsumes, ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type {
  CheckReportDto,
  DuplicatePairDto,
  FileCheckDto,
  PreflightDto,
  TrackChecks,
} from '@symposium/domain';
import type { Request } from 'express';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { IdParam } from '../../common/id-param.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { PapersErrors } from '../papers/papers.errors.js';
import { ChecksAdminService } from './checks-admin.service.js';
import { ChecksErrors } from './checks.errors.js';
import {
  AcceptFindingDto,
  DismissPairDto,
  DuplicatesQueryDto,
  PreflightQueryDto,
  TrackChecksDto,
} from './dto/checks.dto.js';
import {
  AcceptAnswerDoc,
  CheckReportDoc,
  DismissAnswerDoc,
  DuplicatePairDoc,
  FileCheckDoc,
  PreflightDoc,
  TrackChecksAnswerDoc,
} from './dto/checks-answers.dto.js';

const TrackId = () => IdParam('trackId', () => PapersErrors.trackNotFound());
const PaperId = () => IdParam('paperId', () => PapersErrors.notFound());
const FileId = () => IdParam('fileId', () => ChecksErrors.findingNotFound());
const PairId = () => IdParam('pairId', () => ChecksErrors.pairNotFound());
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A track's submission-check settings: /api/{chair|cochair}/tracks/:trackId/checks. */
@ApiTags('checks')
@Controller(managedPaths('tracks'))
export class TrackChecksController {
  constructor(private readonly admin: ChecksAdminService) {}

  @Get(':trackId/checks')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiOkResponse({ type: TrackChecksDto })
  get(@TrackId() trackId: number, @Scope() caller: CallerScope): Promise<TrackChecks> {
    return this.admin.trackSettings(trackId, caller);
  }

  @Put(':trackId/checks')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiOkResponse({ type: TrackChecksAnswerDoc })
  put(
    @TrackId() trackId: number,
    @Body() body: TrackChecksDto,
    @Scope() caller: CallerScope,
  ): Promise<{ message: string; checks: TrackChecks }> {
    return this.admin.saveTrackSettings(trackId, body, caller);
  }
}

/** A paper's checks and the acceptance of a finding: /api/{chair|cochair}/papers/:paperId/checks. */
@ApiTags('checks')
@Controller(managedPaths('papers'))
export class PaperChecksController {
  constructor(private readonly admin: ChecksAdminService) {}

  @Get(':paperId/checks')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [FileCheckDoc] })
  list(@PaperId() paperId: number, @Scope() caller: CallerScope): Promise<FileCheckDto[]> {
    return this.admin.paperChecks(paperId, caller);
  }

  @Post(':paperId/checks/:fileId/accept')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'fileId', type: Number })
  @ApiOkResponse({ type: AcceptAnswerDoc })
  accept(
    @PaperId() paperId: number,
    @FileId() fileId: number,
    @Body() body: AcceptFindingDto,
    @Scope() caller: CallerScope,
  ): Promise<{ message: string; checks: FileCheckDto[] }> {
    return this.admin.accept(paperId, fileId, body, caller);
  }
}

/** Duplicate pairs and the checks report: /api/{chair|cochair}/checks/…. */
@ApiTags('checks')
@Controller(managedPaths('checks'))
export class ManagedChecksController {
  constructor(private readonly admin: ChecksAdminService) {}

  @Get('duplicates')
  @ApiOkResponse({ type: [DuplicatePairDoc] })
  duplicates(@Query() query: DuplicatesQueryDto, @Scope() caller: CallerScope): Promise<DuplicatePairDto[]> {
    return this.admin.duplicates(query.dismissed ?? false, caller);
  }

  @Post('duplicates/:pairId/dismiss')
  @HttpCode(200)
  @ApiParam({ name: 'pairId', type: Number })
  @ApiOkResponse({ type: DismissAnswerDoc })
  dismiss(
    @PairId() pairId: number,
    @Body() body: DismissPairDto,
    @Scope() caller: CallerScope,
  ): Promise<{ message: string; pair: DuplicatePairDto }> {
    return this.admin.dismiss(pairId, body.reason, caller);
  }

  @Get('report')
  @ApiOkResponse({ type: CheckReportDoc })
  report(@Scope() caller: CallerScope): Promise<CheckReportDto> {
    return this.admin.report(caller);
  }

  @Get('report/xlsx')
  @ApiProduces(XLSX)
  @ApiOkResponse({ description: 'checks.xlsx', content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } } })
  async reportXlsx(@Scope() caller: CallerScope): Promise<StreamableFile> {
    return new StreamableFile(await this.admin.reportXlsx(caller), {
      type: XLSX,
      disposition: 'attachment; filename="submission-checks.xlsx"',
    });
  }
}

/** The authors' preflight (POST /api/author/checks) and their papers' checks. */
@ApiTags('checks')
@Controller('author')
export class AuthorChecksController {
  constructor(private readonly admin: ChecksAdminService) {}

  /** Multipart: `file` (the PDF) and optional `paper` ({ "authors": [ids] }); nothing is stored. */
  @Post('checks')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOkResponse({ type: PreflightDoc })
  preflight(
    @CurrentUser() user: AuthUser,
    @Query() query: PreflightQueryDto,
    @Req() req: Request,
  ): Promise<PreflightDto> {
    return this.admin.preflight(user, query.track, query.stage, req);
  }

  @Get('papers/:paperId/checks')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [FileCheckDoc] })
  paperChecks(@CurrentUser() user: AuthUser, @PaperId() paperId: number): Promise<FileCheckDto[]> {
    return this.admin.authorPaperChecks(user, paperId);
  }
}
