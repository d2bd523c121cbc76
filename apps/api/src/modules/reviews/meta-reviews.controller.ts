import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiParam, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { MetaReviewDto, MetaReviewPageDto, MetaReviewSummaryDto } from '@symposium/domain';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { IdParam } from '../../common/id-param.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { PapersReviewsDto } from './dto/reviews.dto.js';
import {
  MetaReleaseDto,
  MetaReviewDoc,
  MetaReviewPageDoc,
  MetaReviewSummaryDoc,
  SaveMetaReviewDto,
} from './meta-reviews.dto.js';
import { MetaReviewsService } from './meta-reviews.service.js';
import { ReviewsErrors } from './reviews.errors.js';
import { PaperId } from './review-params.js';

const MetaReviewId = () => IdParam('metaReviewId', () => ReviewsErrors.metaReviewNotFound());

/** The meta-reviewer's side (issue 25): the paper's meta-review, under the reviewer console's prefix. */
@ApiTags('reviews')
@Controller('reviewer')
export class ReviewerMetaReviewController {
  constructor(private readonly meta: MetaReviewsService) {}

  /** The meta-review screen: the round's submitted reviews, the statuses, the meta-review (draft or submitted). */
  @Get('papers/:paperId/meta_review')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: MetaReviewPageDoc })
  page(@PaperId() paperId: number, @CurrentUser() user: AuthUser): Promise<MetaReviewPageDto> {
    return this.meta.page(paperId, user);
  }

  /** Saves a draft (once every review of the round is submitted; not after submitting). */
  @Put('papers/:paperId/meta_review')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: MetaReviewPageDoc })
  save(
    @PaperId() paperId: number,
    @Body() body: SaveMetaReviewDto,
    @CurrentUser() user: AuthUser,
  ): Promise<MetaReviewPageDto> {
    return this.meta.save(paperId, body, true, user);
  }

  /** Submits (or re-submits) the meta-review: a recommendation and a text to the committee required. */
  @Post('papers/:paperId/meta_review/submit')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: MetaReviewPageDoc })
  submit(
    @PaperId() paperId: number,
    @Body() body: SaveMetaReviewDto,
    @CurrentUser() user: AuthUser,
  ): Promise<MetaReviewPageDto> {
    return this.meta.save(paperId, body, false, user);
  }
}

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
