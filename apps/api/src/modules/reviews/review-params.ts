import type { Response } from 'express';
import { IdParam } from '../../common/id-param.js';
import { AuthorResponsesErrors } from './author-responses.errors.js';
import { ReviewsErrors } from './reviews.errors.js';

export const RequestId = () => IdParam('reviewRequestId', () => ReviewsErrors.requestNotFound());
/** A review round's number in a path (issue 25); malformed answers like a missing round. */
export const RoundNumber = () => IdParam('round', () => AuthorResponsesErrors.roundNotFound());
export const PaperId = () => IdParam('paperId', () => ReviewsErrors.paperNotFound());

/** Sets the total of a paged list in X-Total-Count (readable by the browser apps). */
export function setTotal(res: Response, count: number): void {
  res.setHeader('X-Total-Count', String(count));
  res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
}
