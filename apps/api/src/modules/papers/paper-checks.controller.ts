import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FileCheckDto } from '@symposium/domain';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { IdParam } from '../../common/id-param.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { ChecksAdminService } from './checks/checks-admin.service.js';
import { ChecksErrors } from './checks/checks.errors.js';
import { AcceptAnswerDoc, FileCheckDoc } from './checks/dto/checks-answers.dto.js';
import { AcceptFindingDto } from './checks/dto/checks.dto.js';
import { PapersErrors } from './papers.errors.js';

const PaperId = () => IdParam('paperId', () => PapersErrors.notFound());
const FileId = () => IdParam('fileId', () => ChecksErrors.findingNotFound());

/** A paper's checks and the acceptance of a finding: /api/{chair|cochair}/papers/:paperId/checks (issue 26). */
@ApiTags('checks')
@Controller(managedPaths('papers'))
export class ManagedPaperChecksController {
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

/** The checks of an author's own paper: GET /api/author/papers/:paperId/checks. */
@ApiTags('checks')
@Controller('author/papers')
export class AuthorPaperChecksController {
  constructor(private readonly admin: ChecksAdminService) {}

  @Get(':paperId/checks')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [FileCheckDoc] })
  list(@CurrentUser() user: AuthUser, @PaperId() paperId: number): Promise<FileCheckDto[]> {
    return this.admin.authorPaperChecks(user, paperId);
  }
}
