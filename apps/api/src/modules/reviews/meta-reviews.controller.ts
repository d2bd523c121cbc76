import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiParam, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { MetaReviewDto, MetaReviewSummaryDto } from '@symposium/domain';
import { IdParam } from '../../common/id-param.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { PapersReviewsDto } from './dto/reviews.dto.js';
import { MetaReleaseDto, MetaReviewDoc, MetaReviewSummaryDoc } from './meta-reviews.dto.js';
import { MetaReviewsService } from './meta-reviews.service.js';
import { ReviewsErrors } from './reviews.errors.js';
import { PaperId } from './review-params.js';

const MetaReviewId = () => IdParam('metaReviewId', () => ReviewsErrors.metaReviewNotFound());

/** Chairs and track chairs (their tracks): meta-reviews of a paper and of a decision-making page. */
@ApiTags('reviews')
@ApiExtraModels(MetaReviewSummaryDoc)
@Controller(managedPaths('reviews'))
export class ManagedMetaReviewController {
  constructor(private readonly meta: MetaReviewsService) {}

  /** The submitted meta-reviews of a page of papers, keyed by paper id (PaperDecisionMaking, beside the scores). */
  @Post('papers/meta_reviews')
  @HttpCode(200)
  @ApiOkResponse({
    description: "Each paper's submitted meta-reviews, by paper id",
    schema: {
      type: 'object',
      additionalProperties: { type: 'array', items: { $ref: getSchemaPath(MetaReviewSummaryDoc) } },
    },
  })
  ofPapers(
    @Body() body: PapersReviewsDto,
    @Scope() caller: CallerScope,
  ): Promise<Record<number, MetaReviewSummaryDto[]>> {
    return this.meta.summaries(body.ids, caller.scope, caller.user.id);
  }

  @Get('paper/:paperId/meta_reviews')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [MetaReviewDoc], description: 'Drafts included (submitted: false)' })
  ofPaper(@PaperId() paperId: number, @Scope() caller: CallerScope): Promise<MetaReviewDto[]> {
    return this.meta.forChair(paperId, caller.scope, caller.user.id);
  }

  /** Whether the authors read the meta-review's text to the authors with the released reviews (default yes). */
  @Put('paper/:paperId/meta_reviews/:metaReviewId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'metaReviewId', type: Number })
  @ApiOkResponse({ type: MetaReviewDoc })
  release(
    @PaperId() paperId: number,
    @MetaReviewId() metaReviewId: number,
    @Body() body: MetaReleaseDto,
    @Scope() caller: CallerScope,
  ): Promise<MetaReviewDto> {
    return this.meta.setRelease(paperId, metaReviewId, body.releaseToAuthors, caller.scope, caller.user.id);
  }
}
