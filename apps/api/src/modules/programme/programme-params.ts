import { SESSION_KINDS, type SessionKind } from '@symposium/domain';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { IdParam } from '../../common/id-param.js';
import { ProgrammeErrors } from './programme.errors.js';

export const DayId = () => IdParam('dayId', ProgrammeErrors.dayNotFound);
export const EventId = () => IdParam('eventId', ProgrammeErrors.eventNotFound);
export const SessionNumber = () => IdParam('id', ProgrammeErrors.sessionNotFound);
export const TutorialNumber = () => IdParam('id', ProgrammeErrors.tutorialNotFound);

/** The {kind} of /session_links/{kind}/{sessionId}: technical, poster or tutorial; anything else is a 404. */
export const KindParam = createParamDecorator((_data: unknown, ctx: ExecutionContext): SessionKind => {
  const kind = String(ctx.switchToHttp().getRequest<Request>().params.kind ?? '');
  if (!(SESSION_KINDS as readonly string[]).includes(kind)) throw ProgrammeErrors.sessionNotFound();
  return kind as SessionKind;
});
