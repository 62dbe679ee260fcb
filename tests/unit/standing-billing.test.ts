/**
 * When a standing booking's periods are held, charged and given up (src/shared/standing-billing.ts),
 * and which occurrences a period holds.
 */
import { describe, expect, it } from 'vitest';
import { localDate, shiftDate, weekdayOf } from '../../src/shared/availability';
import { STANDING_CHARGE_DAYS_AHEAD, STANDING_RETRY_DAYS } from '../../src/shared/constants';
import { periodChargeAt, periodOccurrences, periodRetryAt, standingHoldEndsAt } from '../../src/shared/standing-billing';
import { billingPeriod } from '../../src/shared/standing-bookings';
import { futureWeekday } from '../helpers/dates';

const NY = 'America/New_York';
const tuesday = futureWeekday(2, 10);
const first = { startDate: `${tuesday}T08:00`, endDate: `${tuesday}T12:00` };

describe('periodOccurrences', () => {
  it('holds the chosen weekdays of each week at the first occurrence’s times, the period end excluded', () => {
    const week0 = periodOccurrences('session', { first, weekdays: ['tue', 'thu'], billing: 'weekly' }, 0);
    expect(week0.period).toEqual({ start: tuesday, end: shiftDate(tuesday, 7) });
    expect(week0.occurrences).toEqual([first, { startDate: `${shiftDate(tuesday, 2)}T08:00`, endDate: `${shiftDate(tuesday, 2)}T12:00` }]);
    const week3 = periodOccurrences('session', { first, weekdays: ['tue', 'thu'], billing: 'weekly' }, 3);
    expect(week3.occurrences.map((occurrence) => occurrence.startDate.slice(0, 10))).toEqual([
      shiftDate(tuesday, 21),
      shiftDate(tuesday, 23),
    ]);
  });

  it('holds every chosen weekday of a month, and months tile without a gap', () => {
    const schedule = { first, weekdays: ['tue' as const], billing: 'monthly' as const };
    const months = [0, 1, 2].map((index) => periodOccurrences('session', schedule, index));
    expect(months[1]!.period.start).toBe(months[0]!.period.end);
    for (const { period, occurrences } of months) {
      expect(occurrences.length).toBeGreaterThanOrEqual(4);
      expect(occurrences.every((occurrence) => weekdayOf(occurrence.startDate.slice(0, 10)) === 'tue')).toBe(true);
      expect(occurrences.every((o) => o.startDate.slice(0, 10) >= period.start && o.startDate.slice(0, 10) < period.end)).toBe(true);
    }
  });

  it('keeps the length of days of a daily booking', () => {
    const days = { startDate: tuesday, endDate: shiftDate(tuesday, 2) };
    const { occurrences } = periodOccurrences('daily', { first: days, weekdays: ['tue'], billing: 'weekly' }, 1);
    expect(occurrences).toEqual([{ startDate: shiftDate(tuesday, 7), endDate: shiftDate(tuesday, 9) }]);
  });
});

describe('charge and retry instants', () => {
  const period = billingPeriod(tuesday, 'weekly', 1);

  it('charges at the start of the day the charge is due, in the space’s zone', () => {
    const at = periodChargeAt(period, NY);
    expect(localDate(at, NY)).toBe(shiftDate(period.start, -STANDING_CHARGE_DAYS_AHEAD));
    expect(localDate(new Date(at.getTime() - 1), NY)).toBe(shiftDate(period.start, -STANDING_CHARGE_DAYS_AHEAD - 1));
  });

  it('retries on each retry day, then no more', () => {
    expect(periodRetryAt(period, 0, NY)).toEqual(periodChargeAt(period, NY));
    STANDING_RETRY_DAYS.forEach((days, index) => {
      expect(localDate(periodRetryAt(period, index + 1, NY)!, NY)).toBe(shiftDate(period.start, days - STANDING_CHARGE_DAYS_AHEAD));
    });
    expect(periodRetryAt(period, STANDING_RETRY_DAYS.length + 1, NY)).toBeNull();
  });

  it('holds an unpaid period until the end of its last retry day', () => {
    const end = standingHoldEndsAt(period, NY);
    const lastRetry = periodRetryAt(period, STANDING_RETRY_DAYS.length, NY)!;
    // The next local midnight (a day of 23 or 25 hours across a daylight-saving change).
    expect(localDate(new Date(end.getTime() - 1), NY)).toBe(localDate(lastRetry, NY));
    expect(localDate(end, NY)).toBe(shiftDate(localDate(lastRetry, NY), 1));
  });
});
