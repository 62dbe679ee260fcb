/**
 * The kinds of day a space's template holds (src/server/schedules/day-kinds.ts): in every zone a
 * space can be in, each date of the next five years offers, with nothing booked, what the reference
 * date of its kind offers, the nights the clocks change included, for schedules whose hours and
 * sessions cross those nights.
 */
import { describe, expect, it } from 'vitest';
import { dayOffer, shiftDate, weekdayOf, type ListingCalendar } from '../../src/shared/availability';
import { WEEKDAYS, type PricingPeriod } from '../../src/shared/constants';
import { scheduleSchema, type ScheduleInput } from '../../src/shared/schemas/schedules';
import { dayKind, referenceDates, ZONES } from '../../src/server/schedules/day-kinds';
const night = [{ start: '00:00', end: '04:00' }];
const SCHEDULES: [PricingPeriod, ScheduleInput | null][] = [
  ['hourly', null],
  ['hourly', { weeklyHours: { sun: night, mon: night }, bufferMinutes: 45 }],
  ['session', { sessions: [{ name: 'Late', start: '01:00', end: '03:00' }], weeklyHours: { sun: night } }],
  ['daily', { weeklyHours: { sun: [{ start: '00:00', end: '24:00' }] } }],
];

describe('day kinds', () => {
  it("keep the zones in the order the spaces' stored zone_slot counts them in", () => {
    // A change here must raise SPACE_DAYS_VERSION (src/server/schedules/space-days.ts): every zone_slot is written again.
    expect(ZONES).toEqual([
      'America/Chicago',
      'America/Anchorage',
      'Pacific/Pago_Pago',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Denver',
      'America/New_York',
      'Pacific/Guam',
      'Pacific/Honolulu',
      'America/Boise',
      'America/Indiana/Indianapolis',
      'America/Detroit',
      'Pacific/Saipan',
      'America/Puerto_Rico',
      'America/St_Thomas',
    ]);
  });

  it('give each zone a reference week of 24-hour days, Monday first, and Sundays the clocks change on', () => {
    for (const zone of ZONES) {
      const dates = referenceDates(zone);
      expect(dates.slice(0, 7).map((date) => [weekdayOf(date), dayKind(date, zone)])).toEqual(WEEKDAYS.map((day, i) => [day, i + 1]));
      expect(dates.slice(7).map(weekdayOf)).toEqual(['sun', 'sun']);
    }
  });

  it('offer on every date of the next five years what the reference date of its kind offers, with nothing booked', () => {
    const today = new Date().toISOString().slice(0, 10);
    let clockChanges = 0;
    for (const zone of ZONES) {
      const references = referenceDates(zone);
      const calendars: ListingCalendar[] = SCHEDULES.map(([period, schedule]) => ({
        period,
        timeZone: zone,
        schedule: schedule && scheduleSchema.parse(schedule),
        blockedDates: [],
      }));
      const offers = calendars.map((calendar) => references.map((date) => dayOffer(calendar, [], date)));
      for (let date = today; date < shiftDate(today, 5 * 366); date = shiftDate(date, 1)) {
        const kind = dayKind(date, zone);
        if (kind > 7) {
          clockChanges++;
          expect(weekdayOf(date), `${zone} ${date}`).toBe('sun');
        }
        // Every day of the ordinary kinds is too many to compute: its weekday decides it, which the first test checks.
        if (kind <= 7 && date > shiftDate(today, 14)) continue;
        calendars.forEach((calendar, i) =>
          expect(dayOffer(calendar, [], date), `${zone} ${date} ${calendar.period}`).toEqual(offers[i]![kind - 1]),
        );
      }
    }
    // Not vacuous: most zones change their clocks twice a year.
    expect(clockChanges).toBeGreaterThan(40);
  });
});
