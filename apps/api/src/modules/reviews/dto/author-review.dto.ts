import { ApiProperty } from '@nestjs/swagger';
import type { AuthorReviewDto } from '@symposium/domain';

/*
 * The OpenAPI schema of GET /api/author/papers/{paperId}/reviews (AuthorReviewDto of libs/domain): what the
 * authors see of a review, without the reviewer's identity or the comments to the chair.
 */

type AuthorReviewComments = AuthorReviewDto['comments'];
export class AuthorReviewCommentsDoc implements AuthorReviewComments {
  @ApiProperty({ description: 'The comments to the authors' }) author!: string;
}

/** A review's scores and final recommendation, as every review answer gives them. */
export class ReviewScoresDoc {
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 10 }) quality!: number | null;
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 10 }) contribution!: number | null;
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 10 }) originality!: number | null;
  @ApiProperty({
    description: '-1 not appropriate for its track, 0 reject, 1 accept, 2 accept after revision; -2 unset',
  })
  final!: number;
}

export class AuthorReviewDoc extends ReviewScoresDoc implements AuthorReviewDto {
  @ApiProperty({ description: '1, 2, 3… in submission order' }) number!: number;
  @ApiProperty() isCameraReady!: boolean;
  @ApiProperty({ description: "The final recommendation's label" }) decision!: string;
  @ApiProperty({ type: AuthorReviewCommentsDoc }) comments!: AuthorReviewCommentsDoc;
}
