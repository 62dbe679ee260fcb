/**
 * Saved cards (docs/decisions/039-saved-cards.md): the routes that save, show and remove a user's
 * card, and the providers' off-session charges of it, on the demo provider and on Stripe (the real
 * SDK against tests/helpers/fake-stripe.ts). The failures guarded against: a card saved on another
 * user's setup intent, a customer made twice, and a retried off-session charge charging twice.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCustomers, demoPaymentIntents, savedCards } from '../../src/server/db/schema';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import type { PaymentProvider } from '../../src/server/payments/provider';
import { ensureCustomer, findSavedCard, saveCardFromIntent } from '../../src/server/payments/saved-cards';
import { createStripeClient, StripePaymentProvider } from '../../src/server/payments/stripe-provider';
import { insertUser } from '../factories/db';
import { paymentsTestEnv, startFakeStripe, type FakeOffSessionOutcome, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

type Provider = 'demo' | 'stripe';

const TEST_CARD = { expiry: '12 / 40', cvc: '123' };
const CARDS: Record<FakeOffSessionOutcome, string> = {
  succeeds: '4242424242424242',
  declines: '4000000000000341',
  requires_action: '4000002760003184',
};

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});

describe.each<Provider>(['demo', 'stripe'])('saved card routes (%s provider)', (provider) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(paymentsTestEnv(provider, stripe));
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const setupIntent = async (cookie: string) => {
    const response = await call('POST', '/api/users/me/card/setup-intent', cookie);
    expect(response.statusCode).toBe(200);
    return response.json() as { setupIntentId: string; clientSecret: string };
  };
  /** What the browser does with the card: Stripe.js `confirmSetup`, or the demo card form. */
  const confirmCard = async (intent: { setupIntentId: string; clientSecret: string }, cookie: string, cardNumber = '4242424242424242') => {
    if (provider === 'stripe') {
      stripe.confirmSetupIntent(intent.setupIntentId, { brand: 'visa', last4: cardNumber.slice(-4) });
      return;
    }
    const response = await call('POST', '/api/demo-payments/confirm-setup', cookie, {
      clientSecret: intent.clientSecret,
      cardNumber,
      ...TEST_CARD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'succeeded', setupIntentId: intent.setupIntentId });
  };

  it('needs a session', async () => {
    expect((await call('GET', '/api/users/me/card')).statusCode).toBe(401);
    expect((await call('POST', '/api/users/me/card/setup-intent')).statusCode).toBe(401);
    expect((await call('POST', '/api/users/me/card', undefined, { setupIntentId: 'seti_x' })).statusCode).toBe(401);
    expect((await call('DELETE', '/api/users/me/card')).statusCode).toBe(401);
  });

  it('saves a card through a setup intent on one customer, shows it, replaces it and removes it', async () => {
    const renter = await signedInUser(t);
    expect((await call('GET', '/api/users/me/card', renter.cookie)).json()).toEqual({ card: null });

    const first = await setupIntent(renter.cookie);
    const second = await setupIntent(renter.cookie);
    expect(second.setupIntentId).not.toBe(first.setupIntentId);
    // One customer for the user, however many setups.
    const [row] = await t.db.select().from(savedCards).where(eq(savedCards.userId, renter.user.id));
    expect(row).toMatchObject({ paymentMethodId: null, cardBrand: null });
    if (provider === 'stripe') {
      const mine = [...stripe.customers.values()].filter((c) => c.metadata.userId === renter.user.id);
      expect(mine).toEqual([expect.objectContaining({ id: row!.customerId, email: renter.user.email })]);
      expect(stripe.setupIntents.get(first.setupIntentId)).toMatchObject({ customer: row!.customerId, usage: 'off_session' });
      expect(stripe.calls('POST', /^\/v1\/customers$/).map((r) => r.idempotencyKey)).toContain(`customer-${renter.user.id}`);
    } else {
      expect(await t.db.select().from(demoCustomers).where(eq(demoCustomers.userId, renter.user.id))).toEqual([
        expect.objectContaining({ id: row!.customerId }),
      ]);
    }

    // Not confirmed yet: nothing to save.
    const early = await call('POST', '/api/users/me/card', renter.cookie, { setupIntentId: first.setupIntentId });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/not been confirmed/);

    await confirmCard(first, renter.cookie);
    const saved = await call('POST', '/api/users/me/card', renter.cookie, { setupIntentId: first.setupIntentId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ card: { brand: 'visa', last4: '4242' } });
    expect((await call('GET', '/api/users/me/card', renter.cookie)).json()).toEqual({ card: { brand: 'visa', last4: '4242' } });
    const card = await findSavedCard(t.db, renter.user.id);
    expect(card).toMatchObject({ customerId: row!.customerId, brand: 'visa', last4: '4242' });
    const [consented] = await t.db.select().from(savedCards).where(eq(savedCards.userId, renter.user.id));
    expect(consented!.consentedAt).toBeInstanceOf(Date);

    // Update card: a second setup replaces the first card.
    await confirmCard(second, renter.cookie, '4000056655665556');
    expect((await call('POST', '/api/users/me/card', renter.cookie, { setupIntentId: second.setupIntentId })).json()).toEqual({
      card: { brand: 'visa', last4: '5556' },
    });
    expect((await findSavedCard(t.db, renter.user.id))?.paymentMethodId).not.toBe(card!.paymentMethodId);

    const removed = await call('DELETE', '/api/users/me/card', renter.cookie);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', '/api/users/me/card', renter.cookie)).json()).toEqual({ card: null });
    expect(await findSavedCard(t.db, renter.user.id)).toBeNull();
    // The customer stays, for the next card.
    expect((await setupIntent(renter.cookie)).setupIntentId).toBeTruthy();
    expect(await t.db.select().from(savedCards).where(eq(savedCards.userId, renter.user.id))).toEqual([
      expect.objectContaining({ customerId: row!.customerId }),
    ]);
  });

  it("refuses another user's setup intent, and an unknown one", async () => {
    const victim = await signedInUser(t);
    const thief = await signedInUser(t);
    const intent = await setupIntent(victim.cookie);
    if (provider === 'demo') {
      const stolen = await call('POST', '/api/demo-payments/confirm-setup', thief.cookie, {
        clientSecret: intent.clientSecret,
        cardNumber: '4242424242424242',
        ...TEST_CARD,
      });
      expect(stolen.statusCode).toBe(403);
    }
    await confirmCard(intent, victim.cookie);
    // Without a customer of their own, and with one.
    const refused = await call('POST', '/api/users/me/card', thief.cookie, { setupIntentId: intent.setupIntentId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This card setup belongs to someone else.');
    await setupIntent(thief.cookie);
    expect((await call('POST', '/api/users/me/card', thief.cookie, { setupIntentId: intent.setupIntentId })).statusCode).toBe(403);
    expect((await call('GET', '/api/users/me/card', thief.cookie)).json()).toEqual({ card: null });

    const unknown = await call('POST', '/api/users/me/card', thief.cookie, { setupIntentId: 'seti_nobody' });
    expect(unknown.statusCode).toBe(400);
    expect((await call('POST', '/api/users/me/card', thief.cookie, { setupIntentId: '' })).statusCode).toBe(400);
  });

  it.runIf(provider === 'demo')('declines a card that fails on session, saving nothing', async () => {
    const renter = await signedInUser(t);
    const intent = await setupIntent(renter.cookie);
    const declined = await call('POST', '/api/demo-payments/confirm-setup', renter.cookie, {
      clientSecret: intent.clientSecret,
      cardNumber: '4000000000000002',
      ...TEST_CARD,
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');
    expect((await call('POST', '/api/users/me/card', renter.cookie, { setupIntentId: intent.setupIntentId })).statusCode).toBe(409);
  });
});

describe.each<Provider>(['demo', 'stripe'])('off-session charges of a saved card (%s provider)', (provider) => {
  let t: TestApp;
  let payments: PaymentProvider;
  beforeAll(async () => {
    t = await createTestApp(paymentsTestEnv(provider, stripe));
    payments =
      provider === 'demo' ? new DemoPaymentProvider(t.db) : new StripePaymentProvider(createStripeClient('sk_test_fake', stripe.url));
  });
  afterAll(async () => {
    await t.close();
  });

  /** A user with `outcome`'s test card saved, through a setup intent. */
  async function savedCard(outcome: FakeOffSessionOutcome) {
    const user = await insertUser(t.db);
    const customer = await ensureCustomer(t.db, payments, user);
    const setup = await payments.createSetupIntent({ customer, metadata: { userId: user.id } });
    let paymentMethod: string;
    if (provider === 'stripe') {
      paymentMethod = stripe.confirmSetupIntent(setup.id, { brand: 'visa', last4: CARDS[outcome].slice(-4) });
      stripe.offSessionOutcomes.set(paymentMethod, outcome);
    } else {
      const demo = payments as DemoPaymentProvider;
      const result = await demo.confirmSetupWithCard((await demo.retrieveSetupIntent(setup.id))!, {
        cardNumber: CARDS[outcome],
        ...TEST_CARD,
      });
      expect(result.ok).toBe(true);
      paymentMethod = (await demo.retrieveSetupIntent(setup.id))!.paymentMethodId!;
    }
    const info = await payments.retrieveSetupIntent(setup.id);
    expect(info).toMatchObject({
      status: 'succeeded',
      customerId: customer,
      paymentMethodId: paymentMethod,
      metadata: { userId: user.id },
    });
    expect(info!.card).toEqual({ brand: 'visa', last4: CARDS[outcome].slice(-4) });
    return { user, customer, paymentMethod };
  }
  const charge = (card: { customer: string; paymentMethod: string }, idempotencyKey: string) =>
    payments.chargeSavedCard({
      amount: 12_000,
      applicationFeeAmount: 0,
      customer: card.customer,
      paymentMethod: card.paymentMethod,
      metadata: { kind: 'test' },
      idempotencyKey,
      description: 'Standing booking, second period',
    });
  /** The intents made with `key` (at most one may exist). */
  const intentsWithKey = async (key: string) =>
    provider === 'stripe'
      ? [...stripe.intents.values()].filter((intent) => intent.idempotency_key === key).map((intent) => intent.id)
      : (await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.idempotencyKey, key))).map((row) => row.id);

  it('makes one customer per user', async () => {
    const user = await insertUser(t.db);
    const [a, b] = await Promise.all([ensureCustomer(t.db, payments, user), ensureCustomer(t.db, payments, user)]);
    expect(a).toBe(b);
    expect(await ensureCustomer(t.db, payments, user)).toBe(a);
    expect(await payments.createCustomer({ userId: user.id, email: user.email })).toBe(a);
  });

  it('charges a 4242 card off session, once per idempotency key', async () => {
    const card = await savedCard('succeeds');
    const key = `standing-${card.user.id}-1`;
    const [first, again] = await Promise.all([charge(card, key), charge(card, key)]);
    expect(first.outcome).toBe('succeeded');
    expect(first.intent).toMatchObject({
      amount: 12_000,
      status: 'succeeded',
      paymentMethodId: card.paymentMethod,
      customerId: card.customer,
    });
    expect(again.intent?.id).toBe(first.intent?.id);
    expect((await charge(card, key)).intent?.id).toBe(first.intent?.id);
    expect(await intentsWithKey(key)).toEqual([first.intent!.id]);
    expect((await payments.retrievePaymentIntent(first.intent!.id))?.card).toEqual({ brand: 'visa', last4: '4242' });
    if (provider === 'stripe') {
      expect(stripe.intents.get(first.intent!.id)).toMatchObject({
        off_session: true,
        customer: card.customer,
        payment_method: card.paymentMethod,
      });
    }
    // Another period, another key: another charge.
    const next = await charge(card, `standing-${card.user.id}-2`);
    expect(next.outcome).toBe('succeeded');
    expect(next.intent?.id).not.toBe(first.intent?.id);
  });

  it('reports a 0341 card as declined (card_declined), the same for a retry', async () => {
    const card = await savedCard('declines');
    const key = `standing-${card.user.id}-1`;
    const result = await charge(card, key);
    expect(result).toMatchObject({ outcome: 'failed', code: 'card_declined', message: 'Your card was declined.' });
    expect(result.intent?.status).toBe('requires_payment_method');
    const retry = await charge(card, key);
    expect(retry).toMatchObject({ outcome: 'failed', code: 'card_declined' });
    expect(retry.intent?.id).toBe(result.intent?.id);
    expect(await intentsWithKey(key)).toHaveLength(1);
  });

  it('reports a 3184 card as needing the renter (requires_action)', async () => {
    const card = await savedCard('requires_action');
    const key = `standing-${card.user.id}-1`;
    const result = await charge(card, key);
    expect(result.outcome).toBe('requires_action');
    if (result.outcome !== 'requires_action') return;
    expect(result.message).toMatch(/confirm/);
    expect(result.intent.status).toBe('requires_action');
    expect((await charge(card, key)).intent?.id).toBe(result.intent.id);
    expect(await intentsWithKey(key)).toHaveLength(1);
    if (provider === 'demo') {
      // The renter comes back and pays that same intent on session, where 3184 authenticates.
      const paid = await (payments as DemoPaymentProvider).confirmWithCard(result.intent, {
        cardNumber: CARDS.requires_action,
        ...TEST_CARD,
      });
      expect(paid).toMatchObject({ ok: true, intent: { id: result.intent.id, status: 'succeeded' } });
      expect((await payments.retrievePaymentIntent(result.intent.id))?.status).toBe('succeeded');
    }
  });

  it("keeps the card that paid an intent made with setupFutureUsage as the user's saved card", async () => {
    const user = await insertUser(t.db);
    const customer = await ensureCustomer(t.db, payments, user);
    const intent = await payments.createPaymentIntent({
      amount: 5_000,
      applicationFeeAmount: 0,
      metadata: { renterId: user.id },
      customer,
      setupFutureUsage: 'off_session',
      idempotencyKey: `first-${user.id}`,
    });
    if (provider === 'stripe') {
      expect(stripe.intents.get(intent.id)).toMatchObject({ customer, setup_future_usage: 'off_session' });
      // What Stripe.js does with the card: a payment method attached to the customer, the intent paid.
      const pm = `pm_fake_paid_${user.id}`;
      stripe.paymentMethods.set(pm, { id: pm, object: 'payment_method', type: 'card', customer, card: { brand: 'visa', last4: '4242' } });
      Object.assign(stripe.intents.get(intent.id)!, { status: 'succeeded', payment_method: pm });
    } else {
      const paid = await (payments as DemoPaymentProvider).confirmWithCard(intent, { cardNumber: '4242424242424242', ...TEST_CARD });
      expect(paid.ok).toBe(true);
    }
    const paid = (await payments.retrievePaymentIntent(intent.id))!;
    expect(paid).toMatchObject({ status: 'succeeded', customerId: customer, card: { brand: 'visa', last4: '4242' } });
    expect(paid.paymentMethodId).toBeTruthy();

    // An intent without a payment method saves nothing.
    await saveCardFromIntent(t.db, user.id, { ...paid, paymentMethodId: null });
    expect(await findSavedCard(t.db, user.id)).toBeNull();
    await saveCardFromIntent(t.db, user.id, paid);
    const card = await findSavedCard(t.db, user.id);
    expect(card).toEqual({ customerId: customer, paymentMethodId: paid.paymentMethodId, brand: 'visa', last4: '4242' });
    // And the saved card can then be charged without the renter.
    expect((await charge({ customer, paymentMethod: card!.paymentMethodId }, `later-${user.id}`)).outcome).toBe('succeeded');
  });

  it("refuses to charge a payment method that is not the customer's", async () => {
    const card = await savedCard('succeeds');
    const other = await savedCard('succeeds');
    const key = `cross-${card.user.id}`;
    expect(await charge({ customer: other.customer, paymentMethod: card.paymentMethod }, key)).toMatchObject({
      outcome: 'failed',
      intent: null,
      code: 'resource_missing',
      message: expect.stringMatching(/No such PaymentMethod/),
    });
    expect(await intentsWithKey(key)).toHaveLength(0);
  });
});
