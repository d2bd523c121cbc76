import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { MetaReviewPageDto } from '@symposium/domain';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { MetaReviewPageDoc, SaveMetaReviewDto } from './meta-reviews.dto.js';
import { MetaReviewsService } from './meta-reviews.service.js';
import { PaperId } from './review-params.js';

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
