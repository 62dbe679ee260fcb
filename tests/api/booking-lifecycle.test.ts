/**
 * Bookings as holds and their lifecycle on the demo provider
 * (docs/decisions/005-bookings-as-holds.md): holds keep the dates, the
 * fee stored is the fee charged, request-to-book with accept and decline, cancellation refunds, and
 * the reconciliation job that leaves no money stranded.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileBookings } from '../../src/server/bookings/reconciliation';
import { insertSpace, insertUser } from '../factories/db';
import { bookings, demoPaymentIntents } from '../../src/server/db/schema';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import { createBooking, createIntent, paidIntent, payIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let demo: DemoPaymentProvider;

beforeAll(async () => {
  t = await createTestApp();
  demo = new DemoPaymentProvider(t.db);
});
afterAll(async () => {
  await t.close();
});

const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const intentRow = async (id: string) => (await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)))[0]!;
const put = (url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: { cookie }, ...(payload ? { payload } : {}) });
/** Makes a hold lapse, as time would. */
const lapse = (bookingId: string) =>
  t.db
    .update(bookings)
    .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
    .where(eq(bookings.id, bookingId));

async function ownerAndSpace(overrides: Parameters<typeof insertSpace>[2] = {}) {
  const owner = await signedInUser(t);
  const space = await insertSpace(t.db, owner.user.id, overrides);
  return { owner, space };
}

