import { Body, Controller, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type {
  DiscussionCommentDto,
  DiscussionDto,
  DiscussionListRowDto,
  DiscussionReviewDto,
} from '@symposium/domain';
import type { Response } from 'express';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { DiscussionService } from './discussion.service.js';
import {
  DiscussionCommentDoc,
  DiscussionDoc,
  DiscussionListDoc,
  DiscussionReviewDoc,
  ReadMarkDoc,
} from './dto/discussion-answers.dto.js';
import {
  DiscussionListQueryDto,
  MarkReadDto,
  PostCommentDto,
  UnreadCountsDto,
} from './dto/discussion.dto.js';
import { PaperId, setTotal } from './review-params.js';

const UNREAD = {
  description: 'Unread comments per paper id (0 for papers out of reach)',
  schema: { type: 'object', additionalProperties: { type: 'integer' } },
};

/**
 * The discussion of a paper for chairs and track chairs (their tracks): the thread, posting, the read mark,
 * unread counts for lists, the reviews with their versions, and the discussion list.
 */
@ApiTags('discussion')
@Controller(managedPaths('discussion'))
export class ManagedDiscussionController {
  constructor(private readonly discussion: DiscussionService) {}

  /** Papers with comments or submitted reviews: last comment, unread, spread of the final scores. */
  @Get()
  @ApiOkResponse({ type: DiscussionListDoc, description: 'The total also in X-Total-Count' })
  async list(
    @Query() query: DiscussionListQueryDto,
    @Scope() caller: CallerScope,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ count: number; data: DiscussionListRowDto[] }> {
    const page = await this.discussion.list(query, caller.prefix, caller.user);
    setTotal(res, page.count);
    return page;
  }

  @Post('unread')
  @HttpCode(200)
  @ApiOkResponse(UNREAD)
  unread(@Body() body: UnreadCountsDto, @Scope() caller: CallerScope): Promise<Record<number, number>> {
    return this.discussion.unreadFor(body.ids, caller.prefix, caller.user);
  }

  @Get(':paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: DiscussionDoc, description: 'Reading marks every comment read' })
  thread(@PaperId() paperId: number, @Scope() caller: CallerScope): Promise<DiscussionDto> {
    return this.discussion.thread(paperId, caller.prefix, caller.user);
  }

  @Post(':paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiCreatedResponse({ type: DiscussionCommentDoc })
  post(
    @PaperId() paperId: number,
    @Body() body: PostCommentDto,
    @Scope() caller: CallerScope,
  ): Promise<DiscussionCommentDto> {
    return this.discussion.post(paperId, caller.prefix, body, caller.user);
  }

  @Put(':paperId/read')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: ReadMarkDoc })
  read(
    @PaperId() paperId: number,
    @Body() body: MarkReadDto,
    @Scope() caller: CallerScope,
  ): Promise<{ lastRead: number; unread: number }> {
    return this.discussion.markRead(paperId, caller.prefix, body.through, caller.user);
  }

  @Get(':paperId/reviews')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [DiscussionReviewDoc], description: 'The submitted reviews with every version' })
  reviews(@PaperId() paperId: number, @Scope() caller: CallerScope): Promise<DiscussionReviewDto[]> {
    return this.discussion.reviewsOf(paperId, caller.prefix, caller.user);
  }
}

/** The discussion of a paper for its reviewers (after submitting their review, or earlier when the track allows). */
@ApiTags('discussion')
@Controller('reviewer/discussion')
export class ReviewerDiscussionController {
  constructor(private readonly discussion: DiscussionService) {}

  @Post('unread')
  @HttpCode(200)
  @ApiOkResponse(UNREAD)
  unread(@Body() body: UnreadCountsDto, @CurrentUser() user: AuthUser): Promise<Record<number, number>> {
    return this.discussion.unreadFor(body.ids, 'reviewer', user);
  }

  @Get(':paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: DiscussionDoc, description: 'Reading marks every comment read' })
  thread(@PaperId() paperId: number, @CurrentUser() user: AuthUser): Promise<DiscussionDto> {
    return this.discussion.thread(paperId, 'reviewer', user);
  }

  @Post(':paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiCreatedResponse({ type: DiscussionCommentDoc })
  post(
    @PaperId() paperId: number,
    @Body() body: PostCommentDto,
    @CurrentUser() user: AuthUser,
  ): Promise<DiscussionCommentDto> {
    return this.discussion.post(paperId, 'reviewer', body, user);
  }

  @Put(':paperId/read')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: ReadMarkDoc })
  read(
    @PaperId() paperId: number,
    @Body() body: MarkReadDto,
    @CurrentUser() user: AuthUser,
  ): Promise<{ lastRead: number; unread: number }> {
    return this.discussion.markRead(paperId, 'reviewer', body.through, user);
  }

  @Get(':paperId/reviews')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [DiscussionReviewDoc], description: 'The submitted reviews with every version' })
  reviews(@PaperId() paperId: number, @CurrentUser() user: AuthUser): Promise<DiscussionReviewDto[]> {
    return this.discussion.reviewsOf(paperId, 'reviewer', user);
  }
}
