import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthorDiscussionCommentDto, AuthorReviewDto } from '@symposium/domain';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { AuthorReviewDoc } from './dto/author-review.dto.js';
import { AuthorDiscussionCommentDoc } from './dto/discussion-answers.dto.js';
import { PaperId } from './review-params.js';
import { ReviewerService } from './reviewer.service.js';
import { DiscussionService } from './discussion.service.js';

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
    private readonly discussion: DiscussionService,
  ) {}

  @Get(':paperId/reviews')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [AuthorReviewDoc] })
  reviews(@PaperId() paperId: number, @CurrentUser() user: AuthUser): Promise<AuthorReviewDto[]> {
    return this.reviewer.forAuthor(paperId, user);
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
}
