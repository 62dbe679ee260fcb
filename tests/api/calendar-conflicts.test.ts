/**
 * Conflicts between imported busy times and bookings already made (docs/decisions/038-calendar-import.md):
 * raised at a sync and told to the owner, decided by the owner only (keep: never raised again; cancel the
 * booking: a full refund, the renter told), never resolved on their own. Feeds come from a local server;
 * dates are counted from today in the space's zone.
 */
import { and, eq, sql } from 'drizzle-orm';
import { performBookingStep } from '../../src/server/bookings/notices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, calendarConflicts, notifications } from '../../src/server/db/schema';
import type { CalendarConflict } from '../../src/shared/schemas/calendar-imports';
import { insertSpace } from '../factories/db';
import { createBooking, createIntent, paidIntent } from '../helpers/booking-flow';
import { addSyncedFeed, feedOf, localHour, startFeedApp, stopFeedApp, zoneDateAhead, type FeedServer } from '../helpers/feed-server';
import { signedInUser, type TestApp } from '../helpers/test-app';

const ZONE = 'America/New_York'; // Massachusetts
/** The space's local date 3 days from today: close enough that a strict policy refunds a renter nothing. */
const DAY = zoneDateAhead(3, ZONE);
const SECRET = 'Staff meeting about Mr Example';
/** Busy 10:30 to 11:30 on {@link DAY}: across the booking's 10:00 to 12:00. */
const HALF_PAST_TEN = new Date(localHour(DAY, 10, ZONE).getTime() + 30 * 60_000);
const CLASH = feedOf([{ start: HALF_PAST_TEN, end: new Date(HALF_PAST_TEN.getTime() + 3_600_000), summary: SECRET }]);

let t: TestApp;
let feeds: FeedServer;
beforeAll(async () => ({ t, feeds } = await startFeedApp()));
afterAll(() => stopFeedApp(t, feeds));

/** An hourly space under a strict policy, confirmed for 10:00 to 12:00 on {@link DAY}, then a feed at `path` clashing with it, read once. */
async function clashingBooking(path: string) {
  const owner = await signedInUser(t, { userType: 'lister' });
  const space = await insertSpace(t.db, owner.user.id, { pricePeriod: 'hourly', pricePerDay: '40.00', cancellationPolicyTier: 'strict' });
  const renter = await signedInUser(t);
  const paid = await paidIntent(t, renter.cookie, space.id, { startDate: `${DAY}T10:00`, endDate: `${DAY}T12:00` });
  const booked = await createBooking(t, renter.cookie, paid.booking);
  expect(booked.statusCode, booked.body).toBe(201);
  const bookingId = booked.json<{ id: string }>().id;
  feeds.set(path, CLASH);
  const { sync } = await addSyncedFeed(t, owner.cookie, space.id, `${feeds.base}${path}`);
  return { owner, space, renter, bookingId, sync };
}

async function conflictsOf(user: { user: { id: string }; cookie: string }): Promise<CalendarConflict[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/users/${user.user.id}/calendar-conflicts`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toContain(SECRET);
  return response.json<CalendarConflict[]>();
}

const decide = (cookie: string, id: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/calendar-conflicts/${id}`, headers: { cookie }, payload: payload as object });

