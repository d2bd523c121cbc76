import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  REVIEW_IMPORT_COLUMNS,
  REVIEW_IMPORT_MAX_BYTES,
  REVIEW_IMPORT_MAX_ROWS,
  type ImportResult,
} from '@symposium/domain';
import type { Request } from 'express';
import { managedPaths, Scope, type CallerScope } from '../../common/managed-scope.js';
import { xlsxColumnsDescription } from '../../common/xlsx-upload.js';
import { ImportResultDoc } from './dto/review-answers.dto.js';
import { ReviewersService } from './reviewers.service.js';

/** Review rows from xlsx (§3 columns): multipart file; answers {valid, total, errors}. */
@ApiTags('reviews')
@Controller(managedPaths('reviews'))
export class ReviewImportController {
  constructor(private readonly reviewers: ReviewersService) {}

  @Post('import')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: {
          type: 'string',
          format: 'binary',
          description: xlsxColumnsDescription(
            REVIEW_IMPORT_COLUMNS,
            [],
            REVIEW_IMPORT_MAX_BYTES,
            REVIEW_IMPORT_MAX_ROWS,
          ),
        },
      },
    },
  })
  @ApiOkResponse({ type: ImportResultDoc })
  importReviews(@Req() req: Request, @Scope() caller: CallerScope): Promise<ImportResult> {
    return this.reviewers.importReviews(req, caller.scope, caller.user);
  }
}
