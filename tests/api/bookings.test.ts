import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace, insertUser } from '../factories/db';
import { bookings, demoPaymentIntents } from '../../src/server/db/schema';
import { createBooking, createIntent, DECLINED_CARD, paidIntent, payIntent } from '../helpers/booking-flow';
import { futureDate, futureDateTime, futureMonthDay, midnightIn } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await insertUser(t.db, { userType: 'lister' })).id;
});
afterAll(async () => {
  await t.close();
});

const bookingsOf = (spaceId: string) => t.db.select().from(bookings).where(eq(bookings.spaceId, spaceId));

describe('booking payment intents', () => {
  it('quotes on the server: 10% fee on the first booking with an owner, 0% afterwards', async () => {
    const renter = await signedInUser(t);
    const first = await insertSpace(t.db, ownerId, { pricePerDay: '123.45' });
    const second = await insertSpace(t.db, ownerId, { pricePerDay: '100.00' });

    const quote = await createIntent(
      t,
      renter.cookie,
      first.id,
      { startDate: futureDate(30), endDate: futureDate(33) },
      { amount: '370.35', idempotencyKey: 'attempt-fee-1' },
    );
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({
      amount: '370.35',
      platformFeeAmount: '37.04',
      isFirstTransaction: true,
      ownerConnected: false,
      units: 3,
    });
    expect(quote.json().clientSecret).toMatch(/^pi_demo_\w+_secret_\w+$/);

    // The quote holds the dates: paying for the same dates again returns the same hold.
    const paid = await paidIntent(
      t,
      renter.cookie,
      first.id,
      { startDate: futureDate(30), endDate: futureDate(33) },
      { idempotencyKey: 'attempt-fee-1' },
    );
    const again = await createIntent(
      t,
      renter.cookie,
      first.id,
      { startDate: futureDate(30), endDate: futureDate(33) },
      { idempotencyKey: 'attempt-fee-1' },
    );
    expect(again.json().bookingId).toBe(paid.bookingId);
    expect((await createIntent(t, renter.cookie, first.id, { startDate: futureDate(30), endDate: futureDate(33) })).statusCode).toBe(409);
    const booked = await createBooking(t, renter.cookie, paid.booking);
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({
      status: 'confirmed',
      totalPrice: '370.35',
      platformFeeAmount: '37.04',
      renterId: renter.user.id,
    });

    const returning = await createIntent(t, renter.cookie, second.id, { startDate: futureDate(40), endDate: futureDate(41) });
    expect(returning.json()).toMatchObject({ amount: '100.00', platformFeeAmount: '0.00', isFirstTransaction: false });
  });

  it('prices hourly and monthly spaces by their period in the space time zone', async () => {
    const renter = await signedInUser(t);
    const hourly = await insertSpace(t.db, ownerId, { pricePerDay: '40.00', pricePeriod: 'hourly', state: 'CA' });
    const monthly = await insertSpace(t.db, ownerId, { pricePerDay: '3000.00', pricePeriod: 'monthly' });
    const hours = await createIntent(t, renter.cookie, hourly.id, {
      startDate: futureDateTime(30, '09:00'),
      endDate: futureDateTime(30, '12:30'),
    });
    expect(hours.json()).toMatchObject({ units: 4, amount: '160.00' });
    const months = await createIntent(t, renter.cookie, monthly.id, { startDate: futureMonthDay(2, 15), endDate: futureMonthDay(4, 15) });
    expect(months.json()).toMatchObject({ units: 2, amount: '6000.00' });
    const partMonth = await createIntent(t, renter.cookie, monthly.id, { startDate: futureMonthDay(2, 15), endDate: futureMonthDay(4, 1) });
    expect(partMonth.statusCode).toBe(400);
    expect(partMonth.json().message).toMatch(/whole months/);
  });

  it('rejects bad dates, a wrong client amount, an own space and an unknown space', async () => {
    const renter = await signedInUser(t);
    const space = await insertSpace(t.db, ownerId);
    const nextYear = new Date().getFullYear() + 1;
    const sameDay = await createIntent(t, renter.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(30) });
    expect(sameDay.statusCode).toBe(400);
    expect(sameDay.json().message).toBe('End date must be at least 1 day after start date.');
    expect(
      (await createIntent(t, renter.cookie, space.id, { startDate: `${nextYear}-02-30`, endDate: `${nextYear}-03-02` })).statusCode,
    ).toBe(400);
    const wrongAmount = await createIntent(
      t,
      renter.cookie,
      space.id,
      { startDate: futureDate(30), endDate: futureDate(31) },
      { amount: '1.00' },
    );
    expect(wrongAmount.statusCode).toBe(400);
    const own = await signedInUser(t);
    const ownSpace = await insertSpace(t.db, own.user.id);
    expect((await createIntent(t, own.cookie, ownSpace.id, { startDate: futureDate(30), endDate: futureDate(31) })).statusCode).toBe(400);
    expect(
      (await createIntent(t, renter.cookie, '00000000-0000-4000-8000-000000000000', { startDate: futureDate(30), endDate: futureDate(31) }))
        .statusCode,
    ).toBe(404);
  });

  it("rejects dates outside the space's availability", async () => {
    const renter = await signedInUser(t);
    const [from, to] = [futureDate(30), futureDate(90)]; // available from local midnight on `from` to local midnight on `to`
    const space = await insertSpace(t.db, ownerId, {
      availableFrom: midnightIn(from, 'America/New_York'),
      availableTo: midnightIn(to, 'America/New_York'),
    });
    const early = await createIntent(t, renter.cookie, space.id, { startDate: futureDate(28), endDate: futureDate(32) });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/not available/);
    expect((await createIntent(t, renter.cookie, space.id, { startDate: futureDate(89), endDate: futureDate(92) })).statusCode).toBe(400);
    expect((await createIntent(t, renter.cookie, space.id, { startDate: from, endDate: to })).statusCode).toBe(200);
  });

  it('refuses bookings that start in the past', async () => {
    const renter = await signedInUser(t);
    const space = await insertSpace(t.db, ownerId);
    const past = await createIntent(t, renter.cookie, space.id, { startDate: '2020-01-01', endDate: '2020-01-03' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Bookings cannot start in the past.');
  });

  it('returns the same payment intent for the same booking attempt', async () => {
    const renter = await signedInUser(t);
    const space = await insertSpace(t.db, ownerId);
    const dates = { startDate: futureDate(30), endDate: futureDate(32) };
    const a = await createIntent(t, renter.cookie, space.id, dates, { idempotencyKey: 'attempt-123456' });
    const b = await createIntent(t, renter.cookie, space.id, dates, { idempotencyKey: 'attempt-123456' });
    expect(b.json().paymentIntentId).toBe(a.json().paymentIntentId);
    const other = await createIntent(t, renter.cookie, space.id, dates, { idempotencyKey: 'attempt-654321' });
    expect(other.json().paymentIntentId).not.toBe(a.json().paymentIntentId);
  });
});

