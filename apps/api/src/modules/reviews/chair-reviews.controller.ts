import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiParam, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { type ReviewDto, type SubmittedResponseDto } from '@symposium/domain';
import { SubmittedResponseDoc } from './author-responses.dto.js';
import { AuthorResponsesService } from './author-responses.service.js';
import { PapersReviewsDto } from './dto/reviews.dto.js';
import { ReviewDoc } from './dto/review-answers.dto.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { ReviewRequestsService } from './review-requests.service.js';

import { PaperId } from './review-params.js';

/** The reviews of one paper for the chairs (EditPaperReviews, ViewPaperReviews). */
@ApiTags('reviews')
@ApiExtraModels(ReviewDoc)
@Controller(managedPaths('reviews'))
export class PaperReviewsController {
  constructor(
    private readonly requests: ReviewRequestsService,
    private readonly responses: AuthorResponsesService,
  ) {}

  /** The submitted reviews of a page of papers, keyed by paper id (PaperDecisionMaking: one call per page). */
  @Post('papers')
  @HttpCode(200)
  @ApiOkResponse({
    description: "Each paper's submitted reviews, by paper id",
    schema: {
      type: 'object',
      additionalProperties: { type: 'array', items: { $ref: getSchemaPath(ReviewDoc) } },
    },
  })
  ofPapers(
    @Body() body: PapersReviewsDto,
    @Scope() caller: CallerScope,
  ): Promise<Record<number, ReviewDto[]>> {
    return this.requests.submittedReviewsOfPapers(body.ids, caller.scope, caller.user.id);
  }

  @Get('paper/:paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [ReviewDoc], description: 'Drafts included' })
  ofPaper(@PaperId() paperId: number, @Scope() caller: CallerScope): Promise<ReviewDto[]> {
    return this.requests.reviewsOfPaper(paperId, caller.scope, caller.user.id);
  }

  /** The submitted author responses of the paper (issue 25; drafts never). */
  @Get('paper/:paperId/responses')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [SubmittedResponseDoc] })
  responsesOfPaper(
    @PaperId() paperId: number,
    @Scope() caller: CallerScope,
  ): Promise<SubmittedResponseDto[]> {
    return this.responses.forChair(paperId, caller.scope, caller.user.id);
  }
}
