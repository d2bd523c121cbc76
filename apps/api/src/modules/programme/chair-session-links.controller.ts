import { Body, Controller, Put } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/id-param.js';
import { SessionLinkResultDoc } from './dto/programme-answers.dto.js';
import { SessionLinkDto } from './dto/programme.dto.js';
import { KindParam } from './programme-params.js';
import { ProgrammeErrors } from './programme.errors.js';
import { SessionsService } from './sessions.service.js';
import type { SessionKind } from '@symposium/domain';

const LinkSessionId = () => IdParam('sessionId', ProgrammeErrors.sessionNotFound);

/** /AssignSessionLink/{kind}/{sessionId}: chairs only. */
@ApiTags('programme')
@Controller('chair/session_links')
export class ChairSessionLinksController {
  constructor(private readonly sessions: SessionsService) {}

  @Put(':kind/:sessionId')
  @ApiParam({ name: 'kind', enum: ['technical', 'poster', 'tutorial'] })
  @ApiParam({ name: 'sessionId', type: Number })
  @ApiOkResponse({ type: SessionLinkResultDoc })
  set(
    @KindParam() kind: SessionKind,
    @LinkSessionId() sessionId: number,
    @Body() body: SessionLinkDto,
  ): Promise<{ message: string; link: string }> {
    return this.sessions.setLink(kind, sessionId, body.link);
  }
}
