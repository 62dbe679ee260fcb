/**
 * The owner's calendar (docs/product.md#calendar): the bookings, requests,
 * holds and blocked dates of an owner's spaces for a range of dates, own only; blocked date ranges
 * added and removed one at a time (owner only), which close those days in the availability and
 * never cancel a booking inside (the answer counts them).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, spaceBlockedDates } from '../../src/server/db/schema';
import { shiftDate } from '../../src/shared/availability';
import { MAX_BLOCKED_DATE_RANGES } from '../../src/shared/constants';
import type { Availability, CalendarEvents, CreatedBlockedDate } from '../../src/shared/schemas/availability';
import { insertBooking, insertSpace, insertUser, type NewBooking } from '../factories/db';
import { futureDate, midnightIn } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const NY = 'America/New_York'; // the zone of a space in MA

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const events = (cookie: string | undefined, userId: string, from: string, to: string) =>
  t.app.inject({ method: 'GET', url: `/api/users/${userId}/calendar-events?from=${from}&to=${to}`, headers: cookie ? { cookie } : {} });
const block = (cookie: string | undefined, spaceId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/spaces/${spaceId}/blocked-dates`,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const unblock = (cookie: string | undefined, spaceId: string, blockedId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/spaces/${spaceId}/blocked-dates/${blockedId}`, headers: cookie ? { cookie } : {} });
const availability = async (spaceId: string, from: string, to: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/spaces/${spaceId}/availability?from=${from}&to=${to}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Availability;
};

/** A daily booking of `space` from `start` to `end` (local dates in New York, end exclusive). */
const dailyBooking = (spaceId: string, renterId: string, start: string, end: string, values: Partial<NewBooking> = {}) =>
  insertBooking(t.db, { spaceId, renterId, startAt: midnightIn(start, NY), endAt: midnightIn(end, NY), ...values });

