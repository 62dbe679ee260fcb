/**
 * The day of a stay (src/server/stays, src/shared/stays.ts): the renter of a confirmed booking
 * checks in from 30 minutes before its start to its end, and out after checking in, up to a day
 * after its end; each time is recorded once and shown to both sides; anyone else, another status
 * or another time is refused and changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/db/schema';
import { CHECK_IN_OPENS_MINUTES, CHECK_OUT_CLOSES_HOURS } from '../../src/shared/stays';
import { insertBooking, insertSpace } from '../factories/db';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('checking in and out', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t, { userType: 'lister' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A booking of a space of the owner's by a new signed-in renter, starting `startsIn` ms from now and lasting `lasts` ms. */
  const booked = async (startsIn: number, lasts = 2 * HOUR, status: 'confirmed' | 'pending' | 'cancelled' = 'confirmed') => {
    const spaceId = (await insertSpace(t.db, owner.user.id)).id;
    const renter = await signedInUser(t);
    const start = new Date(Date.now() + startsIn);
    const booking = await insertBooking(t.db, {
      spaceId,
      renterId: renter.user.id,
      startAt: start,
      endAt: new Date(start.getTime() + lasts),
      status,
      paymentStatus: status === 'pending' ? 'authorized' : 'paid',
    });
    return { renter, booking };
  };
  const step = (bookingId: string, path: 'check-in' | 'check-out', cookie?: string) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${bookingId}/${path}`, headers: cookie ? { cookie } : {} });
  const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  it('records the check-in and check-out once each, and shows them to the renter and the owner', async () => {
    const { renter, booking } = await booked(10 * MINUTE);
    const checkedIn = await step(booking.id, 'check-in', renter.cookie);
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    const inAt = checkedIn.json().checkedInAt as string;
    expect(Math.abs(new Date(inAt).getTime() - Date.now())).toBeLessThan(MINUTE);
    expect(checkedIn.json()).toMatchObject({ id: booking.id, checkedOutAt: null, status: 'confirmed' });

    // Again: the first time stays.
    const again = await step(booking.id, 'check-in', renter.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().checkedInAt).toBe(inAt);

    const checkedOut = await step(booking.id, 'check-out', renter.cookie);
    expect(checkedOut.statusCode, checkedOut.body).toBe(200);
    const outAt = checkedOut.json().checkedOutAt as string;
    expect(new Date(outAt).getTime()).toBeGreaterThanOrEqual(new Date(inAt).getTime());
    expect((await step(booking.id, 'check-out', renter.cookie)).json().checkedOutAt).toBe(outAt);

    const seenByOwner = await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.id}`, headers: { cookie: owner.cookie } });
    expect(seenByOwner.json()).toMatchObject({ checkedInAt: inAt, checkedOutAt: outAt });
    const ownerList = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.user.id}/space-bookings`,
      headers: { cookie: owner.cookie },
    });
    expect(ownerList.statusCode, ownerList.body).toBe(200);
    expect((ownerList.json() as { id: string; checkedInAt: string }[]).find((b) => b.id === booking.id)?.checkedInAt).toBe(inAt);
    const renterList = await t.app.inject({
      method: 'GET',
      url: `/api/users/${renter.user.id}/bookings`,
      headers: { cookie: renter.cookie },
    });
    expect((renterList.json() as { id: string; checkedOutAt: string }[]).find((b) => b.id === booking.id)?.checkedOutAt).toBe(outAt);
  });

  it('opens check-in shortly before the start and closes it at the end', async () => {
    const early = await booked(CHECK_IN_OPENS_MINUTES * MINUTE + 5 * MINUTE);
    const tooEarly = await step(early.booking.id, 'check-in', early.renter.cookie);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toBe(`Check-in opens ${CHECK_IN_OPENS_MINUTES} minutes before the start of the booking.`);

    const justOpen = await booked(CHECK_IN_OPENS_MINUTES * MINUTE - 5 * MINUTE);
    expect((await step(justOpen.booking.id, 'check-in', justOpen.renter.cookie)).statusCode).toBe(200);

    const ended = await booked(-3 * HOUR, 2 * HOUR);
    const late = await step(ended.booking.id, 'check-in', ended.renter.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This booking has ended: it can no longer be checked into.');
    expect((await row(ended.booking.id)).checkedInAt).toBeNull();
  });

  it('checks out only after a check-in, up to a day after the end; an overrun is recorded as it happened', async () => {
    const { renter, booking } = await booked(-HOUR, 2 * HOUR);
    const first = await step(booking.id, 'check-out', renter.cookie);
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe('Check in before checking out.');
    expect((await row(booking.id)).checkedOutAt).toBeNull();

    // Checked in during the stay, out after its end (an overrun): both recorded.
    const overran = await booked(-3 * HOUR, 2 * HOUR);
    await t.db
      .update(bookings)
      .set({ checkedInAt: new Date(Date.now() - 2.5 * HOUR) })
      .where(eq(bookings.id, overran.booking.id));
    const out = await step(overran.booking.id, 'check-out', overran.renter.cookie);
    expect(out.statusCode, out.body).toBe(200);
    expect(new Date(out.json().checkedOutAt as string).getTime()).toBeGreaterThan(overran.booking.endAt.getTime());

    const long = await booked(-(CHECK_OUT_CLOSES_HOURS + 3) * HOUR, 2 * HOUR);
    await t.db.update(bookings).set({ checkedInAt: long.booking.startAt }).where(eq(bookings.id, long.booking.id));
    const tooLate = await step(long.booking.id, 'check-out', long.renter.cookie);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(`Check-out closes ${CHECK_OUT_CLOSES_HOURS} hours after the end of the booking.`);
    expect((await row(long.booking.id)).checkedOutAt).toBeNull();
  });

  it('is for the renter of a confirmed booking only', async () => {
    const { booking } = await booked(5 * MINUTE);
    const byOwner = await step(booking.id, 'check-in', owner.cookie);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().message).toBe('Only the renter can check in.');
    const stranger = await signedInUser(t);
    expect((await step(booking.id, 'check-in', stranger.cookie)).statusCode).toBe(403);
    expect((await step(booking.id, 'check-out', stranger.cookie)).statusCode).toBe(403);
    expect((await step(booking.id, 'check-in')).statusCode).toBe(401);
    expect((await row(booking.id)).checkedInAt).toBeNull();

    const renter = await signedInUser(t);
    expect((await step('not-a-booking', 'check-in', renter.cookie)).statusCode).toBe(404);
    expect((await step('00000000-0000-4000-8000-000000000000', 'check-in', renter.cookie)).statusCode).toBe(404);

    for (const status of ['pending', 'cancelled'] as const) {
      const other = await booked(5 * MINUTE, 2 * HOUR, status);
      const refused = await step(other.booking.id, 'check-in', other.renter.cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Only a confirmed booking can be checked into.');
      expect((await row(other.booking.id)).checkedInAt).toBeNull();
    }
  });
});
