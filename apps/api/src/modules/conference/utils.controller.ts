import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { buildUtils, type UtilsDto } from '@symposium/domain';
import { UtilsDoc } from './dto/conference.dto.js';

/** Start-up call: static values (limits, labels, user filter descriptions) for every signed-in user. */
@ApiTags('conference')
@Controller('utils')
export class UtilsController {
  @Get()
  @ApiOkResponse({ type: UtilsDoc })
  utils(): UtilsDto {
    return buildUtils();
  }
}