describe('GET /api/users/{id}/calendar-events', () => {
  it('shows the owner’s bookings, requests, live holds and cancelled ones in the range, with local times; never expired holds or other owners’', async () => {
    const { user: owner, cookie } = await signedInUser(t, { userType: 'lister' });
    const renter = await insertUser(t.db, { firstName: 'Rosa' });
    const space = await insertSpace(t.db, owner.id, { title: 'Calendar Room A' });
    const other = await insertSpace(t.db, (await insertUser(t.db)).id, { title: 'Someone Else’s Room' });
    const confirmed = await dailyBooking(space.id, renter.id, futureDate(10), futureDate(12));
    const pending = await dailyBooking(space.id, renter.id, futureDate(13), futureDate(14), { status: 'pending' });
    const hold = await dailyBooking(space.id, renter.id, futureDate(15), futureDate(16), {
      status: 'awaiting_payment',
      holdExpiresAt: new Date(Date.now() + 10 * 60_000),
    });
    const expiredHold = await dailyBooking(space.id, renter.id, futureDate(17), futureDate(18), {
      status: 'awaiting_payment',
      holdExpiresAt: new Date(Date.now() - 60_000),
    });
    const cancelled = await dailyBooking(space.id, renter.id, futureDate(17), futureDate(18), { status: 'cancelled' });
    await dailyBooking(space.id, renter.id, futureDate(19), futureDate(20), { status: 'declined' });
    const outside = await dailyBooking(space.id, renter.id, futureDate(40), futureDate(41));
    await dailyBooking(other.id, renter.id, futureDate(10), futureDate(12));
    await t.db.insert(spaceBlockedDates).values([
      { spaceId: space.id, startDate: futureDate(20), endDate: futureDate(22), note: 'Painting' },
      { spaceId: space.id, startDate: futureDate(60), endDate: futureDate(61) },
      { spaceId: other.id, startDate: futureDate(20), endDate: futureDate(22) },
    ]);

    const response = await events(cookie, owner.id, futureDate(11), futureDate(30));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json() as CalendarEvents;
    expect(body.spaces).toEqual([{ id: space.id, title: 'Calendar Room A', timeZone: NY }]);
    const ids = body.bookings.map((booking) => booking.bookingId);
    expect(ids).toEqual([confirmed.id, pending.id, hold.id, cancelled.id]);
    expect(ids).not.toContain(expiredHold.id);
    expect(ids).not.toContain(outside.id);
    expect(body.bookings[0]).toEqual({
      bookingId: confirmed.id,
      spaceId: space.id,
      spaceTitle: 'Calendar Room A',
      status: 'confirmed',
      startAt: confirmed.startAt.toISOString(),
      endAt: confirmed.endAt.toISOString(),
      start: `${futureDate(10)}T00:00`,
      end: `${futureDate(12)}T00:00`,
      renterFirstName: 'Rosa',
    });
    expect(body.bookings.map((booking) => booking.status)).toEqual(['confirmed', 'pending', 'awaiting_payment', 'cancelled']);
    expect(body.blockedDates).toEqual([
      {
        id: expect.any(String),
        spaceId: space.id,
        spaceTitle: 'Calendar Room A',
        start: futureDate(20),
        end: futureDate(22),
        note: 'Painting',
      },
    ]);
  });

  it('ends a range at the end of its last local day: a booking starting the day after is left out', async () => {
    const { user: owner, cookie } = await signedInUser(t, { userType: 'lister' });
    const renter = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    await dailyBooking(space.id, renter.id, futureDate(31), futureDate(32));
    const lastDay = await dailyBooking(space.id, renter.id, futureDate(30), futureDate(31));
    const body = (await events(cookie, owner.id, futureDate(20), futureDate(30))).json() as CalendarEvents;
    expect(body.bookings.map((booking) => booking.bookingId)).toEqual([lastDay.id]);
  });

  it('is the owner’s own: 401 signed out, 403 for another user; an owner with no spaces gets empty lists', async () => {
    const { user, cookie } = await signedInUser(t);
    const stranger = await insertUser(t.db);
    expect((await events(undefined, user.id, futureDate(1), futureDate(2))).statusCode).toBe(401);
    expect((await events(cookie, stranger.id, futureDate(1), futureDate(2))).statusCode).toBe(403);
    const empty = await events(cookie, user.id, futureDate(1), futureDate(2));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ spaces: [], bookings: [], blockedDates: [] });
  });

  it('refuses ranges over 93 days, inverted or malformed (400)', async () => {
    const { user, cookie } = await signedInUser(t);
    expect((await events(cookie, user.id, futureDate(1), futureDate(93))).statusCode).toBe(200);
    expect((await events(cookie, user.id, futureDate(1), futureDate(94))).statusCode).toBe(400);
    expect((await events(cookie, user.id, futureDate(5), futureDate(4))).statusCode).toBe(400);
    expect((await events(cookie, user.id, '2026-02-30', futureDate(4))).statusCode).toBe(400);
  });
});

