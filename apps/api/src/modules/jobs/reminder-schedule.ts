/**
 * When a reminder is due. A rule's offsets are whole days before a deadline; offset d is due from
 * deadline − d days until the deadline (offset 0, "on the day", from the deadline's UTC midnight). When
 * several offsets are due at once (ticks were missed, or the rule was created late), only the latest-due one
 * counts — the smallest offset — so a person never gets a burst of reminders for one deadline.
 */
export const DAY_MS = 86_400_000;

export function dueFrom(deadline: Date, offset: number): Date {
  if (offset > 0) return new Date(deadline.getTime() - offset * DAY_MS);
  const midnight = new Date(deadline);
  midnight.setUTCHours(0, 0, 0, 0);
  return midnight;
}

/** The offset to remind of now, or null when none is due (too early, or the deadline has passed). */
export function dueOffset(deadline: Date, offsets: readonly number[], now: Date): number | null {
  if (now.getTime() >= deadline.getTime()) return null;
  let due: number | null = null;
  for (const o of offsets)
    if (now.getTime() >= dueFrom(deadline, o).getTime() && (due === null || o < due)) due = o;
  return due;
}

/** The occurrence part of a delivery's unique key: which deadline and which offset it was sent for. */
export const occurrenceOf = (deadline: Date, offset: number): string =>
  `${deadline.toISOString()}-${offset}d`;

/** Offsets as stored: distinct, descending. */
export const normaliseOffsets = (offsets: readonly number[]): number[] =>
  [...new Set(offsets)].sort((a, b) => b - a);
