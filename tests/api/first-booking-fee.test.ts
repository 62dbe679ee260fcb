/**
 * The first-booking fee on cancellation (docs/decisions/008-first-booking-fee-on-cancellation.md)
 * and the payment minimums: the demo provider end to end, and the Stripe
 * refund's parameters on the local fake of Stripe's API.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace } from '../factories/db';
import { bookings, demoPaymentIntents } from '../../src/server/db/schema';
import { createBooking, createIntent, paidIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { startFakeStripe, stripeTestEnv, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const intentRow = async (id: string) => (await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)))[0]!;
const put = (url: string, cookie: string) => t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: {} });
const cancellationQuote = (bookingId: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}/cancellation`, headers: { cookie } });

/** An owner whose (demo) payout account takes charges, so the fee is the intent's application fee; a cheap and a dear moderate space. */
async function ownerWithTwoSpaces(account: string) {
  const owner = await signedInUser(t, { stripeConnectAccountId: account, stripeChargesEnabled: true });
  const cheap = await insertSpace(t.db, owner.user.id, {
    pricePerDay: '100.00',
    cancellationPolicyTier: 'moderate',
    title: 'Cheap Consult Room',
  });
  const dear = await insertSpace(t.db, owner.user.id, {
    pricePerDay: '900.00',
    cancellationPolicyTier: 'moderate',
    title: 'Dear Procedure Suite',
  });
  return { owner, cheap, dear };
}

/** Books and pays `spaceId` for one day starting `daysAhead` days from today; returns the booking and its intent id. */
async function book(cookie: string, spaceId: string, daysAhead: number, days = 1) {
  const paid = await paidIntent(t, cookie, spaceId, { startDate: futureDate(daysAhead), endDate: futureDate(daysAhead + days) });
  const created = await createBooking(t, cookie, paid.booking);
  expect(created.statusCode, created.body).toBe(201);
  return {
    booking: created.json() as { id: string; totalPrice: string; platformFeeAmount: string; status: string },
    intentId: paid.paymentIntentId,
  };
}

