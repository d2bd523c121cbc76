import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import {
  PaperReviewsController,
  ReviewRequestsController,
  SubmitReviewController,
} from './review-requests.controller.js';
import { ReviewRequestsService } from './review-requests.service.js';
import { ReviewAssignmentService } from './review-assignment.service.js';
import { AuthorReviewsController, ReviewerController } from './reviewer.controller.js';
import { ReviewerService } from './reviewer.service.js';
import { ReviewsRepository } from './reviews.repository.js';

/** Reviewing: review requests, reviews, bids, conflicts of interest, reviewer management and imports. */
@Module({
  imports: [UsersModule],
  controllers: [
    ReviewRequestsController,
    SubmitReviewController,
    PaperReviewsController,
    ReviewerController,
    AuthorReviewsController,
  ],
  providers: [ReviewsRepository, ReviewAssignmentService, ReviewRequestsService, ReviewerService],
})
export class ReviewsModule {}
