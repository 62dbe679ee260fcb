/**
 * The availability rules (src/shared/availability.ts): examples of each rule, then properties
 * checked over random schedules, bookings and clocks, around the daylight-saving changes.
 * The rules are pure and take `now`, so the fixed dates below never expire.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableDays,
  localDate,
  localDateTime,
  localInstant,
  scheduleProblem,
  shiftDate,
  type ListingCalendar,
  type TakenRange,
} from '../../src/shared/availability';
import { resolveBookingRange } from '../../src/shared/booking-rules';
import { US_STATES } from '../../src/shared/time-zones';
import { WEEKDAYS, type PricingPeriod } from '../../src/shared/constants';
import { scheduleSchema, type ScheduleInput, type WeeklyHours } from '../../src/shared/schemas/schedules';
import { minutesOfDay, timeOfDay } from '../../src/shared/time-of-day';

/** The current year, and the first leap year from it on (dates relative to now: the test never expires). */
const THIS_YEAR = new Date().getUTCFullYear();
const NEXT_LEAP_YEAR = [0, 1, 2, 3, 4, 5, 6, 7]
  .map((n) => THIS_YEAR + n)
  .find((year) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0)!;

const NY = 'America/New_York';
const HOUR = 3_600_000;
const MINUTE = 60_000;

function calendar(
  period: PricingPeriod,
  schedule: ScheduleInput | null,
  blockedDates: ListingCalendar['blockedDates'] = [],
  timeZone = NY,
): ListingCalendar {
  return { period, timeZone, schedule: schedule ? scheduleSchema.parse(schedule) : null, blockedDates };
}
const at = (text: string, timeZone = NY) => localInstant(text.slice(0, 10), minutesOfDay(text.slice(11))!, timeZone);
const taken = (start: string, end: string, bufferMinutes = 0): TakenRange => ({ startAt: at(start), endAt: at(end), bufferMinutes });
const day = (days: ReturnType<typeof availableDays>, date: string) => days.find((d) => d.date === date)!;
const free = (days: ReturnType<typeof availableDays>, date: string) =>
  day(days, date)
    .slots.filter((slot) => slot.available)
    .map((slot) => `${slot.start.slice(11)}-${slot.end.slice(11)}`);

// 2026-06-01 is a Monday; the clock is a week before.
const NOW = at('2026-05-25T09:00');
const TUE_THU_MORNINGS: ScheduleInput = {
  weeklyHours: { tue: [{ start: '08:00', end: '12:00' }], thu: [{ start: '08:00', end: '12:00' }] },
  sessions: [{ name: 'Morning', start: '08:00', end: '12:00' }],
};

describe('localInstant', () => {
  /** The instant as `TZDate` reads the wall time (the rule for every day, skipped and repeated hours included). */
  const byTzDate = (date: string, minutes: number, timeZone: string) => {
    const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
    return new TZDate(year, month - 1, dayOfMonth, Math.floor(minutes / 60), minutes % 60, timeZone).getTime();
  };

  it(
    "is TZDate's instant for every date of 2026-2027 in every US zone and a few with odd changes, at any time of day",
    { timeout: 30_000 },
    () => {
      const zones = [
        ...new Set(Object.values(US_STATES).map((state) => state.timeZone)),
        'Europe/London',
        'Australia/Lord_Howe', // a half-hour change
        'America/St_Johns', // a half-hour offset
        'Asia/Kolkata',
        'Pacific/Chatham',
      ];
      const minutesOfTheDay = [0, 60, 90, 150, 1439, 1440];
      const differences: string[] = [];
      for (const zone of zones) {
        // This year and the next: every day, both daylight-saving changes of each.
        for (let date = `${THIS_YEAR}-01-01`; date <= `${THIS_YEAR + 1}-12-31`; date = shiftDate(date, 1)) {
          for (const minutes of minutesOfTheDay) {
            const expected = byTzDate(date, minutes, zone);
            if (localInstant(date, minutes, zone).getTime() !== expected) differences.push(`${zone} ${date} +${minutes}`);
          }
        }
      }
      expect(differences).toEqual([]);
    },
  );

  it('keeps the skipped and the repeated hour of a daylight-saving change as TZDate reads them', () => {
    expect(localInstant('2026-03-08', 150, NY).toISOString()).toBe(new Date(byTzDate('2026-03-08', 150, NY)).toISOString());
    expect(localInstant('2026-11-01', 90, NY).toISOString()).toBe(new Date(byTzDate('2026-11-01', 90, NY)).toISOString());
    expect(localInstant('2026-11-01', 1440, NY).getTime() - localInstant('2026-11-01', 0, NY).getTime()).toBe(25 * HOUR);
    expect(localInstant('2026-03-08', 1440, NY).getTime() - localInstant('2026-03-08', 0, NY).getTime()).toBe(23 * HOUR);
  });
});

