/**
 * The period math of standing bookings (src/shared/standing-bookings.ts): month ends and leap years,
 * charge and retry days, notice against the minimum term, then properties over random anchors: the
 * periods tile the calendar and each date's period index finds it. Years are counted from now, so the
 * dates never expire.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { shiftDate } from '../../src/shared/availability';
import { STANDING_CHARGE_DAYS_AHEAD, STANDING_RETRY_DAYS } from '../../src/shared/constants';
import { STANDING_BILLING } from '../../src/shared/schemas/standing-bookings';
import { billingPeriod, chargeDateOf, earliestEndOn, horizonPeriods, periodIndexOf, retryDateOf } from '../../src/shared/standing-bookings';

const THIS_YEAR = new Date().getUTCFullYear();
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const NEXT_LEAP_YEAR = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => THIS_YEAR + n).find(isLeap)!;
const NEXT_COMMON_YEAR = [1, 2].map((n) => THIS_YEAR + n).find((year) => !isLeap(year))!;
const today = new Date().toISOString().slice(0, 10);

describe('billingPeriod', () => {
  it('weekly periods are 7 days from the anchor, the end exclusive', () => {
    const anchor = shiftDate(today, 10);
    expect(billingPeriod(anchor, 'weekly', 0)).toEqual({ start: anchor, end: shiftDate(anchor, 7) });
    expect(billingPeriod(anchor, 'weekly', 3)).toEqual({ start: shiftDate(anchor, 21), end: shiftDate(anchor, 28) });
  });

  it('monthly periods from the 31st clamp to month ends and come back to the 31st (a common year)', () => {
    const y = NEXT_COMMON_YEAR;
    const anchor = `${y}-01-31`;
    expect([0, 1, 2, 3].map((i) => billingPeriod(anchor, 'monthly', i))).toEqual([
      { start: `${y}-01-31`, end: `${y}-02-28` },
      { start: `${y}-02-28`, end: `${y}-03-31` },
      { start: `${y}-03-31`, end: `${y}-04-30` },
      { start: `${y}-04-30`, end: `${y}-05-31` },
    ]);
  });

  it('monthly periods in a leap year end February on the 29th', () => {
    const y = NEXT_LEAP_YEAR;
    expect(billingPeriod(`${y}-01-31`, 'monthly', 1)).toEqual({ start: `${y}-02-29`, end: `${y}-03-31` });
    expect(billingPeriod(`${y}-01-30`, 'monthly', 0)).toEqual({ start: `${y}-01-30`, end: `${y}-02-29` });
  });

  it('an anchor on February 29 gives the 28th of each later February, and the 29th again in leap years', () => {
    const y = NEXT_LEAP_YEAR;
    expect(billingPeriod(`${y}-02-29`, 'monthly', 12)).toEqual({ start: `${y + 1}-02-28`, end: `${y + 1}-03-29` });
    expect(billingPeriod(`${y}-02-29`, 'monthly', 48).start).toBe(`${y + 4}-02-29`);
  });

  it('crosses a year end', () => {
    const y = THIS_YEAR + 1;
    expect(billingPeriod(`${y}-11-15`, 'monthly', 1)).toEqual({ start: `${y}-12-15`, end: `${y + 1}-01-15` });
    expect(billingPeriod(`${y}-12-29`, 'weekly', 0)).toEqual({ start: `${y}-12-29`, end: `${y + 1}-01-05` });
  });

  it('refuses an index that is not a whole number', () => {
    expect(() => billingPeriod(today, 'weekly', 1.5)).toThrow(RangeError);
  });
});

describe('date math is on calendar dates, whatever the runtime zone', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each(['Europe/Berlin', 'America/New_York', 'Pacific/Auckland'])('in %s, periods across the clock changes', (tz) => {
    process.env.TZ = tz;
    const y = THIS_YEAR + 1;
    // Europe's clocks go forward on the last Sunday of March and back in October; New York's in March and November.
    expect(billingPeriod(`${y}-03-25`, 'weekly', 0)).toEqual({ start: `${y}-03-25`, end: `${y}-04-01` });
    expect(billingPeriod(`${y}-10-20`, 'weekly', 1)).toEqual({ start: `${y}-10-27`, end: `${y}-11-03` });
    expect(billingPeriod(`${y}-03-01`, 'monthly', 1)).toEqual({ start: `${y}-04-01`, end: `${y}-05-01` });
    expect(periodIndexOf(`${y}-03-25`, 'weekly', `${y}-03-31`)).toBe(0);
    expect(periodIndexOf(`${y}-03-25`, 'weekly', `${y}-04-01`)).toBe(1);
    expect(chargeDateOf({ start: `${y}-03-31` })).toBe(`${y}-03-28`);
  });
});

describe('periodIndexOf', () => {
  it('finds the period of a date, the end belonging to the next', () => {
    const y = NEXT_COMMON_YEAR;
    expect(periodIndexOf(`${y}-01-31`, 'monthly', `${y}-02-27`)).toBe(0);
    expect(periodIndexOf(`${y}-01-31`, 'monthly', `${y}-02-28`)).toBe(1);
    expect(periodIndexOf(`${y}-01-31`, 'monthly', `${y}-03-30`)).toBe(1);
    expect(periodIndexOf(`${y}-01-31`, 'monthly', `${y}-03-31`)).toBe(2);
  });

  it('is negative before the anchor', () => {
    expect(periodIndexOf(today, 'weekly', shiftDate(today, -1))).toBe(-1);
    expect(periodIndexOf(today, 'monthly', shiftDate(today, -1))).toBe(-1);
  });
});

describe('charge and retry days', () => {
  it(`charges ${STANDING_CHARGE_DAYS_AHEAD} days before a period starts, across a month end`, () => {
    const y = NEXT_LEAP_YEAR;
    expect(chargeDateOf({ start: `${y}-03-01` })).toBe(`${y}-02-27`);
    expect(chargeDateOf(billingPeriod(today, 'weekly', 1))).toBe(shiftDate(today, 7 - STANDING_CHARGE_DAYS_AHEAD));
  });

  it(`retries ${STANDING_RETRY_DAYS.join(', ')} days after the first attempt, then no more`, () => {
    const first = shiftDate(today, 4);
    expect([0, 1, 2, 3, 4].map((attempt) => retryDateOf(first, attempt))).toEqual([
      first,
      shiftDate(first, 1),
      shiftDate(first, 3),
      shiftDate(first, 5),
      null,
    ]);
    expect(() => retryDateOf(first, -1)).toThrow(RangeError);
  });
});

describe('earliestEndOn', () => {
  it('is today plus the notice once the minimum term is served', () => {
    const startedOn = shiftDate(today, -200);
    expect(earliestEndOn({ today, noticeDays: 30, startedOn, minimumTermMonths: 3 })).toBe(shiftDate(today, 30));
  });

  it('is the end of the minimum term when that comes after the notice', () => {
    const y = THIS_YEAR + 1;
    expect(earliestEndOn({ today: `${y}-01-10`, noticeDays: 30, startedOn: `${y}-01-05`, minimumTermMonths: 3 })).toBe(`${y}-04-05`);
  });

  it('counts the minimum term in calendar months (a term from the 31st ends on a month end)', () => {
    const y = NEXT_COMMON_YEAR;
    expect(earliestEndOn({ today: `${y}-01-31`, noticeDays: 7, startedOn: `${y}-01-31`, minimumTermMonths: 1 })).toBe(`${y}-02-28`);
  });

  it('with no minimum term, is the notice alone', () => {
    expect(earliestEndOn({ today, noticeDays: 7, startedOn: today, minimumTermMonths: 0 })).toBe(shiftDate(today, 7));
  });
});

describe('horizonPeriods', () => {
  it('covers the current period and the next', () => {
    const anchor = shiftDate(today, -10);
    expect(horizonPeriods(anchor, 'weekly', today)).toBe(3); // periods 0, 1 (today's) and 2
    expect(horizonPeriods(today, 'weekly', today)).toBe(2);
    expect(horizonPeriods(today, 'monthly', shiftDate(today, 6))).toBe(2);
  });

  it('before the anchor, the first two periods', () => {
    expect(horizonPeriods(shiftDate(today, 20), 'monthly', today)).toBe(2);
  });
});

describe('properties over random anchors', () => {
  const dates = fc
    .date({ min: new Date(Date.UTC(THIS_YEAR - 5, 0, 1)), max: new Date(Date.UTC(THIS_YEAR + 30, 11, 31)), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
  const billings = fc.constantFrom(...STANDING_BILLING);
  const indexes = fc.integer({ min: -24, max: 240 });

  it('periods tile: each ends where the next starts, and is not empty', () => {
    fc.assert(
      fc.property(dates, billings, indexes, (anchor, billing, index) => {
        const period = billingPeriod(anchor, billing, index);
        expect(period.start < period.end).toBe(true);
        expect(billingPeriod(anchor, billing, index + 1).start).toBe(period.end);
      }),
    );
  });

  it('periodIndexOf(billingPeriod(i).start) is i, and the last day of period i is in period i', () => {
    fc.assert(
      fc.property(dates, billings, indexes, (anchor, billing, index) => {
        const period = billingPeriod(anchor, billing, index);
        expect(periodIndexOf(anchor, billing, period.start)).toBe(index);
        expect(periodIndexOf(anchor, billing, shiftDate(period.end, -1))).toBe(index);
      }),
    );
  });

  it('every date lies in the period its index names, and the horizon reaches past it', () => {
    fc.assert(
      fc.property(dates, billings, dates, (anchor, billing, date) => {
        const index = periodIndexOf(anchor, billing, date);
        const period = billingPeriod(anchor, billing, index);
        expect(period.start <= date && date < period.end).toBe(true);
        const horizon = horizonPeriods(anchor, billing, date);
        expect(billingPeriod(anchor, billing, horizon - 1).start > date).toBe(true);
      }),
    );
  });
});