const noticesOf = (userId: string, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

describe('calendar conflicts', () => {
  it('are raised for a confirmed booking and told to the owner; only the owner sees them', async () => {
    const { owner, renter, bookingId } = await clashingBooking('/raise.ics');
    const [raised, ...others] = await conflictsOf(owner);
    expect(others).toEqual([]);
    expect(raised).toMatchObject({
      status: 'open',
      importName: 'Practice',
      busyStartAt: HALF_PAST_TEN.toISOString(),
      booking: { id: bookingId, status: 'confirmed', startAt: localHour(DAY, 10, ZONE).toISOString() },
    });
    const notices = await noticesOf(owner.user.id, 'calendar_conflict');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.link).toBe('/calendar');
    expect(JSON.stringify(notices[0])).not.toContain(SECRET);

    const other = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.user.id}/calendar-conflicts`,
      headers: { cookie: renter.cookie },
    });
    expect(other.statusCode).toBe(403);
    expect(await conflictsOf(renter)).toEqual([]);
  });

  it('keep: the conflict goes for good, the booking stays, a later sync neither raises it nor tells again', async () => {
    const { owner, bookingId, sync } = await clashingBooking('/keep.ics');
    const [raised] = await conflictsOf(owner);
    const kept = await decide(owner.cookie, raised!.id, { action: 'keep' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<CalendarConflict>()).toMatchObject({ id: raised!.id, status: 'kept' });
    expect(await conflictsOf(owner)).toEqual([]);
    await sync();
    expect(await conflictsOf(owner)).toEqual([]);
    expect(await noticesOf(owner.user.id, 'calendar_conflict')).toHaveLength(1);
    const [booking] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe('confirmed');
    expect((await decide(owner.cookie, raised!.id, { action: 'cancel_booking' })).statusCode).toBe(409);
  });

  it('cancel_booking: cancels as the owner, refunds in full under a strict policy and tells the renter', async () => {
    const { owner, renter, bookingId } = await clashingBooking('/cancel.ics');
    const [raised] = await conflictsOf(owner);
    const cancelled = await decide(owner.cookie, raised!.id, { action: 'cancel_booking' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<CalendarConflict>()).toMatchObject({ status: 'cancelled', booking: { id: bookingId, status: 'cancelled' } });
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ status: 'cancelled', cancelledBy: 'owner', refundAmount: '80.00', paymentStatus: 'refunded' });
    // The renter is told by the booking-step job the cancellation queued, as every owner cancellation is.
    const queued = (await t.db.execute(
      sql`select data from pgboss.job where name = 'booking-step' and data->>'bookingId' = ${bookingId} and data->>'step' = 'cancelled'`,
    )) as unknown as { rows?: { data: Parameters<typeof performBookingStep>[1] }[] } | { data: Parameters<typeof performBookingStep>[1] }[];
    const [job] = Array.isArray(queued) ? queued : (queued.rows ?? []);
    expect(job).toBeDefined();
    await performBookingStep(t.db, job!.data);
    const [told] = await noticesOf(renter.user.id, 'booking_cancelled');
    expect(told!.data).toMatchObject({ cancelledBy: 'owner', refundCents: 8000 });
    expect(await conflictsOf(owner)).toEqual([]);
  });

  it('go when the busy time leaves the feed, and nothing is cancelled on its own', async () => {
    const { owner, bookingId, sync } = await clashingBooking('/leaves.ics');
    expect(await conflictsOf(owner)).toHaveLength(1);
    feeds.set('/leaves.ics', feedOf([]));
    await sync();
    expect(await conflictsOf(owner)).toEqual([]);
    const [booking] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe('confirmed');
  });

  it('are raised for a hold too; a hold cannot be cancelled as a booking (409), only kept', async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.user.id, { pricePeriod: 'hourly', pricePerDay: '40.00' });
    const renter = await signedInUser(t);
    const held = await createIntent(t, renter.cookie, space.id, { startDate: `${DAY}T11:00`, endDate: `${DAY}T12:00` });
    expect(held.statusCode, held.body).toBe(200);
    feeds.set('/hold.ics', CLASH);
    await addSyncedFeed(t, owner.cookie, space.id, `${feeds.base}/hold.ics`);
    const [raised] = await conflictsOf(owner);
    expect(raised!.booking).toMatchObject({ id: held.json<{ bookingId: string }>().bookingId, status: 'awaiting_payment' });
    const refused = await decide(owner.cookie, raised!.id, { action: 'cancel_booking' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await decide(owner.cookie, raised!.id, { action: 'keep' })).statusCode).toBe(200);
  });

  it('refuses anyone but the owner (403) and bad input (400), changing nothing', async () => {
    const { owner, renter, bookingId } = await clashingBooking('/refuse.ics');
    const [raised] = await conflictsOf(owner);
    const stranger = await signedInUser(t, { userType: 'lister' });
    for (const [cookie, payload, status] of [
      [renter.cookie, { action: 'cancel_booking' }, 403],
      [stranger.cookie, { action: 'keep' }, 403],
      [owner.cookie, { action: 'delete' }, 400],
      [owner.cookie, {}, 400],
      [owner.cookie, { action: 'keep', extra: true }, 400],
    ] as const) {
      const response = await decide(cookie, raised!.id, payload);
      expect(response.statusCode, response.body).toBe(status);
    }
    expect((await decide(owner.cookie, '00000000-0000-4000-8000-000000000000', { action: 'keep' })).statusCode).toBe(404);
    expect((await decide(owner.cookie, 'not-an-id', { action: 'keep' })).statusCode).toBe(404);
    const [row] = await t.db
      .select({ status: calendarConflicts.status })
      .from(calendarConflicts)
      .where(eq(calendarConflicts.id, raised!.id));
    expect(row!.status).toBe('open');
    const [booking] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe('confirmed');
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/calendar-conflicts/${raised!.id}`, payload: { action: 'keep' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
