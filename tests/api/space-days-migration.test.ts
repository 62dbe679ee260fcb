/**
 * Migration 0034 (docs/decisions/014-search-in-the-database.md): a database written the old way, whose
 * search by availability asked SQL copies of the rules, is migrated; the copies are gone, and once the
 * stored days are written (as the app's start writes them) search answers what the shared rules say of
 * its spaces, their blocked dates, bookings and holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client';
import { rebuildStaleSpaceDays } from '../../src/server/schedules/space-days-sweep';
import { searchSpaces } from '../../src/server/search/search';
import {
  availableDays,
  localInstant,
  scheduleProblem,
  shiftDate,
  type ListingCalendar,
  type TakenRange,
} from '../../src/shared/availability';
import { scheduleSchema, type Schedule } from '../../src/shared/schemas/schedules';
import { spaceSearchSchema } from '../../src/shared/schemas/spaces';
import { minutesOfDay } from '../../src/shared/time-of-day';
import { insertUser } from '../factories/db';
import { openOldDatabase, type OldDatabase } from '../helpers/old-database';
import { futureWeekday } from '../helpers/dates';

const LAST_OLD = 33;
const TOWN = 'Migrationville';
const ZONE = 'America/New_York';
/** A Tuesday ten days or more ahead. */
const DAY = futureWeekday(2, 10);

let old: OldDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  old = await openOldDatabase(LAST_OLD);
  handle = old.handle;
}, 120_000);

afterAll(async () => {
  await old?.close();
});

/** The spaces of the old database: a schedule each, and what is written on them (the old way, in SQL). */
const SPACES: {
  title: string;
  period: 'hourly' | 'daily' | 'session';
  schedule: Schedule | null;
  blocked?: true;
  booked?: [string, string, string?][];
}[] = [
  { title: 'open', period: 'hourly', schedule: null },
  { title: 'blocked', period: 'daily', schedule: null, blocked: true },
  {
    title: 'mornings booked',
    period: 'hourly',
    schedule: scheduleSchema.parse({ weeklyHours: { tue: [{ start: '08:00', end: '12:00' }] }, bufferMinutes: 30 }),
    booked: [['09:00', '10:00']],
  },
  { title: 'day booked', period: 'daily', schedule: null, booked: [['00:00', '24:00']] },
  {
    title: 'held',
    period: 'hourly',
    schedule: scheduleSchema.parse({ weeklyHours: { tue: [{ start: '08:00', end: '12:00' }] } }),
    booked: [['08:00', '12:00', 'hold']],
  },
  {
    title: 'sessions',
    period: 'session',
    schedule: scheduleSchema.parse({
      sessions: [
        { name: 'Morning', start: '08:00', end: '12:00' },
        { name: 'Afternoon', start: '13:00', end: '17:00' },
      ],
    }),
    booked: [['08:00', '12:00']],
  },
];

describe('migration 0034: the stored days of search by availability', () => {
  it('drops the SQL copies of the rules, and search then answers what the shared rules say', async () => {
    const owner = await insertUser(handle.db);
    const renter = await insertUser(handle.db);
    const at = (time: string) => localInstant(time === '24:00' ? shiftDate(DAY, 1) : DAY, time === '24:00' ? 0 : minutesOfDay(time)!, ZONE);
    const fixtures: { title: string; calendar: ListingCalendar; taken: TakenRange[] }[] = [];
    for (const space of SPACES) {
      const [row] = await handle.query<{ id: string }>(
        `insert into medical_spaces (owner_id, title, description, space_type, address, city, state, zip_code, price_per_day, price_period, schedule)
         values ($1, $2, 'A room.', 'Examination Room', '1 Main St', $3, 'MA', '02116', 150, $4, $5) returning id`,
        [owner.id, `${TOWN} ${space.title}`, TOWN, space.period, space.schedule ? JSON.stringify(space.schedule) : null],
      );
      const calendar: ListingCalendar = { period: space.period, timeZone: ZONE, schedule: space.schedule, blockedDates: [] };
      if (space.blocked) {
        await handle.query(`insert into space_blocked_dates (space_id, start_date, end_date) values ($1, $2, $2)`, [row!.id, DAY]);
        calendar.blockedDates = [{ start: DAY, end: DAY }];
      }
      const taken: TakenRange[] = [];
      for (const [start, end, hold] of space.booked ?? []) {
        const bufferMinutes = space.period === 'daily' ? 0 : (space.schedule?.bufferMinutes ?? 0);
        await handle.query(
          `insert into bookings (space_id, renter_id, start_at, end_at, buffer_minutes, total_price, platform_fee_amount, status, hold_expires_at)
           values ($1, $2, $3, $4, $5, 100, 0, $6, $7)`,
          [
            row!.id,
            renter.id,
            at(start),
            at(end),
            bufferMinutes,
            hold ? 'awaiting_payment' : 'confirmed',
            hold ? new Date(Date.now() + 3_600_000) : null,
          ],
        );
        taken.push({ startAt: at(start), endAt: at(end), bufferMinutes });
      }
      fixtures.push({ title: `${TOWN} ${space.title}`, calendar, taken });
    }

    await old.migrateToLatest();
    const copies = await handle.query(
      `select proname from pg_proc where proname in ('schedule_slot_days', 'schedule_open_minutes', 'space_taken_ranges_add', 'space_blocked_date_ranges_refresh')`,
    );
    expect(copies).toEqual([]);
    expect(await rebuildStaleSpaceDays(handle.db)).toBe(SPACES.length);
    expect(await rebuildStaleSpaceDays(handle.db)).toBe(0);

    const now = new Date();
    for (const window of [null, ['08:00', '12:00'] as const]) {
      const query = spaceSearchSchema.parse({
        location: TOWN,
        limit: '100',
        availableOn: DAY,
        ...(window ? { availableFrom: window[0], availableTo: window[1] } : {}),
      });
      const found = (await searchSpaces(handle.db, query)).spaces.map((space) => space.title).sort();
      const want = fixtures
        .filter(({ calendar, taken }) => {
          if (calendar.period === 'daily')
            return scheduleProblem(calendar, { startAt: at('00:00'), endAt: at('24:00') }, taken, now) === null;
          if (!window) return availableDays(calendar, taken, { from: DAY, to: DAY }, now)[0]!.slots.some((slot) => slot.available);
          return scheduleProblem({ ...calendar, period: 'hourly' }, { startAt: at(window[0]), endAt: at(window[1]) }, taken, now) === null;
        })
        .map((fixture) => fixture.title)
        .sort();
      expect(found, window?.join('-') ?? 'any time').toEqual(want);
      // Not vacuous: some spaces pass and some do not.
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(fixtures.length);
    }
  });
});
