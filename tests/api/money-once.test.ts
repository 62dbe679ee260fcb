/**
 * Money moves once and only as decided: a cancelled
 * booking's payment is not given back again by a re-sent POST /api/bookings,
 * a replayed webhook or the reconciliation job; one request is captured once
 * however many Accepts race (and never given back once confirmed); a failed
 * capture leaves the request pending; and every booking answer says what the
 * provider has refunded. Through the real Stripe SDK against the local fake,
 * which counts the provider calls.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPT_CLAIM_STALE_MS } from '../../src/server/bookings/owner-answers';
import { reconcileBookings } from '../../src/server/bookings/reconciliation';
import { insertSpace } from '../factories/db';
import { bookings } from '../../src/server/db/schema';
import { createStripeClient, StripePaymentProvider } from '../../src/server/payments/stripe-provider';
import { createBooking, createIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { fakeStripeSdk, startFakeStripe, stripeTestEnv, type FakeIntent, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const WEBHOOK_SECRET = 'whsec_test_money_once';
let fake: FakeStripe;
let t: TestApp;
/** Signs webhook events. */
let sdk: Stripe;
/** The provider as the reconciliation job uses it. */
let provider: StripePaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(stripeTestEnv(fake, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }));
  sdk = fakeStripeSdk(fake);
  provider = new StripePaymentProvider(createStripeClient('sk_test_fake', fake.url));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const put = (url: string, cookie: string) => t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: {} });
