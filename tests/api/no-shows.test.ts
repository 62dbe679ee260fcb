/**
 * No-shows (src/server/stays/no-shows.ts, `noShowProblem` in src/shared/stays.ts): on a listing that
 * required check-in, the space's owner marks a renter who did not check in a no-show, from 30 minutes
 * after the start, once; the renter is told, can no longer check in, and may dispute it, which the
 * operators' console shows. Anyone else, another booking or another time is refused and changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, notifications } from '../../src/server/db/schema';
import { NO_SHOW_AFTER_MINUTES } from '../../src/shared/stays';
import { insertBooking, insertSpace } from '../factories/db';
import { createBooking, paidIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('no-shows', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t, { userType: 'lister' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A confirmed booking of a new space of the owner's by a new renter, started `startedAgo` ms ago, lasting 2 hours. */
  const booked = async (startedAgo: number, requiresCheckIn = true) => {
    const spaceId = (await insertSpace(t.db, owner.user.id, { requiresCheckIn })).id;
    const renter = await signedInUser(t);
    const start = new Date(Date.now() - startedAgo);
    const booking = await insertBooking(t.db, {
      spaceId,
      renterId: renter.user.id,
      startAt: start,
      endAt: new Date(start.getTime() + 2 * HOUR),
      status: 'confirmed',
      paymentStatus: 'paid',
      requiresCheckIn,
    });
    return { renter, booking };
  };
  const post = (url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const markNoShow = (id: string, cookie?: string) => post(`/api/bookings/${id}/no-show`, cookie);
  const dispute = (id: string, cookie: string, reason: unknown) => post(`/api/bookings/${id}/no-show/dispute`, cookie, { reason });
  const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const noShowNotices = async (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'booking_no_show')));

  it('is marked once by the owner, told to the renter, shown to both, and ends check-in', async () => {
    const { renter, booking } = await booked(NO_SHOW_AFTER_MINUTES * MINUTE + 5 * MINUTE);
    const marked = await markNoShow(booking.id, owner.cookie);
    expect(marked.statusCode, marked.body).toBe(200);
    const markedAt = marked.json().noShow.markedAt as string;
    expect(Math.abs(new Date(markedAt).getTime() - Date.now())).toBeLessThan(MINUTE);
    expect(marked.json()).toMatchObject({ id: booking.id, status: 'confirmed', requiresCheckIn: true, noShow: { disputedAt: null } });

    // Twice: the same booking, marked once, told once.
    const again = await markNoShow(booking.id, owner.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().noShow.markedAt).toBe(markedAt);
    const told = await noShowNotices(renter.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('No-shows are not refunded.');

    const seen = await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.id}`, headers: { cookie: renter.cookie } });
    expect(seen.json().noShow).toEqual({ markedAt, disputedAt: null, disputeReason: null });

    const checkIn = await post(`/api/bookings/${booking.id}/check-in`, renter.cookie);
    expect(checkIn.statusCode).toBe(409);
    expect(checkIn.json().message).toBe('This booking was marked a no-show: it can no longer be checked into.');
    expect((await row(booking.id)).checkedInAt).toBeNull();
  });

  it('waits 30 minutes after the start, and needs a listing that required check-in and a renter who did not check in', async () => {
    const early = await booked(NO_SHOW_AFTER_MINUTES * MINUTE - 5 * MINUTE);
    const tooEarly = await markNoShow(early.booking.id, owner.cookie);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toBe(`A no-show can be marked ${NO_SHOW_AFTER_MINUTES} minutes after the start of the booking.`);
    expect((await row(early.booking.id)).noShowMarkedAt).toBeNull();

    const free = await booked(HOUR, false);
    const notRequired = await markNoShow(free.booking.id, owner.cookie);
    expect(notRequired.statusCode).toBe(409);
    expect(notRequired.json().message).toBe('This booking did not require check-in: it cannot be marked a no-show.');
    expect((await row(free.booking.id)).noShowMarkedAt).toBeNull();

    const present = await booked(HOUR);
    expect((await post(`/api/bookings/${present.booking.id}/check-in`, present.renter.cookie)).statusCode).toBe(200);
    const checkedIn = await markNoShow(present.booking.id, owner.cookie);
    expect(checkedIn.statusCode).toBe(409);
    expect(checkedIn.json().message).toBe('The renter checked in: this booking cannot be marked a no-show.');
    expect((await row(present.booking.id)).noShowMarkedAt).toBeNull();

    const long = await booked(2 * HOUR + 25 * HOUR);
    expect((await markNoShow(long.booking.id, owner.cookie)).statusCode).toBe(409);

    const cancelled = await booked(HOUR);
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled.booking.id));
    expect((await markNoShow(cancelled.booking.id, owner.cookie)).json().message).toBe('Only a confirmed booking can be marked a no-show.');
    expect(await noShowNotices(cancelled.renter.user.id)).toHaveLength(0);
  });

  it('keeps the check-in requirement of the listing as it was booked', async () => {
    const space = await insertSpace(t.db, owner.user.id, { requiresCheckIn: true });
    const renter = await signedInUser(t);
    const paid = await paidIntent(t, renter.cookie, space.id, { startDate: futureDate(20), endDate: futureDate(21) });
    const made = await createBooking(t, renter.cookie, paid.booking);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ requiresCheckIn: true, noShow: null });
    expect((await row(paid.bookingId)).requiresCheckIn).toBe(true);
  });

  it("is the space's owner's alone: 403 the renter and others, 404 unknown, 401 without a session", async () => {
    const { renter, booking } = await booked(HOUR);
    const byRenter = await markNoShow(booking.id, renter.cookie);
    expect(byRenter.statusCode).toBe(403);
    expect(byRenter.json().message).toBe('Only the owner of the space can mark a no-show.');
    const stranger = await signedInUser(t, { userType: 'lister' });
    expect((await markNoShow(booking.id, stranger.cookie)).statusCode).toBe(403);
    expect((await markNoShow(booking.id)).statusCode).toBe(401);
    expect((await markNoShow('not-a-booking', owner.cookie)).statusCode).toBe(404);
    expect((await markNoShow('00000000-0000-4000-8000-000000000000', owner.cookie)).statusCode).toBe(404);
    expect((await row(booking.id)).noShowMarkedAt).toBeNull();
  });

  it("is disputed by the renter only, once, and the operators' console shows the dispute", async () => {
    const { renter, booking } = await booked(HOUR);
    const notMarked = await dispute(booking.id, renter.cookie, 'I was there.');
    expect(notMarked.statusCode).toBe(409);
    expect((await markNoShow(booking.id, owner.cookie)).statusCode).toBe(200);

    expect((await dispute(booking.id, owner.cookie, 'I was there.')).statusCode).toBe(403);
    expect((await dispute(booking.id, renter.cookie, '   ')).statusCode).toBe(400);
    expect((await dispute(booking.id, renter.cookie, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await row(booking.id)).noShowDisputedAt).toBeNull();

    const disputed = await dispute(booking.id, renter.cookie, ' The door code did not work; I called the owner at 9:05. ');
    expect(disputed.statusCode, disputed.body).toBe(200);
    const reason = 'The door code did not work; I called the owner at 9:05.';
    expect(disputed.json().noShow).toMatchObject({ disputeReason: reason });
    const disputedAt = disputed.json().noShow.disputedAt as string;
    expect((await dispute(booking.id, renter.cookie, 'Another reason.')).json().noShow).toMatchObject({
      disputedAt,
      disputeReason: reason,
    });

    const seenByOwner = await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.id}`, headers: { cookie: owner.cookie } });
    expect(seenByOwner.json().noShow).toMatchObject({ disputedAt, disputeReason: reason });

    const operator = await signedInUser(t, { role: 'admin' });
    const inConsole = await t.app.inject({ method: 'GET', url: `/api/admin/bookings/${booking.id}`, headers: { cookie: operator.cookie } });
    expect(inConsole.statusCode, inConsole.body).toBe(200);
    expect(inConsole.json().noShow).toMatchObject({ disputedAt, disputeReason: reason });
  });
});
