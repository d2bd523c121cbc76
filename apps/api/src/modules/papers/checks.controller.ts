import { Body, Controller, Get, HttpCode, Post, Put, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiConsumes, ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { CheckReportDto, DuplicatePairDto, PreflightDto, TrackChecks } from '@symposium/domain';
import type { Request } from 'express';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { IdParam } from '../../common/id-param.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { ChecksAdminService } from './checks/checks-admin.service.js';
import { ChecksErrors } from './checks/checks.errors.js';
import {
  CheckReportDoc,
  DismissAnswerDoc,
  DuplicatePairDoc,
  PreflightDoc,
  TrackChecksAnswerDoc,
} from './checks/dto/checks-answers.dto.js';
import {
  DismissPairDto,
  DuplicatesQueryDto,
  PreflightQueryDto,
  TrackChecksDto,
} from './checks/dto/checks.dto.js';
import { TracksErrors } from '../tracks/tracks.errors.js';

const TrackId = () => IdParam('trackId', () => TracksErrors.notFound());
const PairId = () => IdParam('pairId', () => ChecksErrors.pairNotFound());
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Submission checks (issue 26) for chairs and track chairs (their tracks): a track's settings, the duplicate
 * pairs and their dismissal, the report (JSON and xlsx) — /api/{chair|cochair}/checks/….
 */
@ApiTags('checks')
@Controller(managedPaths('checks'))
export class ManagedChecksController {
  constructor(private readonly admin: ChecksAdminService) {}

  @Get('tracks/:trackId')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiOkResponse({ type: TrackChecksDto })
  trackSettings(@TrackId() trackId: number, @Scope() caller: CallerScope): Promise<TrackChecks> {
    return this.admin.trackSettings(trackId, caller);
  }

  @Put('tracks/:trackId')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiOkResponse({ type: TrackChecksAnswerDoc })
  saveTrackSettings(
    @TrackId() trackId: number,
    @Body() body: TrackChecksDto,
    @Scope() caller: CallerScope,
  ): Promise<{ message: string; checks: TrackChecks }> {
    return this.admin.saveTrackSettings(trackId, body, caller);
  }

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
  @ApiOkResponse({
    description: 'submission-checks.xlsx',
    content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } },
  })
  async reportXlsx(@Scope() caller: CallerScope): Promise<StreamableFile> {
    return new StreamableFile(await this.admin.reportXlsx(caller), {
      type: XLSX,
      disposition: 'attachment; filename="submission-checks.xlsx"',
    });
  }
}

/** The authors' preflight: POST /api/author/checks?track=&stage= (multipart `file`, optional `paper`). */
@ApiTags('checks')
@Controller('author/checks')
export class AuthorChecksController {
  constructor(private readonly admin: ChecksAdminService) {}

  /** Checks the PDF against the track's rules for the stage; nothing is stored. */
  @Post()
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
}
