import { DAY_MS, dueFrom, dueOffset, normaliseOffsets, occurrenceOf } from './reminder-schedule.js';

describe('reminder schedule', () => {
  const deadline = new Date('2027-03-10T12:00:00.000Z');
  const before = (days: number) => new Date(deadline.getTime() - days * DAY_MS);

  it('is not due before the largest offset', () => {
    expect(dueOffset(deadline, [7, 1], before(8))).toBeNull();
  });

  it('is due at the offset and until the next one', () => {
    expect(dueOffset(deadline, [7, 1], before(7))).toBe(7);
    expect(dueOffset(deadline, [7, 1], before(2))).toBe(7);
  });

  it('takes only the latest-due offset when several are due at once', () => {
    expect(dueOffset(deadline, [7, 1], before(0.5))).toBe(1);
    expect(dueOffset(deadline, [30, 14, 7, 3, 1], before(2))).toBe(3);
  });

  it('is never due at or after the deadline', () => {
    expect(dueOffset(deadline, [7, 1, 0], deadline)).toBeNull();
    expect(dueOffset(deadline, [7], before(-1))).toBeNull();
  });

  it('makes offset 0 due from the deadline day’s UTC midnight', () => {
    expect(dueFrom(deadline, 0).toISOString()).toBe('2027-03-10T00:00:00.000Z');
    expect(dueOffset(deadline, [0], new Date('2027-03-10T00:00:00.000Z'))).toBe(0);
    expect(dueOffset(deadline, [0], new Date('2027-03-09T23:59:59.000Z'))).toBeNull();
  });

  it('names the occurrence by deadline and offset', () => {
    expect(occurrenceOf(deadline, 7)).toBe('2027-03-10T12:00:00.000Z-7d');
  });

  it('stores offsets distinct and descending', () => {
    expect(normaliseOffsets([1, 7, 3, 7])).toEqual([7, 3, 1]);
  });
});
