import { ApiProperty } from '@nestjs/swagger';
import { PaperFileDoc } from '../../papers/dto/paper-answers.dto.js';
import type { ReviewerPaperDto } from '../reviewer.service.js';
import { ReviewDoc, ReviewRequestDoc } from './review-answers.dto.js';

/*
 * The OpenAPI schema of GET /api/reviewer/papers/{paperId} (ReviewerPaperDto of the reviewer service): what a
 * reviewer sees of a paper assigned to them, with their own requests and reviews of it.
 */

type ReviewerPaper = ReviewerPaperDto['paper'];
type ReviewerPaperAbstract = ReviewerPaper['abstract'];
export class ReviewerPaperAbstractDoc implements ReviewerPaperAbstract {
  @ApiProperty() text!: string;
}

/** The paper without its authors, notes or registration. */
export class ReviewerPaperPartDoc implements ReviewerPaper {
  @ApiProperty() _id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: ReviewerPaperAbstractDoc }) abstract!: ReviewerPaperAbstractDoc;
  @ApiProperty() track!: number;
  @ApiProperty() trackName!: string;
  @ApiProperty() isCameraReady!: boolean;
  @ApiProperty({
    type: [PaperFileDoc],
    description: 'The files the reviewer may download: submission files, camera-ready word and pdf',
  })
  files!: PaperFileDoc[];
}

export class ReviewerPaperDoc implements ReviewerPaperDto {
  @ApiProperty({ type: ReviewerPaperPartDoc }) paper!: ReviewerPaperPartDoc;
  @ApiProperty({ type: [ReviewRequestDoc], description: "The caller's requests for this paper" })
  requests!: ReviewRequestDoc[];
  @ApiProperty({ type: [ReviewDoc], description: "The caller's reviews of this paper (drafts included)" })
  reviews!: ReviewDoc[];
}