describe('the first-booking fee is kept when its booking is cancelled while others are held', () => {
  it('cheap first with a fee, dear second without: cancelling the first keeps the fee, and the pair stays fee-free', async () => {
    const { cheap, dear } = await ownerWithTwoSpaces('acct_demo_fee_kept');
    const renter = await signedInUser(t);

    // Moderate, about 3 days ahead: the policy refunds 50%.
    const first = await book(renter.cookie, cheap.id, 3);
    expect(first.booking).toMatchObject({ totalPrice: '100.00', platformFeeAmount: '10.00' });
    expect(await intentRow(first.intentId)).toMatchObject({ amount: 10000, applicationFeeAmount: 1000 });
    const second = await book(renter.cookie, dear.id, 20, 2);
    expect(second.booking).toMatchObject({ totalPrice: '1800.00', platformFeeAmount: '0.00' });

    const quote = await cancellationQuote(first.booking.id, renter.cookie);
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toEqual({
      refundAmount: '45.00',
      totalPrice: '100.00',
      cancellationPolicyTier: 'moderate',
      keptFeeAmount: '10.00',
      reason:
        'The platform fee of $10.00 is kept: it was charged on your first booking with this owner and you hold other bookings with them. Under the Moderate policy, cancelling now refunds 50% of the remaining $90.00: $45.00.',
    });

    const cancelled = await put(`/api/bookings/${first.booking.id}/cancel`, renter.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: '45.00', cancelledBy: 'renter' });
    expect(await bookingRow(first.booking.id)).toMatchObject({ feeRetained: true, paymentStatus: 'partially_refunded' });
    // The provider refunded the policy's share of the rest; the fee stays.
    expect(await intentRow(first.intentId)).toMatchObject({ amount: 10000, applicationFeeAmount: 1000, amountRefunded: 4500 });

    // With the dear booking cancelled too, nothing is held with the owner, yet the pair has transacted: no fee again.
    const secondCancelled = await put(`/api/bookings/${second.booking.id}/cancel`, renter.cookie);
    expect(secondCancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: '1800.00' });
    expect(await bookingRow(second.booking.id)).toMatchObject({ feeRetained: false });
    const third = await createIntent(t, renter.cookie, cheap.id, { startDate: futureDate(30), endDate: futureDate(31) });
    expect(third.statusCode).toBe(200);
    expect(third.json()).toMatchObject({ amount: '100.00', platformFeeAmount: '0.00', isFirstTransaction: false });
  });

  it('a renter with no other bookings with the owner gets the policy refund of the whole total, and the next booking is a first one again', async () => {
    const { cheap } = await ownerWithTwoSpaces('acct_demo_fee_alone');
    const renter = await signedInUser(t);
    const only = await book(renter.cookie, cheap.id, 3);
    expect(only.booking.platformFeeAmount).toBe('10.00');

    expect((await cancellationQuote(only.booking.id, renter.cookie)).json()).toEqual({
      refundAmount: '50.00',
      totalPrice: '100.00',
      cancellationPolicyTier: 'moderate',
      keptFeeAmount: '0.00',
      reason: 'Under the Moderate policy, cancelling now refunds 50% of $100.00: $50.00.',
    });
    const cancelled = await put(`/api/bookings/${only.booking.id}/cancel`, renter.cookie);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: '50.00' });
    expect(await bookingRow(only.booking.id)).toMatchObject({ feeRetained: false });
    expect(await intentRow(only.intentId)).toMatchObject({ amountRefunded: 5000 });

    const next = await createIntent(t, renter.cookie, cheap.id, { startDate: futureDate(30), endDate: futureDate(31) });
    expect(next.json()).toMatchObject({ platformFeeAmount: '10.00', isFirstTransaction: true });
  });

  it('an unpaid hold with the owner counts while it holds its dates; a lapsed one does not', async () => {
    const { cheap, dear } = await ownerWithTwoSpaces('acct_demo_fee_hold');
    const renter = await signedInUser(t);
    const first = await book(renter.cookie, cheap.id, 3);
    const hold = await createIntent(t, renter.cookie, dear.id, { startDate: futureDate(20), endDate: futureDate(21) });
    expect(hold.statusCode).toBe(200);
    expect((await cancellationQuote(first.booking.id, renter.cookie)).json()).toMatchObject({
      refundAmount: '45.00',
      keptFeeAmount: '10.00',
    });

    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, hold.json().bookingId));
    expect((await cancellationQuote(first.booking.id, renter.cookie)).json()).toMatchObject({
      refundAmount: '50.00',
      keptFeeAmount: '0.00',
    });
  });

  it('the owner cancelling refunds everything, fee included, even while the renter holds other bookings', async () => {
    const { owner, cheap, dear } = await ownerWithTwoSpaces('acct_demo_fee_owner');
    const renter = await signedInUser(t);
    const first = await book(renter.cookie, cheap.id, 3);
    await book(renter.cookie, dear.id, 20);

    expect((await cancellationQuote(first.booking.id, owner.cookie)).json()).toEqual({
      refundAmount: '100.00',
      totalPrice: '100.00',
      cancellationPolicyTier: 'moderate',
      keptFeeAmount: '0.00',
      reason: 'As the owner, cancelling refunds the renter in full: $100.00.',
    });
    const cancelled = await put(`/api/bookings/${first.booking.id}/cancel`, owner.cookie);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: '100.00', cancelledBy: 'owner' });
    expect(await bookingRow(first.booking.id)).toMatchObject({ feeRetained: false, paymentStatus: 'refunded' });
    expect(await intentRow(first.intentId)).toMatchObject({ amountRefunded: 10000 });
  });
});

