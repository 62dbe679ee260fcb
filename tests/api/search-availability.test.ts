/**
 * Search by availability (docs/product.md#search): `GET /api/spaces?availableOn=...`
 * with and without a time window answers exactly the spaces the shared rules
 * (src/shared/availability.ts) say can be booked then — across schedules, sessions, blocked
 * dates, bookings with buffers and holds, notice and horizon, in three time zones (MA, CA, AZ);
 * bad windows are 400s; the map points apply the same filter. On PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, medicalSpaces, spaceBlockedDates } from '../../src/server/db/schema';
import { moveBookings } from '../../src/server/bookings/booking-writer';
import { addBlockedDate, removeBlockedDate } from '../../src/server/schedules/owner-calendar';
import { replaceBlockedDates } from '../../src/server/schedules/service';
import { rebuildSpaceDays } from '../../src/server/schedules/space-days';
import { sweepSpaceDays } from '../../src/server/schedules/space-days-sweep';
import { createSearchCountCache } from '../../src/server/search/counts';
import { searchSpaces } from '../../src/server/search/search';
import { spaceSearchSchema } from '../../src/shared/schemas/spaces';
import { US_STATES } from '../../src/shared/time-zones';
import {
  availableDays,
  dayOffer,
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
        // The blocked dates and the bookings moved above were written in SQL: what search reads of them, written as the app does.
        await rebuildSpaceDays(t.db, [space!.id]);
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
  await rebuildSpaceDays(
    t.db,
    closed.map((space) => space.id),
  );
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

describe('what search by availability reads', () => {
  /** The stored template of each fixture space (`day_windows`, `day_last_starts`), by title. */
  async function templates() {
    const rows = await t.handle.query<{ title: string; windows: string[]; last_starts: number[] }>(
      `select title, array(select w::text from unnest(day_windows) with ordinality u(w, n) order by n) as windows, day_last_starts as last_starts
         from medical_spaces where city = $1`,
      [TOWN],
    );
    return new Map(rows.map((row) => [row.title, row]));
  }
  const multirange = (windows: [number, number][]) => `{${windows.map(([from, to]) => `[${from},${to})`).join(',')}}`;

  it('gives each space the time zone of its state', async () => {
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
  });

  it('stores, for each weekday and the day the clocks change, what the shared rules offer on such a day with nothing booked', async () => {
    const stored = await templates();
    expect(stored.size).toBe(fixtures.length);
    const hours24 = (date: string, timeZone: string) =>
      localInstant(shiftDate(date, 1), 0, timeZone).getTime() - localInstant(date, 0, timeZone).getTime() === 24 * 60 * 60 * 1000;
    /** Each weekday of the week of {@link DAY}, Monday first, or of a later week where that weekday has 24 hours in the zone. */
    const weekIn = (timeZone: string) =>
      Array.from({ length: 7 }, (_, index) => {
        let date = shiftDate(DAY, index - 1);
        while (!hours24(date, timeZone)) date = shiftDate(date, 7);
        return date;
      });
    const kindOfClockChange = (timeZone: string) => {
      const length =
        localInstant(shiftDate(CLOCK_CHANGE_DAY, 1), 0, timeZone).getTime() - localInstant(CLOCK_CHANGE_DAY, 0, timeZone).getTime();
      return length < 24 * 60 * 60 * 1000 ? 8 : length > 24 * 60 * 60 * 1000 ? 9 : null;
    };
    for (const { title, calendar } of fixtures) {
      const { windows, last_starts: lastStarts } = stored.get(title)!;
      const open = { ...calendar, blockedDates: [] };
      weekIn(calendar.timeZone).forEach((date, index) => {
        const offer = dayOffer(open, [], date);
        expect([windows[index], lastStarts[index]], `${title} ${date}`).toEqual([multirange(offer.windows), offer.lastStart]);
        // A weekday has a slot exactly when, nothing booked and no notice, the rules offer one on it.
        const slot = availableDays(
          { ...open, schedule: open.schedule && { ...open.schedule, minNoticeHours: 0, maxAdvanceDays: null } },
          [],
          { from: date, to: date },
          new Date(0),
        )[0]!;
        expect(lastStarts[index]! >= 0, `${title} ${date}`).toBe(slot.slots.some((s) => s.available));
      });
      const kind = kindOfClockChange(calendar.timeZone);
      if (kind) {
        const offer = dayOffer(open, [], CLOCK_CHANGE_DAY);
        expect([windows[kind - 1], lastStarts[kind - 1]], `${title} ${CLOCK_CHANGE_DAY}`).toEqual([
          multirange(offer.windows),
          offer.lastStart,
        ]);
      }
    }
    // Not vacuous: touching intervals are one window; a weekday open without a slot (30 minutes by the hour; no session in its hours).
    const touching = stored.get(`${TOWN} MA touching intervals free`)!;
    expect(touching.windows[1]).toBe('{[480,1080)}');
    expect(touching.last_starts.map((start) => start >= 0)).toEqual([false, true, false, false, false, false, false, false, false]);
    expect(
      stored
        .get(`${TOWN} MA sessions outside a day free`)!
        .last_starts.slice(0, 7)
        .map((start) => start >= 0),
    ).toEqual([false, true, false, false, false, false, false]);
  });

  it('keeps a row for each date its bookings change, written with every booking written and moved, and what it offers once a hold lapses', async () => {
    const owner = (await insertUser(t.db)).id;
    const renter = (await insertUser(t.db)).id;
    const schedule = scheduleSchema.parse({ bufferMinutes: 15 });
    const [space] = await t.db
      .insert(medicalSpaces)
      .values(spaceValues(owner, { title: 'Stored days', city: 'Rowville', state: 'AZ', pricePeriod: 'hourly', schedule }))
      .returning();
    const calendar: ListingCalendar = { period: 'hourly', timeZone: 'America/Phoenix', schedule, blockedDates: [] };
    const at = (date: string, time: string) => localInstant(date, minutesOfDay(time)!, calendar.timeZone);
    const rowsOf = () =>
      t.handle.query<{ date: string; windows: string; last_start: number; changes_at: Date | null; later_windows: string | null }>(
        `select to_char(date, 'YYYY-MM-DD') as date, windows::text, last_start, changes_at, later_windows::text from space_days where space_id = $1 order by date`,
        [space!.id],
      );
    const offered = (taken: TakenRange[], date = DAY) => multirange(dayOffer(calendar, taken, date).windows);
    expect(await rowsOf()).toEqual([]);

    // A booking ending at midnight with its buffer: its date and the next (the buffer reaches into it).
    const evening = { startAt: at(DAY, '22:00'), endAt: at(shiftDate(DAY, 1), '00:00'), bufferMinutes: 15 };
    const booked = await insertBooking(t.db, { spaceId: space!.id, renterId: renter, ...evening });
    expect((await rowsOf()).map((row) => [row.date, row.windows])).toEqual([
      [DAY, offered([evening])],
      [shiftDate(DAY, 1), offered([evening], shiftDate(DAY, 1))],
    ]);
    expect(offered([evening], shiftDate(DAY, 1))).toBe('{[15,1440)}');

    // A hold: its row says when it lapses and what the date offers then.
    const morning = { startAt: at(DAY, '09:00'), endAt: at(DAY, '10:00'), bufferMinutes: 15 };
    const lapses = new Date(Date.now() + 10 * 60_000);
    await insertBooking(t.db, { spaceId: space!.id, renterId: renter, ...morning, status: 'awaiting_payment', holdExpiresAt: lapses });
    const [withHold] = await rowsOf();
    expect(withHold!.windows).toBe(offered([evening, morning]));
    expect(withHold!.changes_at?.getTime()).toBe(lapses.getTime());
    expect(withHold!.later_windows).toBe(offered([evening]));

    // Cancelled through the bookings' writer: the dates are free again, and equal to the template, so no row is kept.
    await moveBookings(t.db, { id: booked.id }, 'confirmed', 'cancel', { cancelledBy: 'owner', cancelledAt: new Date() });
    const left = await rowsOf();
    expect(left.map((row) => row.date)).toEqual([DAY]);
    expect(left[0]!.windows).toBe(offered([morning]));

    // The hold lapses and the sweep (or the reconciliation, which expires it) writes its date again.
    await sweepSpaceDays(t.db, new Date(lapses.getTime() + 1000));
    expect(await rowsOf()).toEqual([]);
    await t.db.delete(bookings).where(eq(bookings.spaceId, space!.id));
    await t.db.delete(medicalSpaces).where(eq(medicalSpaces.id, space!.id));
  });
});

describe("a space's blocked dates on its row", () => {
  it('follows every blocked date the owner adds or removes, and a listing saved with its blocked dates', async () => {
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

    const added = await addBlockedDate(t.db, first, owner, { start: a, end: a });
    await addBlockedDate(t.db, first, owner, { start: b, end: c });
    await addBlockedDate(t.db, second, owner, { start: b, end: b });
    expect(await rangesOf(first)).toBe(`{[${a},${shiftDate(a, 1)}),[${b},${shiftDate(c, 1)})}`);
    expect(await rangesOf(second)).toBe(`{[${b},${shiftDate(b, 1)})}`);

    await removeBlockedDate(t.db, first, owner, added.id);
    expect(await rangesOf(first)).toBe(`{[${b},${shiftDate(c, 1)})}`);
    await t.db.transaction(async (tx) => {
      await replaceBlockedDates(tx, second, [{ start: a, end: a }]);
      await rebuildSpaceDays(tx, [second]);
    });
    expect(await rangesOf(second)).toBe(`{[${a},${shiftDate(a, 1)})}`);
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
