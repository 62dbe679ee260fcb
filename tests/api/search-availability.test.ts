/**
 * Search by availability (docs/product.md#search): `GET /api/spaces?availableOn=...`
 * with and without a time window answers exactly the spaces the shared rules
 * (src/shared/availability.ts) say can be booked then — across schedules, sessions, blocked
 * dates, bookings with buffers and holds, notice and horizon, in three time zones (MA, CA, AZ);
 * bad windows are 400s; the map points apply the same filter. On PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, medicalSpaces, NO_WEEKLY_HOURS_BIT, OPEN_DAY_BIT, spaceBlockedDates } from '../../src/server/db/schema';
import { createSearchCountCache } from '../../src/server/search/counts';
import { searchSpaces } from '../../src/server/search/search';
import { WEEKDAYS } from '../../src/shared/constants';
import { spaceSearchSchema } from '../../src/shared/schemas/spaces';
import { dayHours } from '../../src/shared/schemas/schedules';
import { US_STATES } from '../../src/shared/time-zones';
import {
  availableDays,
  localInstant,
  scheduleProblem,
  shiftDate,
  type ListingCalendar,
  type TakenRange,
} from '../../src/shared/availability';
import type { PricingPeriod } from '../../src/shared/constants';
import { scheduleSchema, type ScheduleInput } from '../../src/shared/schemas/schedules';
import { minutesOfDay } from '../../src/shared/time-of-day';
import { timeZoneForState } from '../../src/shared/time-zones';
import { insertBooking, insertUser, spaceValues, type NewBooking } from '../factories/db';
import { futureDate, futureWeekday } from '../helpers/dates';
import { createTestApp, type TestApp } from '../helpers/test-app';

const TOWN = 'Availtown';
const STATES = ['MA', 'CA', 'AZ'] as const;
const TUE = 2;
/** A Tuesday ten days or more ahead, and the Wednesday after it. */
const DAY = futureWeekday(TUE, 10);
/**
 * The next date on which New York's clocks change (a day of 23 or 25 hours; MA and CA change that day too, AZ
 * does not): search converts each local time itself that day rather than counting minutes from midnight.
 */
const CLOCK_CHANGE_DAY = (() => {
  const length = (date: string) =>
    localInstant(shiftDate(date, 1), 0, 'America/New_York').getTime() - localInstant(date, 0, 'America/New_York').getTime();
  let date = futureDate(1);
  while (length(date) === 24 * 60 * 60 * 1000) date = shiftDate(date, 1);
  return date;
})();
const DATES = [DAY, shiftDate(DAY, 1), CLOCK_CHANGE_DAY];
const dateName = (date: string) =>
  date === DAY ? 'the Tuesday' : date === CLOCK_CHANGE_DAY ? 'the day the clocks change' : 'the Wednesday';
const WINDOWS: ([string, string] | null)[] = [['08:00', '12:00'], ['13:00', '17:00'], ['11:00', '14:00'], ['09:30', '10:15'], null];

const halfDays = [
  { start: '08:00', end: '12:00' },
  { start: '13:00', end: '17:00' },
];
/** `stored`: a schedule saved before the rule it breaks (touching intervals), kept as it was rather than parsed. */
const SCHEDULES: { name: string; period: PricingPeriod; schedule: ScheduleInput | null; stored?: true }[] = [
  { name: 'always open by the hour', period: 'hourly', schedule: null },
  { name: 'tue-thu half days', period: 'hourly', schedule: { weeklyHours: { tue: halfDays, thu: halfDays }, bufferMinutes: 30 } },
  {
    name: 'touching intervals',
    period: 'hourly',
    stored: true,
    schedule: {
      weeklyHours: {
        tue: [
          { start: '08:00', end: '12:00' },
          { start: '12:00', end: '18:00' },
        ],
        wed: [{ start: '10:30', end: '11:00' }],
      },
    },
  },
  {
    name: 'sessions',
    period: 'session',
    schedule: {
      weeklyHours: { tue: halfDays, wed: [{ start: '08:00', end: '12:00' }] },
      sessions: [
        { name: 'Morning', start: '08:00', end: '12:00' },
        { name: 'Afternoon', start: '13:00', end: '17:00' },
      ],
      bufferMinutes: 30,
    },
  },
  {
    name: 'weekdays by the day',
    period: 'daily',
    schedule: { weeklyHours: Object.fromEntries(['mon', 'tue', 'thu', 'fri'].map((d) => [d, [{ start: '00:00', end: '24:00' }]])) },
  },
  {
    // Wednesday opens, but no session fits its hours: no slot to book that day however free it is.
    name: 'sessions outside a day',
    period: 'session',
    stored: true,
    schedule: {
      weeklyHours: { tue: halfDays, wed: [{ start: '09:00', end: '11:00' }] },
      sessions: [
        { name: 'Morning', start: '08:00', end: '12:00' },
        { name: 'Afternoon', start: '13:00', end: '17:00' },
      ],
    },
  },
  { name: 'by the month', period: 'monthly', schedule: null },
  { name: 'short horizon', period: 'hourly', schedule: { maxAdvanceDays: 5 } },
  { name: 'long notice', period: 'hourly', schedule: { minNoticeHours: 720 } },
  {
    name: 'horizon just covering',
    period: 'session',
    schedule: { maxAdvanceDays: 30, sessions: [{ name: 'Day', start: '09:00', end: '17:00' }] },
  },
];

