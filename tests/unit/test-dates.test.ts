/** The date helpers of the tests (tests/helpers/dates.ts) count from the clock, whatever day it is. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { futureCardExpiry, futureDate, futureDateTime, futureMonthDay, midnightIn } from '../helpers/dates';

afterEach(() => {
  vi.useRealTimers();
});

describe('test date helpers', () => {
  it('count days and months from today, across month and year ends', () => {
    vi.useFakeTimers({ now: new Date(2025, 0, 31, 23, 30), toFake: ['Date'] });
    expect(futureDate(1)).toBe('2025-02-01');
    expect(futureDate(30)).toBe('2025-03-02');
    expect(futureDateTime(2, '09:00')).toBe('2025-02-02T09:00');
    expect(futureMonthDay(1, 15)).toBe('2025-02-15'); // not March: January 31 + 1 month is in February
    expect(futureMonthDay(12, 1)).toBe('2026-01-01');
    expect(futureCardExpiry()).toBe('12 / 30');
  });

  it('refuse a malformed time and a day that some months lack', () => {
    expect(() => futureDateTime(1, '9:00')).toThrow(RangeError);
    expect(() => futureMonthDay(2, 31)).toThrow(RangeError);
  });

  it('give local midnight in a time zone, with or without daylight saving', () => {
    expect(midnightIn('2025-02-01', 'America/New_York').toISOString()).toBe('2025-02-01T05:00:00.000Z');
    expect(midnightIn('2025-07-01', 'America/New_York').toISOString()).toBe('2025-07-01T04:00:00.000Z');
    expect(midnightIn('2025-07-01', 'America/Los_Angeles').toISOString()).toBe('2025-07-01T07:00:00.000Z');
  });
});
