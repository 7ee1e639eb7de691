/** common/dates.ts: "today" in the business's time zone (Europe/Paris) and calendar arithmetic. */
import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE, addDays, todayIso } from '../../common/dates';

describe('todayIso (Europe/Paris)', () => {
  it('is the calendar date in Paris, not in UTC nor in the local time zone', () => {
    expect(BUSINESS_TIME_ZONE).toBe('Europe/Paris');
    expect(todayIso(new Date('2026-11-21T12:00:00Z'))).toBe('2026-11-21');
    // 23:30 UTC in winter is 00:30 the next day in Paris (UTC+1).
    expect(todayIso(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(todayIso(new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
    // Summer time: UTC+2, so 22:00 UTC is already the next day; 21:59 is not.
    expect(todayIso(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
    expect(todayIso(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
    // New year in Paris while UTC is still in the old year.
    expect(todayIso(new Date('2026-12-31T23:15:00Z'))).toBe('2027-01-01');
  });

  it('answers each instant, across the minute it keeps (Paris midnight at 23:00 UTC in winter)', () => {
    expect(todayIso(new Date('2026-11-21T22:59:00.000Z'))).toBe('2026-11-21');
    expect(todayIso(new Date('2026-11-21T22:59:59.999Z'))).toBe('2026-11-21');
    expect(todayIso(new Date('2026-11-21T23:00:00.000Z'))).toBe('2026-11-22');
    expect(todayIso(new Date('2026-11-21T22:59:30.000Z'))).toBe('2026-11-21');
    expect(() => todayIso(new Date('not a date'))).toThrow(RangeError);
  });

  it('gives yyyy-MM-dd with leading zeros', () => {
    expect(todayIso(new Date('2026-03-05T08:00:00Z'))).toMatch(/^2026-03-05$/);
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('addDays', () => {
  it('moves across months, years, leap days and daylight-saving changes', () => {
    expect(addDays('2026-11-21', 0)).toBe('2026-11-21');
    expect(addDays('2026-11-21', 1)).toBe('2026-11-22');
    expect(addDays('2026-11-21', -1)).toBe('2026-11-20');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30'); // over the last Sunday of March (summer time)
    expect(addDays('2026-01-05T10:00:00.000Z', 3)).toBe('2026-01-08');
  });
});
