/**
 * Owed payouts (docs/decisions/033-owed-payouts.md): a payment made while the owner's
 * payout account cannot take charges is charged on the platform and gets an `owed` row in the
 * checkout's transaction (single bookings and series; none with a destination charge); the
 * owner reads what is owed (own only); when the account becomes ready (demo onboarding, Stripe's
 * `account.updated`) the `transfer-owed-payouts` job is enqueued and transfers each payment once
 * (`payout-<payment id>`), even when two runs race; a payment refunded in full before the transfer
 * is void, one refunded in part transfers less, and a refund after the transfer reverses the
 * difference once. Runs on PGlite and PostgreSQL, with the demo provider and Stripe (a local fake).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, demoPaymentIntents, demoTransferReversals, demoTransfers, ownerPayouts, users } from '../../src/server/db/schema';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import type { PaymentProvider } from '../../src/server/payments/provider';
import { createStripeClient, StripePaymentProvider } from '../../src/server/payments/stripe-provider';
import { sweepOwedPayouts } from '../../src/server/payouts/jobs';
import { transferOwedPayouts } from '../../src/server/payouts/service';
import { insertSpace, insertUser } from '../factories/db';
import { createBooking, createIntent, payIntent } from '../helpers/booking-flow';
import { futureDate, futureWeekday } from '../helpers/dates';
import { fakeStripeSdk, startFakeStripe, stripeTestEnv, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

type Signed = Awaited<ReturnType<typeof signedInUser>>;

/** Jobs of `transfer-owed-payouts` waiting for `ownerId`. */
async function queuedTransfers(t: TestApp, ownerId: string): Promise<number> {
  const { rows } = await t.handle.executeSql(
    `select id from pgboss.job where name = 'transfer-owed-payouts' and state in ('created', 'retry') and data->>'ownerId' = $1`,
    [ownerId],
  );
  return rows.length;
}

/** The payout row of payment `paymentId` (a single booking's id, or a series'). */
const payoutOf = async (t: TestApp, paymentId: string) =>
  (await t.db.select().from(ownerPayouts).where(eq(ownerPayouts.paymentId, paymentId)))[0];

