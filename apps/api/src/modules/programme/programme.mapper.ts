import {
  EVENT_TYPES,
  formatDayDate,
  type DayDto,
  type EventDto,
  type EventType,
  type PaperAuthorDto,
  type PersonRef,
  type RoomDto,
} from '@symposium/domain';
import type { UserRow } from '../users/users.service.js';
import type { DayRow, EventRow, RoomRow } from './programme.table.js';

export const toRoomDto = (row: RoomRow): RoomDto => ({ _id: row.id, name: row.name, capacity: row.capacity });

export const toPersonRef = (u: UserRow | PaperAuthorDto): PersonRef => ({
  _id: 'id' in u ? u.id : u._id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  organization: u.organization,
});

export const toEventDto = (row: EventRow, sessions: number[]): EventDto => ({
  _id: row.id,
  day: row.dayId,
  type: row.type as EventType,
  description: row.description,
  start: row.start,
  end: row.end,
  sessions,
});

/** Events of a day in order: by start, then the §9 type order, then id. */
export function byStartThenType<T extends { start: string; type: string; _id: number }>(a: T, b: T): number {
  return (
    a.start.localeCompare(b.start) ||
    EVENT_TYPES.indexOf(a.type as EventType) - EVENT_TYPES.indexOf(b.type as EventType) ||
    a._id - b._id
  );
}

export const toDayDto = (row: DayRow, events: EventDto[]): DayDto => ({
  _id: row.id,
  date: formatDayDate(row.date),
  desk: row.desk,
  color: row.color,
  events: [...events].sort(byStartThenType),
});