describe('POST /api/bookings', () => {
  it('declined test card: the payment fails with a clear message and nothing is booked', async () => {
    const renter = await signedInUser(t);
    const space = await insertSpace(t.db, ownerId);
    const dates = { startDate: futureDate(30), endDate: futureDate(31) };
    const intent = (await createIntent(t, renter.cookie, space.id, dates)).json();
    const declined = await payIntent(t, renter.cookie, intent.clientSecret, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');
    const booking = await createBooking(t, renter.cookie, {
      spaceId: space.id,
      ...dates,
      totalPrice: intent.amount,
      status: 'confirmed',
      paymentIntentId: intent.paymentIntentId,
    });
    expect(booking.statusCode).toBe(402);
    expect((await bookingsOf(space.id)).map((b) => b.status)).toEqual(['awaiting_payment']);
    const list = await t.app.inject({ method: 'GET', url: `/api/users/${renter.user.id}/bookings`, headers: { cookie: renter.cookie } });
    expect(list.json()).toEqual([]);
  });

  it('never books on an unpaid, unknown or mismatched payment intent, nor on a wrong total', async () => {
    const renter = await signedInUser(t);
    const space = await insertSpace(t.db, ownerId);
    const other = await insertSpace(t.db, ownerId);
    const dates = { startDate: futureDate(30), endDate: futureDate(32) };
    const unpaid = (await createIntent(t, renter.cookie, space.id, dates, { idempotencyKey: 'attempt-unpaid' })).json();
    const base = { spaceId: space.id, ...dates, totalPrice: unpaid.amount, status: 'confirmed' };
    expect((await createBooking(t, renter.cookie, { ...base, paymentIntentId: unpaid.paymentIntentId })).statusCode).toBe(402);
    expect((await createBooking(t, renter.cookie, { ...base, paymentIntentId: 'pi_demo_made_up' })).statusCode).toBe(402);

    const paid = await paidIntent(t, renter.cookie, space.id, dates, { idempotencyKey: 'attempt-unpaid' });
    const elsewhere = await createBooking(t, renter.cookie, { ...paid.booking, spaceId: other.id });
    expect(elsewhere.statusCode).toBe(400);
    const otherDates = await createBooking(t, renter.cookie, { ...paid.booking, endDate: futureDate(31), totalPrice: '150.00' });
    expect(otherDates.statusCode).toBe(400);
    const cheap = await createBooking(t, renter.cookie, { ...paid.booking, totalPrice: '1.00' });
    expect(cheap.statusCode).toBe(400);
    expect((await bookingsOf(space.id)).map((b) => b.status)).toEqual(['awaiting_payment']);
    expect(await bookingsOf(other.id)).toHaveLength(0);

    const ok = await createBooking(t, renter.cookie, paid.booking);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ id: paid.bookingId, status: 'confirmed' });
    const retry = await createBooking(t, renter.cookie, paid.booking);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(ok.json().id);
    expect(await bookingsOf(space.id)).toHaveLength(1);
  });

  it('needs a session and refuses to book or pay as someone else', async () => {
    const renter = await signedInUser(t);
    const mallory = await signedInUser(t);
    const space = await insertSpace(t.db, ownerId);
    const dates = { startDate: futureDate(30), endDate: futureDate(31) };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/create-booking-payment-intent',
          payload: { spaceId: space.id, bookingDetails: dates },
        })
      ).statusCode,
    ).toBe(401);
    expect((await createIntent(t, mallory.cookie, space.id, dates, { userId: renter.user.id })).statusCode).toBe(403);

    const intent = (await createIntent(t, renter.cookie, space.id, dates, { idempotencyKey: 'attempt-mallory' })).json();
    expect((await payIntent(t, mallory.cookie, intent.clientSecret)).statusCode).toBe(403);

    const paid = await paidIntent(t, renter.cookie, space.id, dates, { idempotencyKey: 'attempt-mallory' });
    expect((await createBooking(t, mallory.cookie, { ...paid.booking, renterId: renter.user.id })).statusCode).toBe(403);
    expect((await createBooking(t, mallory.cookie, paid.booking)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/bookings', payload: paid.booking })).statusCode).toBe(401);
    expect((await bookingsOf(space.id)).map((b) => b.status)).toEqual(['awaiting_payment']);
  });

  it('rejects overlapping dates with 409 and lets back-to-back bookings through', async () => {
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const space = await insertSpace(t.db, ownerId);
    const paid = await paidIntent(t, first.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(33) });
    expect((await createBooking(t, first.cookie, paid.booking)).statusCode).toBe(201);

    const overlapping = await createIntent(t, second.cookie, space.id, { startDate: futureDate(32), endDate: futureDate(34) });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().message).toMatch(/already booked/);

    const before = await paidIntent(t, second.cookie, space.id, { startDate: futureDate(28), endDate: futureDate(30) });
    const after = await paidIntent(t, second.cookie, space.id, { startDate: futureDate(33), endDate: futureDate(35) });
    expect((await createBooking(t, second.cookie, before.booking)).statusCode).toBe(201);
    expect((await createBooking(t, second.cookie, after.booking)).statusCode).toBe(201);
    expect(await bookingsOf(space.id)).toHaveLength(3);
  });

  it('20 renters asking for the same dates at once: exactly one holds them, the others get 409 before paying', async () => {
    const space = await insertSpace(t.db, ownerId, { title: 'Contested Suite' });
    const dates = { startDate: futureDate(30), endDate: futureDate(32) };
    const renters = await Promise.all(Array.from({ length: 20 }, () => signedInUser(t)));
    const intentsBefore = await t.db.$count(demoPaymentIntents);

    const responses = await Promise.all(renters.map((renter) => createIntent(t, renter.cookie, space.id, dates)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    // Nobody but the winner was asked to pay.
    expect(await t.db.$count(demoPaymentIntents)).toBe(intentsBefore + 1);

    const winner = renters[responses.findIndex((r) => r.statusCode === 200)]!;
    const intent = responses.find((r) => r.statusCode === 200)!.json();
    expect((await payIntent(t, winner.cookie, intent.clientSecret)).statusCode).toBe(200);
    const booked = await createBooking(t, winner.cookie, {
      spaceId: space.id,
      ...dates,
      totalPrice: intent.amount,
      paymentIntentId: intent.paymentIntentId,
    });
    expect(booked.statusCode).toBe(201);
    expect((await bookingsOf(space.id)).map((b) => b.status)).toEqual(['confirmed']);
  });
});

