import { Body, Controller, Delete, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  REVIEW_IMPORT_MAX_BYTES,
  REVIEW_IMPORT_MAX_ROWS,
  REVIEWER_IMPORT_COLUMNS,
  type ImportResult,
  type UserDto,
} from '@symposium/domain';
import type { Request } from 'express';
import { ImportReviewerDto, ReviewCountDto } from './dto/reviews.dto.js';
import {
  ImportResultDoc,
  ImportReviewerResultDoc,
  ReviewCountDoc,
  ReviewerLoadDoc,
} from './dto/review-answers.dto.js';
import { UserDoc } from '../users/dto/user.dto.js';
import { IdParam } from '../../common/id-param.js';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { xlsxColumnsDescription } from '../../common/xlsx-upload.js';
import { ReviewersService, type ReviewerLoadDto } from './reviewers.service.js';
import { ReviewsErrors } from './reviews.errors.js';

const TrackId = (name: string) => IdParam(name, () => ReviewsErrors.trackNotFound());
const UserId = () => IdParam('userId', () => ReviewsErrors.userNotFound());

const XLSX_UPLOAD = {
  schema: {
    type: 'object',
    required: ['file', 'tracks'],
    properties: {
      file: {
        type: 'string',
        format: 'binary',
        description: xlsxColumnsDescription(
          REVIEWER_IMPORT_COLUMNS,
          [],
          REVIEW_IMPORT_MAX_BYTES,
          REVIEW_IMPORT_MAX_ROWS,
        ),
      },
      tracks: { type: 'string', description: 'JSON array of track ids, or a comma-separated list' },
    },
  },
};

/**
 * §7 users routes about reviewers, for chairs and (inside their tracks) track chairs: reviewing's routes under
 * the users module's prefix, so this file is named after that prefix.
 */
@ApiTags('reviews')
@Controller(managedPaths('users'))
export class ReviewersController {
  constructor(private readonly reviewers: ReviewersService) {}

  @Get('reviewers/:trackId')
  @ApiParam({ name: 'trackId', type: Number })
  @ApiOkResponse({ type: [ReviewerLoadDoc] })
  byTrack(@TrackId('trackId') trackId: number, @Scope() caller: CallerScope): Promise<ReviewerLoadDto[]> {
    return this.reviewers.byTrack(trackId, caller.scope);
  }

  @Post('review/count')
  @HttpCode(200)
  @ApiOkResponse({ type: ReviewCountDoc })
  reviewCount(
    @Body() body: ReviewCountDto,
    @Scope() caller: CallerScope,
  ): Promise<{ data: { _id: number; count: number; reviewed: number }[] }> {
    return this.reviewers.reviewCount(body, caller.scope);
  }

  @Delete('remove/reviewer/:userId/:track')
  @ApiParam({ name: 'userId', type: Number })
  @ApiParam({ name: 'track', type: Number })
  @ApiOkResponse({ type: UserDoc, description: 'The user, no longer a reviewer of the track' })
  remove(
    @UserId() userId: number,
    @TrackId('track') track: number,
    @Scope() caller: CallerScope,
  ): Promise<UserDto> {
    return this.reviewers.removeFromTrack(userId, track, caller.scope);
  }

  @Post('import/reviewer')
  @ApiCreatedResponse({ type: ImportReviewerResultDoc })
  importOne(
    @Body() body: ImportReviewerDto,
    @Scope() caller: CallerScope,
  ): Promise<{ message: string; created: boolean; user: UserDto }> {
    return this.reviewers.importOne(body, caller.scope, caller.user);
  }

  /** multipart: file (xlsx) and tracks; answers {valid, total, errors}. */
  @Post('import/reviewers')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody(XLSX_UPLOAD)
  @ApiOkResponse({ type: ImportResultDoc })
  importMany(@Req() req: Request, @Scope() caller: CallerScope): Promise<ImportResult> {
    return this.reviewers.importMany(req, caller.scope, caller.user);
  }
}
