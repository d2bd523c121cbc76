import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { type CandidateReviewerDto, type ReviewDto, type ReviewRequestDto } from '@symposium/domain';
import type { Response } from 'express';
import { sendJsonText } from '../../common/json-answers.js';
import { MessageDoc } from '../../common/openapi-docs.js';
import { AutoAssignmentService, type ApplyResult } from './auto-assignment.service.js';
import {
  AutoApplyDto,
  AutoMetaProposalDto,
  AutoProposalDto,
  CandidatesQueryDto,
  QueryRequestsDto,
  RequestFilterDto,
  SaveRequestDto,
  UpdateRequestDto,
} from './dto/reviews.dto.js';
import {
  ApplyResultDoc,
  AssignmentResultDoc,
  CandidateReviewerDoc,
  DeletedRequestsDoc,
  ReviewRequestDoc,
  ReviewRequestPageDoc,
  ReviewRequestWithReviewDoc,
} from './dto/review-answers.dto.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { ReviewRequestsService } from './review-requests.service.js';

import { RequestId, PaperId, setTotal } from './review-params.js';
import { ApiProperty } from '@nestjs/swagger';

class MetaProposalPairDoc {
  @ApiProperty() paper!: number;
  @ApiProperty() reviewer!: number;
  @ApiProperty() reviewerName!: string;
  @ApiProperty({ description: "the reviewer's meta load in the round with this pair" }) load!: number;
}
/** §7 review requests of chairs and track chairs (track chairs: their tracks only). */
@ApiTags('reviews')
@Controller(managedPaths('review_requests'))
export class ReviewRequestsController {
  constructor(
    private readonly requests: ReviewRequestsService,
    private readonly auto: AutoAssignmentService,
  ) {}

  /** Query: cp, pg, filters (userId, paper, track, state, isCameraReady); the total also in X-Total-Count. */
  @Get()
  @ApiOkResponse({ type: ReviewRequestPageDoc, description: 'The total also in X-Total-Count' })
  async query(
    @Query() query: QueryRequestsDto,
    @Scope() caller: CallerScope,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ count: number; data: ReviewRequestDto[] }> {
    const page = await this.requests.query(query, caller.scope, caller);
    setTotal(res, page.count);
    return page;
  }

  /** Bulk delete of the requests matching the query filter (at least one filter). */
  @Delete()
  @ApiOkResponse({ type: DeletedRequestsDoc })
  removeMany(@Query() query: RequestFilterDto, @Scope() caller: CallerScope): Promise<{ deleted: number }> {
    return this.requests.removeMany(query, caller.scope, caller.user);
  }

  @Post()
  @ApiCreatedResponse({ type: ReviewRequestDoc })
  save(@Body() body: SaveRequestDto, @Scope() caller: CallerScope): Promise<ReviewRequestDto> {
    return this.requests.save(body, caller.scope, caller.user);
  }

  /** The optimal assignment of a track as a proposal (per paper: reviewers with affinity, bid, load). */
  @Post('auto/proposal')
  @HttpCode(200)
  @ApiOkResponse({ type: AssignmentResultDoc })
  async proposal(
    @Body() body: AutoProposalDto,
    @Scope() caller: CallerScope,
    @Res() res: Response,
  ): Promise<void> {
    // The solve runs in a worker thread; a chair who closes the page (connection closed before the answer) cancels it.
    const abort = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) abort.abort();
    };
    res.once('close', onClose);
    try {
      // an AssignmentResult as JSON text made in the worker (a large track's answer is tens of MB)
      const json = await this.auto.proposalJson(body, caller.scope, abort.signal);
      // written as it is: res.send would hash all of it (sha1, for an ETag no POST answer uses) on this thread
      sendJsonText(res, json);
    } finally {
      res.off('close', onClose);
    }
  }

  /**
   * The meta-reviewers proposal (issue 25): per paper without one, a reviewer of the track under the meta
   * load limit (bid, then load); apply it with POST auto/apply, role 'meta'.
   */
  @Post('auto/meta_proposal')
  @HttpCode(200)
  @ApiOkResponse({ type: [MetaProposalPairDoc] })
  metaProposal(
    @Body() body: AutoMetaProposalDto,
    @Scope() caller: CallerScope,
  ): Promise<{ paper: number; reviewer: number; reviewerName: string; load: number }[]> {
    return this.auto.metaProposal(body, caller.scope);
  }

  /** Saves an (edited) proposal as review requests: 'N of M review requests saved successfully.' */
  @Post('auto/apply')
  @HttpCode(200)
  @ApiOkResponse({ type: ApplyResultDoc })
  apply(@Body() body: AutoApplyDto, @Scope() caller: CallerScope): Promise<ApplyResult> {
    return this.auto.apply(body, caller.scope, caller.user);
  }

  /** The track's reviewers for a paper: load, bid, conflicts (with their evidence) and eligibility. */
  @Get('candidates/:paperId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiOkResponse({ type: [CandidateReviewerDoc] })
  candidates(
    @PaperId() paperId: number,
    @Query() query: CandidatesQueryDto,
    @Scope() caller: CallerScope,
  ): Promise<CandidateReviewerDto[]> {
    return this.requests.candidates(
      paperId,
      query.isCameraReady ?? false,
      caller.scope,
      query.round ?? 1,
      query.role,
    );
  }

  @Get(':reviewRequestId')
  @ApiParam({ name: 'reviewRequestId', type: Number })
  @ApiOkResponse({ type: ReviewRequestWithReviewDoc })
  get(
    @RequestId() id: number,
    @Scope() caller: CallerScope,
  ): Promise<ReviewRequestDto & { review: ReviewDto | null }> {
    return this.requests.get(id, caller.scope, caller.user.id);
  }

  @Put(':reviewRequestId')
  @ApiParam({ name: 'reviewRequestId', type: Number })
  @ApiOkResponse({ type: ReviewRequestDoc })
  update(
    @RequestId() id: number,
    @Body() body: UpdateRequestDto,
    @Scope() caller: CallerScope,
  ): Promise<ReviewRequestDto> {
    return this.requests.update(id, body, caller.scope, caller.user);
  }

  @Delete(':reviewRequestId')
  @ApiParam({ name: 'reviewRequestId', type: Number })
  @ApiOkResponse({ type: MessageDoc })
  remove(@RequestId() id: number, @Scope() caller: CallerScope): Promise<{ message: string }> {
    return this.requests.remove(id, caller.scope, caller.user);
  }
}
