import { DISCUSSION_MESSAGES, PAPER_MESSAGES } from '@symposium/domain';
import { badRequest, notFound } from '../../common/errors.js';

/** The error codes of the discussion (issue 25). */
export const DiscussionErrors = {
  /** One answer for a missing paper and one whose discussion the caller may not read. */
  paperNotFound: () => notFound('reviews.paper_not_found', PAPER_MESSAGES.notFound),
  textRequired: () => badRequest('discussion.text_required', DISCUSSION_MESSAGES.textRequired),
  reviewerChairsOnly: () =>
    badRequest('discussion.reviewer_chairs_only', DISCUSSION_MESSAGES.reviewerChairsOnly),
};
