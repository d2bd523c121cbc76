import { IdParam } from '../../common/id-param.js';
import { ConferenceErrors } from './conference.errors.js';

/** :conferenceId: the one id rule of common/id-param (a malformed id answers like a missing conference). */
export const ConferenceId = () => IdParam('conferenceId', () => ConferenceErrors.notFound());
