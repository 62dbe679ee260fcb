import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace, insertUser } from '../../src/server/db/factories';
import { bookings } from '../../src/server/db/schema';
import { createBooking, createIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_API_BASE: stripe.url });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

describe('payments through Stripe (real SDK, local fake API)', () => {
  it('tells the browser to use Stripe with the publishable key only', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config).toMatchObject({ payments: 'stripe', stripePublishableKey: 'pk_test_fake' });
    expect((await t.app.inject({ method: 'POST', url: '/api/demo-payments/confirm', payload: {} })).statusCode).toBe(404);
  });

  it('creates a destination charge with the platform fee when the owner is connected, and books only once it succeeded', async () => {
    const owner = await insertUser(t.db, { stripeConnectAccountId: 'acct_owner1', stripeOnboardingCompleted: true });
    const space = await insertSpace(t.db, owner.id, { pricePerDay: '200.00' });
    const renter = await signedInUser(t);
    const dates = { startDate: futureDate(30), endDate: futureDate(32) };

    const response = await createIntent(t, renter.cookie, space.id, dates, { idempotencyKey: 'attempt-stripe-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ amount: '400.00', platformFeeAmount: '40.00', ownerConnected: true, isFirstTransaction: true });
    const intent = stripe.intents.get(response.json().paymentIntentId)!;
    expect(intent).toMatchObject({ amount: 40000, currency: 'usd', application_fee_amount: 4000, transfer_data: { destination: 'acct_owner1' } });
    expect(stripe.idempotencyKeys.at(-1)).toContain('attempt-stripe-1');

    const booking = { spaceId: space.id, ...dates, totalPrice: '400.00', status: 'confirmed', paymentIntentId: intent.id };
    expect((await createBooking(t, renter.cookie, booking)).statusCode).toBe(402);
    intent.status = 'succeeded'; // the card was confirmed in the browser with Stripe.js
    const created = await createBooking(t, renter.cookie, booking);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'confirmed', stripePaymentIntentId: intent.id, platformFeeAmount: '40.00' });
  });

  it('charges the platform only when the owner has no connected account, and refunds a payment whose dates were taken', async () => {
    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const dates = { startDate: futureDate(30), endDate: futureDate(31) };

    const a = (await createIntent(t, first.cookie, space.id, dates)).json();
    const b = (await createIntent(t, second.cookie, space.id, dates)).json();
    expect(a.ownerConnected).toBe(false);
    expect(stripe.intents.get(a.paymentIntentId)).toMatchObject({ transfer_data: null, application_fee_amount: null });
    stripe.intents.get(a.paymentIntentId)!.status = 'succeeded';
    stripe.intents.get(b.paymentIntentId)!.status = 'succeeded';

    const base = { spaceId: space.id, ...dates, totalPrice: a.amount, status: 'confirmed' };
    expect((await createBooking(t, first.cookie, { ...base, paymentIntentId: a.paymentIntentId })).statusCode).toBe(201);
    const lost = await createBooking(t, second.cookie, { ...base, paymentIntentId: b.paymentIntentId });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toMatch(/refunded/);
    expect(stripe.refunds).toContain(b.paymentIntentId);
    expect(await t.db.select().from(bookings).where(eq(bookings.spaceId, space.id))).toHaveLength(1);
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