describe('localDateTime and localDate', () => {
  it(
    "are date-fns' format of TZDate for instants every 97 minutes of this year and the next, in every US zone and a few with odd changes",
    { timeout: 60_000 },
    () => {
      const zones = [
        ...new Set(Object.values(US_STATES).map((state) => state.timeZone)),
        'Europe/London',
        'Australia/Lord_Howe',
        'America/St_Johns',
        'Asia/Kolkata',
        'Pacific/Chatham',
      ];
      const from = Date.parse(`${THIS_YEAR}-01-01T00:00:00Z`);
      const to = Date.parse(`${THIS_YEAR + 2}-01-01T00:00:00Z`);
      const differences: string[] = [];
      for (const zone of zones) {
        // 97 minutes and 13 seconds apart: every minute of the hour and of the day, and many seconds, come round.
        for (let at = from; at < to; at += 97 * MINUTE + 13_000) {
          const wall = format(new TZDate(at, zone), "yyyy-MM-dd'T'HH:mm");
          const instant = new Date(at);
          if (localDateTime(instant, zone) !== wall || localDate(instant, zone) !== wall.slice(0, 10))
            differences.push(`${zone} ${instant.toISOString()}`);
        }
      }
      expect(differences).toEqual([]);
    },
  );
});

describe('shiftDate', () => {
  it('counts calendar days whatever zone the program runs in (a browser in Berlin on the day its clocks change)', () => {
    const runtimeZone = process.env.TZ;
    try {
      for (const zone of ['Europe/Berlin', 'Australia/Sydney', 'America/New_York', 'UTC']) {
        process.env.TZ = zone;
        expect(shiftDate('2026-03-29', 1), zone).toBe('2026-03-30');
        expect(shiftDate('2026-03-30', -1), zone).toBe('2026-03-29');
        expect(shiftDate('2026-10-25', 1), zone).toBe('2026-10-26');
        expect(shiftDate('2026-04-05', 1), zone).toBe('2026-04-06');
        expect(shiftDate(`${THIS_YEAR}-12-31`, 1), zone).toBe(`${THIS_YEAR + 1}-01-01`);
        expect(shiftDate(`${NEXT_LEAP_YEAR}-02-28`, 1), zone).toBe(`${NEXT_LEAP_YEAR}-02-29`);
      }
    } finally {
      if (runtimeZone === undefined) delete process.env.TZ;
      else process.env.TZ = runtimeZone;
    }
  });
});

