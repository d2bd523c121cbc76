import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { htmlAnswer, unwrapFormData } from '../papers/chair-papers.controller.js';
import { PaperExportDto } from '../papers/dto/chair-papers.dto.js';
import { PaperReviewersDoc } from './dto/reports.dto.js';
import { PaperReviewsExportService, type PaperReviewerAssignment } from './paper-reviews-export.service.js';

/**
 * Two paper calls of §7 under /api/{chair|cochair}/papers that read the reviews module (which itself depends
 * on the papers module, so they live here rather than in the papers controller): the reviews of the selected
 * papers as one html page, and their reviewer assignments. Track chairs: papers of their tracks only.
 */
@ApiTags('papers (chair and track chair)')
@Controller(managedPaths('papers'))
export class PaperReviewsExportController {
  constructor(private readonly exports: PaperReviewsExportService) {}

  /** Body like POST /export/html ({ids} or {filters, search}; or a form post with a JSON `data` field). */
  @Post('export/htmlreview')
  @HttpCode(200)
  @ApiBody({ type: PaperExportDto })
  @ApiProduces('text/html')
  @ApiOkResponse({ schema: { type: 'string' } })
  async htmlReview(
    @Scope() caller: CallerScope,
    @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    return htmlAnswer(
      res,
      await this.exports.htmlReviews(caller.scope, unwrapFormData(body), caller.user.id),
    );
  }

  /** ?ids=1,2,3 (or ?filters=<JSON array>&search=…) → [{paperId, title, reviewers: [{_id, name, email, state}]}]. */
  @Get('bulk/assign/reviewers')
  @ApiQuery({ name: 'ids', required: false, description: 'comma-separated paper ids' })
  @ApiQuery({ name: 'filters', required: false, description: 'the paper query filters as JSON' })
  @ApiQuery({ name: 'search', required: false })
  @ApiOkResponse({ type: [PaperReviewersDoc] })
  assignments(
    @Scope() caller: CallerScope,
    @Query() query: Record<string, unknown>,
  ): Promise<PaperReviewerAssignment[]> {
    return this.exports.assignments(caller.scope, query);
  }
}
