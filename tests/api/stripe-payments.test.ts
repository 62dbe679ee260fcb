import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileBookings } from '../../src/server/bookings/reconciliation';
import { insertSpace, insertUser } from '../factories/db';
import { bookings, payments } from '../../src/server/db/schema';
import { createStripeClient, StripePaymentProvider } from '../../src/server/payments/stripe-provider';
import { createBooking, createIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { startFakeStripe, stripeTestEnv, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(stripeTestEnv(stripe));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** An owner whose Connect account can take charges (onboarded). */
const connectedOwner = (account: string) =>
  insertUser(t.db, {
    stripeConnectAccountId: account,
    stripeChargesEnabled: true,
    stripeDetailsSubmitted: true,
    stripeOnboardingCompleted: true,
  });
/** A booking with its payment's intent and card. */
const bookingRow = async (id: string) => {
  const [row] = await t.db
    .select({ booking: bookings, payment: payments })
    .from(bookings)
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .where(eq(bookings.id, id));
  const { stripePaymentIntentId, cardBrand, cardLast4 } = row!.payment;
  return { ...row!.booking, stripePaymentIntentId, cardBrand, cardLast4 };
};
const put = (url: string, cookie: string) => t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: {} });

/** Holds the dates; returns the hold's answer and its intent at the fake. */
async function hold(cookie: string, spaceId: string, dates: { startDate: string; endDate: string }, extra: Record<string, unknown> = {}) {
  const response = await createIntent(t, cookie, spaceId, dates, extra);
  if (response.statusCode !== 200) throw new Error(`hold: ${response.statusCode} ${response.body}`);
  const body = response.json() as {
    bookingId: string;
    paymentIntentId: string;
    amount: string;
    platformFeeAmount: string;
    ownerConnected: boolean;
    instantBook: boolean;
  };
  const intent = stripe.intents.get(body.paymentIntentId)!;
  const booking = { spaceId, ...dates, totalPrice: body.amount, status: 'confirmed', paymentIntentId: body.paymentIntentId };
  return { body, intent, booking };
}

