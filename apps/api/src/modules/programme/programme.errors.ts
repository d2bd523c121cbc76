import {
  PROGRAMME_MESSAGES as M,
  paperScheduledMessage,
  roomInUseMessage,
  type FieldError,
} from '@symposium/domain';
import { badRequest, conflict, notFound } from '../../common/errors.js';

/** The error codes of the programme (rooms, days, events, sessions, clashes, publication). */
export const ProgrammeErrors = {
  roomNotFound: () => notFound('programme.room_not_found', M.roomNotFound),
  roomNameTaken: () => conflict('programme.room_name_taken', M.roomNameTaken),
  roomInUse: (sessions: string[]) =>
    conflict('programme.room_in_use', roomInUseMessage(sessions), { sessions }),
  dayNotFound: () => notFound('programme.day_not_found', M.dayNotFound),
  dayDateTaken: () => conflict('programme.day_date_taken', M.dayDateTaken),
  eventNotFound: () => notFound('programme.event_not_found', M.eventNotFound),
  sessionNotFound: () => notFound('programme.session_not_found', M.sessionNotFound),
  tutorialNotFound: () => notFound('programme.tutorial_not_found', M.tutorialNotFound),
  sessionNumberTaken: () => conflict('programme.session_number_taken', M.sessionNumberTaken),
  sessionTitleTaken: () => conflict('programme.session_title_taken', M.sessionTitleTaken),
  paperScheduled: (paperId: number, session: string) =>
    conflict('programme.paper_scheduled', paperScheduledMessage(paperId, session), { paperId, session }),
  noTutorialTrack: () => notFound('programme.no_tutorial_track', M.noTutorialTrack),
  clashNotFound: () => notFound('programme.clash_not_found', M.clashNotFound),
  /** 400 'programme.invalid' with the first field's message, every field in details. */
  invalid: (fields: FieldError[]) => badRequest('programme.invalid', fields[0]!.message, fields),
} as const;

/** One field's message as the 400 of ProgrammeErrors.invalid. */
export const invalidField = (field: string, message: string) => ProgrammeErrors.invalid([{ field, message }]);
