/**
 * `dayOffer` (src/shared/availability.ts), what search stores of each space and date, held to the
 * rules it summarises: a booking of hours of any window on the step is accepted by `scheduleProblem`
 * (notice and horizon aside) exactly when one of its windows holds it, and `availableDays` has an
 * available slot at any moment exactly when the date is within the horizon and `lastStart` is no
 * earlier than the notice allows. Random schedules, sessions, buffers, blocked dates and bookings, in
 * five zones, on days around the daylight-saving changes. The rules are pure and take `now`, so the
 * fixed dates below never expire.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableDays,
  dayOffer,
  daysBetween,
  localDate,
  localDateTime,
  localInstant,
  scheduleProblem,
  shiftDate,
  type ListingCalendar,
  type TakenRange,
} from '../../src/shared/availability';
import { earliestBookingStart } from '../../src/shared/booking-rules';
import { WEEKDAYS, type PricingPeriod } from '../../src/shared/constants';
import { scheduleSchema, type WeeklyHours } from '../../src/shared/schemas/schedules';
import { timeOfDay } from '../../src/shared/time-of-day';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A day's opening intervals: sorted distinct quarter-hour boundaries paired up. */
const dayHoursArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 6 })
  .map((bounds) => [...bounds].sort((a, b) => a - b))
  .map((bounds) => {
    const intervals = [];
    for (let i = 0; i + 1 < bounds.length; i += 2)
      intervals.push({ start: timeOfDay(bounds[i]! * 15), end: timeOfDay(bounds[i + 1]! * 15) });
    return intervals;
  });
const weeklyHoursArb: fc.Arbitrary<WeeklyHours | null> = fc.option(
  fc.tuple(...WEEKDAYS.map(() => dayHoursArb)).map((days) => Object.fromEntries(WEEKDAYS.map((d, i) => [d, days[i]!])) as WeeklyHours),
);
/** Sessions: sorted distinct quarter-hour boundaries paired up (not all inside the hours: those are not offered). */
const sessionsArb = dayHoursArb.map((intervals) => intervals.map((interval, i) => ({ name: `S${i}`, ...interval })));
/** Days around 2026's daylight-saving changes (US: 2026-03-08 and 2026-11-01) and an ordinary week. */
const dateArb = fc
  .tuple(fc.constantFrom('2026-03-07', '2026-06-10', '2026-10-31'), fc.integer({ min: 0, max: 2 }))
  .map(([date, k]) => shiftDate(date, k));
const zoneArb = fc.constantFrom('America/New_York', 'America/Chicago', 'America/Los_Angeles', 'America/Phoenix', 'Pacific/Honolulu');

const scenarioArb = fc
  .record({
    period: fc.constantFrom<PricingPeriod>('hourly', 'hourly', 'session', 'daily', 'monthly'),
    zone: zoneArb,
    date: dateArb,
    weeklyHours: weeklyHoursArb,
    sessions: sessionsArb,
    bufferMinutes: fc.integer({ min: 0, max: 16 }).map((n) => n * 15),
    minNoticeHours: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 })),
    maxAdvanceDays: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    blocked: fc.integer({ min: 0, max: 9 }).map((n) => n < 3),
    // Often during the date itself, where the notice cuts the day.
    nowMinutes: fc.oneof(fc.integer({ min: -4 * 24 * 60, max: 24 * 60 }), fc.integer({ min: 0, max: 24 * 60 })),
    taken: fc.array(
      fc.record({
        startMinute: fc.integer({ min: -2 * 24 * 60, max: 2 * 24 * 60 }),
        minutes: fc.integer({ min: 1, max: 10 * 60 }),
        buffer: fc.integer({ min: 0, max: 16 }),
      }),
      { maxLength: 5 },
    ),
  })
  .map((s) => {
    const origin = localInstant(s.date, 0, s.zone).getTime();
    const schedule = {
      sessions: s.sessions,
      bufferMinutes: s.bufferMinutes,
      minNoticeHours: s.minNoticeHours,
      maxAdvanceDays: s.maxAdvanceDays,
    };
    const cal: ListingCalendar = {
      period: s.period,
      timeZone: s.zone,
      // Stored as given, not parsed: sessions outside the hours, hours that do not parse, as the database may hold them.
      schedule: { ...schedule, weeklyHours: s.weeklyHours },
      blockedDates: s.blocked ? [{ start: s.date, end: s.date }] : [],
    };
    // Bookings start anywhere (not only on the step), as a booking of days starts at a local midnight.
    const taken: TakenRange[] = s.taken.map((t) => ({
      startAt: new Date(origin + t.startMinute * MINUTE),
      endAt: new Date(origin + (t.startMinute + t.minutes) * MINUTE),
      bufferMinutes: t.buffer * 15,
    }));
    return { cal, taken, date: s.date, now: new Date(origin + s.nowMinutes * MINUTE) };
  });

/** The calendar without notice or horizon, and a moment long before: only the schedule and the taken ranges decide. */
const timeless = (cal: ListingCalendar): ListingCalendar => ({
  ...cal,
  schedule: cal.schedule ? { ...cal.schedule, minNoticeHours: 0, maxAdvanceDays: null } : null,
});
const LONG_AGO = new Date('2000-01-01T00:00:00Z');

