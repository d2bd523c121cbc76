import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../database/database.js';
import { reviewVersionsTable as rv, type ReviewRow } from './reviews.table.js';

/**
 * Appends a version of a submitted review unless it equals the latest one (a submit that changed nothing);
 * answers the version written, or null.
 */
export async function appendReviewVersion(review: ReviewRow, ex: Executor): Promise<number | null> {
  const [last] = await ex
    .select()
    .from(rv)
    .where(eq(rv.reviewId, review.id))
    .orderBy(desc(rv.version))
    .limit(1)
    .for('update');
  const same =
    last &&
    last.quality === review.quality &&
    last.contribution === review.contribution &&
    last.originality === review.originality &&
    last.final === review.final &&
    last.commentsAuthor === review.commentsAuthor &&
    last.commentsChair === review.commentsChair;
  if (same) return null;
  const version = (last?.version ?? 0) + 1;
  await ex.insert(rv).values({
    reviewId: review.id,
    paperId: review.paperId,
    version,
    quality: review.quality,
    contribution: review.contribution,
    originality: review.originality,
    final: review.final,
    commentsAuthor: review.commentsAuthor,
    commentsChair: review.commentsChair,
    submittedBy: review.submittedBy,
  });
  return version;
}