describe('blocked dates one range at a time', () => {
  it('blocks days (closed in the availability, shown on the calendar), counts the bookings inside without cancelling them, and unblocks', async () => {
    const { user: owner, cookie } = await signedInUser(t, { userType: 'lister' });
    const renter = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    const from = futureDate(20);
    const to = futureDate(21);
    const inside = await dailyBooking(space.id, renter.id, from, shiftDate(from, 1));
    await dailyBooking(space.id, renter.id, futureDate(24), futureDate(25), { status: 'cancelled' });
    expect((await availability(space.id, from, to)).days.map((day) => day.open)).toEqual([true, true]);

    const created = await block(cookie, space.id, { start: from, end: to, note: 'Holiday' });
    expect(created.statusCode, created.body).toBe(201);
    const range = created.json() as CreatedBlockedDate;
    expect(range).toEqual({ id: expect.any(String), start: from, end: to, note: 'Holiday', bookingsInside: 1 });
    expect((await availability(space.id, from, to)).days.map((day) => day.open)).toEqual([false, false]);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, inside.id)))[0]!.status).toBe('confirmed');
    const calendar = (await events(cookie, owner.id, from, to)).json() as CalendarEvents;
    expect(calendar.blockedDates.map((blocked) => blocked.id)).toEqual([range.id]);

    // A cancelled booking is not inside; no booking, none counted.
    const later = await block(cookie, space.id, { start: futureDate(24), end: futureDate(24) });
    expect(later.json()).toMatchObject({ bookingsInside: 0, note: null });

    expect((await unblock(cookie, space.id, range.id)).statusCode).toBe(204);
    expect((await availability(space.id, from, to)).days.map((day) => day.open)).toEqual([true, true]);
    expect((await unblock(cookie, space.id, range.id)).statusCode).toBe(404);
    const space2 = await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}` });
    expect((space2.json() as { blockedDates: unknown[] }).blockedDates).toEqual([{ start: futureDate(24), end: futureDate(24) }]);
  });

  it('changes the search by availability at once: its cached count is made again', async () => {
    const { user: owner, cookie } = await signedInUser(t, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.id);
    await insertSpace(t.db, owner.id);
    await insertSpace(t.db, owner.id);
    const day = futureDate(33);
    // One card a page: the total is counted (and cached), not read off the page.
    const total = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/spaces?ownerId=${owner.id}&availableOn=${day}&limit=1` });
      expect(response.statusCode, response.body).toBe(200);
      return response.headers['x-total-count'];
    };
    expect(await total()).toBe('3');
    const range = (await block(cookie, space.id, { start: day, end: day })).json() as CreatedBlockedDate;
    expect(await total()).toBe('2');
    await unblock(cookie, space.id, range.id);
    expect(await total()).toBe('3');
  });

  it('is the owner’s: 401 signed out, 403 another user, 404 unknown space or range; a range of another space is not found there', async () => {
    const { user: owner, cookie } = await signedInUser(t, { userType: 'lister' });
    const { cookie: strangerCookie } = await signedInUser(t);
    const space = await insertSpace(t.db, owner.id);
    const otherSpace = await insertSpace(t.db, owner.id);
    const range = { start: futureDate(5), end: futureDate(6) };
    expect((await block(undefined, space.id, range)).statusCode).toBe(401);
    expect((await block(strangerCookie, space.id, range)).statusCode).toBe(403);
    expect((await block(cookie, '00000000-0000-4000-8000-000000000000', range)).statusCode).toBe(404);
    expect((await block(cookie, 'not-a-uuid', range)).statusCode).toBe(404);
    const created = (await block(cookie, space.id, range)).json() as CreatedBlockedDate;
    expect((await unblock(undefined, space.id, created.id)).statusCode).toBe(401);
    expect((await unblock(strangerCookie, space.id, created.id)).statusCode).toBe(403);
    expect((await unblock(cookie, otherSpace.id, created.id)).statusCode).toBe(404);
    expect((await unblock(cookie, space.id, 'nope')).statusCode).toBe(404);
    expect(await t.db.select().from(spaceBlockedDates).where(eq(spaceBlockedDates.spaceId, space.id))).toHaveLength(1);
  });

  it('refuses an inverted or malformed range and the range past the limit (400), saving nothing', async () => {
    const { user: owner, cookie } = await signedInUser(t, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.id);
    expect((await block(cookie, space.id, { start: futureDate(6), end: futureDate(5) })).statusCode).toBe(400);
    expect((await block(cookie, space.id, { start: 'tomorrow', end: futureDate(5) })).statusCode).toBe(400);
    expect((await block(cookie, space.id, { start: futureDate(5), end: futureDate(5), note: 'x'.repeat(201) })).statusCode).toBe(400);
    expect(await t.db.select().from(spaceBlockedDates).where(eq(spaceBlockedDates.spaceId, space.id))).toHaveLength(0);

    await t.db.insert(spaceBlockedDates).values(
      Array.from({ length: MAX_BLOCKED_DATE_RANGES }, (_, i) => ({
        spaceId: space.id,
        startDate: futureDate(100 + i),
        endDate: futureDate(100 + i),
      })),
    );
    const over = await block(cookie, space.id, { start: futureDate(5), end: futureDate(5) });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ message: `A listing can have at most ${MAX_BLOCKED_DATE_RANGES} blocked date ranges` });
    expect(await t.db.select().from(spaceBlockedDates).where(eq(spaceBlockedDates.spaceId, space.id))).toHaveLength(
      MAX_BLOCKED_DATE_RANGES,
    );
  });
});