describe('availableDays', () => {
  it('gives each bookable hour of the opening hours, and closes the other weekdays', () => {
    const days = availableDays(calendar('hourly', TUE_THU_MORNINGS), [], { from: '2026-06-01', to: '2026-06-04' }, NOW);
    expect(days.map((d) => [d.date, d.open])).toEqual([
      ['2026-06-01', false],
      ['2026-06-02', true],
      ['2026-06-03', false],
      ['2026-06-04', true],
    ]);
    expect(day(days, '2026-06-01').slots).toEqual([]);
    expect(free(days, '2026-06-02')).toEqual(['08:00-09:00', '09:00-10:00', '10:00-11:00', '11:00-12:00']);
  });

  it('keeps a listing without a schedule open every day, all day', () => {
    const days = availableDays(calendar('hourly', null), [], { from: '2026-06-01', to: '2026-06-01' }, NOW);
    expect(free(days, '2026-06-01')).toHaveLength(24);
    const daily = availableDays(calendar('daily', null), [], { from: '2026-06-01', to: '2026-06-02' }, NOW);
    expect(daily[0]!.slots).toEqual([{ start: '2026-06-01T00:00', end: '2026-06-02T00:00', available: true }]);
  });

  it('marks taken hours and the buffer after them, and starts the next slot as soon as the buffer ends', () => {
    const schedule = { ...TUE_THU_MORNINGS, bufferMinutes: 30 };
    const days = availableDays(
      calendar('hourly', schedule),
      [taken('2026-06-02T08:00', '2026-06-02T09:00', 30)],
      { from: '2026-06-02', to: '2026-06-02' },
      NOW,
    );
    expect(day(days, '2026-06-02').slots).toEqual([
      { start: '2026-06-02T08:00', end: '2026-06-02T09:00', available: false },
      { start: '2026-06-02T09:30', end: '2026-06-02T10:30', available: true },
      { start: '2026-06-02T10:30', end: '2026-06-02T11:30', available: true },
    ]);
  });

  it('gives a session listing its sessions, and closes blocked dates', () => {
    const schedule: ScheduleInput = {
      weeklyHours: { mon: [{ start: '08:00', end: '17:00' }] },
      sessions: [
        { name: 'Morning', start: '08:00', end: '12:00' },
        { name: 'Afternoon', start: '13:00', end: '17:00' },
      ],
    };
    const days = availableDays(
      calendar('session', schedule, [{ start: '2026-06-08', end: '2026-06-08' }]),
      [taken('2026-06-01T13:00', '2026-06-01T17:00')],
      { from: '2026-06-01', to: '2026-06-08' },
      NOW,
    );
    expect(day(days, '2026-06-01').slots).toEqual([
      { start: '2026-06-01T08:00', end: '2026-06-01T12:00', available: true },
      { start: '2026-06-01T13:00', end: '2026-06-01T17:00', available: false },
    ]);
    expect(day(days, '2026-06-08')).toEqual({ date: '2026-06-08', open: false, slots: [] });
  });

  it('refuses slots inside the minimum notice and past the horizon', () => {
    const now = at('2026-06-02T06:30');
    const days = availableDays(
      calendar('hourly', { ...TUE_THU_MORNINGS, minNoticeHours: 3, maxAdvanceDays: 2 }),
      [],
      { from: '2026-06-02', to: '2026-06-05' },
      now,
    );
    // Notice until 09:30: the 08:00 and 09:00 hours are too soon; the next slot starts at 09:30.
    expect(day(days, '2026-06-02').slots.map((slot) => [slot.start.slice(11), slot.available])).toEqual([
      ['08:00', false],
      ['09:30', true],
      ['10:30', true],
    ]);
    expect(free(days, '2026-06-04')).toHaveLength(4); // today + 2 days
    const past = availableDays(calendar('daily', { maxAdvanceDays: 2 }), [], { from: '2026-06-04', to: '2026-06-05' }, now);
    expect(past.map((d) => d.slots[0]!.available)).toEqual([true, false]);
  });

  it('steps real hours through a 23-hour and a 25-hour day, naming only what a booking can name', () => {
    const spring = availableDays(calendar('hourly', null), [], { from: '2026-03-08', to: '2026-03-08' }, at('2026-03-01T00:00'));
    expect(spring[0]!.slots).toHaveLength(23);
    expect(spring[0]!.slots[1]).toEqual({ start: '2026-03-08T01:00', end: '2026-03-08T03:00', available: true });
    const fall = availableDays(calendar('hourly', null), [], { from: '2026-11-01', to: '2026-11-01' }, at('2026-10-25T00:00'));
    for (const slot of fall[0]!.slots) {
      const range = resolveBookingRange('hourly', slot.start, slot.end, NY);
      expect(range.endAt.getTime() - range.startAt.getTime()).toBe(HOUR);
    }
    // 25 real hours; the slots that would start or end in the repeated 01:00 hour cannot be named.
    expect(fall[0]!.slots.length).toBeGreaterThanOrEqual(22);
    expect(fall[0]!.slots.at(-1)).toMatchObject({ start: '2026-11-01T23:00', end: '2026-11-02T00:00' });
  });
});

