import { Body, Controller, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { type ReviewDto, type ReviewRequestDto } from '@symposium/domain';
import { SubmitOnBehalfDto } from './dto/reviews.dto.js';
import { RequestAndReviewDoc } from './dto/review-answers.dto.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { ReviewRequestsService } from './review-requests.service.js';

/** A full review submitted by a chair on behalf of a user, or by a track chair as themselves. */
@ApiTags('reviews')
@Controller(managedPaths('submit_review_request'))
export class SubmitReviewController {
  constructor(private readonly requests: ReviewRequestsService) {}

  @Post()
  @ApiCreatedResponse({ type: RequestAndReviewDoc })
  submit(
    @Body() body: SubmitOnBehalfDto,
    @Scope() caller: CallerScope,
  ): Promise<{ request: ReviewRequestDto; review: ReviewDto }> {
    return this.requests.submitOnBehalf(body, caller.scope, caller.user, caller.prefix);
  }
}