describe('dayOffer', () => {
  it('holds a window of hours exactly when scheduleProblem accepts a booking of it (notice and horizon aside)', () => {
    fc.assert(
      fc.property(scenarioArb, ({ cal, taken, date }) => {
        const offer = dayOffer(cal, taken, date);
        if (cal.period !== 'hourly' && cal.period !== 'session') {
          expect(offer.windows).toEqual([]);
          return;
        }
        for (let i = 1; i < offer.windows.length; i++) expect(offer.windows[i]![0]).toBeGreaterThan(offer.windows[i - 1]![1]);
        const byHours = { ...timeless(cal), period: 'hourly' as const };
        // The hour the clocks skip names no instant of its own: a window starting or ending in it is not asked of search.
        const exists = (minutes: number) =>
          minutes === 1440 || localDateTime(localInstant(date, minutes, cal.timeZone), cal.timeZone) === `${date}T${timeOfDay(minutes)}`;
        for (let a = 0; a < 1440; a += 15) {
          if (!exists(a)) continue;
          for (let b = a + 15; b <= 1440; b += 15) {
            if (!exists(b)) continue;
            const range = { startAt: localInstant(date, a, cal.timeZone), endAt: localInstant(date, b, cal.timeZone) };
            const accepted = scheduleProblem(byHours, range, taken, LONG_AGO) === null;
            const held = offer.windows.some(([from, to]) => from <= a && b <= to);
            expect(held, `${date} ${timeOfDay(a)}-${timeOfDay(b)} in ${cal.timeZone}`).toBe(accepted);
          }
        }
      }),
      { numRuns: 50 },
    );
  }, 120_000);

  it('says when availableDays has an available slot: within the horizon, lastStart no earlier than the notice allows', () => {
    fc.assert(
      fc.property(scenarioArb, ({ cal, taken, date, now }) => {
        const { lastStart } = dayOffer(cal, taken, date);
        const available = availableDays(cal, taken, { from: date, to: date }, now)[0]!.slots.some((slot) => slot.available);
        // What search asks per query (src/server/search/availability.ts): the notice and the horizon.
        const notice = cal.schedule?.minNoticeHours ?? 0;
        const base = earliestBookingStart(cal.period, now, cal.timeZone).getTime();
        const earliest = notice > 0 ? Math.max(base, now.getTime() + notice * HOUR) : base;
        const horizon = cal.schedule?.maxAdvanceDays;
        const within = !horizon || daysBetween(localDate(now, cal.timeZone), date) <= horizon;
        const start = localInstant(date, 0, cal.timeZone).getTime() + lastStart * MINUTE;
        expect(within && lastStart >= 0 && start >= earliest).toBe(available);
      }),
      { numRuns: 1500 },
    );
  }, 120_000);

  it('finds examples of every case (not vacuous)', () => {
    const hours: WeeklyHours = { tue: [{ start: '08:00', end: '12:00' }] };
    const cal: ListingCalendar = {
      period: 'hourly',
      timeZone: 'America/New_York',
      schedule: scheduleSchema.parse({ weeklyHours: hours, bufferMinutes: 30 }),
      blockedDates: [],
    };
    const tuesday = '2026-06-09';
    const at = (minutes: number) => localInstant(tuesday, minutes, cal.timeZone);
    expect(dayOffer(cal, [], tuesday)).toEqual({ windows: [[480, 720]], lastStart: 660 });
    // A booking 09:00-10:00 with 15 minutes after it: free before 08:30 (the listing's 30 minutes), and from 10:15.
    const taken = [{ startAt: at(540), endAt: at(600), bufferMinutes: 15 }];
    expect(dayOffer(cal, taken, tuesday)).toEqual({
      windows: [
        [480, 510],
        [615, 720],
      ],
      lastStart: 660,
    });
    expect(dayOffer(cal, [{ startAt: at(600), endAt: at(720), bufferMinutes: 0 }], tuesday).lastStart).toBe(510);
    expect(dayOffer(cal, [], shiftDate(tuesday, 1))).toEqual({ windows: [], lastStart: -1 });
    expect(dayOffer({ ...cal, period: 'daily', schedule: null }, [], tuesday)).toEqual({ windows: [], lastStart: 0 });
    // The day the clocks go forward: 23 hours, the last hour of an all-day listing starts 22 hours in.
    expect(dayOffer({ ...cal, schedule: null }, [], '2026-03-08').lastStart).toBe(22 * 60);
    // Its skipped hour starts no window: open 03:15-03:30 that Sunday is that window alone, not one from 02:15.
    const springSunday = scheduleSchema.parse({ weeklyHours: { sun: [{ start: '03:15', end: '03:30' }] } });
    expect(dayOffer({ ...cal, schedule: springSunday }, [], '2026-03-08').windows).toEqual([[195, 210]]);
    expect(daysBetween(tuesday, shiftDate(tuesday, 3))).toBe(3);
  });
});