/** What else is on the space: nothing, a blocked date, bookings of various statuses and buffers. */
const VARIANTS = [
  'free',
  'blocked',
  'morning-hour',
  'lunch',
  'cancelled',
  'cancelled-after-holding',
  'moved',
  'expired-hold',
  'overnight',
  'overnight-under-cancelled',
  'live-hold',
  'pending-day',
  'clock-change-day',
] as const;

interface Fixture {
  title: string;
  calendar: ListingCalendar;
  taken: TakenRange[];
}

let t: TestApp;
const fixtures: Fixture[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const owner = (await insertUser(t.db)).id;
  const renter = (await insertUser(t.db)).id;
  for (const state of STATES) {
    const timeZone = timeZoneForState(state);
    const at = (date: string, time: string) => localInstant(date, minutesOfDay(time)!, timeZone);
    for (const { name, period, schedule: input, stored } of SCHEDULES) {
      const schedule = input
        ? stored
          ? { sessions: [], bufferMinutes: 0, minNoticeHours: 0, ...input }
          : scheduleSchema.parse(input)
        : null;
      for (const variant of VARIANTS) {
        const title = `${TOWN} ${state} ${name} ${variant}`;
        const [space] = await t.db
          .insert(medicalSpaces)
          .values(spaceValues(owner, { title, city: TOWN, state, pricePeriod: period, schedule }))
          .returning();
        const calendar: ListingCalendar = { period, timeZone, schedule, blockedDates: [] };
        const taken: TakenRange[] = [];
        const book = async (startAt: Date, endAt: Date, values: Partial<NewBooking> = {}, holds = true) => {
          const bufferMinutes = period === 'hourly' || period === 'session' ? (schedule?.bufferMinutes ?? 0) : 0;
          const booking = await insertBooking(t.db, { spaceId: space!.id, renterId: renter, startAt, endAt, bufferMinutes, ...values });
          if (holds) taken.push({ startAt, endAt, bufferMinutes });
          return booking;
        };
        if (variant === 'blocked') {
          await t.db.insert(spaceBlockedDates).values({ spaceId: space!.id, startDate: DAY, endDate: DAY });
          calendar.blockedDates = [{ start: DAY, end: DAY }];
        }
        if (variant === 'morning-hour') await book(at(DAY, '09:00'), at(DAY, '10:00'));
        if (variant === 'lunch') await book(at(DAY, '12:00'), at(DAY, '12:45'));
        if (variant === 'cancelled') await book(at(DAY, '00:00'), at(shiftDate(DAY, 2), '00:00'), { status: 'cancelled' }, false);
        // Held, then let go: its range stays among the space's taken ranges, so the day's bookings are read (and found free).
        if (variant === 'cancelled-after-holding') {
          const booking = await book(at(DAY, '00:00'), at(shiftDate(DAY, 2), '00:00'), {}, false);
          await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
        }
        // Held on the Wednesday afternoon, then moved to the Tuesday morning: both ranges are among its taken ranges.
        if (variant === 'moved') {
          const booking = await book(at(shiftDate(DAY, 1), '13:00'), at(shiftDate(DAY, 1), '14:00'), {}, false);
          await t.db
            .update(bookings)
            .set({ startAt: at(DAY, '08:00'), endAt: at(DAY, '09:00') })
            .where(eq(bookings.id, booking.id));
          taken.push({ startAt: at(DAY, '08:00'), endAt: at(DAY, '09:00'), bufferMinutes: booking.bufferMinutes });
        }
        if (variant === 'expired-hold')
          await book(
            at(DAY, '08:00'),
            at(DAY, '17:00'),
            { status: 'awaiting_payment', holdExpiresAt: new Date(Date.now() - 60_000) },
            false,
          );
        if (variant === 'live-hold')
          await book(at(DAY, '13:00'), at(DAY, '17:00'), { status: 'awaiting_payment', holdExpiresAt: new Date(Date.now() + 3_600_000) });
        if (variant === 'overnight') await book(at(shiftDate(DAY, -1), '22:00'), at(DAY, '07:45'));
        if (variant === 'overnight-under-cancelled') {
          // The last booking to start before the day is cancelled; the one before it still holds the morning.
          await book(at(shiftDate(DAY, -1), '20:00'), at(DAY, '09:00'));
          await book(at(shiftDate(DAY, -1), '22:00'), at(shiftDate(DAY, -1), '23:00'), { status: 'cancelled' }, false);
        }
        // Free from 08:00 to 12:00 exactly: an hour off either way (counting minutes from midnight that day) meets one.
        if (variant === 'clock-change-day') {
          await book(at(CLOCK_CHANGE_DAY, '07:00'), at(CLOCK_CHANGE_DAY, '08:00'));
          await book(at(CLOCK_CHANGE_DAY, '12:00'), at(CLOCK_CHANGE_DAY, '13:00'));
        }
        if (variant === 'pending-day') await book(at(shiftDate(DAY, 1), '00:00'), at(shiftDate(DAY, 2), '00:00'), { status: 'pending' });
        fixtures.push({ title, calendar, taken });
      }
    }
  }
});

