import {
  DAY_MS,
  dueFrom,
  dueOffset,
  normaliseOffsets,
  occurrenceOf,
  windowDays,
} from './reminder-schedule.js';

describe('reminder schedule', () => {
  // 10 March 2027, 12:00 UTC = 21:00 in Tokyo (UTC+9, no summer time).
  const deadline = new Date('2027-03-10T12:00:00.000Z');
  const utc9 = { sendHour: 9, zone: 'UTC' };
  const tokyo9 = { sendHour: 9, zone: 'Asia/Tokyo' };
  const at = (iso: string) => new Date(iso);

  it('is due from the send hour on the day the offset names, not at the deadline’s clock time', () => {
    expect(dueFrom(deadline, 7, utc9).toISOString()).toBe('2027-03-03T09:00:00.000Z');
    expect(dueOffset(deadline, [7], at('2027-03-03T08:59:59.000Z'), utc9)).toBeNull();
    expect(dueOffset(deadline, [7], at('2027-03-03T09:00:00.000Z'), utc9)).toBe(7);
  });

  it('counts the days and the hour in the conference’s time zone', () => {
    // 09:00 in Tokyo on 3 March is 00:00 UTC.
    expect(dueFrom(deadline, 7, tokyo9).toISOString()).toBe('2027-03-03T00:00:00.000Z');
    // A deadline at 23:30 UTC on 10 March is 08:30 on 11 March in Tokyo: "1 day before" is 10 March there.
    const late = new Date('2027-03-10T23:30:00.000Z');
    expect(dueFrom(late, 1, tokyo9).toISOString()).toBe('2027-03-10T00:00:00.000Z');
    expect(dueFrom(late, 1, utc9).toISOString()).toBe('2027-03-09T09:00:00.000Z');
  });

  it('follows summer time: 9:00 in Lisbon is 9:00 UTC in winter and 8:00 UTC in summer', () => {
    const lisbon = { sendHour: 9, zone: 'Europe/Lisbon' };
    expect(dueFrom(new Date('2027-01-20T12:00:00Z'), 2, lisbon).toISOString()).toBe(
      '2027-01-18T09:00:00.000Z',
    );
    expect(dueFrom(new Date('2027-07-20T12:00:00Z'), 2, lisbon).toISOString()).toBe(
      '2027-07-18T08:00:00.000Z',
    );
  });

  it('is due at the offset and until the next one', () => {
    expect(dueOffset(deadline, [7, 1], at('2027-03-02T23:00:00Z'), utc9)).toBeNull();
    expect(dueOffset(deadline, [7, 1], at('2027-03-05T00:00:00Z'), utc9)).toBe(7);
    expect(dueOffset(deadline, [7, 1], at('2027-03-09T08:00:00Z'), utc9)).toBe(7);
  });

  it('takes only the latest-due offset when several are due at once', () => {
    expect(dueOffset(deadline, [7, 1], at('2027-03-09T10:00:00Z'), utc9)).toBe(1);
    expect(dueOffset(deadline, [30, 14, 7, 3, 1], at('2027-03-08T10:00:00Z'), utc9)).toBe(3);
  });

  it('is never due at or after the deadline', () => {
    expect(dueOffset(deadline, [7, 1, 0], deadline, utc9)).toBeNull();
    expect(dueOffset(deadline, [7], new Date(deadline.getTime() + DAY_MS), utc9)).toBeNull();
  });

  it('sends "on the day" at the send hour, or from midnight when the deadline comes first', () => {
    expect(dueFrom(deadline, 0, utc9).toISOString()).toBe('2027-03-10T09:00:00.000Z');
    const early = new Date('2027-03-10T08:00:00.000Z');
    expect(dueFrom(early, 0, utc9).toISOString()).toBe('2027-03-10T00:00:00.000Z');
    expect(dueOffset(early, [0], at('2027-03-10T00:00:00.000Z'), utc9)).toBe(0);
    expect(dueOffset(early, [0], at('2027-03-09T23:59:59.000Z'), utc9)).toBeNull();
  });

  it('looks far enough ahead for any zone', () => {
    expect(windowDays([7, 1])).toBe(9);
    expect(windowDays([0])).toBe(2);
  });

  it('names the occurrence by deadline and offset', () => {
    expect(occurrenceOf(deadline, 7)).toBe('2027-03-10T12:00:00.000Z-7d');
  });

  it('stores offsets distinct and descending', () => {
    expect(normaliseOffsets([1, 7, 3, 7])).toEqual([7, 3, 1]);
  });
});
