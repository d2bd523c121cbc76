import {
  formatConferenceTime,
  formatInZone,
  formatShortInZone,
  fromZonedInput,
  knownZone,
  toZonedInput,
  viewerTimeIfDifferent,
  wallClockInZone,
  zoneOffsetMinutes,
} from './time.js';

describe('conference time', () => {
  it('stores 23:59 entered in UTC as 23:59Z and shows it back the same', () => {
    expect(fromZonedInput('2026-05-01T23:59', 'UTC')).toBe('2026-05-01T23:59:00.000Z');
    expect(toZonedInput('2026-05-01T23:59:00.000Z', 'UTC')).toBe('2026-05-01T23:59');
  });

  it('takes a deadline in the conference zone whatever zone the browser is in', () => {
    expect(fromZonedInput('2026-05-01T23:59', 'Europe/Lisbon')).toBe('2026-05-01T22:59:00.000Z');
    expect(fromZonedInput('2026-01-15T23:59', 'Europe/Lisbon')).toBe('2026-01-15T23:59:00.000Z');
    expect(fromZonedInput('2026-05-01T23:59', 'America/New_York')).toBe('2026-05-02T03:59:00.000Z');
    expect(fromZonedInput('2026-05-01T23:59', 'Asia/Kolkata')).toBe('2026-05-01T18:29:00.000Z');
    expect(toZonedInput('2026-05-02T03:59:00.000Z', 'America/New_York')).toBe('2026-05-01T23:59');
  });

  it.each([
    ['America/New_York', Date.UTC(2026, 2, 8)],
    ['America/New_York', Date.UTC(2026, 10, 1)],
    ['Europe/Lisbon', Date.UTC(2026, 2, 29)],
    ['Europe/Lisbon', Date.UTC(2026, 9, 25)],
    ['Australia/Sydney', Date.UTC(2026, 3, 4)],
  ])('round-trips every quarter hour of the day around a DST change (%s)', (zone, day) => {
    {
      for (let t = day - 12 * 3_600_000; t < day + 36 * 3_600_000; t += 15 * 60_000) {
        const iso = new Date(t).toISOString();
        const input = toZonedInput(iso, zone);
        const back = fromZonedInput(input, zone)!;
        // an autumn hour that happens twice comes back as its first occurrence
        expect(toZonedInput(back, zone)).toBe(input);
        expect(new Date(back).getTime() <= t).toBe(true);
      }
    }
  });

  it('moves a time the spring change skips forward by the gap (New York, 8 March 2026)', () => {
    expect(zoneOffsetMinutes(new Date('2026-03-08T06:59:00Z'), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-240);
    expect(fromZonedInput('2026-03-08T01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(fromZonedInput('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(fromZonedInput('2026-03-08T03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
  });

  it('takes the first of the two 01:30s of the autumn change (New York, 1 November 2026)', () => {
    expect(fromZonedInput('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(fromZonedInput('2026-11-01T02:30', 'America/New_York')).toBe('2026-11-01T07:30:00.000Z');
    expect(fromZonedInput('2026-10-25T01:30', 'Europe/Lisbon')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses malformed and impossible inputs', () => {
    for (const bad of ['', 'tomorrow', '2026-04-31T10:00', '2026-13-01T10:00', '2026-05-01T24:00'])
      expect(fromZonedInput(bad, 'UTC')).toBeNull();
  });

  it("labels the conference's time and adds the viewer's only where it differs", () => {
    const iso = '2026-05-01T23:59:00.000Z';
    expect(formatInZone(iso, 'UTC')).toBe('Friday 1 May 2026 at 23:59 (UTC)'.replace('Friday ', 'Friday, '));
    expect(formatConferenceTime(iso, 'UTC', 'UTC')).toBe(formatInZone(iso, 'UTC'));
    expect(formatConferenceTime(iso, 'UTC', 'Europe/London')).toBe(
      `${formatInZone(iso, 'UTC')} · your time: ${formatInZone(iso, 'Europe/London')}`,
    );
    expect(formatConferenceTime(iso, 'UTC', 'America/New_York')).toContain(
      'your time: Friday, 1 May 2026 at 19:59 (America/New_York)',
    );
    // Lisbon and London share the clock: one time, Lisbon's label
    expect(formatConferenceTime(iso, 'Europe/Lisbon', 'Europe/London')).toBe(
      formatInZone(iso, 'Europe/Lisbon'),
    );
    expect(formatConferenceTime(null, 'UTC', 'America/New_York')).toBe('');
    expect(formatInZone(iso, 'Not/AZone')).toContain('(UTC)');
  });

  it("gives tables and stamps the compact form in the conference zone, the viewer's only where it differs", () => {
    const iso = '2026-05-01T23:59:00Z';
    expect(formatShortInZone(iso, 'UTC')).toBe('1 May 2026, 23:59 (UTC)');
    expect(formatShortInZone(iso, 'Europe/Lisbon')).toBe('2 May 2026, 00:59 (Europe/Lisbon)');
    expect(formatShortInZone(iso, 'Europe/Lisbon', true)).toBe('2 May 2026');
    expect(viewerTimeIfDifferent(iso, 'UTC', 'America/New_York')).toBe(
      '1 May 2026, 19:59 (America/New_York)',
    );
    expect(viewerTimeIfDifferent(iso, 'Europe/Lisbon', 'Europe/London')).toBe('');
    expect(viewerTimeIfDifferent(iso, 'Europe/Lisbon', 'UTC', true)).toBe('1 May 2026');
    expect(formatShortInZone(null, 'UTC')).toBe('');
  });

  it('knows a zone Intl knows and answers UTC for any other, the same on every call', () => {
    for (let i = 0; i < 3; i++) {
      expect(knownZone('Europe/Lisbon')).toBe('Europe/Lisbon');
      expect(knownZone('Not/AZone')).toBe('UTC');
      expect(knownZone('')).toBe('UTC');
      expect(knownZone(null)).toBe('UTC');
    }
  });
});

describe('wallClockInZone', () => {
  it("holds the zone's clock in the UTC fields (spreadsheet cells have no zone), across summer time", () => {
    expect(wallClockInZone('2026-01-15T23:30:05.250Z', 'America/New_York')).toEqual(
      new Date('2026-01-15T18:30:05Z'),
    );
    expect(wallClockInZone('2026-07-01T10:00:00Z', 'America/New_York')).toEqual(
      new Date('2026-07-01T06:00:00Z'),
    );
    expect(wallClockInZone('2026-12-31T20:00:00Z', 'Asia/Tokyo')).toEqual(new Date('2027-01-01T05:00:00Z'));
    expect(wallClockInZone(null, 'UTC')).toBeNull();
    expect(wallClockInZone('not a date', 'UTC')).toBeNull();
  });
});