describe('scheduleProblem', () => {
  const cal = calendar('hourly', { ...TUE_THU_MORNINGS, bufferMinutes: 30, minNoticeHours: 24, maxAdvanceDays: 30 }, [
    { start: '2026-06-09', end: '2026-06-11' },
  ]);
  const problem = (start: string, end: string, ranges: TakenRange[] = []) =>
    scheduleProblem(cal, { startAt: at(start), endAt: at(end) }, ranges, NOW);

  it('says which rule a booking breaks', () => {
    expect(problem('2026-06-02T08:00', '2026-06-02T10:00')).toBeNull();
    expect(problem('2026-06-01T08:00', '2026-06-01T10:00')).toBe('closed'); // a Monday
    expect(problem('2026-06-02T11:00', '2026-06-02T13:00')).toBe('closed'); // runs past closing
    expect(problem('2026-06-09T08:00', '2026-06-09T10:00')).toBe('blocked');
    expect(problem('2026-05-26T08:00', '2026-05-26T09:00')).toBe('notice'); // 23 hours ahead
    expect(problem('2026-06-25T08:00', '2026-06-25T09:00')).toBe('horizon');
    const booked = [taken('2026-06-02T09:00', '2026-06-02T10:00', 30)];
    expect(problem('2026-06-02T09:00', '2026-06-02T11:00', booked)).toBe('taken');
    expect(problem('2026-06-02T10:00', '2026-06-02T11:00', booked)).toBe('buffer'); // inside its cleaning time
    expect(problem('2026-06-02T08:00', '2026-06-02T09:00', booked)).toBe('buffer'); // leaves no cleaning time before it
    expect(problem('2026-06-02T10:30', '2026-06-02T11:30', booked)).toBeNull();
  });

  it("refuses a time the owner's imported calendar shows busy as busy, a booking first, and keeps the buffer before it", () => {
    const busy = { ...taken('2026-06-02T09:00', '2026-06-02T10:00'), busy: true };
    expect(problem('2026-06-02T09:00', '2026-06-02T11:00', [busy])).toBe('busy');
    expect(problem('2026-06-02T09:00', '2026-06-02T11:00', [busy, taken('2026-06-02T10:00', '2026-06-02T11:00')])).toBe('taken');
    expect(problem('2026-06-02T08:00', '2026-06-02T09:00', [busy])).toBe('buffer');
    expect(problem('2026-06-02T10:00', '2026-06-02T11:00', [busy])).toBeNull(); // no cleaning time of its own after it
    expect(free(availableDays(cal, [busy], { from: '2026-06-02', to: '2026-06-02' }, NOW), '2026-06-02')).toEqual([
      '10:00-11:00',
      '11:00-12:00',
    ]);
  });

  it('books a session listing by its sessions only', () => {
    const sessions = calendar('session', TUE_THU_MORNINGS);
    expect(scheduleProblem(sessions, { startAt: at('2026-06-02T08:00'), endAt: at('2026-06-02T12:00') }, [], NOW)).toBeNull();
    expect(scheduleProblem(sessions, { startAt: at('2026-06-02T08:00'), endAt: at('2026-06-02T11:00') }, [], NOW)).toBe('not_a_session');
  });

  it('needs every day of a daily booking open', () => {
    const weekdays = calendar('daily', {
      weeklyHours: { mon: [{ start: '09:00', end: '17:00' }], tue: [{ start: '09:00', end: '17:00' }] },
    });
    expect(scheduleProblem(weekdays, { startAt: at('2026-06-01T00:00'), endAt: at('2026-06-03T00:00') }, [], NOW)).toBeNull();
    expect(scheduleProblem(weekdays, { startAt: at('2026-06-01T00:00'), endAt: at('2026-06-04T00:00') }, [], NOW)).toBe('closed');
  });
});