afterAll(async () => {
  await t?.close();
});

/** The titles of every page of the search (keyset pages); every space of the database without `location`. */
async function titles(query: string, location = TOWN): Promise<string[]> {
  const found: string[] = [];
  let after = '';
  do {
    const where = location ? `location=${location}&` : '';
    const response = await t.app.inject({ method: 'GET', url: `/api/spaces?${where}limit=100&${query}${after}` });
    expect(response.statusCode, response.body).toBe(200);
    found.push(...(response.json() as { title: string }[]).map((space) => space.title));
    const cursor = response.headers['x-next-cursor'] as string | undefined;
    after = cursor ? `&after=${cursor}` : '';
  } while (after);
  return found.sort();
}

/** What the shared rules say: a booking of the window (days and months: of the whole day) would be accepted; without a window, some slot is available. */
function expected(date: string, window: [string, string] | null, now: Date): string[] {
  return fixtures
    .filter(({ calendar, taken }) => {
      const { timeZone } = calendar;
      if (calendar.period === 'daily' || calendar.period === 'monthly') {
        const day = { startAt: localInstant(date, 0, timeZone), endAt: localInstant(shiftDate(date, 1), 0, timeZone) };
        return scheduleProblem({ ...calendar, period: 'daily' }, day, taken, now) === null;
      }
      if (!window) return availableDays(calendar, taken, { from: date, to: date }, now)[0]!.slots.some((slot) => slot.available);
      // Hours and sessions alike: the window inside the opening hours, nothing taken over it or its buffers.
      const range = {
        startAt: localInstant(date, minutesOfDay(window[0])!, timeZone),
        endAt: localInstant(date, minutesOfDay(window[1])!, timeZone),
      };
      return scheduleProblem({ ...calendar, period: 'hourly' }, range, taken, now) === null;
    })
    .map((fixture) => fixture.title)
    .sort();
}

/**
 * Lists `count` spaces in `town`, titled `<town> <index>` and created a second apart (index 0 the oldest), and
 * blocks the date {@link DAY} on those `blocked` says. With `longerWord`, also an unlisted space titled
 * `<town>s Annex`: another word of the vocabulary contains the town's, so a search for the town is asked by the
 * windows of spaces having its words rather than by its one word.
 */