const getBooking = (id: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/bookings/${id}`, headers: cookie ? { cookie } : {} });
const refundsOf = (intent: FakeIntent) => fake.refunds.filter((r) => r.payment_intent === intent.id);
const capturesOf = (intent: FakeIntent) => fake.calls('POST', new RegExp(`^/v1/payment_intents/${intent.id}/capture$`));
const cancelsOf = (intent: FakeIntent) => fake.calls('POST', new RegExp(`^/v1/payment_intents/${intent.id}/cancel$`));

/** A Stripe event of `type` about `intent`, with a fresh event id (a delayed or replayed delivery is a new event as far as the id goes). */
function deliver(type: string, intent: FakeIntent) {
  const object = {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    metadata: intent.metadata,
  };
  const body = JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const signature = sdk.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

/** A renter's hold on `spaceId`, paid (instant booking) or authorised (request-to-book) at the fake, and the POST /api/bookings that books it. */
async function paidHold(
  renter: User,
  spaceId: string,
  dates: { startDate: string; endDate: string },
  status: 'succeeded' | 'requires_capture',
) {
  const response = await createIntent(t, renter.cookie, spaceId, dates);
  if (response.statusCode !== 200) throw new Error(`hold: ${response.statusCode} ${response.body}`);
  const body = response.json() as { bookingId: string; paymentIntentId: string; amount: string };
  const intent = fake.intents.get(body.paymentIntentId)!;
  intent.status = status;
  const payload = { spaceId, ...dates, totalPrice: body.amount, paymentIntentId: body.paymentIntentId };
  return { bookingId: body.bookingId, intent, payload };
}

/** A confirmed instant booking of a fresh space with `tier`, `daysAhead` days ahead. */
async function confirmedBooking(tier: 'flexible' | 'moderate' | 'strict', daysAhead: number) {
  const owner = await signedInUser(t);
  const space = await insertSpace(t.db, owner.user.id, { pricePerDay: '200.00', cancellationPolicyTier: tier });
  const renter = await signedInUser(t);
  const paid = await paidHold(renter, space.id, { startDate: futureDate(daysAhead), endDate: futureDate(daysAhead + 1) }, 'succeeded');
  const booked = await createBooking(t, renter.cookie, paid.payload);
  expect(booked.statusCode).toBe(201);
  return { owner, renter, ...paid };
}

/** A pending request (card authorised) on a fresh request-to-book space. */
async function pendingRequest() {
  const owner = await signedInUser(t);
  const space = await insertSpace(t.db, owner.user.id, { instantBook: false, pricePerDay: '180.00' });
  const renter = await signedInUser(t);
  const paid = await paidHold(renter, space.id, { startDate: futureDate(20), endDate: futureDate(21) }, 'requires_capture');
  const booked = await createBooking(t, renter.cookie, paid.payload);
  expect(booked.json()).toMatchObject({ status: 'pending' });
  return { owner, renter, ...paid };
}

describe('a cancelled booking is refunded once, by its policy', () => {
  it('re-sending POST /api/bookings after cancelling is 409 "cancelled" and refunds nothing more', async () => {
    const { renter, bookingId, intent, payload } = await confirmedBooking('moderate', 3);
    const cancelled = await put(`/api/bookings/${bookingId}/cancel`, renter.cookie);
    expect(cancelled.statusCode).toBe(200);
    const { refundAmount } = cancelled.json() as { refundAmount: string };
    // Moderate, 3 days ahead: half of the $200.00.
    expect(refundAmount).toBe('100.00');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'partially_refunded', amountRefunded: refundAmount });

    const again = await createBooking(t, renter.cookie, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/cancelled/);
    expect(again.json().message).not.toMatch(/returned/);

    expect(refundsOf(intent)).toEqual([expect.objectContaining({ amount: 10000, idempotencyKey: `payment-${bookingId}-refunds-10000` })]);
    expect(intent.amount_refunded).toBe(10000);
    const shown = await getBooking(bookingId, renter.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'partially_refunded',
      amountRefunded: '100.00',
      refundAmount: '100.00',
    });

    // Nor does the job, run twice.
    await reconcileBookings(t.db, provider);
    await reconcileBookings(t.db, provider);
    expect(intent.amount_refunded).toBe(10000);
    expect((await getBooking(bookingId, renter.cookie)).json()).toMatchObject({ status: 'cancelled', amountRefunded: '100.00' });
  });

  it('a delayed or replayed payment_intent.succeeded for a cancelled booking leaves its refund at the policy refund', async () => {
    const { renter, bookingId, intent } = await confirmedBooking('moderate', 3);
    expect((await put(`/api/bookings/${bookingId}/cancel`, renter.cookie)).json()).toMatchObject({ refundAmount: '100.00' });

    expect((await deliver('payment_intent.succeeded', intent)).statusCode).toBe(200);
    expect((await deliver('payment_intent.succeeded', intent)).statusCode).toBe(200);
    expect(refundsOf(intent)).toHaveLength(1);
    expect(intent.amount_refunded).toBe(10000);
    expect(await bookingRow(bookingId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'partially_refunded',
      amountRefunded: '100.00',
    });
    expect((await getBooking(bookingId, renter.cookie)).json()).toMatchObject({ amountRefunded: '100.00' });
  });

  it('a cancellation refund the provider already made (its key long forgotten) is recorded by the job, not made again', async () => {
    const { renter, bookingId, intent } = await confirmedBooking('moderate', 3);
    fake.failing = new RegExp(`^/v1/payment_intents/${intent.id}$`); // the provider cannot be read: the refund stays due
    try {
      expect((await put(`/api/bookings/${bookingId}/cancel`, renter.cookie)).json()).toMatchObject({
        status: 'cancelled',
        refundAmount: '100.00',
      });
    } finally {
      fake.failing = null;
    }
    expect((await bookingRow(bookingId)).refundedAt).toBeNull();
    // The refund did reach the provider once (a crash before it was recorded, more than a day before Stripe would replay its key).
    await sdk.refunds.create({ payment_intent: intent.id, amount: 10000 });
    await reconcileBookings(t.db, provider);
    expect(refundsOf(intent)).toHaveLength(1);
    expect(intent.amount_refunded).toBe(10000);
    expect((await getBooking(bookingId, renter.cookie)).json()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'partially_refunded',
      amountRefunded: '100.00',
    });
  });

  it('the renter and the owner cancelling at once: one cancels, one gets 409, one refund', async () => {
    const { owner, renter, bookingId, intent } = await confirmedBooking('moderate', 3);
    const answers = await Promise.all([
      put(`/api/bookings/${bookingId}/cancel`, renter.cookie),
      put(`/api/bookings/${bookingId}/cancel`, owner.cookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json() as { refundAmount: string };
    expect(refundsOf(intent)).toHaveLength(1);
    expect((await getBooking(bookingId, owner.cookie)).json()).toMatchObject({ status: 'cancelled', amountRefunded: winner.refundAmount });
  });

  it('re-sending POST /api/bookings for a declined request is a 409 saying so, and moves no money', async () => {
    const { owner, renter, bookingId, intent, payload } = await pendingRequest();
    expect((await put(`/api/bookings/${bookingId}/decline`, owner.cookie)).statusCode).toBe(200);
    const cancelCalls = cancelsOf(intent).length;
    const again = await createBooking(t, renter.cookie, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/declined/);
    expect(cancelsOf(intent)).toHaveLength(cancelCalls);
    expect(capturesOf(intent)).toHaveLength(0);
    expect((await getBooking(bookingId, renter.cookie)).json()).toMatchObject({
      status: 'declined',
      paymentStatus: 'canceled',
      amountRefunded: '0.00',
    });
  });
});

describe('a payment that completes after its hold lapsed', () => {
  it('is given back in full, once, whatever asks again', async () => {
    const owner = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id);
    const renter = await signedInUser(t);
    const { bookingId, intent, payload } = await paidHold(
      renter,
      space.id,
      { startDate: futureDate(30), endDate: futureDate(31) },
      'succeeded',
    );
    await t.db.update(bookings).set({ status: 'expired', holdExpiresAt: null }).where(eq(bookings.id, bookingId)); // the job expired it

    const late = await createBooking(t, renter.cookie, payload);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired.*returned/);
    expect((await createBooking(t, renter.cookie, payload)).statusCode).toBe(409);
    expect((await deliver('payment_intent.succeeded', intent)).statusCode).toBe(200);
    await reconcileBookings(t.db, provider);

    expect(refundsOf(intent)).toEqual([expect.objectContaining({ amount: 15000, idempotencyKey: `release-${bookingId}` })]);
    expect((await getBooking(bookingId, renter.cookie)).json()).toMatchObject({
      status: 'expired',
      paymentStatus: 'refunded',
      amountRefunded: '150.00',
    });
  });
});

describe('one capture per request', () => {
  it('five Accepts at once: one 200, four 409, one capture, nothing given back', async () => {
    const { owner, renter, bookingId, intent } = await pendingRequest();
    const answers = await Promise.all(Array.from({ length: 5 }, () => put(`/api/bookings/${bookingId}/accept`, owner.cookie)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 200)!.json()).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(capturesOf(intent)).toHaveLength(1);
    expect(refundsOf(intent)).toEqual([]);
    expect(cancelsOf(intent)).toEqual([]);
    expect(intent).toMatchObject({ status: 'succeeded', amount_refunded: 0 });
    expect(await bookingRow(bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      acceptingAt: null,
      amountRefunded: '0.00',
    });
    expect((await getBooking(bookingId, renter.cookie)).json()).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      amountRefunded: '0.00',
    });
  });

  it('Accept racing Decline: exactly one wins; an accepted request is not given back, a declined one is not captured', async () => {
    const winners: string[] = [];
    for (let round = 0; round < 4; round++) {
      const { owner, bookingId, intent } = await pendingRequest();
      const accept = () => put(`/api/bookings/${bookingId}/accept`, owner.cookie);
      const decline = () => put(`/api/bookings/${bookingId}/decline`, owner.cookie);
      // Either one sent first, by turns.
      const [acceptAnswer, declineAnswer] =
        round % 2 === 0 ? await Promise.all([accept(), decline()]) : (await Promise.all([decline(), accept()])).reverse();
      const codes = [acceptAnswer!.statusCode, declineAnswer!.statusCode];
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(1);
      const row = await bookingRow(bookingId);
      expect(refundsOf(intent)).toEqual([]);
      if (acceptAnswer!.statusCode === 200) {
        winners.push('accept');
        expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', acceptingAt: null });
        expect(capturesOf(intent)).toHaveLength(1);
        expect(cancelsOf(intent)).toEqual([]);
        expect(intent.status).toBe('succeeded');
      } else {
        winners.push('decline');
        expect(row).toMatchObject({ status: 'declined', paymentStatus: 'canceled' });
        expect(capturesOf(intent)).toEqual([]);
        expect(intent.status).toBe('canceled');
      }
    }
    expect(winners).toHaveLength(4);
  });

  it('a request being accepted cannot be declined or expired; the job settles a claim left standing from the intent', async () => {
    // Claimed, captured, then the process died before confirming.
    const captured = await pendingRequest();
    const longAgo = new Date(Date.now() - ACCEPT_CLAIM_STALE_MS - 60_000);
    await t.db
      .update(bookings)
      .set({ acceptingAt: longAgo, requestExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, captured.bookingId));
    const declined = await put(`/api/bookings/${captured.bookingId}/decline`, captured.owner.cookie);
    expect(declined.statusCode).toBe(409);
    expect(declined.json().message).toMatch(/being accepted/);
    expect((await put(`/api/bookings/${captured.bookingId}/accept`, captured.owner.cookie)).statusCode).toBe(409);
    captured.intent.status = 'succeeded';

    // Claimed, but the capture never reached the provider.
    const authorised = await pendingRequest();
    await t.db.update(bookings).set({ acceptingAt: longAgo }).where(eq(bookings.id, authorised.bookingId));

    // A fresh claim is left alone, even past the request's deadline.
    const fresh = await pendingRequest();
    await t.db
      .update(bookings)
      .set({ acceptingAt: new Date(), requestExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, fresh.bookingId));

    const summary = await reconcileBookings(t.db, provider);
    expect(summary).toMatchObject({ resolvedClaims: 2, failures: 0 });
    expect(await bookingRow(captured.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', acceptingAt: null });
    expect(refundsOf(captured.intent)).toEqual([]);
    expect(await bookingRow(authorised.bookingId)).toMatchObject({ status: 'pending', paymentStatus: 'authorized', acceptingAt: null });
    expect(await bookingRow(fresh.bookingId)).toMatchObject({ status: 'pending', paymentStatus: 'authorized' });
    expect(cancelsOf(fresh.intent)).toEqual([]);

    // The cleared request can be accepted again, with one capture.
    expect((await put(`/api/bookings/${authorised.bookingId}/accept`, authorised.owner.cookie)).json()).toMatchObject({
      status: 'confirmed',
    });
    expect(capturesOf(authorised.intent)).toHaveLength(1);
  });

  it('a capture that fails leaves the request pending (claim cleared) with a clear 402; Accept again captures once', async () => {
    const { owner, bookingId, intent } = await pendingRequest();
    fake.failing = /\/capture$/;
    let failed;
    try {
      failed = await put(`/api/bookings/${bookingId}/accept`, owner.cookie);
    } finally {
      fake.failing = null;
    }
    expect(failed.statusCode).toBe(402);
    expect(failed.json().message).toBe('The payment could not be captured. The request is still pending; please try again.');
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'pending', paymentStatus: 'authorized', acceptingAt: null });
    expect(intent.status).toBe('requires_capture');

    const retried = await put(`/api/bookings/${bookingId}/accept`, owner.cookie);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(intent.status).toBe('succeeded');
    expect(refundsOf(intent)).toEqual([]);
  });

  it("a capture refused because the card's authorisation is gone declines the request with a clear 402, charging nothing", async () => {
    const { owner, renter, bookingId, intent } = await pendingRequest();
    intent.status = 'canceled'; // the authorisation lapsed at the provider
    const failed = await put(`/api/bookings/${bookingId}/accept`, owner.cookie);
    expect(failed.statusCode).toBe(402);
    expect(failed.json().message).toMatch(/authorisation is no longer valid.*declined/);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'declined', paymentStatus: 'canceled', acceptingAt: null });
    expect(refundsOf(intent)).toEqual([]);
    expect((await getBooking(bookingId, renter.cookie)).json()).toMatchObject({
      status: 'declined',
      paymentStatus: 'canceled',
      amountRefunded: '0.00',
    });
  });
});

describe('GET /api/bookings/:id and what the money did', () => {
  it('shows one booking to its renter and its space owner only, with paymentStatus and amountRefunded', async () => {
    const { owner, renter, bookingId } = await pendingRequest();
    const stranger = await signedInUser(t);
    expect((await getBooking(bookingId)).statusCode).toBe(401);
    expect((await getBooking(bookingId, stranger.cookie)).statusCode).toBe(403);
    expect((await getBooking(randomUUID(), renter.cookie)).statusCode).toBe(404);
    expect((await getBooking('not-a-booking', renter.cookie)).statusCode).toBe(404);

    const forRenter = await getBooking(bookingId, renter.cookie);
    expect(forRenter.statusCode).toBe(200);
    expect(forRenter.json()).toMatchObject({
      id: bookingId,
      status: 'pending',
      paymentStatus: 'authorized',
      amountRefunded: '0.00',
      space: expect.objectContaining({ ownerId: owner.user.id }),
    });
    expect((await getBooking(bookingId, owner.cookie)).json()).toMatchObject({
      id: bookingId,
      renter: { firstName: renter.user.firstName, lastName: renter.user.lastName },
    });

    const requests = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.user.id}/booking-requests`,
      headers: { cookie: owner.cookie },
    });
    expect(requests.json()).toEqual([expect.objectContaining({ id: bookingId, paymentStatus: 'authorized', amountRefunded: '0.00' })]);
    const list = await t.app.inject({ method: 'GET', url: `/api/users/${renter.user.id}/bookings`, headers: { cookie: renter.cookie } });
    expect(list.json()).toEqual([expect.objectContaining({ id: bookingId, paymentStatus: 'authorized', amountRefunded: '0.00' })]);
  });

  it('an unpaid hold shows paymentStatus none', async () => {
    const owner = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id);
    const renter = await signedInUser(t);
    const hold = (await createIntent(t, renter.cookie, space.id, { startDate: futureDate(40), endDate: futureDate(41) })).json() as {
      bookingId: string;
    };
    expect((await getBooking(hold.bookingId, renter.cookie)).json()).toMatchObject({
      status: 'awaiting_payment',
      paymentStatus: 'none',
      amountRefunded: '0.00',
    });
  });
});
