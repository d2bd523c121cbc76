import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  REGISTRATION_IMPORT_COLUMNS,
  REGISTRATION_IMPORT_MAX_BYTES,
  REGISTRATION_IMPORT_MAX_ROWS,
  REGISTRATION_IMPORT_REQUIRED,
  type RegistrationImportResult,
} from '@symposium/domain';
import type { Request } from 'express';
import { Scope, type CallerScope } from '../../common/managed-scope.js';
import { xlsxColumnsDescription } from '../../common/xlsx-upload.js';
import { RegistrationImportResultDoc } from './dto/paper-answers.dto.js';
import { PaperRegistrationsService } from './paper-registrations.service.js';

/** Registrations are chair-only (§6): the import lives under /api/chair only. */
@ApiTags('papers (chair and track chair)')
@Controller('chair/papers')
export class PaperRegistrationsController {
  constructor(private readonly registrations: PaperRegistrationsService) {}

  /**
   * multipart: `file` (xlsx: Paper ID, Registration ID, E-mail, Amount, Extra, Type) and `confirm`
   * (true: import the valid rows even when some are refused) → {valid, total, errors: [{row, message}], imported}.
   */
  @Post('import/registrations')
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
            REGISTRATION_IMPORT_REQUIRED,
            REGISTRATION_IMPORT_COLUMNS.filter((c) => !REGISTRATION_IMPORT_REQUIRED.includes(c)),
            REGISTRATION_IMPORT_MAX_BYTES,
            REGISTRATION_IMPORT_MAX_ROWS,
          ),
        },
        confirm: { type: 'string', enum: ['true', 'false'] },
      },
    },
  })
  @ApiOkResponse({ type: RegistrationImportResultDoc })
  importRegistrations(@Req() req: Request, @Scope() caller: CallerScope): Promise<RegistrationImportResult> {
    return this.registrations.import(req, caller.user);
  }
}