describe('payment minimums', () => {
  it('a total under $1.00 is 400 "Invalid Amount" before any hold or provider call; $1.00 is taken', async () => {
    const owner = await signedInUser(t);
    // A listing priced before the minimum existed (the schema now refuses it).
    const penny = await insertSpace(t.db, owner.user.id, { pricePerDay: '0.50' });
    const renter = await signedInUser(t);
    const tooSmall = await createIntent(t, renter.cookie, penny.id, { startDate: futureDate(10), endDate: futureDate(11) });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().message).toBe('Invalid Amount: a booking must cost at least $1.00.');
    const intents = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(demoPaymentIntents)
      .where(sql`${demoPaymentIntents.metadata}->>'spaceId' = ${penny.id}`);
    expect(intents[0]!.n).toBe(0);
    expect(await t.db.select().from(bookings).where(eq(bookings.spaceId, penny.id))).toEqual([]);

    // Two days at $0.50 make $1.00: the minimum itself is a payable booking.
    const twoDays = await createIntent(t, renter.cookie, penny.id, { startDate: futureDate(10), endDate: futureDate(12) });
    expect(twoDays.statusCode).toBe(200);
    expect(twoDays.json()).toMatchObject({ amount: '1.00' });
    expect(
      await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.spaceId, penny.id), eq(bookings.status, 'awaiting_payment'))),
    ).toHaveLength(1);
  });

  it('a listing price under $1.00 per unit is 400 on POST and PUT /api/spaces; $1.00 is taken', async () => {
    const owner = await signedInUser(t);
    const listing = {
      title: 'Small Consult Room',
      description: 'A desk, two chairs and a sink.',
      spaceType: 'Consultation Room',
      address: '1 Main St',
      city: 'Boston',
      state: 'MA',
      zipCode: '02116',
      amenities: ['Wi-Fi'],
      equipment: ['Examination Table'],
      pricePerDay: '0.99',
      pricePeriod: 'hourly',
      latitude: 42.35,
      longitude: -71.07,
    };
    const post = await t.app.inject({ method: 'POST', url: '/api/spaces', headers: { cookie: owner.cookie }, payload: listing });
    expect(post.statusCode).toBe(400);
    expect(post.json().message).toContain('The price must be at least $1.00');

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/spaces',
      headers: { cookie: owner.cookie },
      payload: { ...listing, pricePerDay: '1.00' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/spaces/${id}`,
      headers: { cookie: owner.cookie },
      payload: { ...listing, pricePerDay: 0.5 },
    });
    expect(edit.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/spaces/${id}` })).json()).toMatchObject({ pricePerDay: '1.00' });
  });
});

describe('through Stripe: the kept fee is not refunded', () => {
  let stripe: FakeStripe;
  let s: TestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    s = await createTestApp(stripeTestEnv(stripe));
  });
  afterAll(async () => {
    await s.close();
    await stripe.close();
  });

  /** Holds and (at the fake) pays one day of `spaceId`; returns the booking id and intent id. */
  async function stripeBooking(cookie: string, spaceId: string, daysAhead: number) {
    const dates = { startDate: futureDate(daysAhead), endDate: futureDate(daysAhead + 1) };
    const hold = await createIntent(s, cookie, spaceId, dates);
    expect(hold.statusCode, hold.body).toBe(200);
    const body = hold.json() as { bookingId: string; paymentIntentId: string; amount: string };
    stripe.intents.get(body.paymentIntentId)!.status = 'succeeded';
    expect(
      (await createBooking(s, cookie, { spaceId, ...dates, totalPrice: body.amount, paymentIntentId: body.paymentIntentId })).statusCode,
    ).toBe(201);
    return body;
  }

  it('reverses the transfer but not the application fee, for the policy share of the rest', async () => {
    const owner = await signedInUser(s, { stripeConnectAccountId: 'acct_fee_kept', stripeChargesEnabled: true });
    const cheap = await insertSpace(s.db, owner.user.id, { pricePerDay: '100.00', cancellationPolicyTier: 'moderate' });
    const dear = await insertSpace(s.db, owner.user.id, { pricePerDay: '900.00', cancellationPolicyTier: 'moderate' });
    const renter = await signedInUser(s);
    const first = await stripeBooking(renter.cookie, cheap.id, 3);
    expect(stripe.intents.get(first.paymentIntentId)).toMatchObject({ application_fee_amount: 1000 });
    await stripeBooking(renter.cookie, dear.id, 20);

    const cancelled = await s.app.inject({
      method: 'PUT',
      url: `/api/bookings/${first.bookingId}/cancel`,
      headers: { cookie: renter.cookie },
      payload: {},
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: '45.00' });
    expect(stripe.refunds.filter((refund) => refund.payment_intent === first.paymentIntentId)).toEqual([
      expect.objectContaining({ amount: 4500, reverse_transfer: true, refund_application_fee: false }),
    ]);
  });
});
