import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import {
  REPORT_CATEGORIES,
  REVIEW_REQUEST_STATES,
  type ReconciliationItem,
  type ReconciliationList,
  type ReportCategory,
  type ReportCount,
  type ReportDto,
  type ReportSummary,
  type ReportTable,
  type ReviewRequestState,
} from '@symposium/domain';
import type { PaperReviewerAssignment } from '../paper-reviews-export.service.js';

/*
 * The OpenAPI schemas of the reports module's answers (ReportDto of libs/domain and its parts, and the
 * reviewer assignments of the selected papers), for the API documentation.
 */

/** One labelled count (a bar of a chart, a row of a table). */
export class ReportCountDoc implements ReportCount {
  @ApiProperty() label!: string;
  @ApiProperty() count!: number;
}

export class ReportTableDoc implements ReportTable {
  @ApiProperty() title!: string;
  @ApiProperty({ type: [String] }) columns!: string[];
  @ApiProperty({
    type: 'array',
    items: {
      type: 'array',
      items: { oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true },
    },
    description: 'One array of cells per row, in the order of the columns',
  })
  rows!: (string | number | null)[][];
}

/** A reconciliation finding, with the chair-console path that fixes it. */
export class ReconciliationItemDoc implements ReconciliationItem {
  @ApiProperty() label!: string;
  @ApiProperty({ example: '/EditPaperRegistration/12' }) fixPath!: string;
  @ApiPropertyOptional() paperId?: number;
  @ApiPropertyOptional() sessionId?: number;
  @ApiPropertyOptional() userId?: number;
}

export class ReconciliationListDoc implements ReconciliationList {
  @ApiProperty({
    enum: [
      'acceptedNotRegistered',
      'scheduledPresenterNotRegistered',
      'sessionChairNotRegistered',
      'lettersNotDownloaded',
    ],
  })
  key!: ReconciliationList['key'];
  @ApiProperty() title!: string;
  @ApiProperty({ type: [ReconciliationItemDoc] }) items!: ReconciliationItemDoc[];
}

/** counts refers to ReportCountDoc by $ref: the controllers answering it declare it (ApiExtraModels). */
export class ReportSummaryDoc implements ReportSummary {
  @ApiProperty({ enum: REPORT_CATEGORIES }) category!: ReportCategory;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { $ref: getSchemaPath(ReportCountDoc) } },
    description: 'Named series for the charts (papersByTrack, papersByStatus, usersByRole…)',
  })
  counts!: Record<string, ReportCountDoc[]>;
  @ApiProperty({ type: [ReportTableDoc] }) tables!: ReportTableDoc[];
  @ApiPropertyOptional({ type: [ReconciliationListDoc], description: 'Paper reports only' })
  reconciliation?: ReconciliationListDoc[];
}

/** A generated report (ReportDto of libs/domain). */
export class ReportDoc implements ReportDto {
  @ApiProperty() _id!: number;
  @ApiProperty({ enum: REPORT_CATEGORIES }) category!: ReportCategory;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: Number, nullable: true }) createdBy!: number | null;
  @ApiProperty({ type: [Number], nullable: true, description: 'The tracks it covers; null: every track' })
  trackIds!: number[] | null;
  @ApiProperty({ description: 'Bytes of the xlsx' }) size!: number;
  @ApiProperty({ type: ReportSummaryDoc }) summary!: ReportSummaryDoc;
  @ApiProperty({ description: 'GET it to download the xlsx' }) downloadUrl!: string;
}

type PaperReviewer = PaperReviewerAssignment['reviewers'][number];
/** A reviewer of a paper and the state of the request. */
export class PaperReviewerDoc implements PaperReviewer {
  @ApiProperty({ description: 'The reviewer (a user id)' }) _id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: REVIEW_REQUEST_STATES }) state!: ReviewRequestState;
  @ApiProperty({ description: 'The request is for the camera-ready version' }) isCameraReady!: boolean;
}

/** GET /api/{chair|cochair}/papers/bulk/assign/reviewers: a selected paper and its reviewers. */
export class PaperReviewersDoc implements PaperReviewerAssignment {
  @ApiProperty() paperId!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: [PaperReviewerDoc] }) reviewers!: PaperReviewerDoc[];
}