const owedOf = (t: TestApp, owner: Signed, cookie = owner.cookie) =>
  t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/payouts/owed`, headers: cookie ? { cookie } : {} });

describe('owed payouts with demo payments', () => {
  let t: TestApp;
  let demo: DemoPaymentProvider;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENTS: 'demo' });
    demo = new DemoPaymentProvider(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  /** An owner (signed in) with no payout account and a $200-a-day room under `tier`. */
  async function ownerWithRoom(tier: 'flexible' | 'strict' = 'strict') {
    const owner = await signedInUser(t, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.user.id, { pricePerDay: '200.00', pricePeriod: 'daily', cancellationPolicyTier: tier });
    return { owner, space };
  }

  /** A new renter books one day `days` ahead and pays (first booking with the owner: a $20 fee). */
  async function bookDay(spaceId: string, days = 30) {
    const renter = await signedInUser(t);
    const dates = { startDate: futureDate(days), endDate: futureDate(days + 1) };
    const intent = await createIntent(t, renter.cookie, spaceId, dates);
    expect(intent.statusCode, intent.body).toBe(200);
    const body = intent.json() as {
      bookingId: string;
      paymentIntentId: string;
      clientSecret: string;
      amount: string;
      ownerConnected: boolean;
    };
    expect((await payIntent(t, renter.cookie, body.clientSecret)).statusCode).toBe(200);
    const booked = await createBooking(t, renter.cookie, {
      spaceId,
      ...dates,
      totalPrice: body.amount,
      paymentIntentId: body.paymentIntentId,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    return { renter, ...body };
  }

  /** The owner finishes the demo payout onboarding through the routes, as the browser does. */
  async function finishDemoOnboarding(owner: Signed) {
    const link = await t.app.inject({ method: 'POST', url: '/api/stripe/account-link', headers: { cookie: owner.cookie }, payload: {} });
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL((link.json() as { url: string }).url, t.config.publicUrl);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/demo-payments/onboarding',
      headers: {
        cookie: owner.cookie,
        'content-type': 'application/x-www-form-urlencoded',
        origin: t.config.publicUrl,
        'sec-fetch-site': 'same-origin',
      },
      payload: new URLSearchParams({
        account: url.searchParams.get('account')!,
        return_url: url.searchParams.get('return_url')!,
      }).toString(),
    });
    expect(done.statusCode, done.body).toBe(303);
  }

  const cancel = (cookie: string, bookingId: string) =>
    t.app.inject({ method: 'PUT', url: `/api/bookings/${bookingId}/cancel`, headers: { cookie }, payload: {} });

  it('records an owed payout with a booking charged on the platform, and the owner alone reads what is owed', async () => {
    const { owner, space } = await ownerWithRoom();
    const booked = await bookDay(space.id);
    expect(booked.ownerConnected).toBe(false);
    const [intent] = await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, booked.paymentIntentId));
    expect(intent).toMatchObject({ destination: null, applicationFeeAmount: 0, amount: 20000 });
    expect(await payoutOf(t, booked.bookingId)).toMatchObject({ ownerId: owner.user.id, status: 'owed', paymentId: booked.bookingId });

    // $200 less the $20 first-booking fee.
    const owed = await owedOf(t, owner);
    expect(owed.statusCode, owed.body).toBe(200);
    expect(owed.json()).toEqual({ owedAmount: '180.00', payments: 1 });
    expect(owed.headers['cache-control']).toBe('no-store');

    expect((await owedOf(t, owner, '')).statusCode).toBe(401);
    const other = await signedInUser(t);
    expect((await owedOf(t, owner, other.cookie)).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/not-a-uuid/payouts/owed', headers: { cookie: owner.cookie } });
    expect(bad.statusCode).toBe(403);
  });

  it('records no owed payout when the owner can take charges: the payment is a destination charge', async () => {
    const { owner, space } = await ownerWithRoom();
    await finishDemoOnboarding(owner);
    const booked = await bookDay(space.id);
    expect(booked.ownerConnected).toBe(true);
    const [intent] = await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, booked.paymentIntentId));
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(intent!.destination).toBe(row!.stripeConnectAccountId);
    expect(await payoutOf(t, booked.bookingId)).toBeUndefined();
    expect((await owedOf(t, owner)).json()).toEqual({ owedAmount: '0.00', payments: 0 });
  });

  it("records one owed payout for a series' one payment, and nothing is owed while it is unpaid", async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.user.id, { pricePerDay: '100.00', pricePeriod: 'daily' });
    const renter = await signedInUser(t);
    const date = futureWeekday(2, 10);
    const first = { startDate: date, endDate: shift(date, 1) };
    const intent = await createIntent(t, renter.cookie, space.id, first, { recurrence: { weekdays: ['tue'], count: 3 } });
    expect(intent.statusCode, intent.body).toBe(200);
    const body = intent.json() as { seriesId: string; bookingId: string; clientSecret: string; paymentIntentId: string; amount: string };
    const row = await payoutOf(t, body.seriesId);
    expect(row).toMatchObject({ ownerId: owner.user.id, status: 'owed', paymentId: body.seriesId });
    // A hold holds no money yet.
    expect((await owedOf(t, owner)).json()).toEqual({ owedAmount: '0.00', payments: 0 });

    expect((await payIntent(t, renter.cookie, body.clientSecret)).statusCode).toBe(200);
    const booked = await createBooking(t, renter.cookie, {
      spaceId: space.id,
      ...first,
      totalPrice: body.amount,
      paymentIntentId: body.paymentIntentId,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // $300 less the $30 fee of the series.
    expect((await owedOf(t, owner)).json()).toEqual({ owedAmount: '270.00', payments: 1 });

    await finishDemoOnboarding(owner);
    await transferOwedPayouts(t.db, demo, owner.user.id);
    const transfers = await t.db
      .select()
      .from(demoTransfers)
      .where(eq(demoTransfers.idempotencyKey, `payout-${body.seriesId}`));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.amount).toBe(27000);
  });

  it('demo onboarding enqueues the transfer; the job transfers each payment once, even when two runs race', async () => {
    const { owner, space } = await ownerWithRoom();
    const one = await bookDay(space.id, 30);
    const two = await bookDay(space.id, 40);
    expect(await queuedTransfers(t, owner.user.id)).toBe(0);

    await finishDemoOnboarding(owner);
    expect(await queuedTransfers(t, owner.user.id)).toBe(1);
    const [account] = await t.db.select({ id: users.stripeConnectAccountId }).from(users).where(eq(users.id, owner.user.id));

    await Promise.all([transferOwedPayouts(t.db, demo, owner.user.id), transferOwedPayouts(t.db, demo, owner.user.id)]);
    await transferOwedPayouts(t.db, demo, owner.user.id);
    // Two payments, two transfers to the owner's account: one each, whatever the runs.
    const sent = await t.db.select().from(demoTransfers).where(eq(demoTransfers.destination, account!.id!));
    expect(sent.map((transfer) => transfer.metadata.bookingId).sort()).toEqual([one.bookingId, two.bookingId].sort());
    for (const booked of [one, two]) {
      const transfers = await t.db
        .select()
        .from(demoTransfers)
        .where(eq(demoTransfers.idempotencyKey, `payout-${booked.bookingId}`));
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({ amount: 18000, destination: account!.id, sourceTransaction: `ch_${booked.paymentIntentId}` });
      const row = await payoutOf(t, booked.bookingId);
      expect(row).toMatchObject({
        status: 'transferred',
        amount: '180.00',
        reversedAmount: '0.00',
        destination: account!.id,
        stripeTransferId: transfers[0]!.id,
        claimedAt: null,
      });
      expect(row!.transferredAt).toBeInstanceOf(Date);
    }
    expect((await owedOf(t, owner)).json()).toEqual({ owedAmount: '0.00', payments: 0 });
  });

  it('voids a payment refunded in full before the transfer, and transfers less of one refunded in part', async () => {
    const { owner, space } = await ownerWithRoom('strict');
    const full = await bookDay(space.id, 30);
    const part = await bookDay(space.id, 40);
    // The owner cancels: a full refund. The renter cancels under Strict 14 days or more ahead: 50% back.
    expect((await cancel(owner.cookie, full.bookingId)).statusCode).toBe(200);
    expect((await cancel(part.renter.cookie, part.bookingId)).statusCode).toBe(200);
    // $200 paid, $20 fee, $100 refunded with $10 of the fee: $90 for the owner.
    expect((await owedOf(t, owner)).json()).toEqual({ owedAmount: '90.00', payments: 1 });

    await finishDemoOnboarding(owner);
    await transferOwedPayouts(t.db, demo, owner.user.id);
    expect(await payoutOf(t, full.bookingId)).toMatchObject({ status: 'void', amount: '0.00', stripeTransferId: null });
    expect(
      await t.db
        .select()
        .from(demoTransfers)
        .where(eq(demoTransfers.idempotencyKey, `payout-${full.bookingId}`)),
    ).toHaveLength(0);
    expect(await payoutOf(t, part.bookingId)).toMatchObject({ status: 'transferred', amount: '90.00' });
    const [transfer] = await t.db
      .select()
      .from(demoTransfers)
      .where(eq(demoTransfers.idempotencyKey, `payout-${part.bookingId}`));
    expect(transfer!.amount).toBe(9000);
  });

  it('reverses the difference of a refund made after the transfer, once, through the sweep', async () => {
    const { owner, space } = await ownerWithRoom('strict');
    const booked = await bookDay(space.id, 30);
    await finishDemoOnboarding(owner);
    await transferOwedPayouts(t.db, demo, owner.user.id);
    const transferred = await payoutOf(t, booked.bookingId);
    expect(transferred).toMatchObject({ status: 'transferred', amount: '180.00' });

    expect((await cancel(booked.renter.cookie, booked.bookingId)).statusCode).toBe(200);
    const [cancelled] = await t.db.select().from(bookings).where(eq(bookings.id, booked.bookingId));
    expect(cancelled).toMatchObject({ status: 'cancelled', amountRefunded: '100.00' });

    // The sweep finds the refund and enqueues the owner's job; the job (run twice, once at a time and at once) reverses $90 once.
    await t.handle.executeSql(`delete from pgboss.job where name = 'transfer-owed-payouts' and data->>'ownerId' = $1`, [owner.user.id]);
    expect(await sweepOwedPayouts(t.db)).toBeGreaterThanOrEqual(1);
    expect(await queuedTransfers(t, owner.user.id)).toBe(1);
    await Promise.all([transferOwedPayouts(t.db, demo, owner.user.id), transferOwedPayouts(t.db, demo, owner.user.id)]);
    await transferOwedPayouts(t.db, demo, owner.user.id);
    const reversals = await t.db
      .select()
      .from(demoTransferReversals)
      .where(eq(demoTransferReversals.transferId, transferred!.stripeTransferId!));
    expect(reversals.map((r) => [r.amount, r.idempotencyKey])).toEqual([[9000, `payout-${booked.bookingId}-reversal-9000`]]);
    expect(await payoutOf(t, booked.bookingId)).toMatchObject({
      status: 'transferred',
      amount: '180.00',
      reversedAmount: '90.00',
      refundsSettled: '100.00',
    });
    // Nothing left to settle: the sweep enqueues nothing more for this owner.
    await t.handle.executeSql(`delete from pgboss.job where name = 'transfer-owed-payouts' and data->>'ownerId' = $1`, [owner.user.id]);
    await sweepOwedPayouts(t.db);
    expect(await queuedTransfers(t, owner.user.id)).toBe(0);
  });

  it("shows the console a booking's payout (owed, then transferred) and a user's owed total", async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const { owner, space } = await ownerWithRoom();
    const booked = await bookDay(space.id, 70);
    const detail = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/bookings/${booked.bookingId}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { payout: unknown }).payout;
    };
    expect(await detail()).toEqual({ kind: 'owed', amount: '180.00' });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/bookings?userId=${owner.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(list.json()).toMatchObject({ owedPayouts: { owedAmount: '180.00', payments: 1 } });

    await finishDemoOnboarding(owner);
    await transferOwedPayouts(t.db, demo, owner.user.id);
    const row = await payoutOf(t, booked.bookingId);
    expect(await detail()).toEqual({
      kind: 'transferred',
      amount: '180.00',
      reversedAmount: '0.00',
      transferredAt: row!.transferredAt!.toISOString(),
      transferId: row!.stripeTransferId,
    });
    // A booking of an owner whose account was ready: a destination charge.
    const later = await bookDay(space.id, 80);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${later.bookingId}`,
      headers: { cookie: admin.cookie },
    });
    expect((response.json() as { payout: unknown }).payout).toEqual({ kind: 'destination' });
  });

  it('never transfers a payout twice: a retry after the demo provider forgot the key finds the transfer made before a crash', async () => {
    const { owner, space } = await ownerWithRoom('strict');
    const booked = await bookDay(space.id, 30);
    await finishDemoOnboarding(owner);
    // The run dies between the provider's transfer and its record: the update to `transferred` fails once.
    await t.db.execute(
      sql.raw(
        `create or replace function test_refuse_transferred() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
      ),
    );
    await t.db.execute(
      sql.raw(
        `create trigger test_refuse_transferred before update on owner_payouts for each row when (new.status = 'transferred') execute function test_refuse_transferred()`,
      ),
    );
    try {
      await expect(transferOwedPayouts(t.db, demo, owner.user.id)).rejects.toThrow();
    } finally {
      await t.db.execute(sql.raw('drop trigger if exists test_refuse_transferred on owner_payouts'));
    }
    const row = await payoutOf(t, booked.bookingId);
    // The attempt was recorded before the call: amount frozen, key, destination.
    expect(row).toMatchObject({ status: 'owed', attemptAmount: '180.00', attemptKey: `payout-${booked.bookingId}` });
    expect(row!.attemptedAt).toBeInstanceOf(Date);
    const made = await t.db
      .select()
      .from(demoTransfers)
      .where(eq(demoTransfers.transferGroup, `owner_payout_${row!.id}`));
    expect(made).toHaveLength(1);
    expect(made[0]!.metadata).toMatchObject({ kind: 'owner_payout', payoutId: row!.id, bookingId: booked.bookingId });
    // The provider forgets the key (Stripe does after 24 hours); the retries find the transfer instead.
    await t.db.update(demoTransfers).set({ idempotencyKey: null }).where(eq(demoTransfers.id, made[0]!.id));
    await transferOwedPayouts(t.db, demo, owner.user.id);
    await transferOwedPayouts(t.db, demo, owner.user.id);
    expect(await t.db.select().from(demoTransfers).where(eq(demoTransfers.destination, made[0]!.destination))).toHaveLength(1);
    expect(await payoutOf(t, booked.bookingId)).toMatchObject({
      status: 'transferred',
      amount: '180.00',
      stripeTransferId: made[0]!.id,
    });
  });

  it('keeps a payment that is not paid yet owed, and transfers nothing to an account that is not ready', async () => {
    const { owner, space } = await ownerWithRoom();
    const renter = await signedInUser(t);
    const held = await createIntent(t, renter.cookie, space.id, { startDate: futureDate(50), endDate: futureDate(51) });
    const { bookingId } = held.json() as { bookingId: string };
    const paid = await bookDay(space.id, 60);
    await transferOwedPayouts(t.db, demo, owner.user.id);
    expect(await payoutOf(t, paid.bookingId)).toMatchObject({ status: 'owed' });

    await finishDemoOnboarding(owner);
    await transferOwedPayouts(t.db, demo, owner.user.id);
    expect(await payoutOf(t, bookingId)).toMatchObject({ status: 'owed' });
    expect(await payoutOf(t, paid.bookingId)).toMatchObject({ status: 'transferred' });
    // The hold lapses unpaid: nothing will be owed, so it is void.
    await t.db
      .update(bookings)
      .set({ status: 'expired', holdExpiresAt: null })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'awaiting_payment')));
    await transferOwedPayouts(t.db, demo, owner.user.id);
    expect(await payoutOf(t, bookingId)).toMatchObject({ status: 'void' });
  });
});

/** A YYYY-MM-DD date `days` later. */
function shift(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

describe('owed payouts with Stripe (a local fake)', () => {
  const WEBHOOK_SECRET = 'whsec_test_owed_payouts';
  let fake: FakeStripe;
  let t: TestApp;
  let sdk: Stripe;
  let stripe: PaymentProvider;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(stripeTestEnv(fake, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }));
    sdk = fakeStripeSdk(fake);
    stripe = new StripePaymentProvider(createStripeClient('sk_test_fake', fake.url));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  function deliver(type: string, object: unknown) {
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

  it('charges on the platform, enqueues the transfer on account.updated, transfers once with the charge as its source, and reverses a later refund once', async () => {
    const owner = await signedInUser(t, { userType: 'lister' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-connect-account',
      headers: { cookie: owner.cookie },
      payload: {},
    });
    const { accountId } = created.json() as { accountId: string };
    const space = await insertSpace(t.db, owner.user.id, { pricePerDay: '200.00', pricePeriod: 'daily', cancellationPolicyTier: 'strict' });
    const renter = await signedInUser(t);
    const dates = { startDate: futureDate(30), endDate: futureDate(31) };
    const held = await createIntent(t, renter.cookie, space.id, dates);
    const body = held.json() as { bookingId: string; paymentIntentId: string; amount: string };
    const intent = fake.intents.get(body.paymentIntentId)!;
    expect(intent.transfer_data).toBeNull();
    expect(intent.application_fee_amount).toBeNull();
    intent.status = 'succeeded';
    const booked = await createBooking(t, renter.cookie, {
      spaceId: space.id,
      ...dates,
      totalPrice: body.amount,
      paymentIntentId: intent.id,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await payoutOf(t, body.bookingId)).toMatchObject({ status: 'owed' });

    // Onboarding finished at Stripe; its webhook says so.
    Object.assign(fake.accounts.get(accountId)!, { charges_enabled: true, details_submitted: true });
    expect((await deliver('account.updated', { id: accountId, object: 'account' })).statusCode).toBe(200);
    expect(await queuedTransfers(t, owner.user.id)).toBe(1);

    await Promise.all([transferOwedPayouts(t.db, stripe, owner.user.id), transferOwedPayouts(t.db, stripe, owner.user.id)]);
    await transferOwedPayouts(t.db, stripe, owner.user.id);
    const transfers = [...fake.transfers.values()].filter((transfer) => transfer.destination === accountId);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      amount: 18000,
      currency: 'usd',
      source_transaction: `ch_${intent.id}`,
      idempotencyKey: `payout-${body.bookingId}`,
      metadata: { kind: 'owner_payout', ownerId: owner.user.id, bookingId: body.bookingId },
    });
    expect(await payoutOf(t, body.bookingId)).toMatchObject({
      status: 'transferred',
      amount: '180.00',
      destination: accountId,
      stripeTransferId: transfers[0]!.id,
    });

    // The renter cancels under Strict: $100 back, so $90 of the owner's $180 is reversed, once.
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${body.bookingId}/cancel`,
      headers: { cookie: renter.cookie },
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await transferOwedPayouts(t.db, stripe, owner.user.id);
    await transferOwedPayouts(t.db, stripe, owner.user.id);
    expect(fake.transferReversals.map((r) => [r.transfer, r.amount, r.idempotencyKey])).toEqual([
      [transfers[0]!.id, 9000, `payout-${body.bookingId}-reversal-9000`],
    ]);
    expect(await payoutOf(t, body.bookingId)).toMatchObject({ reversedAmount: '90.00' });
  });

  it('never transfers a payout twice: the answer of the transfer is lost, a refund follows, and the retry after Stripe forgot the key finds the transfer by its group', async () => {
    const owner = await insertUser(t.db, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.id, { pricePerDay: '200.00', pricePeriod: 'daily', cancellationPolicyTier: 'strict' });
    const renter = await signedInUser(t);
    const dates = { startDate: futureDate(30), endDate: futureDate(31) };
    const held = await createIntent(t, renter.cookie, space.id, dates);
    const body = held.json() as { bookingId: string; paymentIntentId: string; amount: string };
    const intent = fake.intents.get(body.paymentIntentId)!;
    intent.status = 'succeeded';
    const booked = await createBooking(t, renter.cookie, {
      spaceId: space.id,
      ...dates,
      totalPrice: body.amount,
      paymentIntentId: intent.id,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // The owner's account becomes ready after the payment.
    const account = await sdk.accounts.create({ type: 'express' });
    Object.assign(fake.accounts.get(account.id)!, { charges_enabled: true, details_submitted: true });
    await t.db.update(users).set({ stripeConnectAccountId: account.id, stripeChargesEnabled: true }).where(eq(users.id, owner.id));
    const sentTo = () => [...fake.transfers.values()].filter((transfer) => transfer.destination === account.id);

    // Stripe makes the transfer, but its answer (and the SDK's retries') never comes back.
    fake.losing = /^\/v1\/transfers$/;
    try {
      await expect(transferOwedPayouts(t.db, stripe, owner.id)).rejects.toThrow();
    } finally {
      fake.losing = null;
    }
    expect(sentTo()).toHaveLength(1);
    const row = await payoutOf(t, body.bookingId);
    expect(row).toMatchObject({ status: 'owed', attemptAmount: '180.00', attemptKey: `payout-${body.bookingId}`, destination: account.id });
    expect(sentTo()[0]).toMatchObject({ amount: 18000, transfer_group: `owner_payout_${row!.id}`, metadata: { payoutId: row!.id } });

    // The renter cancels under Strict before the retry ($100 back), and a day later Stripe has forgotten the key.
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${body.bookingId}/cancel`,
      headers: { cookie: renter.cookie },
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    fake.forgetIdempotencyKeys();
    await transferOwedPayouts(t.db, stripe, owner.id);
    await transferOwedPayouts(t.db, stripe, owner.id);

    // One transfer, found by its group rather than made again, and the refund's share reversed from it once.
    const transfers = sentTo();
    expect(transfers).toHaveLength(1);
    expect(fake.calls('GET', /^\/v1\/transfers$/).at(-1)?.form).toMatchObject({ transfer_group: `owner_payout_${row!.id}` });
    expect(fake.transferReversals.filter((reversal) => reversal.transfer === transfers[0]!.id).map((reversal) => reversal.amount)).toEqual([
      9000,
    ]);
    expect(await payoutOf(t, body.bookingId)).toMatchObject({
      status: 'transferred',
      amount: '180.00',
      reversedAmount: '90.00',
      stripeTransferId: transfers[0]!.id,
    });
  });

  it('sends a destination charge, and no owed row, to an account that can take charges', async () => {
    const owner = await insertUser(t.db, { userType: 'lister' });
    const account = await sdk.accounts.create({ type: 'express' });
    Object.assign(fake.accounts.get(account.id)!, { charges_enabled: true, details_submitted: true });
    await t.db.update(users).set({ stripeConnectAccountId: account.id, stripeChargesEnabled: true }).where(eq(users.id, owner.id));
    const space = await insertSpace(t.db, owner.id);
    const renter = await signedInUser(t);
    const held = await createIntent(t, renter.cookie, space.id, { startDate: futureDate(30), endDate: futureDate(31) });
    const body = held.json() as { bookingId: string; paymentIntentId: string };
    expect(fake.intents.get(body.paymentIntentId)!.transfer_data).toEqual({ destination: account.id });
    expect(await payoutOf(t, body.bookingId)).toBeUndefined();
  });
});
