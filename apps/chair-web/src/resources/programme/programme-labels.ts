import {
  DAY_COLOR_NAMES,
  EVENT_TYPE_LABELS,
  PROGRAMME_MESSAGES,
  type DayColor,
  type DayDto,
  type EventDto,
  type PersonRef,
  type RoomDto,
} from '@symposium/domain';
import { ApiError } from '@symposium/ui';

/**
 * Toasts of the programme screens that §8 does not word (rooms, day and session deletion); the §8 texts
 * come from PROGRAMME_MESSAGES.
 */
export const PROGRAMME_UI_MESSAGES = {
  roomCreated: 'The room was successfully created!',
  roomUpdated: 'The room was successfully updated!',
  roomDeleted: 'The room was successfully deleted!',
  dayDeleted: 'Day successfully deleted',
  sessionDeleted: 'The session was successfully deleted!',
  tutorialDeleted: 'The tutorial was successfully deleted!',
  sessionSaved: 'The session was successfully saved!',
  tutorialSaved: 'The tutorial was successfully saved!',
  sessionsNotLoaded: 'The sessions could not be loaded, so nothing was saved. Reload the page and try again.',
} as const;

/**
 * The message the server gave with an error, else `fallback` (§8: "the server message, else 'Something went
 * wrong…'"). An answer without a JSON body (a proxy's 502, a network failure) has no server message.
 */
export const serverMessage = (e: unknown, fallback: string): string =>
  e instanceof ApiError && e.code !== 'request.error' && e.message ? e.message : fallback;

/** The server's message of a failed save, else §8 'Something went wrong while saving'. */
export const saveError = (e: unknown) => serverMessage(e, PROGRAMME_MESSAGES.saveFailed);
/** The server's message of a failed deletion, else §8 'Something went wrong while deleting'. */
export const deleteError = (e: unknown) => serverMessage(e, PROGRAMME_MESSAGES.deleteFailed);

export const personName = (p: Pick<PersonRef, 'firstName' | 'lastName'>) =>
  `${p.firstName} ${p.lastName}`.trim();

export const peopleNames = (people: Pick<PersonRef, 'firstName' | 'lastName'>[]) =>
  people.map(personName).join(', ');

export const colorName = (color: string) => DAY_COLOR_NAMES[color as DayColor] ?? color;

export const roomLabel = (room: Pick<RoomDto, 'name'> & { capacity?: number | null }) =>
  room.capacity ? `${room.name} (${room.capacity} seats)` : room.name;

/** '10:30–12:30 Technical Session'. */
export const eventLabel = (e: Pick<EventDto, 'start' | 'end' | 'type'>) =>
  `${e.start}–${e.end} ${EVENT_TYPE_LABELS[e.type]}`;

/** Every event by id, with its day ('6/1/2027 10:30–12:30 Technical Session'). */
export function eventsById(days: DayDto[] | undefined): Map<number, string> {
  const out = new Map<number, string>();
  for (const day of days ?? []) for (const e of day.events) out.set(e._id, `${day.date} ${eventLabel(e)}`);
  return out;
}

/** Whole numbers from 1 (session numbers, capacities); null for anything else. */
export function parseWholeNumber(value: string): number | null {
  const v = value.trim();
  if (!/^\d+$/.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

export { nativeSelect } from '../../components/select-field';

/** '1 session', '3 poster sessions'. */
export const countOf = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
