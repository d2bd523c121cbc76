import { fromZonedInput, wallTime } from '@symposium/domain';

/**
 * When a reminder is due. A rule's offsets are whole days before a deadline, counted on the calendar of the
 * conference's time zone: offset d is due from `sendHour`:00 (conference time) on the day d days before the
 * deadline's date there, until the deadline. On the deadline's own day (offset 0) a send hour at or after
 * the deadline would never come: that reminder is due from the day's midnight instead. When several offsets
 * are due at once (ticks were missed, or the rule was enabled late), only the latest-due one counts — the
 * smallest offset — so a person never gets a burst of reminders for one deadline.
 */
export const DAY_MS = 86_400_000;

/** When a rule sends: the hour of the day in the conference's time zone. */
export interface SendTime {
  sendHour: number;
  zone: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day `days` before the deadline's date in `zone`, at `hour`:00 there, as an instant. */
function dayBefore(deadline: Date, days: number, hour: number, zone: string): Date {
  const w = wallTime(deadline, zone);
  const day = new Date(Date.UTC(w.year, w.month - 1, w.day - days));
  const local = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}T${pad(hour)}:00`;
  return new Date(fromZonedInput(local, zone)!);
}

export function dueFrom(deadline: Date, offset: number, at: SendTime): Date {
  const due = dayBefore(deadline, offset, at.sendHour, at.zone);
  if (due.getTime() < deadline.getTime()) return due;
  return dayBefore(deadline, offset, 0, at.zone);
}

/** The offset to remind of now, or null when none is due (too early, or the deadline has passed). */
export function dueOffset(
  deadline: Date,
  offsets: readonly number[],
  now: Date,
  at: SendTime,
): number | null {
  if (now.getTime() >= deadline.getTime()) return null;
  let due: number | null = null;
  for (const o of offsets)
    if (now.getTime() >= dueFrom(deadline, o, at).getTime() && (due === null || o < due)) due = o;
  return due;
}

/**
 * How far ahead of a deadline the candidates query looks: the largest offset plus two days (a send day in
 * the conference's zone may start up to a day and some hours before deadline − offset × 24 h).
 */
export const windowDays = (offsets: readonly number[]): number => Math.max(0, ...offsets) + 2;

/** The occurrence part of a delivery's unique key: which deadline and which offset it was sent for. */
export const occurrenceOf = (deadline: Date, offset: number): string =>
  `${deadline.toISOString()}-${offset}d`;

/** Offsets as stored: distinct, descending. */
export const normaliseOffsets = (offsets: readonly number[]): number[] =>
  [...new Set(offsets)].sort((a, b) => b - a);
