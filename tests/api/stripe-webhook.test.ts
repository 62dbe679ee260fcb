import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertSpace, insertUser } from '../factories/db';
import { bookings, paymentEvents, payments, users } from '../../src/server/db/schema';
import { bookingPaymentSteps } from '../../src/server/bookings/payment-events';
import type { PaymentIntentInfo } from '../../src/server/payments/provider';
import { createIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { fakeStripeSdk, startFakeStripe, stripeTestEnv, type FakeIntent, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEBHOOK_SECRET = 'whsec_test_webhook_secret';
let fake: FakeStripe;
let t: TestApp;
/** A client for signing events and making intents at the fake. */
let sdk: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(stripeTestEnv(fake, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }));
  sdk = fakeStripeSdk(fake);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A Stripe event of `type` about `object`. */
function event(type: string, object: unknown, id = `evt_${randomUUID().replace(/-/g, '')}`) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  };
}

/** Delivers an event as Stripe does: raw JSON body, signed with `secret`. */
function deliver(payload: unknown, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify(payload);
  const signature = sdk.webhooks.generateTestHeaderString({ payload: body, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const recorded = (eventId: string) => t.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId));

/** Makes the database refuse every update of one booking (a write that fails half-way through a change), until {@link allowUpdates}. */
async function refuseUpdatesOf(bookingId: string) {
  if (!/^[0-9a-f-]{36}$/.test(bookingId)) throw new Error(`not a uuid: ${bookingId}`);
  await t.db.execute(
    sql.raw(
      `create or replace function test_refuse_update() returns trigger language plpgsql as $$ begin raise exception 'update refused by the test'; end $$`,
    ),
  );
  await t.db.execute(
    sql.raw(
      `create trigger test_refuse_update before update on bookings for each row when (old.id = '${bookingId}') execute function test_refuse_update()`,
    ),
  );
}
async function allowUpdates() {
  await t.db.execute(sql.raw('drop trigger if exists test_refuse_update on bookings'));
}

/** A renter's hold on a fresh space; returns the booking id and the intent at the fake. */
async function hold(spaceOverrides: Parameters<typeof insertSpace>[2] = {}, days = 30) {
  const owner = await insertUser(t.db);
  const space = await insertSpace(t.db, owner.id, spaceOverrides);
  const renter = await signedInUser(t);
  const response = await createIntent(t, renter.cookie, space.id, { startDate: futureDate(days), endDate: futureDate(days + 1) });
  if (response.statusCode !== 200) throw new Error(`hold: ${response.statusCode} ${response.body}`);
  const body = response.json() as { bookingId: string; paymentIntentId: string };
  return { bookingId: body.bookingId, intent: fake.intents.get(body.paymentIntentId)! };
}

const intentObject = (intent: FakeIntent) => ({
  id: intent.id,
  object: 'payment_intent',
  amount: intent.amount,
  currency: intent.currency,
  status: intent.status,
  metadata: intent.metadata,
});
/** The charge of an intent as a `charge.*` event carries it. */
const chargeObject = (intent: FakeIntent) => ({
  id: `ch_${intent.id}`,
  object: 'charge',
  amount: intent.amount,
  amount_refunded: intent.amount_refunded,
  refunded: intent.amount_refunded >= intent.amount,
  payment_intent: intent.id,
});

describe('POST /api/stripe/webhook', () => {
  it('payment_intent.succeeded confirms the hold; a redelivery is a no-op', async () => {
    const { bookingId, intent } = await hold();
    intent.status = 'succeeded';
    const succeeded = event('payment_intent.succeeded', intentObject(intent));

    const first = await deliver(succeeded);
    expect(first.statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', holdExpiresAt: null });
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, succeeded.id))).toEqual([
      expect.objectContaining({ id: succeeded.id, type: 'payment_intent.succeeded' }),
    ]);

    const callsBefore = fake.requests.length;
    const again = await deliver(succeeded);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(fake.requests.length).toBe(callsBefore); // not even read again
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('a bad or missing signature is 400 and changes nothing', async () => {
    const { bookingId, intent } = await hold();
    intent.status = 'succeeded';
    const forged = event('payment_intent.succeeded', intentObject(intent));

    const wrongSecret = await deliver(forged, 'whsec_someone_else');
    expect(wrongSecret.statusCode).toBe(400);
    const body = JSON.stringify(forged);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    // A valid signature over other bytes: the body was changed on the way.
    const signature = sdk.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body.replace('"livemode":false', '"livemode":false '),
    });
    expect(tampered.statusCode).toBe(400);

    expect(await bookingRow(bookingId)).toMatchObject({ status: 'awaiting_payment' });
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, forged.id))).toEqual([]);
    // The genuine delivery is still handled afterwards.
    expect((await deliver(forged)).statusCode).toBe(200);
    expect((await bookingRow(bookingId)).status).toBe('confirmed');
  });

  it('an event that could not be handled (Stripe unreachable) is 500 and not recorded, so that its redelivery is handled', async () => {
    const { bookingId, intent } = await hold();
    intent.status = 'succeeded';
    const succeeded = event('payment_intent.succeeded', intentObject(intent));
    fake.failing = new RegExp(`^/v1/payment_intents/${intent.id}$`);
    try {
      expect((await deliver(succeeded)).statusCode).toBe(500);
    } finally {
      fake.failing = null;
    }
    // The read was tried three times (two retries) before the event failed.
    expect(fake.calls('GET', new RegExp(`^/v1/payment_intents/${intent.id}$`))).toHaveLength(3);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, succeeded.id))).toEqual([]);
    expect((await bookingRow(bookingId)).status).toBe('awaiting_payment');
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await bookingRow(bookingId)).status).toBe('confirmed');
  });

  it('records the event only with its change: nothing is recorded while Stripe is being read, then both at once', async () => {
    const { bookingId, intent } = await hold();
    intent.status = 'succeeded';
    const succeeded = event('payment_intent.succeeded', intentObject(intent));
    const slow = fake.pause(new RegExp(`^/v1/payment_intents/${intent.id}$`));
    const delivery = deliver(succeeded);
    try {
      await slow.reached;
      // Were the process to stop now, nothing would say the event was handled: Stripe's redelivery would be.
      expect(await recorded(succeeded.id)).toEqual([]);
      expect((await bookingRow(bookingId)).status).toBe('awaiting_payment');
    } finally {
      slow.release();
    }
    expect((await delivery).json()).toEqual({ received: true });
    expect(await recorded(succeeded.id)).toHaveLength(1);
    expect((await bookingRow(bookingId)).status).toBe('confirmed');
  });

  it('a change that fails in the database leaves the event unrecorded, and its redelivery is handled', async () => {
    const { bookingId, intent } = await hold();
    intent.status = 'succeeded';
    const succeeded = event('payment_intent.succeeded', intentObject(intent));
    await refuseUpdatesOf(bookingId);
    try {
      expect((await deliver(succeeded)).statusCode).toBe(500);
    } finally {
      await allowUpdates();
    }
    expect(await recorded(succeeded.id)).toEqual([]);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'awaiting_payment', paymentStatus: 'requires_payment' });

    const again = await deliver(succeeded);
    expect(again.json()).toEqual({ received: true });
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await recorded(succeeded.id)).toHaveLength(1);
  });

  it('two deliveries of one event at the same time: one applies it, the other is a duplicate', async () => {
    const { bookingId, intent } = await hold();
    intent.status = 'succeeded';
    const succeeded = event('payment_intent.succeeded', intentObject(intent));
    const answers = await Promise.all([deliver(succeeded), deliver(succeeded)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json<{ duplicate?: boolean }>().duplicate ?? false).sort()).toEqual([false, true]);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await recorded(succeeded.id)).toHaveLength(1);
  });

  it('payment_intent.amount_capturable_updated makes a request-to-book hold a pending request', async () => {
    const { bookingId, intent } = await hold({ instantBook: false });
    intent.status = 'requires_capture';
    expect((await deliver(event('payment_intent.amount_capturable_updated', intentObject(intent)))).statusCode).toBe(200);
    const row = await bookingRow(bookingId);
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'authorized' });
    expect(row.requestExpiresAt).not.toBeNull();
  });

  it('an event about an unpaid intent settles nothing (the server reads the intent back from Stripe)', async () => {
    const { bookingId, intent } = await hold();
    // The event claims success, but Stripe says the intent is not paid.
    const claimed = { ...intentObject(intent), status: 'succeeded' };
    expect((await deliver(event('payment_intent.succeeded', claimed))).statusCode).toBe(200);
    expect((await bookingRow(bookingId)).status).toBe('awaiting_payment');
  });

  it('payment_intent.canceled expires an unpaid hold and frees its dates', async () => {
    const { bookingId, intent } = await hold();
    intent.status = 'canceled';
    expect((await deliver(event('payment_intent.canceled', intentObject(intent)))).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'canceled' });
  });

  it('payment_intent.canceled expires a request whose authorisation Stripe released before the owner answered', async () => {
    const { bookingId, intent } = await hold({ instantBook: false });
    intent.status = 'requires_capture';
    await deliver(event('payment_intent.amount_capturable_updated', intentObject(intent)));
    expect((await bookingRow(bookingId)).status).toBe('pending');
    intent.status = 'canceled';
    expect((await deliver(event('payment_intent.canceled', intentObject(intent)))).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'canceled', requestExpiresAt: null });
  });

  it("links a hold whose intent id was never stored (found by the intent's booking id) and settles it", async () => {
    const { bookingId, intent } = await hold();
    await t.db.update(payments).set({ stripePaymentIntentId: null, status: 'none' }).where(eq(payments.id, bookingId));
    await t.db.update(bookings).set({ paymentStatus: 'none' }).where(eq(bookings.id, bookingId));
    intent.status = 'succeeded';
    expect((await deliver(event('payment_intent.succeeded', intentObject(intent)))).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect((await t.db.select().from(payments).where(eq(payments.id, bookingId)))[0]).toMatchObject({
      stripePaymentIntentId: intent.id,
      status: 'paid',
    });
  });

  it('a payment that succeeds after its hold lapsed is refunded, and one for no booking of ours is refunded too', async () => {
    const { bookingId, intent } = await hold();
    await t.db.update(bookings).set({ status: 'expired', holdExpiresAt: null }).where(eq(bookings.id, bookingId));
    intent.status = 'succeeded';
    const late = event('payment_intent.succeeded', intentObject(intent));
    expect((await deliver(late)).json()).toEqual({ received: true });
    expect(fake.refunds.filter((r) => r.payment_intent === intent.id)).toEqual([expect.objectContaining({ amount: intent.amount })]);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
    // Giving the money back is a provider call, made outside the event's transaction; the event is recorded after it.
    expect(await recorded(late.id)).toHaveLength(1);
    expect((await deliver(late)).json()).toEqual({ received: true, duplicate: true });
    expect(fake.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);

    const stray = await sdk.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      metadata: { kind: 'booking', bookingId: randomUUID() },
    });
    fake.intents.get(stray.id)!.status = 'succeeded';
    expect((await deliver(event('payment_intent.succeeded', intentObject(fake.intents.get(stray.id)!)))).statusCode).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === stray.id)).toEqual([expect.objectContaining({ amount: 5000 })]);
  });

  it('a donation payment books nothing and refunds nothing', async () => {
    const donation = await sdk.paymentIntents.create({ amount: 2500, currency: 'usd', metadata: { kind: 'donation' } });
    fake.intents.get(donation.id)!.status = 'succeeded';
    expect((await deliver(event('payment_intent.succeeded', intentObject(fake.intents.get(donation.id)!)))).statusCode).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === donation.id)).toEqual([]);
  });

  it('charge.refunded records a partial or full refund on the booking, as Stripe reports it', async () => {
    const { bookingId, intent } = await hold({ pricePerDay: '200.00' });
    intent.status = 'succeeded';
    await deliver(event('payment_intent.succeeded', intentObject(intent)));

    await sdk.refunds.create({ payment_intent: intent.id, amount: 5000 });
    expect((await deliver(event('charge.refunded', chargeObject(intent)))).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: '50.00', refundedAt: null });
    await sdk.refunds.create({ payment_intent: intent.id });
    expect((await deliver(event('charge.refunded', chargeObject(intent)))).statusCode).toBe(200);
    const row = await bookingRow(bookingId);
    expect(row).toMatchObject({ paymentStatus: 'refunded', amountRefunded: '200.00' });
    expect(row.refundedAt).not.toBeNull();
  });

  it('a refund read before a later, full one never turns the booking back to partly refunded', async () => {
    const { bookingId, intent } = await hold({ pricePerDay: '200.00' });
    intent.status = 'succeeded';
    await deliver(event('payment_intent.succeeded', intentObject(intent)));
    await sdk.refunds.create({ payment_intent: intent.id, amount: 5000 });
    // What a slow handler read of the first refund, before the second was made and recorded.
    const stale: PaymentIntentInfo = {
      id: intent.id,
      clientSecret: '',
      amount: intent.amount,
      currency: intent.currency,
      status: 'succeeded',
      captureMethod: 'automatic',
      amountRefunded: intent.amount_refunded,
      metadata: intent.metadata,
      card: null,
    };
    await sdk.refunds.create({ payment_intent: intent.id });
    expect((await deliver(event('charge.refunded', chargeObject(intent)))).statusCode).toBe(200);

    await bookingPaymentSteps.recordRefund(t.db, stale);
    expect(await bookingRow(bookingId)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: '200.00' });
  });

  it("charge.refunded takes the amount refunded from Stripe, never from the event's body", async () => {
    const { bookingId, intent } = await hold({ pricePerDay: '120.00' });
    intent.status = 'succeeded';
    await deliver(event('payment_intent.succeeded', intentObject(intent)));
    await sdk.refunds.create({ payment_intent: intent.id, amount: 3000 });

    // The body claims a full refund; Stripe's charge says $30.00 of $120.00.
    const lying = { ...chargeObject(intent), amount_refunded: intent.amount, refunded: true };
    expect((await deliver(event('charge.refunded', lying))).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'partially_refunded',
      amountRefunded: '30.00',
      refundAmount: null,
    });
    expect(fake.calls('GET', new RegExp(`^/v1/payment_intents/${intent.id}$`)).at(-1)?.form).toMatchObject({
      expand: { 0: 'latest_charge' },
    });
  });

  it("a full refund made in Stripe's dashboard cancels a confirmed booking ahead and frees its dates; a past booking stays as it was", async () => {
    const { bookingId, intent } = await hold({ pricePerDay: '150.00' });
    intent.status = 'succeeded';
    await deliver(event('payment_intent.succeeded', intentObject(intent)));
    expect((await bookingRow(bookingId)).status).toBe('confirmed');
    await sdk.refunds.create({ payment_intent: intent.id });
    expect((await deliver(event('charge.refunded', chargeObject(intent)))).statusCode).toBe(200);
    const row = await bookingRow(bookingId);
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundAmount: '150.00', amountRefunded: '150.00' });
    expect(row.cancelledAt).not.toBeNull();
    // The dates are free: another renter holds them.
    const other = await signedInUser(t);
    const again = await createIntent(t, other.cookie, row.spaceId, { startDate: futureDate(30), endDate: futureDate(31) });
    expect(again.statusCode, again.body).toBe(200);

    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    const renter = await insertUser(t.db);
    const goodwill = await sdk.paymentIntents.create({ amount: 10000, currency: 'usd', metadata: { kind: 'booking' } });
    fake.intents.get(goodwill.id)!.status = 'succeeded';
    const past = await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.id,
      startAt: new Date(Date.now() - 5 * DAY_MS),
      endAt: new Date(Date.now() - 4 * DAY_MS),
      totalPrice: '100.00',
      status: 'confirmed',
      paymentStatus: 'paid',
      stripePaymentIntentId: goodwill.id,
    });
    await sdk.refunds.create({ payment_intent: goodwill.id });
    expect((await deliver(event('charge.refunded', chargeObject(fake.intents.get(goodwill.id)!)))).statusCode).toBe(200);
    expect(await bookingRow(past.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'refunded', amountRefunded: '100.00' });
  });

  it("account.updated stores the owner's payout readiness from Stripe", async () => {
    const account = await sdk.accounts.create({ type: 'express' });
    const owner = await insertUser(t.db, { stripeConnectAccountId: account.id });
    Object.assign(fake.accounts.get(account.id)!, { charges_enabled: true, details_submitted: true });
    expect((await deliver(event('account.updated', { ...account, charges_enabled: true, details_submitted: true }))).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({
      stripeChargesEnabled: true,
      stripeDetailsSubmitted: true,
      stripeOnboardingCompleted: true,
      stripeAccountStatus: 'active',
    });
  });

  it('payment_intent.payment_failed changes nothing; other JSON routes still parse their bodies', async () => {
    const { bookingId, intent } = await hold();
    const failed = { ...intentObject(intent), last_payment_error: { message: 'Your card was declined.' } };
    expect((await deliver(event('payment_intent.payment_failed', failed))).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'awaiting_payment', paymentStatus: 'requires_payment' });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nobody@example.test', password: 'x' } });
    expect(login.statusCode).toBe(401);
  });

  it('is not there with demo payments', async () => {
    const demo = await createTestApp({ PAYMENTS: 'demo' });
    try {
      expect((await demo.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: {} })).statusCode).toBe(404);
    } finally {
      await demo.close();
    }
  });
});