describe('holds', () => {
  it('the first renter to start paying has the dates; a second gets 409 before paying', async () => {
    const { space } = await ownerAndSpace();
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const dates = { startDate: futureDate(20), endDate: futureDate(22) };
    const hold = await createIntent(t, first.cookie, space.id, dates);
    expect(hold.statusCode).toBe(200);
    expect(hold.json()).toMatchObject({ instantBook: true, amount: '300.00' });
    expect(new Date(hold.json().holdExpiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await bookingRow(hold.json().bookingId)).toMatchObject({
      status: 'awaiting_payment',
      totalPrice: '300.00',
      platformFeeAmount: '30.00',
      units: 2,
    });

    const late = await createIntent(t, second.cookie, space.id, { startDate: futureDate(21), endDate: futureDate(23) });
    expect(late.statusCode).toBe(409);
  });

  it('an expired hold no longer blocks: the next renter gets the dates and the lapsed hold is expired', async () => {
    const { space } = await ownerAndSpace();
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const dates = { startDate: futureDate(20), endDate: futureDate(22) };
    const hold = (await createIntent(t, first.cookie, space.id, dates)).json();
    await lapse(hold.bookingId);
    const next = await createIntent(t, second.cookie, space.id, dates);
    expect(next.statusCode).toBe(200);
    expect((await bookingRow(hold.bookingId)).status).toBe('expired');
  });

  it('a payment that completes after its hold lapsed is refunded, and nothing is booked', async () => {
    const { space } = await ownerAndSpace();
    const renter = await signedInUser(t);
    const other = await signedInUser(t);
    const dates = { startDate: futureDate(20), endDate: futureDate(21) };
    const hold = (await createIntent(t, renter.cookie, space.id, dates)).json();
    await lapse(hold.bookingId);
    expect((await createIntent(t, other.cookie, space.id, dates)).statusCode).toBe(200); // takes the dates
    expect((await payIntent(t, renter.cookie, hold.clientSecret)).statusCode).toBe(200);

    const booked = await createBooking(t, renter.cookie, {
      spaceId: space.id,
      ...dates,
      totalPrice: hold.amount,
      paymentIntentId: hold.paymentIntentId,
    });
    expect(booked.statusCode).toBe(409);
    expect(booked.json().message).toMatch(/expired.*returned/);
    expect(await intentRow(hold.paymentIntentId)).toMatchObject({ status: 'succeeded', amountRefunded: 15000 });
    expect(await bookingRow(hold.bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
  });

  it('stores the fee it charges: two first-booking holds with one owner both carry and charge 10%', async () => {
    const owner = await insertUser(t.db, { stripeConnectAccountId: 'acct_demo_connected', stripeChargesEnabled: true });
    const a = await insertSpace(t.db, owner.id, { pricePerDay: '100.00' });
    const b = await insertSpace(t.db, owner.id, { pricePerDay: '200.00' });
    const renter = await signedInUser(t);
    const paidA = await paidIntent(t, renter.cookie, a.id, { startDate: futureDate(20), endDate: futureDate(21) });
    const paidB = await paidIntent(t, renter.cookie, b.id, { startDate: futureDate(20), endDate: futureDate(21) });
    expect((await createBooking(t, renter.cookie, paidA.booking)).statusCode).toBe(201);
    const second = await createBooking(t, renter.cookie, paidB.booking);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ platformFeeAmount: '20.00', totalPrice: '200.00' });
    for (const paid of [paidA, paidB]) {
      const booking = await bookingRow(paid.bookingId);
      const intent = await intentRow(paid.paymentIntentId);
      expect(intent.applicationFeeAmount).toBe(Math.round(Number(booking.platformFeeAmount) * 100));
      expect(intent.amount).toBe(Math.round(Number(booking.totalPrice) * 100));
      expect(intent).toMatchObject({
        destination: 'acct_demo_connected',
        metadata: expect.objectContaining({ bookingId: paid.bookingId }),
      });
    }
  });
});

describe('request-to-book', () => {
  async function pendingRequest() {
    const { owner, space } = await ownerAndSpace({ instantBook: false, title: 'Request Suite' });
    const renter = await signedInUser(t, { firstName: 'Rita', lastName: 'Renter' });
    const paid = await paidIntent(t, renter.cookie, space.id, { startDate: futureDate(20), endDate: futureDate(22) });
    const booked = await createBooking(t, renter.cookie, paid.booking);
    expect(booked.statusCode).toBe(201);
    return { owner, space, renter, paid, booking: booked.json() };
  }

  it('authorises the card, makes a pending request the owner sees, and captures on accept', async () => {
    const { owner, renter, paid, booking } = await pendingRequest();
    expect(booking).toMatchObject({ status: 'pending', instantBook: false });
    expect(new Date(booking.requestExpiresAt).getTime() - Date.now()).toBeGreaterThan(47 * 60 * 60_000);
    expect(await intentRow(paid.paymentIntentId)).toMatchObject({ status: 'requires_capture', captureMethod: 'manual' });

    const requests = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.user.id}/booking-requests`,
      headers: { cookie: owner.cookie },
    });
    expect(requests.json()).toEqual([
      expect.objectContaining({
        id: booking.id,
        space: expect.objectContaining({ title: 'Request Suite' }),
        renter: {
          firstName: 'Rita',
          lastName: 'Renter',
          specialty: 'Family Medicine',
          emailVerified: false,
          verified: false,
          licenseStates: [],
        },
      }),
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/booking-requests`, headers: { cookie: renter.cookie } }))
        .statusCode,
    ).toBe(403);

    expect((await put(`/api/bookings/${booking.id}/accept`, renter.cookie)).statusCode).toBe(403);
    expect((await put(`/api/bookings/${booking.id}/accept`, owner.cookie, { userId: renter.user.id })).statusCode).toBe(403);
    const accepted = await put(`/api/bookings/${booking.id}/accept`, owner.cookie, { userId: owner.user.id });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'confirmed' });
    expect(await intentRow(paid.paymentIntentId)).toMatchObject({ status: 'succeeded' });
    expect((await put(`/api/bookings/${booking.id}/accept`, owner.cookie)).statusCode).toBe(409);
    expect((await put(`/api/bookings/${booking.id}/decline`, owner.cookie)).statusCode).toBe(409);
  });

  it('releases the card on decline and frees the dates', async () => {
    const { owner, space, paid, booking } = await pendingRequest();
    const declined = await put(`/api/bookings/${booking.id}/decline`, owner.cookie);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect(await intentRow(paid.paymentIntentId)).toMatchObject({ status: 'canceled' });
    expect((await put(`/api/bookings/${booking.id}/decline`, owner.cookie)).statusCode).toBe(409);
    const someoneElse = await signedInUser(t);
    expect((await createIntent(t, someoneElse.cookie, space.id, { startDate: futureDate(20), endDate: futureDate(22) })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for an unknown booking and 409 for an expired request', async () => {
    const { owner, booking } = await pendingRequest();
    expect((await put('/api/bookings/00000000-0000-4000-8000-000000000000/accept', owner.cookie)).statusCode).toBe(404);
    expect((await put('/api/bookings/not-a-booking/accept', owner.cookie)).statusCode).toBe(404);
    await t.db
      .update(bookings)
      .set({ requestExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    expect((await put(`/api/bookings/${booking.id}/accept`, owner.cookie)).statusCode).toBe(409);
  });
});

describe('cancellation', () => {
  async function confirmed(tier: 'flexible' | 'moderate' | 'strict', daysAhead: number) {
    const { owner, space } = await ownerAndSpace({ cancellationPolicyTier: tier, pricePerDay: '100.00' });
    const renter = await signedInUser(t);
    const paid = await paidIntent(t, renter.cookie, space.id, { startDate: futureDate(daysAhead), endDate: futureDate(daysAhead + 1) });
    const booked = (await createBooking(t, renter.cookie, paid.booking)).json();
    return { owner, space, renter, paid, booking: booked };
  }

  it('refunds the renter by the policy, shows it first, and frees the dates', async () => {
    const { space, renter, paid, booking } = await confirmed('moderate', 3);
    const quote = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.id}/cancellation`,
      headers: { cookie: renter.cookie },
    });
    expect(quote.json()).toMatchObject({
      refundAmount: '50.00',
      totalPrice: '100.00',
      cancellationPolicyTier: 'moderate',
      keptFeeAmount: '0.00',
    });
    const cancelled = await put(`/api/bookings/${booking.id}/cancel`, renter.cookie);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: '50.00', cancelledBy: 'renter' });
    expect(await intentRow(paid.paymentIntentId)).toMatchObject({ amountRefunded: 5000 });
    expect(await bookingRow(booking.id)).toMatchObject({ paymentStatus: 'partially_refunded' });
    expect((await put(`/api/bookings/${booking.id}/cancel`, renter.cookie)).statusCode).toBe(409);
    const next = await signedInUser(t);
    expect((await createIntent(t, next.cookie, space.id, { startDate: futureDate(3), endDate: futureDate(4) })).statusCode).toBe(200);
  });

  it('refunds in full when the owner cancels, and refuses anyone else', async () => {
    const { owner, paid, booking } = await confirmed('strict', 2);
    const stranger = await signedInUser(t);
    expect((await put(`/api/bookings/${booking.id}/cancel`, stranger.cookie)).statusCode).toBe(403);
    const cancelled = await put(`/api/bookings/${booking.id}/cancel`, owner.cookie);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: '100.00', cancelledBy: 'owner' });
    expect(await intentRow(paid.paymentIntentId)).toMatchObject({ amountRefunded: 10000 });
  });

  it('refunds nothing under a strict policy close to the start, but still cancels', async () => {
    const { renter, paid, booking } = await confirmed('strict', 2);
    const cancelled = await put(`/api/bookings/${booking.id}/cancel`, renter.cookie);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: '0.00' });
    expect(await intentRow(paid.paymentIntentId)).toMatchObject({ amountRefunded: 0 });
  });
});

describe('the reconciliation job leaves no money stranded', () => {
  it('expires lapsed holds and cancels their intents, refunding one that was paid without a booking', async () => {
    const { space } = await ownerAndSpace();
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const unpaid = (await createIntent(t, a.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(31) })).json();
    const paidNoBooking = (await createIntent(t, b.cookie, space.id, { startDate: futureDate(32), endDate: futureDate(33) })).json();
    expect((await payIntent(t, b.cookie, paidNoBooking.clientSecret)).statusCode).toBe(200); // the tab closed before POST /api/bookings
    await lapse(unpaid.bookingId);
    await lapse(paidNoBooking.bookingId);

    const summary = await reconcileBookings(t.db, demo);
    expect(summary).toMatchObject({ expiredHolds: 2, failures: 0 });
    expect(await bookingRow(unpaid.bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'canceled' });
    expect(await intentRow(unpaid.paymentIntentId)).toMatchObject({ status: 'canceled' });
    expect(await bookingRow(paidNoBooking.bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
    expect(await intentRow(paidNoBooking.paymentIntentId)).toMatchObject({ status: 'succeeded', amountRefunded: 15000 });

    // A second run finds nothing left to do.
    expect(await reconcileBookings(t.db, demo)).toMatchObject({ expiredHolds: 0, released: 0, refunded: 0 });
  });

  it('expires unanswered requests and releases their cards', async () => {
    const { space } = await ownerAndSpace({ instantBook: false });
    const renter = await signedInUser(t);
    const paid = await paidIntent(t, renter.cookie, space.id, { startDate: futureDate(10), endDate: futureDate(11) });
    const booking = (await createBooking(t, renter.cookie, paid.booking)).json();
    await t.db
      .update(bookings)
      .set({ requestExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    expect(await reconcileBookings(t.db, demo)).toMatchObject({ expiredRequests: 1 });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'expired', paymentStatus: 'canceled' });
    expect(await intentRow(paid.paymentIntentId)).toMatchObject({ status: 'canceled' });
  });

  it('retries a refund decided at cancellation that the provider did not take', async () => {
    const { space } = await ownerAndSpace();
    const renter = await signedInUser(t);
    const paid = await paidIntent(t, renter.cookie, space.id, { startDate: futureDate(10), endDate: futureDate(11) });
    const booking = (await createBooking(t, renter.cookie, paid.booking)).json();
    // As if the process stopped between the status change and the refund.
    await t.db
      .update(bookings)
      .set({ status: 'cancelled', refundAmount: '150.00', cancelledBy: 'renter', cancelledAt: new Date() })
      .where(eq(bookings.id, booking.id));
    expect(await reconcileBookings(t.db, demo)).toMatchObject({ refunded: 1, failures: 0 });
    expect(await intentRow(paid.paymentIntentId)).toMatchObject({ amountRefunded: 15000 });
    expect((await bookingRow(booking.id)).refundedAt).not.toBeNull();
  });
});

describe('booking history stays with the renter', () => {
  it('does not list holds in payment or lapsed unpaid holds, but lists declined requests', async () => {
    const { owner, space } = await ownerAndSpace({ instantBook: false });
    const renter = await signedInUser(t);
    await createIntent(t, renter.cookie, space.id, { startDate: futureDate(40), endDate: futureDate(41) });
    const paid = await paidIntent(t, renter.cookie, space.id, { startDate: futureDate(42), endDate: futureDate(43) });
    const booking = (await createBooking(t, renter.cookie, paid.booking)).json();
    await put(`/api/bookings/${booking.id}/decline`, owner.cookie);
    const list = await t.app.inject({ method: 'GET', url: `/api/users/${renter.user.id}/bookings`, headers: { cookie: renter.cookie } });
    expect(list.json().map((b: { status: string }) => b.status)).toEqual(['declined']);
  });
});
