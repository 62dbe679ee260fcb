/**
 * A renter can give up a hold: DELETE /api/bookings/:id/hold frees the
 * dates at once, cancels the payment intent with the provider and stops the hold counting towards
 * the cap on unpaid holds; it never touches a booking whose payment went through. On demo payments
 * (the real demo provider) and through the real Stripe SDK against the local fake, which counts the
 * provider calls.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace, insertUser } from '../factories/db';
import { bookings, demoPaymentIntents } from '../../src/server/db/schema';
import { MAX_UNPAID_HOLDS } from '../../src/shared/constants';
import { createBooking, createIntent, paidIntent, payIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { startFakeStripe, stripeTestEnv, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

/** Nights `2i` to `2i + 1` from a month ahead: distinct, non-overlapping dates for the i-th hold. */
const nights = (i: number) => ({ startDate: futureDate(40 + 2 * i), endDate: futureDate(41 + 2 * i) });

const release = (t: TestApp, bookingId: string, cookie?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/bookings/${bookingId}/hold`, headers: cookie ? { cookie } : {} });
const bookingRow = async (t: TestApp, id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe('releasing a hold (demo payments)', () => {
  let t: TestApp;
  let ownerId: string;
  const demoIntent = async (id: string) => (await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await insertUser(t.db, { userType: 'lister' })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('frees the dates at once, cancels the intent and expires the hold; a second release changes nothing', async () => {
    const space = await insertSpace(t.db, ownerId);
    const renter = await signedInUser(t);
    const hold = await createIntent(t, renter.cookie, space.id, nights(0));
    expect(hold.statusCode).toBe(200);
    const { bookingId, paymentIntentId, clientSecret } = hold.json() as {
      bookingId: string;
      paymentIntentId: string;
      clientSecret: string;
    };

    // Held: another renter cannot have these dates.
    const other = await signedInUser(t);
    expect((await createIntent(t, other.cookie, space.id, nights(0))).statusCode).toBe(409);

    const released = await release(t, bookingId, renter.cookie);
    expect(released.statusCode, released.body).toBe(204);
    expect(await bookingRow(t, bookingId)).toMatchObject({ status: 'expired', holdExpiresAt: null, paymentStatus: 'canceled' });
    expect((await demoIntent(paymentIntentId)).status).toBe('canceled');
    // The released hold's intent can no longer be paid.
    expect((await payIntent(t, renter.cookie, clientSecret)).statusCode).not.toBe(200);

    // The dates are bookable by another renter at once, to the end.
    const taken = await paidIntent(t, other.cookie, space.id, nights(0));
    expect((await createBooking(t, other.cookie, taken.booking)).statusCode).toBe(201);

    // Releasing it again: nothing to do, nothing changes.
    expect((await release(t, bookingId, renter.cookie)).statusCode).toBe(204);
    expect(await bookingRow(t, bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'canceled' });
  });

  it('is for the hold’s renter only: 403 for anyone else (the owner too), 404 unknown, 401 without a session', async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.user.id);
    const renter = await signedInUser(t);
    const hold = await createIntent(t, renter.cookie, space.id, nights(1));
    const { bookingId, paymentIntentId } = hold.json() as { bookingId: string; paymentIntentId: string };

    const stranger = await signedInUser(t);
    expect((await release(t, bookingId, stranger.cookie)).statusCode).toBe(403);
    expect((await release(t, bookingId, owner.cookie)).statusCode).toBe(403);
    expect((await release(t, bookingId)).statusCode).toBe(401);
    expect((await release(t, '00000000-0000-4000-8000-000000000000', renter.cookie)).statusCode).toBe(404);
    expect((await release(t, 'not-a-booking', renter.cookie)).statusCode).toBe(404);

    expect(await bookingRow(t, bookingId)).toMatchObject({ status: 'awaiting_payment', paymentStatus: 'requires_payment' });
    expect((await demoIntent(paymentIntentId)).status).toBe('requires_payment_method');
  });

  it('is 409 for a paid hold not yet booked and for a confirmed booking, and changes nothing', async () => {
    const space = await insertSpace(t.db, ownerId);
    const renter = await signedInUser(t);
    // Paid at the provider, POST /api/bookings not sent yet: the hold is still awaiting payment.
    const paid = await paidIntent(t, renter.cookie, space.id, nights(2));
    const early = await release(t, paid.bookingId, renter.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/payment .* has already gone through/);
    expect(await bookingRow(t, paid.bookingId)).toMatchObject({ status: 'awaiting_payment' });
    expect((await demoIntent(paid.paymentIntentId)).status).toBe('succeeded');

    // Settlement proceeds: the booking is confirmed and nothing is given back.
    expect((await createBooking(t, renter.cookie, paid.booking)).statusCode).toBe(201);
    const late = await release(t, paid.bookingId, renter.cookie);
    expect(late.statusCode).toBe(409);
    expect(await bookingRow(t, paid.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', amountRefunded: '0.00' });
    expect(await demoIntent(paid.paymentIntentId)).toMatchObject({ status: 'succeeded', amountRefunded: 0 });
  });

  it(`makes room under the cap of ${MAX_UNPAID_HOLDS} unpaid holds, and the 429 says a hold can be cancelled`, async () => {
    const space = await insertSpace(t.db, ownerId);
    const renter = await signedInUser(t);
    const held: string[] = [];
    for (let i = 0; i < MAX_UNPAID_HOLDS; i++) {
      const hold = await createIntent(t, renter.cookie, space.id, nights(10 + i));
      expect(hold.statusCode).toBe(200);
      held.push(hold.json().bookingId);
    }
    const refused = await createIntent(t, renter.cookie, space.id, nights(20));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Finish paying for one of them, cancel one, or try again in \d+ minutes?/);

    expect((await release(t, held[2]!, renter.cookie)).statusCode).toBe(204);
    expect((await createIntent(t, renter.cookie, space.id, nights(20))).statusCode).toBe(200);
    expect((await createIntent(t, renter.cookie, space.id, nights(21))).statusCode).toBe(429);
  });
});

describe('releasing a hold (Stripe)', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(stripeTestEnv(fake));
    ownerId = (await insertUser(t.db, { userType: 'lister' })).id;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const cancelsOf = (intentId: string) => fake.calls('POST', new RegExp(`^/v1/payment_intents/${intentId}/cancel$`));

  it('cancels the intent once, with the release key; a second release asks Stripe nothing more', async () => {
    const space = await insertSpace(t.db, ownerId);
    const renter = await signedInUser(t);
    const hold = await createIntent(t, renter.cookie, space.id, nights(0));
    const { bookingId, paymentIntentId } = hold.json() as { bookingId: string; paymentIntentId: string };

    expect((await release(t, bookingId, renter.cookie)).statusCode).toBe(204);
    expect(fake.intents.get(paymentIntentId)!.status).toBe('canceled');
    expect(cancelsOf(paymentIntentId)).toHaveLength(1);
    expect(await bookingRow(t, bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'canceled' });

    expect((await release(t, bookingId, renter.cookie)).statusCode).toBe(204);
    expect(cancelsOf(paymentIntentId)).toHaveLength(1);
  });

  it('leaves an authorised card alone (409) and the request goes on to the owner', async () => {
    const space = await insertSpace(t.db, ownerId, { instantBook: false });
    const renter = await signedInUser(t);
    const hold = await createIntent(t, renter.cookie, space.id, nights(1));
    const { bookingId, paymentIntentId, amount } = hold.json() as { bookingId: string; paymentIntentId: string; amount: string };
    fake.intents.get(paymentIntentId)!.status = 'requires_capture';

    expect((await release(t, bookingId, renter.cookie)).statusCode).toBe(409);
    expect(cancelsOf(paymentIntentId)).toHaveLength(0);
    expect(fake.intents.get(paymentIntentId)!.status).toBe('requires_capture');

    const booked = await createBooking(t, renter.cookie, { spaceId: space.id, ...nights(1), totalPrice: amount, paymentIntentId });
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ status: 'pending', paymentStatus: 'authorized' });
  });
});
