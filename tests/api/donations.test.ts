import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPaymentIntents } from '../../src/server/db/schema';
import { insertSpace, insertUser } from '../factories/db';
import { DONATION_RATE_LIMIT } from '../../src/server/payments/donations';
import { createIntent, TEST_CARD } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { paymentsTestEnv, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

type Provider = 'demo' | 'stripe';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});

describe.each<Provider>(['demo', 'stripe'])('POST /api/create-payment-intent: donations (%s provider)', (provider) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(paymentsTestEnv(provider, stripe));
  });
  afterAll(async () => {
    await t.close();
  });

  const donate = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers, payload: payload as object });
  /** The intent of a client secret, as the provider keeps it. */
  async function intentOf(clientSecret: string) {
    if (provider === 'stripe') {
      const intent = [...stripe.intents.values()].find((i) => i.client_secret === clientSecret)!;
      return {
        amount: intent.amount,
        metadata: intent.metadata,
        destination: intent.transfer_data?.destination ?? null,
        fee: intent.application_fee_amount,
      };
    }
    const [row] = await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.clientSecret, clientSecret));
    return { amount: row!.amount, metadata: row!.metadata, destination: row!.destination, fee: row!.applicationFeeAmount || null };
  }
  const intentCount = async () => (provider === 'stripe' ? stripe.intents.size : await t.db.$count(demoPaymentIntents));

  it('a visitor donates without a session: an intent for exactly the amount, marked as a donation', async () => {
    const response = await donate({ amount: 25 });
    expect(response.statusCode).toBe(200);
    const { clientSecret } = response.json() as { clientSecret: string };
    expect(await intentOf(clientSecret)).toEqual({ amount: 2500, metadata: { kind: 'donation' }, destination: null, fee: null });
    expect((await intentOf((await donate({ amount: '10.50' })).json().clientSecret)).amount).toBe(1050);

    if (provider === 'demo') {
      // The demo card form pays it, still without a session (the booking payments' route needs one).
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/demo-payments/confirm', payload: { clientSecret, ...TEST_CARD } })).statusCode,
      ).toBe(401);
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/demo-payments/confirm-donation',
        payload: { clientSecret, ...TEST_CARD },
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.json().status).toBe('succeeded');
    }
  });

  it('records a signed-in donor, whose donation nobody else can pay', async () => {
    const donor = await signedInUser(t);
    const { clientSecret } = (await donate({ amount: 100 }, { cookie: donor.cookie })).json() as { clientSecret: string };
    expect((await intentOf(clientSecret)).metadata).toEqual({ kind: 'donation', donorId: donor.user.id });
    if (provider === 'demo') {
      const other = await signedInUser(t);
      const confirm = (cookie?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/demo-payments/confirm-donation',
          headers: cookie ? { cookie } : {},
          payload: { clientSecret, ...TEST_CARD },
        });
      expect((await confirm(other.cookie)).statusCode).toBe(403);
      expect((await confirm()).statusCode).toBe(403);
      expect((await confirm(donor.cookie)).statusCode).toBe(200);
      // The donation route pays donations only, never a booking's payment.
      const owner = await insertUser(t.db);
      const space = await insertSpace(t.db, owner.id);
      const hold = (await createIntent(t, donor.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(31) })).json();
      const booking = await t.app.inject({
        method: 'POST',
        url: '/api/demo-payments/confirm-donation',
        headers: { cookie: donor.cookie },
        payload: { clientSecret: hold.clientSecret, ...TEST_CARD },
      });
      expect(booking.statusCode).toBe(403);
    }
  });

  it('validates the amount on the server: at least $1 (the message in docs/product.md), at most $999,999.99, whole cents; nothing is created', async () => {
    const before = await intentCount();
    for (const amount of [0.99, 0, -5]) {
      const response = await donate({ amount });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('Please enter an amount of at least $1');
    }
    for (const amount of [1_000_000, 25.555, '', 'abc', '1e3', true, null]) {
      expect((await donate({ amount })).statusCode).toBe(400);
    }
    expect((await donate({})).statusCode).toBe(400);
    expect(await intentCount()).toBe(before);
    expect((await donate({ amount: 1 })).statusCode).toBe(200);
    expect((await donate({ amount: '999999.99' })).statusCode).toBe(200);
  });

  it('asking again for the same attempt returns the same payment intent', async () => {
    const first = (await donate({ amount: 50, idempotencyKey: 'donation-attempt-1' })).json();
    const again = (await donate({ amount: 50, idempotencyKey: 'donation-attempt-1' })).json();
    expect(again.clientSecret).toBe(first.clientSecret);
    // Another amount is another intent.
    expect((await donate({ amount: 100, idempotencyKey: 'donation-attempt-1' })).json().clientSecret).not.toBe(first.clientSecret);
    if (provider === 'stripe') expect(stripe.idempotencyKeys).toContain('donation-visitor-5000-donation-attempt-1');
  });

  it('refuses a cross-site request', async () => {
    const response = await donate({ amount: 25 }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
  });

  it('limits how many intents one address creates (card testing): 10 in 10 minutes, then 429 with Retry-After; another address still donates', async () => {
    const fromAddress = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/create-payment-intent', remoteAddress, payload: { amount: 10 } });
    const tester = provider === 'demo' ? '203.0.113.10' : '203.0.113.20';
    const statuses = [];
    for (let i = 0; i < DONATION_RATE_LIMIT.max; i++) statuses.push((await fromAddress(tester)).statusCode);
    expect(statuses).toEqual(Array(DONATION_RATE_LIMIT.max).fill(200));
    const before = await intentCount();
    const refused = await fromAddress(tester);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await intentCount()).toBe(before);
    expect((await fromAddress(provider === 'demo' ? '203.0.113.11' : '203.0.113.21')).statusCode).toBe(200);
  });
});

describe('donations with payments turned off', () => {
  it('answer 503', async () => {
    const off = await createTestApp({ PAYMENTS: 'none' });
    try {
      expect((await off.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { amount: 25 } })).statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});
