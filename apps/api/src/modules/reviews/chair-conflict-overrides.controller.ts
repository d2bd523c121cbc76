import { Body, Controller, Delete, HttpCode, Put } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiProperty, ApiTags } from '@nestjs/swagger';
import {
  CONFLICT_OVERRIDE_MESSAGES,
  CONFLICT_OVERRIDE_REASON_MAX,
  type ConflictOverrideDto,
} from '@symposium/domain';
import { IsString, MaxLength } from 'class-validator';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { IdParam } from '../../common/id-param.js';
import { MessageDoc } from '../../common/openapi-docs.js';
import { ConflictOverrideResultDoc } from './dto/review-answers.dto.js';
import { PaperId } from './review-params.js';
import { ReviewRequestsService } from './review-requests.service.js';
import { ReviewsErrors } from './reviews.errors.js';

export class ConflictOverrideBodyDto {
  @ApiProperty({ maxLength: CONFLICT_OVERRIDE_REASON_MAX })
  @MaxLength(CONFLICT_OVERRIDE_REASON_MAX)
  @IsString({ message: CONFLICT_OVERRIDE_MESSAGES.reasonRequired })
  reason!: string;
}

const ReviewerId = () => IdParam('reviewerId', () => ReviewsErrors.userNotFound());

/**
 * Conflict-of-interest overrides: chairs only (not track chairs), one pair at a time, with a reason that
 * is recorded and shown beside the assignment.
 */
@ApiTags('reviews')
@Controller('chair/review_requests/conflicts')
export class ChairConflictOverridesController {
  constructor(private readonly requests: ReviewRequestsService) {}

  @Put(':paperId/:reviewerId')
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'reviewerId', type: Number })
  @ApiOkResponse({ type: ConflictOverrideResultDoc })
  override(
    @PaperId() paperId: number,
    @ReviewerId() reviewerId: number,
    @Body() body: ConflictOverrideBodyDto,
    @CurrentUser() user: AuthUser,
  ): Promise<{ message: string; override: ConflictOverrideDto }> {
    return this.requests.overrideConflict(paperId, reviewerId, body.reason, user);
  }

  @Delete(':paperId/:reviewerId')
  @HttpCode(200)
  @ApiParam({ name: 'paperId', type: Number })
  @ApiParam({ name: 'reviewerId', type: Number })
  @ApiOkResponse({ type: MessageDoc })
  remove(
    @PaperId() paperId: number,
    @ReviewerId() reviewerId: number,
    @CurrentUser() user: AuthUser,
  ): Promise<{ message: string }> {
    return this.requests.removeConflictOverride(paperId, reviewerId, user);
  }
}