describe('payments through Stripe (real SDK, local fake API)', () => {
  it('tells the browser to use Stripe with the publishable key only', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config).toMatchObject({ payments: 'stripe', stripePublishableKey: 'pk_test_fake' });
    expect((await t.app.inject({ method: 'POST', url: '/api/demo-payments/confirm', payload: {} })).statusCode).toBe(404);
  });

  it('holds the dates with a destination charge carrying the stored fee, and books only once Stripe says it succeeded', async () => {
    const owner = await connectedOwner('acct_owner1');
    const space = await insertSpace(t.db, owner.id, { pricePerDay: '200.00' });
    const renter = await signedInUser(t);
    const dates = { startDate: futureDate(30), endDate: futureDate(32) };

    const { body, intent, booking } = await hold(renter.cookie, space.id, dates, { idempotencyKey: 'attempt-stripe-1' });
    expect(body).toMatchObject({
      amount: '400.00',
      platformFeeAmount: '40.00',
      ownerConnected: true,
      isFirstTransaction: true,
      instantBook: true,
    });
    expect(intent).toMatchObject({
      amount: 40000,
      currency: 'usd',
      capture_method: 'automatic',
      application_fee_amount: 4000,
      transfer_data: { destination: 'acct_owner1' },
      metadata: { kind: 'booking', bookingId: body.bookingId, spaceId: space.id, renterId: renter.user.id, ownerId: owner.id },
      idempotency_key: `booking-hold-${body.bookingId}`,
    });
    // The hold is in the database from the first click, with the fee that is charged.
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'awaiting_payment',
      stripePaymentIntentId: intent.id,
      platformFeeAmount: '40.00',
      totalPrice: '400.00',
    });

    // A second renter gets 409 before paying: no second payment intent.
    const intentsBefore = stripe.intents.size;
    const second = await signedInUser(t);
    expect((await createIntent(t, second.cookie, space.id, dates)).statusCode).toBe(409);
    expect(stripe.intents.size).toBe(intentsBefore);

    expect((await createBooking(t, renter.cookie, booking)).statusCode).toBe(402);
    intent.status = 'succeeded'; // the card was confirmed in the browser with Stripe.js
    const created = await createBooking(t, renter.cookie, booking);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      id: body.bookingId,
      status: 'confirmed',
      stripePaymentIntentId: intent.id,
      platformFeeAmount: '40.00',
    });
    // Retries return the same booking.
    const retried = await createBooking(t, renter.cookie, booking);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().id).toBe(body.bookingId);
  });

  it('charges the platform only when the owner cannot take charges yet, with the fee still recorded', async () => {
    const owner = await insertUser(t.db, { stripeConnectAccountId: 'acct_unfinished', stripeChargesEnabled: false });
    const space = await insertSpace(t.db, owner.id);
    const renter = await signedInUser(t);
    const { body, intent } = await hold(renter.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(31) });
    expect(body).toMatchObject({ ownerConnected: false, platformFeeAmount: '15.00' });
    expect(intent).toMatchObject({ amount: 15000, transfer_data: null, application_fee_amount: null });
  });

  it('the fee stored equals the fee charged: first-booking holds for two spaces of one owner both record and charge 10%', async () => {
    const owner = await connectedOwner('acct_two_spaces');
    const a = await insertSpace(t.db, owner.id, { pricePerDay: '100.00' });
    const b = await insertSpace(t.db, owner.id, { pricePerDay: '250.00' });
    const renter = await signedInUser(t);
    const dates = { startDate: futureDate(30), endDate: futureDate(31) };

    const first = await hold(renter.cookie, a.id, dates);
    const second = await hold(renter.cookie, b.id, dates);
    first.intent.status = 'succeeded';
    second.intent.status = 'succeeded';
    expect((await createBooking(t, renter.cookie, first.booking)).statusCode).toBe(201);
    expect((await createBooking(t, renter.cookie, second.booking)).statusCode).toBe(201);

    for (const { body, intent } of [first, second]) {
      const row = await bookingRow(body.bookingId);
      expect(row.status).toBe('confirmed');
      expect(row.platformFeeAmount).toBe(body.platformFeeAmount);
      expect(intent.application_fee_amount).toBe(Math.round(Number(row.platformFeeAmount) * 100));
      expect(intent.application_fee_amount).toBe(intent.amount / 10);
    }

    // A returning renter pays no fee: none is stored and none is charged.
    const third = await hold(renter.cookie, a.id, { startDate: futureDate(40), endDate: futureDate(41) });
    expect(third.body.platformFeeAmount).toBe('0.00');
    expect(third.intent).toMatchObject({ transfer_data: { destination: 'acct_two_spaces' }, application_fee_amount: null });
  });

  it('request-to-book: the card is authorised (manual capture), accept captures it, decline releases it', async () => {
    const owner = await signedInUser(t, { stripeConnectAccountId: 'acct_requests', stripeChargesEnabled: true });
    const space = await insertSpace(t.db, owner.user.id, { instantBook: false });
    const renter = await signedInUser(t);

    const accepted = await hold(renter.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(31) });
    expect(accepted.body.instantBook).toBe(false);
    expect(accepted.intent.capture_method).toBe('manual');
    accepted.intent.status = 'requires_capture';
    const pending = await createBooking(t, renter.cookie, accepted.booking);
    expect(pending.statusCode).toBe(201);
    expect(pending.json()).toMatchObject({ status: 'pending' });
    expect((await put(`/api/bookings/${accepted.body.bookingId}/accept`, renter.cookie)).statusCode).toBe(403);
    const answer = await put(`/api/bookings/${accepted.body.bookingId}/accept`, owner.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().status).toBe('confirmed');
    expect(stripe.calls('POST', new RegExp(`/v1/payment_intents/${accepted.intent.id}/capture$`))).toHaveLength(1);
    expect(accepted.intent.status).toBe('succeeded');
    // The card authorised, from the latest charge's payment_method_details, kept for the receipt.
    expect(await bookingRow(accepted.body.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect((await put(`/api/bookings/${accepted.body.bookingId}/accept`, owner.cookie)).statusCode).toBe(409);

    const declined = await hold(renter.cookie, space.id, { startDate: futureDate(40), endDate: futureDate(41) });
    declined.intent.status = 'requires_capture';
    expect((await createBooking(t, renter.cookie, declined.booking)).statusCode).toBe(201);
    const no = await put(`/api/bookings/${declined.body.bookingId}/decline`, owner.cookie);
    expect(no.statusCode).toBe(200);
    expect(no.json().status).toBe('declined');
    expect(stripe.calls('POST', new RegExp(`/v1/payment_intents/${declined.intent.id}/cancel$`))).toHaveLength(1);
    expect(declined.intent.status).toBe('canceled');
    expect(stripe.calls('POST', new RegExp(`/v1/payment_intents/${declined.intent.id}/capture$`))).toHaveLength(0);
    expect(await bookingRow(declined.body.bookingId)).toMatchObject({ status: 'declined', paymentStatus: 'canceled' });
  });

  it('cancellation refunds the policy amount, reversing the transfer and the fee of a destination charge', async () => {
    const owner = await signedInUser(t, { stripeConnectAccountId: 'acct_cancels', stripeChargesEnabled: true });
    const moderate = await insertSpace(t.db, owner.user.id, { pricePerDay: '200.00', cancellationPolicyTier: 'moderate' });
    const renter = await signedInUser(t);

    // Moderate, about 3 days before the start: 50%.
    const soon = await hold(renter.cookie, moderate.id, { startDate: futureDate(3), endDate: futureDate(4) });
    soon.intent.status = 'succeeded';
    expect((await createBooking(t, renter.cookie, soon.booking)).statusCode).toBe(201);
    const quote = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${soon.body.bookingId}/cancellation`,
      headers: { cookie: renter.cookie },
    });
    expect(quote.json()).toMatchObject({ refundAmount: '100.00', totalPrice: '200.00', cancellationPolicyTier: 'moderate' });
    const cancelled = await put(`/api/bookings/${soon.body.bookingId}/cancel`, renter.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: '100.00', cancelledBy: 'renter' });
    expect(stripe.refunds.filter((r) => r.payment_intent === soon.intent.id)).toEqual([
      expect.objectContaining({
        amount: 10000,
        reverse_transfer: true,
        refund_application_fee: true,
        idempotencyKey: `payment-${soon.body.bookingId}-refunds-10000`,
      }),
    ]);
    expect(await bookingRow(soon.body.bookingId)).toMatchObject({ paymentStatus: 'partially_refunded' });
    // The dates are free again.
    const other = await signedInUser(t);
    expect((await createIntent(t, other.cookie, moderate.id, { startDate: futureDate(3), endDate: futureDate(4) })).statusCode).toBe(200);
    // Cancelling twice is 409 and refunds nothing more.
    expect((await put(`/api/bookings/${soon.body.bookingId}/cancel`, renter.cookie)).statusCode).toBe(409);
    expect(stripe.refunds.filter((r) => r.payment_intent === soon.intent.id)).toHaveLength(1);

    // The owner cancels: a full refund, whatever the policy.
    const later = await hold(renter.cookie, moderate.id, { startDate: futureDate(20), endDate: futureDate(22) });
    later.intent.status = 'succeeded';
    expect((await createBooking(t, renter.cookie, later.booking)).statusCode).toBe(201);
    const byOwner = await put(`/api/bookings/${later.body.bookingId}/cancel`, owner.cookie);
    expect(byOwner.json()).toMatchObject({ status: 'cancelled', refundAmount: '400.00', cancelledBy: 'owner' });
    expect(stripe.refunds.filter((r) => r.payment_intent === later.intent.id)).toEqual([
      expect.objectContaining({ amount: 40000, reverse_transfer: true, refund_application_fee: true }),
    ]);
    expect(await bookingRow(later.body.bookingId)).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('refunds a payment that succeeded after its hold had lapsed, and books nothing', async () => {
    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    const renter = await signedInUser(t);
    const { body, intent, booking } = await hold(renter.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(31) });
    await t.db.update(bookings).set({ status: 'expired', holdExpiresAt: null }).where(eq(bookings.id, body.bookingId)); // the job expired it
    intent.status = 'succeeded';

    const late = await createBooking(t, renter.cookie, booking);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/returned/);
    // A platform charge (no connected account): refunded in full, nothing to reverse.
    expect(stripe.refunds.filter((r) => r.payment_intent === intent.id)).toEqual([
      expect.objectContaining({ amount: 15000, reverse_transfer: false, refund_application_fee: false }),
    ]);
    expect(await bookingRow(body.bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
  });

  it('the reconciliation job, through Stripe: cancels the intent of a lapsed unpaid hold, refunds a payment whose hold lapsed, finishes a refund that failed', async () => {
    const provider = new StripePaymentProvider(createStripeClient('sk_test_fake', stripe.url));
    const owner = await signedInUser(t, { stripeConnectAccountId: 'acct_reconcile', stripeChargesEnabled: true });
    const space = await insertSpace(t.db, owner.user.id, { pricePerDay: '120.00' });
    const renter = await signedInUser(t);
    const past = new Date(Date.now() - 60_000);

    const unpaid = await hold(renter.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(31) });
    const paidLate = await hold(renter.cookie, space.id, { startDate: futureDate(32), endDate: futureDate(33) });
    paidLate.intent.status = 'succeeded'; // paid, but the booking was never made (the browser closed)
    await t.db.update(bookings).set({ holdExpiresAt: past }).where(eq(bookings.id, unpaid.body.bookingId));
    await t.db.update(bookings).set({ holdExpiresAt: past }).where(eq(bookings.id, paidLate.body.bookingId));

    const cancelled = await hold(renter.cookie, space.id, { startDate: futureDate(34), endDate: futureDate(35) });
    cancelled.intent.status = 'succeeded';
    expect((await createBooking(t, renter.cookie, cancelled.booking)).statusCode).toBe(201);
    // Cancelled with a refund decided that Stripe did not take (refunded_at still empty).
    await t.db
      .update(bookings)
      .set({ status: 'cancelled', refundAmount: '120.00', cancelledBy: 'owner', cancelledAt: new Date() })
      .where(eq(bookings.id, cancelled.body.bookingId));

    const summary = await reconcileBookings(t.db, provider, new Date());
    expect(summary.failures).toBe(0);
    expect(unpaid.intent.status).toBe('canceled');
    expect(await bookingRow(unpaid.body.bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'canceled' });
    expect(stripe.refunds.filter((r) => r.payment_intent === paidLate.intent.id)).toEqual([
      expect.objectContaining({ amount: 12000, reverse_transfer: true, refund_application_fee: true }),
    ]);
    expect(await bookingRow(paidLate.body.bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
    expect(stripe.refunds.filter((r) => r.payment_intent === cancelled.intent.id)).toEqual([expect.objectContaining({ amount: 12000 })]);
    expect((await bookingRow(cancelled.body.bookingId)).refundedAt).not.toBeNull();

    // A second run gives nothing back twice.
    const refundsBefore = stripe.refunds.length;
    await reconcileBookings(t.db, provider, new Date());
    expect(stripe.refunds.length).toBe(refundsBefore);
  });

  it('answers 402 for a payment intent Stripe does not know', async () => {
    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    const renter = await signedInUser(t);
    const response = await createBooking(t, renter.cookie, {
      spaceId: space.id,
      startDate: futureDate(30),
      endDate: futureDate(31),
      totalPrice: '150.00',
      paymentIntentId: 'pi_unknown',
    });
    expect(response.statusCode).toBe(402);
  });
});

describe('payments turned off', () => {
  it('answers 503 with a clear message and books nothing', async () => {
    const off = await createTestApp({ PAYMENTS: 'none' });
    try {
      const owner = await insertUser(off.db);
      const space = await insertSpace(off.db, owner.id);
      const renter = await signedInUser(off);
      const response = await createIntent(off, renter.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(31) });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/not available/);
      expect((await off.app.inject({ method: 'GET', url: '/api/config' })).json().payments).toBe('none');
    } finally {
      await off.close();
    }
  });
});