describe('scheduleSchema', () => {
  const issues = (input: unknown) =>
    scheduleSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('refuses overlapping or inverted intervals, off-step times, unknown weekdays and stray sessions', () => {
    expect(
      issues({
        weeklyHours: {
          mon: [
            { start: '08:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
      }),
    ).toEqual(['weeklyHours.mon.1.start: Opening hours must not overlap or touch: make them one interval']);
    expect(
      issues({
        weeklyHours: {
          mon: [
            { start: '08:00', end: '12:00' },
            { start: '12:00', end: '13:00' },
          ],
        },
      }),
    ).toEqual(['weeklyHours.mon.1.start: Opening hours must not overlap or touch: make them one interval']);
    expect(issues({ weeklyHours: { mon: [{ start: '12:00', end: '08:00' }] } })).toEqual([
      'weeklyHours.mon.0.end: The end must be after the start',
    ]);
    expect(issues({ weeklyHours: { mon: [{ start: '08:10', end: '12:00' }] } })?.[0]).toMatch(
      /^weeklyHours\.mon\.0\.start: Use a time like/,
    );
    expect(issues({ weeklyHours: { funday: [] } })?.[0]).toMatch(/^weeklyHours/);
    expect(
      issues({ weeklyHours: { mon: [{ start: '08:00', end: '12:00' }] }, sessions: [{ name: 'Evening', start: '17:00', end: '21:00' }] }),
    ).toEqual(['sessions.0.end: Each session must fit inside the opening hours of a day']);
    const seven = Array.from({ length: 7 }, (_, i) => ({ name: `S${i}`, start: timeOfDay(i * 60), end: timeOfDay(i * 60 + 60) }));
    expect(issues({ sessions: seven })).toEqual(['sessions: A listing can have at most 6 sessions']);
    expect(issues({ bufferMinutes: 20 })).toEqual(['bufferMinutes: The buffer is in steps of 15 minutes']);
  });
});

// ---- Properties ----

/** A day's opening intervals: sorted distinct quarter-hour boundaries paired up. */
const dayHoursArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 6 })
  .map((bounds) => bounds.sort((a, b) => a - b))
  .map((bounds) => {
    const intervals = [];
    for (let i = 0; i + 1 < bounds.length; i += 2)
      intervals.push({ start: timeOfDay(bounds[i]! * 15), end: timeOfDay(bounds[i + 1]! * 15) });
    return intervals;
  });
const weeklyHoursArb: fc.Arbitrary<WeeklyHours | null> = fc.option(
  fc.tuple(...WEEKDAYS.map(() => dayHoursArb)).map((days) => Object.fromEntries(WEEKDAYS.map((d, i) => [d, days[i]!])) as WeeklyHours),
);
/** Days around this year's daylight-saving changes (US: 2026-03-08 and 2026-11-01). */
const anchorArb = fc
  .tuple(fc.constantFrom('2026-03-06', '2026-06-10', '2026-10-30'), fc.integer({ min: 0, max: 4 }))
  .map(([date, k]) => shiftDate(date, k));
const zoneArb = fc.constantFrom('America/New_York', 'America/Chicago', 'America/Los_Angeles', 'America/Phoenix', 'Pacific/Honolulu');

const scenarioArb = fc
  .record({
    zone: zoneArb,
    anchor: anchorArb,
    weeklyHours: weeklyHoursArb,
    bufferMinutes: fc.integer({ min: 0, max: 16 }).map((n) => n * 15),
    minNoticeHours: fc.integer({ min: 0, max: 30 }),
    maxAdvanceDays: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
    blocked: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    nowMinutes: fc.integer({ min: -48 * 60, max: 24 * 60 }),
    taken: fc.array(
      fc.record({
        startStep: fc.integer({ min: 0, max: 4 * 96 }),
        steps: fc.integer({ min: 1, max: 40 }),
        buffer: fc.integer({ min: 0, max: 16 }),
      }),
      { maxLength: 6 },
    ),
  })
  .map((s) => {
    const origin = localInstant(s.anchor, 0, s.zone).getTime();
    const cal: ListingCalendar = {
      period: 'hourly',
      timeZone: s.zone,
      schedule: scheduleSchema.parse({
        weeklyHours: s.weeklyHours,
        bufferMinutes: s.bufferMinutes,
        minNoticeHours: s.minNoticeHours,
        maxAdvanceDays: s.maxAdvanceDays,
      }),
      blockedDates: s.blocked === undefined ? [] : [{ start: shiftDate(s.anchor, s.blocked), end: shiftDate(s.anchor, s.blocked) }],
    };
    const ranges: TakenRange[] = s.taken.map((t) => ({
      startAt: new Date(origin + t.startStep * 15 * MINUTE),
      endAt: new Date(origin + (t.startStep + t.steps) * 15 * MINUTE),
      bufferMinutes: t.buffer * 15,
    }));
    return { cal, ranges, now: new Date(origin + s.nowMinutes * MINUTE), from: s.anchor, to: shiftDate(s.anchor, 3) };
  });

describe('availableDays and scheduleProblem agree (properties)', () => {
  it('a slot is available exactly when a booking of it would be accepted; an available slot is inside the hours and clear of every taken range and buffer', () => {
    fc.assert(
      fc.property(scenarioArb, ({ cal, ranges, now, from, to }) => {
        for (const d of availableDays(cal, ranges, { from, to }, now)) {
          for (const slot of d.slots) {
            const range = resolveBookingRange('hourly', slot.start, slot.end, cal.timeZone);
            expect(range.endAt.getTime() - range.startAt.getTime()).toBe(HOUR);
            const problem = scheduleProblem(cal, range, ranges, now);
            expect(problem === null).toBe(slot.available);
            if (!slot.available) continue;
            for (const t of ranges) {
              const buffer = cal.schedule!.bufferMinutes * MINUTE;
              const clear =
                range.startAt.getTime() >= t.endAt.getTime() + t.bufferMinutes * MINUTE ||
                range.endAt.getTime() + buffer <= t.startAt.getTime();
              expect(clear).toBe(true);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('every free hour inside the opening hours, on the 15-minute step, starts inside an available slot', () => {
    fc.assert(
      fc.property(scenarioArb, ({ cal, ranges, now, from, to }) => {
        const days = availableDays(cal, ranges, { from, to }, now);
        const available = days.flatMap((d) =>
          d.slots.filter((slot) => slot.available).map((slot) => [at(slot.start, cal.timeZone), at(slot.end, cal.timeZone)] as const),
        );
        for (let date = from; date <= to; date = shiftDate(date, 1)) {
          const first = localInstant(date, 0, cal.timeZone).getTime();
          const last = localInstant(shiftDate(date, 1), 0, cal.timeZone).getTime();
          for (let start = first; start + HOUR <= last; start += 15 * MINUTE) {
            const startAt = new Date(start);
            const endAt = new Date(start + HOUR);
            const nameable = [startAt, endAt].every(
              (instant) => at(localDateTime(instant, cal.timeZone), cal.timeZone).getTime() === instant.getTime(),
            );
            if (!nameable || scheduleProblem(cal, { startAt, endAt }, ranges, now) !== null) continue;
            const covered = available.some(([s, e]) => s <= startAt && startAt < e);
            expect(covered, `free hour ${localDateTime(startAt, cal.timeZone)} is not offered`).toBe(true);
          }
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
