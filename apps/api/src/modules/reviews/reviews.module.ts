import { ChairConflictOverridesController } from './chair-conflict-overrides.controller.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { ActivityModule } from '../activity/activity.module.js';
import { AssignmentRunner } from './assignment-runner.js';
import { AutoAssignmentService } from './auto-assignment.service.js';
import { Module } from '@nestjs/common';
import { ConferenceModule } from '../conference/conference.module.js';
import { AuthorResponsesRepository } from './author-responses.repository.js';
import { AuthorResponsesService } from './author-responses.service.js';
import { PapersModule } from '../papers/papers.module.js';
import { TracksModule } from '../tracks/tracks.module.js';
import { UsersModule } from '../users/users.module.js';
import { PaperReviewsController } from './chair-reviews.controller.js';
import { SubmitReviewController } from './chair-submit-review-request.controller.js';
import { ReviewRequestsController } from './review-requests.controller.js';
import { ReviewConflictsService } from './review-conflicts.service.js';
import { ReviewListsService } from './review-lists.service.js';
import { ReviewRequestsService } from './review-requests.service.js';
import { ReviewAssignmentService } from './review-assignment.service.js';
import { AuthorReviewsController } from './author-papers.controller.js';
import { ReviewerController } from './reviewer.controller.js';
import { ReviewerService } from './reviewer.service.js';
import { ReviewImportController } from './review-imports.controller.js';
import { ReviewersController } from './chair-users.controller.js';
import { ReviewersService } from './reviewers.service.js';
import { ReviewsRepository } from './reviews.repository.js';
import { TrackRoundsController } from './review-rounds.controller.js';
import { ReviewRoundsRepository } from './review-rounds.repository.js';
import { ReviewRoundsService } from './review-rounds.service.js';
import { ReadsModule } from '../../reads/reads.module.js';
import { ManagedDiscussionController, ReviewerDiscussionController } from './discussion.controller.js';
import { DiscussionRepository } from './discussion.repository.js';
import { DiscussionDigestScheduler } from './discussion.scheduler.js';
import { DiscussionService } from './discussion.service.js';
import { ManagedMetaReviewController } from './meta-reviews.controller.js';
import { ReviewerMetaReviewController } from './reviewer-meta-review.controller.js';
import { MetaReviewsRepository } from './meta-reviews.repository.js';
import { MetaReviewsService } from './meta-reviews.service.js';

/** Reviewing: review requests, reviews, bids, conflicts of interest, reviewer management and imports. */
@Module({
  imports: [
    OutboxModule,
    ActivityModule,
    UsersModule,
    TracksModule,
    ConferenceModule,
    PapersModule,
    ReadsModule,
  ],
  controllers: [
    ReviewRequestsController,
    ChairConflictOverridesController,
    SubmitReviewController,
    PaperReviewsController,
    ReviewerController,
    AuthorReviewsController,
    ReviewersController,
    ReviewImportController,
    TrackRoundsController,
    ManagedDiscussionController,
    ReviewerDiscussionController,
    ReviewerMetaReviewController,
    ManagedMetaReviewController,
  ],
  providers: [
    ReviewsRepository,
    ReviewListsService,
    ReviewAssignmentService,
    AutoAssignmentService,
    AssignmentRunner,
    ReviewRequestsService,
    ReviewerService,
    ReviewersService,
    ReviewRoundsRepository,
    ReviewRoundsService,
    AuthorResponsesRepository,
    AuthorResponsesService,
    DiscussionRepository,
    DiscussionService,
    DiscussionDigestScheduler,
    MetaReviewsRepository,
    MetaReviewsService,
    ReviewConflictsService,
  ],
  exports: [
    ReviewListsService,
    ReviewAssignmentService,
    AuthorResponsesService,
    ReviewRoundsService,
    ReviewConflictsService,
  ],
})
export class ReviewsModule {}
