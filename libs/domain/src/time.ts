/**
 * One rule for every time the product shows or takes (issue 21 item 11): the conference's time zone,
 * labelled with its IANA name, with the viewer's own time beside it where that differs. Stored values are
 * UTC instants; deadlines are entered as a wall-clock time in the conference zone. Used by both apps, the
 * e-mails and the documents.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl.DateTimeFormat per zone and style (building one costs ~50 times more than using it). */
function cached(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let f = formats.get(key);
  if (!f) {
    f = make();
    formats.set(key, f);
  }
  return f;
}

/** The answers of knownZone so far (checking a zone builds a format: a bulk e-mail checks one per message). */
const zones = new Map<string, string>();

/** The zone when Intl knows it, else 'UTC'. */
export function knownZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  let known = zones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone });
      known = zone;
    } catch {
      known = 'UTC';
    }
    if (zones.size < 1000) zones.set(zone, known);
  }
  return known;
}

const partsFormat = (zone: string) =>
  cached(`parts:${zone}`, () => {
    return new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  });

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time of an instant in a zone. */
export function wallTime(instant: Date, zone: string): WallTime {
  const parts = partsFormat(knownZone(zone)).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at an instant, in minutes (Lisbon in summer: 60; New York in winter: -300). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const w = wallTime(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of a datetime-local input showing the wall-clock time in `zone` ('' for none). */
export function toZonedInput(value: string | Date | null | undefined, zone: string): string {
  const d = toDate(value);
  if (!d) return '';
  const w = wallTime(d, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

const INPUT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A wall-clock time in `zone` ('2026-05-01T23:59') as the UTC ISO string stored; null when empty or invalid.
 * A time that occurs twice (the autumn change) is the first of the two; a time the spring change skips is
 * moved forward by the gap (02:30 on the night clocks go from 02:00 to 03:00 is 03:30).
 */
export function fromZonedInput(value: string, zone: string): string | null {
  const m = INPUT_RE.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(guess).getUTCDate() !== d) return null; // 31 April
  const z = knownZone(zone);
  // The zone's offsets around that wall time (no zone changes twice within 14 hours): each one that maps
  // back to itself is an occurrence of the time; the first wins. None: the time lies in a spring gap.
  const HALF_DAY = 14 * 3_600_000;
  const before = zoneOffsetMinutes(new Date(guess - HALF_DAY), z);
  const offsets = [
    before,
    zoneOffsetMinutes(new Date(guess), z),
    zoneOffsetMinutes(new Date(guess + HALF_DAY), z),
  ];
  const occurrences = offsets
    .map((o) => guess - o * 60_000)
    .filter((t) => zoneOffsetMinutes(new Date(t), z) * 60_000 === guess - t);
  const t = occurrences.length ? Math.min(...occurrences) : guess - before * 60_000;
  return new Date(t).toISOString();
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

const longFormat = (zone: string) =>
  cached(
    `long:${zone}`,
    () => new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'full', timeStyle: 'short' }),
  );

/** "Friday, 1 May 2026 at 23:59 (Europe/Lisbon)": an instant in one zone, labelled; '' for none. */
export function formatInZone(value: string | Date | null | undefined, zone: string): string {
  const d = toDate(value);
  if (!d) return '';
  const z = knownZone(zone);
  return `${longFormat(z).format(d)} (${z})`;
}

/**
 * The rule for screens: the conference's time, labelled, and the viewer's own time beside it when the
 * viewer's clock shows something else: "Friday, 1 May 2026 at 23:59 (UTC) · your time: Friday, 1 May 2026
 * at 19:59 (America/New_York)". Without a viewer zone (e-mails, documents) only the conference's time.
 */
export function formatConferenceTime(
  value: string | Date | null | undefined,
  conferenceZone: string,
  viewerZone?: string | null,
): string {
  const main = formatInZone(value, conferenceZone);
  if (!main || !viewerZone) return main;
  const d = toDate(value)!;
  const cz = knownZone(conferenceZone);
  const vz = knownZone(viewerZone);
  if (longFormat(cz).format(d) === longFormat(vz).format(d)) return main;
  return `${main} · your time: ${formatInZone(d, vz)}`;
}

/** The viewer's own zone (browsers; UTC where Intl does not say). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const shortFormat = (zone: string) =>
  cached(
    `short:${zone}`,
    () => new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }),
  );
const dayFormat = (zone: string) =>
  cached(`day:${zone}`, () => new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'medium' }));

/**
 * The compact form for tables and stamps: "1 May 2026, 23:59 (Europe/Lisbon)"; with `dateOnly`, the day in
 * that zone ("1 May 2026"). '' for none.
 */
export function formatShortInZone(
  value: string | Date | null | undefined,
  zone: string,
  dateOnly = false,
): string {
  const d = toDate(value);
  if (!d) return '';
  const z = knownZone(zone);
  return dateOnly ? dayFormat(z).format(d) : `${shortFormat(z).format(d)} (${z})`;
}

/**
 * The viewer's own time when it differs from the conference's ("1 May 2026, 18:59 (America/New_York)"),
 * else ''.
 */
export function viewerTimeIfDifferent(
  value: string | Date | null | undefined,
  conferenceZone: string,
  viewerZone: string,
  dateOnly = false,
): string {
  const d = toDate(value);
  if (!d) return '';
  const cz = knownZone(conferenceZone);
  const vz = knownZone(viewerZone);
  const f = dateOnly ? dayFormat : shortFormat;
  if (f(cz).format(d) === f(vz).format(d)) return '';
  return formatShortInZone(d, vz, dateOnly);
}

/**
 * The wall clock of `zone` at instant `d`, as a Date whose UTC fields read that clock: what a spreadsheet cell
 * (which has no zone) must hold to show the conference's time. null for none.
 */
export function wallClockInZone(value: string | Date | null | undefined, zone: string): Date | null {
  const d = toDate(value);
  if (!d) return null;
  const w = wallTime(d, zone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}
