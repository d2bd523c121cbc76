import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { type ReviewRoundDto } from '@symposium/domain';
import { IdParam } from '../../common/id-param.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { MessageDoc } from '../../common/openapi-docs.js';
import { CreateReviewRoundDto, ReviewRoundDoc, UpdateReviewRoundDto } from './dto/review-rounds.dto.js';
import { ReviewRoundsService } from './review-rounds.service.js';
import { ReviewsErrors } from './reviews.errors.js';

const TrackId = () => IdParam('trackId', () => ReviewsErrors.trackNotFound());
const RoundNumber = () => IdParam('round', () => ReviewsErrors.roundNotFound());

/**
 * Review rounds of a track (issue 25): /api/{chair|cochair}/review_rounds/:trackId[/:round] (a prefix of
 * the reviews module's own: the tracks prefix belongs to the tracks module).
 * Chairs: every track; track chairs: their own tracks (another track answers 404 like a missing one).
 */
@ApiTags('reviews')
@Controller(managedPaths('review_rounds'))
export class TrackRoundsController {
  constructor(private readonly rounds: ReviewRoundsService) {}

  @Get(':trackId')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiOkResponse({ type: [ReviewRoundDoc] })
  list(@TrackId() trackId: number, @Scope() caller: CallerScope): Promise<ReviewRoundDto[]> {
    return this.rounds.list(trackId, caller.scope);
  }

  /** Adds the next round (R2 after R1 …). */
  @Post(':trackId')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiCreatedResponse({ type: ReviewRoundDoc })
  create(
    @TrackId() trackId: number,
    @Body() body: CreateReviewRoundDto,
    @Scope() caller: CallerScope,
  ): Promise<ReviewRoundDto> {
    return this.rounds.create(trackId, body, caller.scope);
  }

  @Get(':trackId/:round')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiParam({ name: 'round', type: Number })
  @ApiOkResponse({ type: ReviewRoundDoc })
  get(
    @TrackId() trackId: number,
    @RoundNumber() round: number,
    @Scope() caller: CallerScope,
  ): Promise<ReviewRoundDto> {
    return this.rounds.get(trackId, round, caller.scope);
  }

  @Put(':trackId/:round')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiParam({ name: 'round', type: Number })
  @ApiOkResponse({ type: ReviewRoundDoc })
  update(
    @TrackId() trackId: number,
    @RoundNumber() round: number,
    @Body() body: UpdateReviewRoundDto,
    @Scope() caller: CallerScope,
  ): Promise<ReviewRoundDto> {
    return this.rounds.update(trackId, round, body, caller.scope);
  }

  /** Not R1, not a round with review requests (409). */
  @Delete(':trackId/:round')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiParam({ name: 'round', type: Number })
  @ApiOkResponse({ type: MessageDoc })
  remove(
    @TrackId() trackId: number,
    @RoundNumber() round: number,
    @Scope() caller: CallerScope,
  ): Promise<{ message: string }> {
    return this.rounds.remove(trackId, round, caller.scope);
  }
}