async function insertTown(town: string, count: number, blocked: (index: number) => boolean, longerWord = false): Promise<void> {
  const owner = (await insertUser(t.db)).id;
  const start = Date.now() - 60 * 60 * 1000;
  const spaces = await t.db
    .insert(medicalSpaces)
    .values(
      Array.from({ length: count }, (_, index) =>
        spaceValues(owner, { title: `${town} ${index}`, city: town, createdAt: new Date(start + index * 1000) }),
      ),
    )
    .returning({ id: medicalSpaces.id, title: medicalSpaces.title });
  const closed = spaces.filter((space) => blocked(Number(space.title.slice(town.length + 1))));
  await t.db.insert(spaceBlockedDates).values(closed.map((space) => ({ spaceId: space.id, startDate: DAY, endDate: DAY })));
  if (longerWord) await t.db.insert(medicalSpaces).values(spaceValues(owner, { title: `${town}s Annex`, city: town, active: false }));
}

describe('GET /api/spaces?availableOn', () => {
  for (const date of DATES) {
    for (const window of WINDOWS) {
      const query = window ? `availableOn=${date}&availableFrom=${window[0]}&availableTo=${window[1]}` : `availableOn=${date}`;
      it(`answers what the shared rules say: ${window ? window.join('-') : 'any time'} on ${dateName(date)}`, async () => {
        const found = await titles(query);
        const want = expected(date, window, new Date());
        expect(found).toEqual(want);
        // Not vacuous: some spaces pass and some do not.
        expect(want.length).toBeGreaterThan(0);
        expect(want.length).toBeLessThan(fixtures.length);
      });
    }
  }

  it('answers the same with no other filter, planned per search and then generically (a named statement)', async () => {
    // PostgreSQL plans a named statement's first five runs with their values, then may keep a generic plan.
    for (let run = 0; run < 7; run++) {
      const query = run % 2 ? `availableOn=${DAY}` : `availableOn=${DAY}&availableFrom=08:00&availableTo=12:00`;
      expect(await titles(query, '')).toEqual(expected(DAY, run % 2 ? null : ['08:00', '12:00'], new Date()));
    }
  });

  for (const longerWord of [false, true])
    it(`with a location${longerWord ? ' inside a longer word' : ''}, finds the page beyond the newest matches it asks first`, async () => {
      // The 20 newest spaces of the town are blocked that day, so the one free space, the oldest, is found only by
      // asking every space of the town. A location that is one word of the vocabulary walks the spaces having it
      // to the end; one inside a longer word first asks only the newest spaces having its words (2, then 8 per row
      // of the pages so far), then its newest matches (8 per row: 16 for limit=1), then all.
      const town = longerWord ? 'Windowburg' : 'Windowville';
      await insertTown(town, 21, (index) => index !== 0, longerWord);
      try {
        for (const query of [`limit=1&availableOn=${DAY}`, `limit=1&availableOn=${DAY}&availableFrom=08:00&availableTo=12:00`]) {
          const response = await t.app.inject({ method: 'GET', url: `/api/spaces?location=${town}&${query}` });
          expect(response.statusCode, response.body).toBe(200);
          expect((response.json() as { title: string }[]).map((space) => space.title)).toEqual([`${town} 0`]);
          expect(response.headers['x-total-count']).toBe('1');
        }
      } finally {
        await t.db.delete(medicalSpaces).where(eq(medicalSpaces.city, town));
      }
    });

  it('with a location, widens the window of spaces having its words when the first does not fill the page', async () => {
    // A location inside a longer word: limit=2 asks the 6 newest spaces having its words first: the 5 newest are
    // blocked that day, so that finds one, and the page comes from the wider window (24), with the cursor after its
    // second row.
    const town = 'Widerville';
    await insertTown(town, 12, (index) => index >= 7, true);
    try {
      for (const query of [`limit=2&availableOn=${DAY}`, `limit=2&availableOn=${DAY}&availableFrom=08:00&availableTo=12:00`]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/spaces?location=${town}&${query}` });
        expect(response.statusCode, response.body).toBe(200);
        expect((response.json() as { title: string }[]).map((space) => space.title)).toEqual([`${town} 6`, `${town} 5`]);
        const next = await t.app.inject({
          method: 'GET',
          url: `/api/spaces?location=${town}&${query}&after=${response.headers['x-next-cursor'] as string}`,
        });
        expect((next.json() as { title: string }[]).map((space) => space.title)).toEqual([`${town} 4`, `${town} 3`]);
      }
    } finally {
      await t.db.delete(medicalSpaces).where(eq(medicalSpaces.city, town));
    }
  });

  it('gives the map points the same filter', async () => {
    const window = 'availableOn=' + DAY + '&availableFrom=08:00&availableTo=12:00';
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/spaces/map-points?location=${TOWN}&bbox=-180,-90,180,90&zoom=1&${window}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { total: number }).total).toBe(expected(DAY, ['08:00', '12:00'], new Date()).length);
  });
});

describe('bad availability filters', () => {
  const bad: [string, string, string][] = [
    ['availableOn=2026-02-30', 'availableOn', 'a date that does not exist'],
    ['availableOn=tomorrow', 'availableOn', 'not a date'],
    [`availableOn=${DAY}&availableFrom=12:00&availableTo=08:00`, 'availableTo', 'from after to'],
    [`availableOn=${DAY}&availableFrom=12:00&availableTo=12:00`, 'availableTo', 'from equal to to'],
    [`availableOn=${DAY}&availableFrom=08:00`, 'availableTo', 'only from'],
    [`availableOn=${DAY}&availableTo=12:00`, 'availableFrom', 'only to'],
    [`availableOn=${DAY}&availableFrom=08:10&availableTo=12:00`, 'availableFrom', 'off the 15-minute step'],
    [`availableOn=${DAY}&availableFrom=08:00&availableTo=25:00`, 'availableTo', 'not a time of day'],
    ['availableFrom=08:00&availableTo=12:00', 'availableOn', 'times without a date'],
  ];
  for (const [query, field, why] of bad) {
    it(`answers 400 naming ${field} for ${why}`, async () => {
      for (const path of ['/api/spaces', '/api/spaces/map-points']) {
        const extra = path.endsWith('map-points') ? '&bbox=-180,-90,180,90&zoom=1' : '';
        const response = await t.app.inject({ method: 'GET', url: `${path}?${query}${extra}` });
        expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
        expect(response.body).toContain(field);
      }
    });
  }
});

describe('the stored columns search by availability reads', () => {
  it('gives each space the time zone of its state and the weekdays its schedule opens', async () => {
    const owner = (await insertUser(t.db)).id;
    const codes = Object.keys(US_STATES);
    const rows = await t.db
      .insert(medicalSpaces)
      .values(
        codes.map((state) => spaceValues(owner, { title: `Zone check ${state}`, city: 'Zonetown', state: ` ${state.toLowerCase()} ` })),
      )
      .returning({ state: medicalSpaces.state, timeZone: medicalSpaces.timeZone });
    for (const row of rows) expect(row.timeZone, row.state).toBe(timeZoneForState(row.state));
    await t.db.delete(medicalSpaces).where(eq(medicalSpaces.city, 'Zonetown'));

    const spaces = await t.db
      .select({ title: medicalSpaces.title, schedule: medicalSpaces.schedule, openDays: medicalSpaces.openDays })
      .from(medicalSpaces)
      .where(eq(medicalSpaces.city, TOWN));
    expect(spaces.length).toBe(fixtures.length);
    for (const space of spaces) {
      const hours = space.schedule?.weeklyHours;
      const want = WEEKDAYS.every((day) => dayHours(hours, day) === null)
        ? 255
        : WEEKDAYS.reduce((bits, day) => bits | ((dayHours(hours, day)?.length ?? 0) > 0 ? OPEN_DAY_BIT[day] : 0), 0);
      expect(space.openDays, space.title).toBe(want);
      expect(want >= NO_WEEKLY_HOURS_BIT, space.title).toBe(dayHours(hours, 'mon') === null);
    }

    // Each weekday's opening hours in minutes, touching intervals joined (none without weekly hours).
    const minutes = await t.handle.query<{ title: string; days: string[] }>(
      'select title, array(select day::text from unnest(open_minutes) with ordinality u(day, n) order by n) as days from medical_spaces where city = $1',
      [TOWN],
    );
    const joined = (intervals: { start: string; end: string }[]) =>
      intervals
        .map((interval) => [minutesOfDay(interval.start)!, minutesOfDay(interval.end)!] as [number, number])
        .sort((a, b) => a[0] - b[0])
        .reduce<[number, number][]>((all, [start, end]) => {
          const last = all[all.length - 1];
          if (last && start <= last[1]) last[1] = Math.max(last[1], end);
          else all.push([start, end]);
          return all;
        }, []);
    const byTitle = new Map(spaces.map((space) => [space.title, space.schedule]));
    for (const { title, days } of minutes) {
      const hours = byTitle.get(title)?.weeklyHours;
      const want = WEEKDAYS.map(
        (day) =>
          `{${joined(dayHours(hours, day) ?? [])
            .map(([start, end]) => `[${start},${end})`)
            .join(',')}}`,
      );
      expect(days, title).toEqual(want);
    }
    // Not vacuous: touching intervals are one range.
    expect(minutes.find((row) => row.title === `${TOWN} MA touching intervals free`)?.days[1]).toBe('{[480,1080)}');
  });
});

describe('the columns that spare a search reading bookings', () => {
  it('gives each space the weekdays it has a slot to book on', async () => {
    const spaces = await t.db
      .select({
        title: medicalSpaces.title,
        schedule: medicalSpaces.schedule,
        period: medicalSpaces.pricePeriod,
        slotDays: medicalSpaces.slotDays,
      })
      .from(medicalSpaces)
      .where(eq(medicalSpaces.city, TOWN));
    // A weekday has a slot when, nothing booked and no notice, the shared rules offer one on it.
    const calendarOf = (space: (typeof spaces)[number]): ListingCalendar => ({
      period: space.period as PricingPeriod,
      timeZone: 'America/Phoenix',
      schedule: space.schedule ? { ...space.schedule, minNoticeHours: 0, maxAdvanceDays: undefined } : null,
      blockedDates: [],
    });
    const week = Array.from({ length: 7 }, (_, index) => shiftDate(DAY, index));
    const bitsOf = (space: (typeof spaces)[number]) =>
      availableDays(calendarOf(space), [], { from: week[0]!, to: week[6]! }, new Date()).reduce(
        (bits, day, index) => (day.slots.some((slot) => slot.available) ? bits | OPEN_DAY_BIT[WEEKDAYS[(TUE - 1 + index) % 7]!] : bits),
        0,
      );
    const slotDays = new Map(spaces.map((space) => [space.title, space.slotDays]));
    for (const space of spaces) expect(space.slotDays, space.title).toBe(bitsOf(space));
    // Not vacuous: a weekday open without a slot (30 minutes by the hour; no session in its hours).
    expect(slotDays.get(`${TOWN} MA touching intervals free`)).toBe(OPEN_DAY_BIT.tue);
    expect(slotDays.get(`${TOWN} MA sessions outside a day free`)).toBe(OPEN_DAY_BIT.tue);
  });

  it("keeps every holding booking's range among its space's taken ranges, added as bookings are written", async () => {
    const owner = (await insertUser(t.db)).id;
    const renter = (await insertUser(t.db)).id;
    const [space] = await t.db
      .insert(medicalSpaces)
      .values(spaceValues(owner, { title: 'Taken ranges', city: 'Rangeville', state: 'AZ', pricePeriod: 'hourly' }))
      .returning();
    const at = (date: string, time: string) => localInstant(date, minutesOfDay(time)!, 'America/Phoenix');
    const rangesOf = async () => {
      const rows = await t.handle.query<{ ranges: string[] }>(
        `select array(select to_char(lower(r) at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || '/' || to_char(upper(r) at time zone 'UTC', 'YYYY-MM-DD HH24:MI')
           from unnest(taken_ranges) r order by lower(r)) as ranges from medical_spaces where id = $1`,
        [space!.id],
      );
      return rows[0]!.ranges;
    };
    const utc = (instant: Date) => instant.toISOString().slice(0, 16).replace('T', ' ');
    const range = (start: Date, end: Date) => `${utc(start)}/${utc(end)}`;
    expect(await rangesOf()).toEqual([]);

    // Several bookings in one statement, a buffer, and one that does not hold.
    await t.db.insert(bookings).values([
      {
        spaceId: space!.id,
        renterId: renter,
        startAt: at(DAY, '09:00'),
        endAt: at(DAY, '10:00'),
        bufferMinutes: 15,
        totalPrice: '1',
        platformFeeAmount: '0',
        status: 'confirmed',
      },
      {
        spaceId: space!.id,
        renterId: renter,
        startAt: at(DAY, '10:15'),
        endAt: at(DAY, '11:00'),
        bufferMinutes: 0,
        totalPrice: '1',
        platformFeeAmount: '0',
        status: 'pending',
      },
      {
        spaceId: space!.id,
        renterId: renter,
        startAt: at(DAY, '13:00'),
        endAt: at(DAY, '14:00'),
        bufferMinutes: 0,
        totalPrice: '1',
        platformFeeAmount: '0',
        status: 'cancelled',
      },
    ]);
    expect(await rangesOf()).toEqual([range(at(DAY, '09:00'), at(DAY, '11:00'))]);

    // Cancelled, then held again; a hold moved; a range no longer held stays.
    const later = await insertBooking(t.db, {
      spaceId: space!.id,
      renterId: renter,
      startAt: at(DAY, '15:00'),
      endAt: at(DAY, '16:00'),
      status: 'cancelled',
    });
    expect(await rangesOf()).toEqual([range(at(DAY, '09:00'), at(DAY, '11:00'))]);
    await t.db
      .update(bookings)
      .set({ status: 'awaiting_payment', holdExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(bookings.id, later.id));
    expect(await rangesOf()).toEqual([range(at(DAY, '09:00'), at(DAY, '11:00')), range(at(DAY, '15:00'), at(DAY, '16:00'))]);
    await t.db
      .update(bookings)
      .set({ startAt: at(DAY, '17:00'), endAt: at(DAY, '18:00') })
      .where(eq(bookings.id, later.id));
    await t.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, later.id));
    expect(await rangesOf()).toEqual([
      range(at(DAY, '09:00'), at(DAY, '11:00')),
      range(at(DAY, '15:00'), at(DAY, '16:00')),
      range(at(DAY, '17:00'), at(DAY, '18:00')),
    ]);

    // Ranges over two days past are dropped when one is added.
    const past = futureDate(-5);
    await insertBooking(t.db, { spaceId: space!.id, renterId: renter, startAt: at(past, '09:00'), endAt: at(past, '10:00') });
    await t.handle.query(`update medical_spaces set taken_ranges = taken_ranges + tstzmultirange(tstzrange($2, $3)) where id = $1`, [
      space!.id,
      at(past, '09:00').toISOString(),
      at(past, '10:00').toISOString(),
    ]);
    await insertBooking(t.db, { spaceId: space!.id, renterId: renter, startAt: at(DAY, '19:00'), endAt: at(DAY, '20:00') });
    expect((await rangesOf())[0]).toBe(range(at(DAY, '09:00'), at(DAY, '11:00')));
    expect((await rangesOf()).at(-1)).toBe(range(at(DAY, '19:00'), at(DAY, '20:00')));
    await t.db.delete(bookings).where(eq(bookings.spaceId, space!.id));
    await t.db.delete(medicalSpaces).where(eq(medicalSpaces.id, space!.id));
  });
});

describe("a space's blocked dates on its row", () => {
  it('follows every insert, update and delete of its blocked dates, several spaces in one statement', async () => {
    const owner = (await insertUser(t.db)).id;
    const spaces = await t.db
      .insert(medicalSpaces)
      .values([1, 2].map((n) => spaceValues(owner, { title: `Blocked rows ${n}`, city: 'Blockville', state: 'MA' })))
      .returning({ id: medicalSpaces.id });
    const [first, second] = spaces.map((space) => space.id) as [string, string];
    const rangesOf = async (id: string) =>
      (await t.handle.query<{ ranges: string }>('select blocked_date_ranges::text as ranges from medical_spaces where id = $1', [id]))[0]!
        .ranges;
    const [a, b, c] = [futureDate(20), futureDate(22), futureDate(23)];
    expect(await rangesOf(first)).toBe('{}');

    await t.db.insert(spaceBlockedDates).values([
      { spaceId: first, startDate: a, endDate: a },
      { spaceId: first, startDate: b, endDate: c },
      { spaceId: second, startDate: b, endDate: b },
    ]);
    expect(await rangesOf(first)).toBe(`{[${a},${shiftDate(a, 1)}),[${b},${shiftDate(c, 1)})}`);
    expect(await rangesOf(second)).toBe(`{[${b},${shiftDate(b, 1)})}`);

    // Moved from one space to the other, then removed.
    await t.db.update(spaceBlockedDates).set({ spaceId: second }).where(eq(spaceBlockedDates.startDate, a));
    expect(await rangesOf(first)).toBe(`{[${b},${shiftDate(c, 1)})}`);
    expect(await rangesOf(second)).toBe(`{[${a},${shiftDate(a, 1)}),[${b},${shiftDate(b, 1)})}`);
    await t.db.delete(spaceBlockedDates).where(eq(spaceBlockedDates.spaceId, second));
    expect(await rangesOf(second)).toBe('{}');
    expect(await rangesOf(first)).toBe(`{[${b},${shiftDate(c, 1)})}`);

    // Removing the space removes its blocked dates with it.
    await t.db.delete(medicalSpaces).where(eq(medicalSpaces.city, 'Blockville'));
    expect(await t.handle.query('select 1 from space_blocked_dates where space_id = $1', [first])).toEqual([]);
  });
});

describe('the count of a search by availability', () => {
  it('answers an expired count at once and counts again in the background', async () => {
    const counts = createSearchCountCache(50);
    const query = spaceSearchSchema.parse({ location: TOWN, limit: '1', availableOn: DAY });
    const first = await searchSpaces(t.db, query, counts);
    const want = expected(DAY, null, new Date()).length;
    expect(first.total).toBe(want);
    // A space added behind the cache's back (the app clears it when it adds one itself), open every day.
    const owner = (await insertUser(t.db)).id;
    await t.db
      .insert(medicalSpaces)
      .values(spaceValues(owner, { title: `${TOWN} late arrival`, city: TOWN, state: 'MA', pricePeriod: 'daily' }));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await searchSpaces(t.db, query, counts)).total).toBe(want);
    await expect.poll(async () => (await searchSpaces(t.db, query, counts)).total).toBe(want + 1);
    await t.db.delete(medicalSpaces).where(eq(medicalSpaces.title, `${TOWN} late arrival`));
  });

  /**
   * Watches the count statements the database is sent (on PGlite and on PostgreSQL, Drizzle sends every statement
   * through its client's `query`); while `held`, each waits for `release()`.
   */
  function watchCounts() {
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const send = client.query.bind(client);
    let gate: Promise<void> | undefined;
    let open = () => {};
    const watch = {
      sent: 0,
      hold: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
      release: () => open(),
      stop: () => spy.mockRestore(),
    };
    const spy = vi.spyOn(client, 'query').mockImplementation(async (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text?.startsWith('select count(*)::int from')) {
        watch.sent += 1;
        await gate;
      }
      return send(...args);
    });
    return watch;
  }

  it('counts concurrent identical searches once, and keeps the count until it expires or is cleared', async () => {
    const counts = createSearchCountCache();
    const query = spaceSearchSchema.parse({ location: TOWN, limit: '1', availableOn: DAY });
    const want = expected(DAY, null, new Date()).length;
    const watch = watchCounts();
    try {
      const answers = await Promise.all([1, 2, 3].map(() => searchSpaces(t.db, query, counts)));
      expect(answers.map((answer) => answer.total)).toEqual([want, want, want]);
      expect(watch.sent).toBe(1);
      const owner = (await insertUser(t.db)).id;
      await t.db
        .insert(medicalSpaces)
        .values(spaceValues(owner, { title: `${TOWN} kept count`, city: TOWN, state: 'MA', pricePeriod: 'daily' }));
      expect((await searchSpaces(t.db, query, counts)).total).toBe(want);
      expect(watch.sent).toBe(1);
      // What the app does when a space is listed or removed through it.
      counts.clear();
      expect((await searchSpaces(t.db, query, counts)).total).toBe(want + 1);
      expect(watch.sent).toBe(2);
    } finally {
      watch.stop();
      await t.db.delete(medicalSpaces).where(eq(medicalSpaces.title, `${TOWN} kept count`));
    }
  });

  it('answers a count that was being made when the cache was cleared, and does not keep it', async () => {
    const counts = createSearchCountCache();
    const query = spaceSearchSchema.parse({ location: TOWN, limit: '1', availableOn: shiftDate(DAY, 1) });
    const want = expected(shiftDate(DAY, 1), null, new Date()).length;
    const watch = watchCounts();
    try {
      watch.hold();
      const answer = searchSpaces(t.db, query, counts);
      await expect.poll(() => watch.sent, { interval: 5 }).toBe(1);
      counts.clear();
      watch.release();
      expect((await answer).total).toBe(want);
      expect(counts.size).toBe(0);
    } finally {
      watch.release();
      watch.stop();
    }
  });
});
