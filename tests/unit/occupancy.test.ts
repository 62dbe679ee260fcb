/**
 * Occupancy (src/shared/occupancy.ts): open hours or days from the schedule in the space's zone,
 * and the booked part of them, across the daylight-saving changes of 2026 (New York springs
 * forward on Sunday March 8 and falls back on Sunday November 1). The function is pure, so the
 * fixed dates below never expire.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localInstant, type ListingCalendar } from '../../src/shared/availability';
import type { PricingPeriod } from '../../src/shared/constants';
import { occupancy } from '../../src/shared/occupancy';
import { scheduleSchema, type ScheduleInput } from '../../src/shared/schemas/schedules';
import { minutesOfDay } from '../../src/shared/time-of-day';

const NY = 'America/New_York';
function calendar(
  period: PricingPeriod,
  schedule: ScheduleInput | null,
  blockedDates: ListingCalendar['blockedDates'] = [],
): ListingCalendar {
  return { period, timeZone: NY, schedule: schedule ? scheduleSchema.parse(schedule) : null, blockedDates };
}
const at = (text: string) => localInstant(text.slice(0, 10), minutesOfDay(text.slice(11))!, NY);
const booking = (start: string, end: string) => ({ startAt: at(start), endAt: at(end) });

describe('occupancy of spaces booked by the hour or session', () => {
  it('counts 23 open hours on the spring-forward Sunday of a space open all day, and a booking across the gap in real hours', () => {
    const result = occupancy(calendar('hourly', null), [booking('2026-03-07T22:00', '2026-03-08T04:00')], {
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(result).toEqual({ unit: 'hours', open: 7 * 24 - 1, booked: 5, rate: 5 / 167 });
  });

  it('counts 25 open hours on the fall-back Sunday', () => {
    const result = occupancy(calendar('hourly', null), [booking('2026-11-01T00:00', '2026-11-02T00:00')], {
      from: '2026-10-26',
      to: '2026-11-01',
    });
    expect(result.open).toBe(7 * 24 + 1);
    expect(result.booked).toBe(25);
  });

  it("counts a session listing's sessions that fit the day's hours, and only the booked part inside them", () => {
    const schedule: ScheduleInput = {
      weeklyHours: { tue: [{ start: '08:00', end: '17:00' }], thu: [{ start: '08:00', end: '12:00' }] },
      sessions: [
        { name: 'Morning', start: '08:00', end: '12:00' },
        { name: 'Afternoon', start: '13:00', end: '17:00' },
      ],
    };
    // Mon 2026-06-01 to Sun 06-07: Tuesday offers both sessions, Thursday only the morning one.
    const result = occupancy(
      calendar('session', schedule),
      [
        booking('2026-06-02T08:00', '2026-06-02T12:00'),
        // Outside what is offered (a Wednesday the hours no longer open): not counted.
        booking('2026-06-03T08:00', '2026-06-03T12:00'),
      ],
      { from: '2026-06-01', to: '2026-06-07' },
    );
    expect(result).toEqual({ unit: 'hours', open: 12, booked: 4, rate: 1 / 3 });
  });

  it('has no rate when nothing was open (a session listing without sessions)', () => {
    expect(occupancy(calendar('session', null), [], { from: '2026-06-01', to: '2026-06-07' })).toEqual({
      unit: 'hours',
      open: 0,
      booked: 0,
      rate: null,
    });
  });

  it('leaves out blocked dates and counts overlapping ranges once', () => {
    const hours: ScheduleInput = { weeklyHours: { mon: [{ start: '09:00', end: '17:00' }], tue: [{ start: '09:00', end: '17:00' }] } };
    const result = occupancy(
      calendar('hourly', hours, [{ start: '2026-06-02', end: '2026-06-02' }]),
      [booking('2026-06-01T09:00', '2026-06-01T12:00'), booking('2026-06-01T11:00', '2026-06-01T13:00')],
      { from: '2026-06-01', to: '2026-06-07' },
    );
    expect(result).toEqual({ unit: 'hours', open: 8, booked: 4, rate: 0.5 });
  });
});

describe('occupancy of spaces booked by the day or month', () => {
  it('counts open days from the weekly hours and blocked dates, and booked days among them', () => {
    const weekdays: ScheduleInput = {
      weeklyHours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => [d, [{ start: '08:00', end: '18:00' }]])),
    };
    // Mon 2026-06-01 to Sun 06-07, Wednesday blocked; a stay Friday to Monday covers Friday of the open days.
    const result = occupancy(
      calendar('daily', weekdays, [{ start: '2026-06-03', end: '2026-06-03' }]),
      [booking('2026-06-05T00:00', '2026-06-08T00:00')],
      { from: '2026-06-01', to: '2026-06-07' },
    );
    expect(result).toEqual({ unit: 'days', open: 4, booked: 1, rate: 0.25 });
  });

  it('counts a month booked from local midnight to local midnight across the spring-forward change as every day of it', () => {
    const result = occupancy(calendar('monthly', null), [booking('2026-03-01T00:00', '2026-04-01T00:00')], {
      from: '2026-02-25',
      to: '2026-04-04',
    });
    expect(result).toEqual({ unit: 'days', open: 39, booked: 31, rate: 31 / 39 });
  });

  it('keeps booked within open, whatever the bookings', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PricingPeriod>('hourly', 'daily', 'monthly', 'session'),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 * 24 }), fc.integer({ min: 1, max: 72 })), { maxLength: 8 }),
        (period, ranges) => {
          const start = at('2026-02-25T00:00').getTime();
          const booked = ranges.map(([offset, hours]) => ({
            startAt: new Date(start + offset * 3_600_000),
            endAt: new Date(start + (offset + hours) * 3_600_000),
          }));
          const schedule: ScheduleInput = {
            weeklyHours: { mon: [{ start: '08:00', end: '12:00' }], sat: [{ start: '00:00', end: '24:00' }] },
            sessions: [{ name: 'Morning', start: '08:00', end: '12:00' }],
          };
          const result = occupancy(calendar(period, schedule), booked, { from: '2026-03-01', to: '2026-03-31' });
          expect(result.booked).toBeGreaterThanOrEqual(0);
          expect(result.booked).toBeLessThanOrEqual(result.open);
        },
      ),
    );
  });
});
