import { Body, Controller, Get, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  type BidPaperDto,
  type DeclaredConflictDto,
  type ReviewDto,
  type ReviewRequestDto,
} from '@symposium/domain';
import type { Response } from 'express';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import {
  AnswerRequestDto,
  PageQueryDto,
  ReviewerReviewDto,
  SaveBidsDto,
  SaveConflictsDto,
} from './dto/reviews.dto.js';
import {
  BidPaperDoc,
  DeclaredConflictDoc,
  RequestAndReviewDoc,
  ReviewRequestDoc,
  ReviewRequestPageDoc,
} from './dto/review-answers.dto.js';
import { ReviewerPaperDoc } from './dto/reviewer-paper.dto.js';
import type { SubmittedResponseDto } from '@symposium/domain';
import { SubmittedResponseDoc } from './author-responses.dto.js';
import { AuthorResponsesService } from './author-responses.service.js';
import { PaperId, RequestId, setTotal } from './review-params.js';
import { ReviewerService, type ReviewerPaperDto } from './reviewer.service.js';
import { FileId } from '../papers/paper-params.js';

/** The reviewer console: own requests only, papers assigned to them, bids and declared conflicts. */
@ApiTags('reviews')
@Controller('reviewer')
export class ReviewerController {
  constructor(
    private readonly reviewer: ReviewerService,
    private readonly responses: AuthorResponsesService,
  ) {}

  @Get('review_requests')
  @ApiOkResponse({ type: ReviewRequestPageDoc, description: 'The total also in X-Total-Count' })
  async list(
    @Query() query: PageQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ count: number; data: ReviewRequestDto[] }> {
    const page = await this.reviewer.list(query, user);
    setTotal(res, page.count);
    return page;
  }

  @Get('review_requests/:reviewRequestId')
  @ApiParam({ name: 'reviewRequestId', type: Number })
  @ApiOkResponse({ type: ReviewRequestDoc })
  get(@RequestId() id: number, @CurrentUser() user: AuthUser): Promise<ReviewRequestDto> {
    return this.reviewer.get(id, user);
  }

  /** {action: 'accept' | 'decline'} */
  @Put('review_requests/:reviewRequestId')
  @ApiParam({ name: 'reviewRequestId', type: Number })
  @ApiOkResponse({ type: ReviewRequestDoc })
  answer(
    @RequestId() id: number,
    @Body() body: AnswerRequestDto,
    @CurrentUser() user: AuthUser,
  ): Promise<ReviewRequestDto> {
    return this.reviewer.answer(id, body, user);
  }

  @Get('papers/:paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: ReviewerPaperDoc })
  paper(@PaperId() paperId: number, @CurrentUser() user: AuthUser): Promise<ReviewerPaperDto> {
    return this.reviewer.paper(paperId, user);
  }

  /** The submitted author responses of a paper assigned to the reviewer (issue 25; drafts never). */
  @Get('papers/:paperId/responses')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [SubmittedResponseDoc] })
  authorResponses(
    @PaperId() paperId: number,
    @CurrentUser() user: AuthUser,
  ): Promise<SubmittedResponseDto[]> {
    return this.responses.forReviewer(paperId, user);
  }

  /** A file of a paper assigned to the reviewer (submission files, camera-ready word and pdf). */
  @Get('papers/:paperId/download/:fileId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'fileId', type: Number })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  download(
    @PaperId() paperId: number,
    @FileId() fileId: number,
    @CurrentUser() user: AuthUser,
    @Res() res: Response,
  ): Promise<void> {
    return this.reviewer.download(paperId, fileId, user, res);
  }

  /** The review: draft: true keeps a draft; otherwise the complete review is submitted. */
  @Put('papers/:paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: RequestAndReviewDoc })
  review(
    @PaperId() paperId: number,
    @Body() body: ReviewerReviewDto,
    @CurrentUser() user: AuthUser,
  ): Promise<{ request: ReviewRequestDto; review: ReviewDto }> {
    return this.reviewer.review(paperId, body, user);
  }

  @Get('bids')
  @ApiOkResponse({ type: [BidPaperDoc] })
  bids(@CurrentUser() user: AuthUser): Promise<BidPaperDto[]> {
    return this.reviewer.bids(user);
  }

  @Put('bids')
  @ApiOkResponse({ type: [BidPaperDoc] })
  saveBids(@Body() body: SaveBidsDto, @CurrentUser() user: AuthUser): Promise<BidPaperDto[]> {
    return this.reviewer.saveBids(body, user);
  }

  @Get('conflicts')
  @ApiOkResponse({ type: [DeclaredConflictDoc] })
  conflicts(@CurrentUser() user: AuthUser): Promise<DeclaredConflictDto[]> {
    return this.reviewer.conflicts(user);
  }

  @Put('conflicts')
  @ApiOkResponse({ type: [DeclaredConflictDoc] })
  saveConflicts(
    @Body() body: SaveConflictsDto,
    @CurrentUser() user: AuthUser,
  ): Promise<DeclaredConflictDto[]> {
    return this.reviewer.saveConflicts(body, user);
  }
}
