/**
 * Schedules (docs/product.md#schedules): a listing's opening hours, sessions, buffer,
 * notice, horizon and blocked dates are saved and shown (notes to the owner only), bad schedules
 * are refused with the field and save nothing, the availability route answers from them, and a
 * booking outside them is refused with a 400 that says which rule; the database keeps the buffer.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLSTATE, sqlState } from '../../src/server/db/client';
import { bookings, medicalSpaces } from '../../src/server/db/schema';
import { shiftDate } from '../../src/shared/availability';
import type { ScheduleInput } from '../../src/shared/schemas/schedules';
import { insertBooking, insertSpace, insertUser } from '../factories/db';
import { createIntent } from '../helpers/booking-flow';
import { futureDate, futureWeekday, midnightIn } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const NY = 'America/New_York'; // the zone of a space in MA
const TUE = 2;
const THU = 4;

const sessionSchedule: ScheduleInput = {
  weeklyHours: {
    tue: [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ],
    thu: [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ],
  },
  sessions: [
    { name: 'Morning', start: '08:00', end: '12:00' },
    { name: 'Afternoon', start: '13:00', end: '17:00' },
  ],
  bufferMinutes: 30,
  minNoticeHours: 24,
  maxAdvanceDays: 120,
};

const listing = (overrides: Record<string, unknown> = {}) => ({
  title: 'Consult Room by the Session',
  description: 'A quiet consult room, booked by the half day.',
  spaceType: 'Consultation Room',
  capacity: 2,
  address: '200 Clarendon St',
  city: 'Boston',
  state: 'MA',
  zipCode: '02116',
  latitude: 42.3496,
  longitude: -71.0746,
  pricePerDay: '120',
  pricePeriod: 'session',
  schedule: sessionSchedule,
  ...overrides,
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie }, payload: payload as object });
const availability = (spaceId: string, from: string, to: string) =>
  t.app.inject({ method: 'GET', url: `/api/spaces/${spaceId}/availability?from=${from}&to=${to}` });
const spaceCount = async () => (await t.db.select({ n: count() }).from(medicalSpaces))[0]!.n;
const issuePaths = (body: string) => (JSON.parse(body) as { issues?: { path: string }[] }).issues?.map((issue) => issue.path) ?? [];

describe('a listing’s schedule', () => {
  it('is saved and shown; blocked dates’ notes only to the owner; an edit that leaves it out keeps it', async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const blocked = { start: futureDate(30), end: futureDate(32), note: 'Floor refinishing' };
    const created = await post(owner.cookie, listing({ blockedDates: [blocked] }));
    expect(created.statusCode, created.body).toBe(201);
    const space = created.json() as { id: string; schedule: unknown; blockedDates: unknown };
    expect(space.schedule).toEqual({ ...sessionSchedule, weeklyHours: sessionSchedule.weeklyHours });
    expect(space.blockedDates).toEqual([blocked]);

    const publicView = await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}` });
    expect(publicView.json()).toMatchObject({ pricePeriod: 'session', schedule: sessionSchedule });
    expect((publicView.json() as { blockedDates: unknown }).blockedDates).toEqual([{ start: blocked.start, end: blocked.end }]);
    const stranger = await signedInUser(t);
    const strangerView = await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}`, headers: { cookie: stranger.cookie } });
    expect(strangerView.body).not.toContain('Floor refinishing');
    const ownerView = await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}`, headers: { cookie: owner.cookie } });
    expect((ownerView.json() as { blockedDates: unknown }).blockedDates).toEqual([blocked]);

    // An edit without schedule or blocked dates keeps both; null clears the schedule, [] the dates.
    const { schedule: _schedule, ...withoutSchedule } = listing({ pricePeriod: 'hourly' });
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/spaces/${space.id}`,
      headers: { cookie: owner.cookie },
      payload: withoutSchedule,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ schedule: sessionSchedule, blockedDates: [blocked] });
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/spaces/${space.id}`,
      headers: { cookie: owner.cookie },
      payload: { ...withoutSchedule, schedule: null, blockedDates: [] },
    });
    expect(cleared.json()).toMatchObject({ schedule: null, blockedDates: [] });
  });

  it('refuses bad schedules with the field, and saves nothing', async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const before = await spaceCount();
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          schedule: {
            ...sessionSchedule,
            weeklyHours: {
              mon: [
                { start: '08:00', end: '12:00' },
                { start: '11:00', end: '13:00' },
              ],
            },
          },
        },
        'schedule.weeklyHours.mon.1.start',
      ],
      [{ schedule: { ...sessionSchedule, weeklyHours: { mon: [{ start: '12:00', end: '08:00' }] } } }, 'schedule.weeklyHours.mon.0.end'],
      [{ schedule: { ...sessionSchedule, weeklyHours: { tue: [{ start: '08:10', end: '12:00' }] } } }, 'schedule.weeklyHours.tue.0.start'],
      [{ schedule: { ...sessionSchedule, weeklyHours: { funday: [] } } }, 'schedule.weeklyHours'],
      [{ schedule: { ...sessionSchedule, sessions: [{ name: 'Evening', start: '18:00', end: '21:00' }] } }, 'schedule.sessions.0.end'],
      [
        { schedule: { sessions: Array.from({ length: 7 }, (_, i) => ({ name: `S${i}`, start: `${10 + i}:00`, end: `${10 + i}:30` })) } },
        'schedule.sessions',
      ],
      [{ schedule: { ...sessionSchedule, sessions: [] } }, 'schedule.sessions'],
      [{ schedule: { ...sessionSchedule, bufferMinutes: 300 } }, 'schedule.bufferMinutes'],
      [{ blockedDates: [{ start: futureDate(10), end: futureDate(9) }] }, 'blockedDates.0.end'],
    ];
    for (const [change, path] of cases) {
      const response = await post(owner.cookie, listing(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(issuePaths(response.body), response.body).toContain(`body.${path}`);
    }
    expect(await spaceCount()).toBe(before);
  });
});

describe('GET /api/spaces/{id}/availability', () => {
  it('gives each session of each open day, marks the booked one and its buffer, and never says who booked', async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const tuesday = futureWeekday(TUE, 7);
    const thursday = shiftDate(tuesday, 2);
    const space = (await post(owner.cookie, listing({ blockedDates: [{ start: thursday, end: thursday, note: 'Holiday' }] }))).json() as {
      id: string;
    };
    const renter = await insertUser(t.db);
    await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.id,
      startAt: new Date(midnightIn(tuesday, NY).getTime() + 8 * 3_600_000),
      endAt: new Date(midnightIn(tuesday, NY).getTime() + 12 * 3_600_000),
      bufferMinutes: 30,
    });
    const response = await availability(space.id, tuesday, thursday);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { timeZone: string; pricePeriod: string; days: { date: string; open: boolean; slots: unknown[] }[] };
    expect(body).toMatchObject({ timeZone: NY, pricePeriod: 'session' });
    expect(body.days[0]).toEqual({
      date: tuesday,
      open: true,
      slots: [
        { start: `${tuesday}T08:00`, end: `${tuesday}T12:00`, available: false },
        { start: `${tuesday}T13:00`, end: `${tuesday}T17:00`, available: true },
      ],
    });
    expect(body.days[1]).toMatchObject({ open: false, slots: [] }); // a Wednesday
    expect(body.days[2]).toMatchObject({ open: false, slots: [] }); // Thursday, blocked
    expect(response.body).not.toContain(renter.id);
    expect(response.body).not.toContain('Holiday');
  });

  it('answers 400 for a bad range and 404 for an unknown space', async () => {
    const owner = await insertUser(t.db, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.id);
    expect((await availability(space.id, futureDate(1), futureDate(1 + 93))).statusCode).toBe(400); // 94 days
    expect((await availability(space.id, futureDate(5), futureDate(4))).statusCode).toBe(400);
    expect((await availability(space.id, 'soon', futureDate(4))).statusCode).toBe(400);
    expect((await availability(space.id, futureDate(1), futureDate(93))).statusCode).toBe(200);
    expect((await availability('00000000-0000-4000-8000-000000000000', futureDate(1), futureDate(2))).statusCode).toBe(404);
  });
});

describe('booking against the schedule', () => {
  let spaceId: string;
  let renterCookie: string;
  const tuesday = futureWeekday(TUE, 14);
  const hold = (startDate: string, endDate: string) => createIntent(t, renterCookie, spaceId, { startDate, endDate });

  beforeAll(async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const created = await post(owner.cookie, listing({ blockedDates: [{ start: futureWeekday(THU, 14), end: futureWeekday(THU, 14) }] }));
    spaceId = (created.json() as { id: string }).id;
    renterCookie = (await signedInUser(t)).cookie;
  });

  it('refuses what the schedule does not allow with a 400 that says which rule', async () => {
    const cases: [string, string, RegExp][] = [
      [`${futureWeekday(1, 14)}T08:00`, `${futureWeekday(1, 14)}T12:00`, /not open at that time/], // a Monday
      [`${futureWeekday(THU, 14)}T08:00`, `${futureWeekday(THU, 14)}T12:00`, /owner has closed this space/],
      [`${tuesday}T09:00`, `${tuesday}T12:00`, /Choose one of this space's sessions: Morning 08:00–12:00, Afternoon 13:00–17:00/],
      [`${futureWeekday(TUE, 200)}T08:00`, `${futureWeekday(TUE, 200)}T12:00`, /at most 120 days ahead/],
    ];
    for (const [start, end, message] of cases) {
      const response = await hold(start, end);
      expect(response.statusCode, `${start} ${response.body}`).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(message);
    }
    expect(await t.db.select().from(bookings).where(eq(bookings.spaceId, spaceId))).toEqual([]);
  });

  it('refuses a start inside the minimum notice', async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const everyDay = { weeklyHours: null, sessions: [], minNoticeHours: 72 };
    const space = (await post(owner.cookie, listing({ pricePeriod: 'daily', schedule: everyDay }))).json() as { id: string };
    const response = await createIntent(t, renterCookie, space.id, { startDate: futureDate(1), endDate: futureDate(2) });
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { message: string }).message).toBe('This space must be booked at least 72 hours before the start.');
    expect((await createIntent(t, renterCookie, space.id, { startDate: futureDate(5), endDate: futureDate(6) })).statusCode).toBe(200);
  });

  it('holds a session, keeps its buffer (400 inside it, 409 on the session itself), and the database keeps the buffer too', async () => {
    const morning = await hold(`${tuesday}T08:00`, `${tuesday}T12:00`);
    expect(morning.statusCode, morning.body).toBe(200);
    expect(morning.json()).toMatchObject({ units: 1, amount: '120.00' });
    const [row] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, (morning.json() as { bookingId: string }).bookingId));
    expect(row!.bufferMinutes).toBe(30);

    const other = await signedInUser(t);
    const again = await createIntent(t, other.cookie, spaceId, { startDate: `${tuesday}T08:00`, endDate: `${tuesday}T12:00` });
    expect(again.statusCode).toBe(409);

    // The afternoon starts an hour after the morning's buffer ends: free. An hourly listing with a
    // 90-minute buffer would not be; the database refuses such a pair even written directly.
    expect((await createIntent(t, other.cookie, spaceId, { startDate: `${tuesday}T13:00`, endDate: `${tuesday}T17:00` })).statusCode).toBe(
      200,
    );
    const renter = await insertUser(t.db);
    const direct = insertBooking(t.db, {
      spaceId,
      renterId: renter.id,
      startAt: new Date(row!.endAt.getTime() + 15 * 60_000), // inside the morning's 30 minutes
      endAt: new Date(row!.endAt.getTime() + 45 * 60_000),
    });
    await expect(direct.catch((error: unknown) => sqlState(error))).resolves.toBe(SQLSTATE.exclusionViolation);
  });

  it('refuses an hourly booking inside another’s buffer with a 400, and takes it once the buffer has passed', async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const hourly = { weeklyHours: null, sessions: [], bufferMinutes: 45 };
    const space = (await post(owner.cookie, listing({ pricePeriod: 'hourly', pricePerDay: '40', schedule: hourly }))).json() as {
      id: string;
    };
    const day = futureDate(20);
    expect((await createIntent(t, renterCookie, space.id, { startDate: `${day}T09:00`, endDate: `${day}T10:00` })).statusCode).toBe(200);
    const other = await signedInUser(t);
    const tooSoon = await createIntent(t, other.cookie, space.id, { startDate: `${day}T10:30`, endDate: `${day}T11:30` });
    expect(tooSoon.statusCode).toBe(400);
    expect((tooSoon.json() as { message: string }).message).toMatch(/keeps 45 minutes free between bookings/);
    const before = await createIntent(t, other.cookie, space.id, { startDate: `${day}T07:30`, endDate: `${day}T08:30` });
    expect(before.statusCode).toBe(400); // leaves only 30 minutes before the 09:00 booking
    expect((await createIntent(t, other.cookie, space.id, { startDate: `${day}T10:45`, endDate: `${day}T11:45` })).statusCode).toBe(200);
  });

  it('keeps a booking when new hours leave it out', async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const space = (await post(owner.cookie, listing())).json() as { id: string };
    const day = futureWeekday(TUE, 21);
    const renter = await insertUser(t.db);
    const booked = await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.id,
      startAt: new Date(midnightIn(day, NY).getTime() + 8 * 3_600_000),
      endAt: new Date(midnightIn(day, NY).getTime() + 12 * 3_600_000),
    });
    const mondaysOnly = { ...sessionSchedule, weeklyHours: { mon: [{ start: '08:00', end: '17:00' }] } };
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/spaces/${space.id}`,
      headers: { cookie: owner.cookie },
      payload: listing({ schedule: mondaysOnly }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booked.id));
    expect(row!.status).toBe('confirmed');
  });
});