describe('GET /api/users/:id/bookings', () => {
  it("returns the user's own bookings with their space, and 403 for anyone else's", async () => {
    const renter = await signedInUser(t);
    const other = await signedInUser(t);
    const space = await insertSpace(t.db, ownerId, { title: 'Listed Exam Room' });
    const dates = { startDate: futureDate(30), endDate: futureDate(32) };
    const paid = await paidIntent(t, renter.cookie, space.id, dates);
    await createBooking(t, renter.cookie, { ...paid.booking, notes: 'Morning clinic' });

    const own = await t.app.inject({ method: 'GET', url: `/api/users/${renter.user.id}/bookings`, headers: { cookie: renter.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([
      expect.objectContaining({
        spaceId: space.id,
        notes: 'Morning clinic',
        startDate: midnightIn(dates.startDate, 'America/New_York').toISOString(), // local midnight in Boston
        endDate: midnightIn(dates.endDate, 'America/New_York').toISOString(),
        space: expect.objectContaining({ title: 'Listed Exam Room', timeZone: 'America/New_York' }),
      }),
    ]);
    const theirs = await t.app.inject({ method: 'GET', url: `/api/users/${renter.user.id}/bookings`, headers: { cookie: other.cookie } });
    expect(theirs.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${renter.user.id}/bookings` })).statusCode).toBe(401);
  });
});
