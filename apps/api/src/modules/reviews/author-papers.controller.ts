import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type {
  AuthorDiscussionCommentDto,
  AuthorMetaReviewDto,
  AuthorResponsePhaseDto,
  AuthorReviewDto,
} from '@symposium/domain';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { AuthorReviewDoc } from './dto/author-review.dto.js';
import { AuthorDiscussionCommentDoc } from './dto/discussion-answers.dto.js';
import { AuthorResponsePhaseDoc, SaveResponseDto } from './author-responses.dto.js';
import { AuthorResponsesService } from './author-responses.service.js';
import { PaperId, RoundNumber } from './review-params.js';
import { ReviewerService } from './reviewer.service.js';
import { DiscussionService } from './discussion.service.js';
import { AuthorMetaReviewDoc } from './meta-reviews.dto.js';
import { MetaReviewsService } from './meta-reviews.service.js';

/**
 * Reviewing's route under the papers module's prefix /api/author/papers (named after that prefix, so the URL
 * leads here).
 */
/** Authors read the reviews of their paper once the chair enabled it (no reviewer identity). */
@ApiTags('reviews')
@Controller('author/papers')
export class AuthorReviewsController {
  constructor(
    private readonly reviewer: ReviewerService,
    private readonly responses: AuthorResponsesService,
    private readonly discussion: DiscussionService,
    private readonly meta: MetaReviewsService,
  ) {}

  @Get(':paperId/reviews')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [AuthorReviewDoc] })
  reviews(@PaperId() paperId: number, @CurrentUser() user: AuthUser): Promise<AuthorReviewDto[]> {
    return this.reviewer.forAuthor(paperId, user);
  }

  /** The response phase of every round of the paper's track that has one (issue 25). */
  @Get(':paperId/responses')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [AuthorResponsePhaseDoc] })
  responsePhases(
    @PaperId() paperId: number,
    @CurrentUser() user: AuthUser,
  ): Promise<AuthorResponsePhaseDto[]> {
    return this.responses.phases(paperId, user);
  }

  /** One round: window, limit, the reviews the authors may read now, and the response (draft or submitted). */
  @Get(':paperId/responses/:round')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'round', type: Number })
  @ApiOkResponse({ type: AuthorResponsePhaseDoc })
  responsePhase(
    @PaperId() paperId: number,
    @RoundNumber() round: number,
    @CurrentUser() user: AuthUser,
  ): Promise<AuthorResponsePhaseDto> {
    return this.responses.phase(paperId, round, user);
  }

  /** Saves the response as a draft (only while the window is open). */
  @Put(':paperId/responses/:round')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'round', type: Number })
  @ApiOkResponse({ type: AuthorResponsePhaseDoc })
  saveResponse(
    @PaperId() paperId: number,
    @RoundNumber() round: number,
    @Body() body: SaveResponseDto,
    @CurrentUser() user: AuthUser,
  ): Promise<AuthorResponsePhaseDto> {
    return this.responses.save(paperId, round, body.text, user);
  }

  /** Submits (or re-submits) the response: within the limit, while the window is open. */
  @Post(':paperId/responses/:round/submit')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'round', type: Number })
  @ApiOkResponse({ type: AuthorResponsePhaseDoc })
  submitResponse(
    @PaperId() paperId: number,
    @RoundNumber() round: number,
    @Body() body: SaveResponseDto,
    @CurrentUser() user: AuthUser,
  ): Promise<AuthorResponsePhaseDto> {
    return this.responses.submit(paperId, round, body.text, user);
  }

  /** The discussion's comments to the authors, shown with the reviews once they are released. */
  @Get(':paperId/discussion')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [AuthorDiscussionCommentDoc] })
  discussionComments(
    @PaperId() paperId: number,
    @CurrentUser() user: AuthUser,
  ): Promise<AuthorDiscussionCommentDto[]> {
    return this.discussion.forAuthor(paperId, user);
  }

  /**
   * The meta-review's text to the authors (issue 25), with the released reviews: never the recommendation or
   * the text to the committee; empty when there is none or the chair withheld it.
   */
  @Get(':paperId/meta_review')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [AuthorMetaReviewDoc] })
  metaReview(@PaperId() paperId: number, @CurrentUser() user: AuthUser): Promise<AuthorMetaReviewDto[]> {
    return this.meta.forAuthor(paperId, user);
  }
}
