import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PublicProgrammeView } from '@symposium/domain';
import { CurrentUser, type AuthUser } from '../../common/auth-user.js';
import { PublicProgrammeViewDoc } from './dto/programme-answers.dto.js';
import { ProgrammeViewService } from './programme-view.service.js';

/** The session-chair front end's days-and-events view (spec §2): only their technical sessions. */
@ApiTags('programme')
@Controller('session/programme')
export class SessionProgrammeController {
  constructor(private readonly view: ProgrammeViewService) {}

  @Get()
  @ApiOkResponse({
    type: PublicProgrammeViewDoc,
    description: "The published programme: the caller's sessions only",
  })
  programme(@CurrentUser() user: AuthUser): Promise<PublicProgrammeView> {
    return this.view.forSessionChair(user);
  }
}
