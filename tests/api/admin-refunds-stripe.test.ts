/**
 * Console refunds through Stripe (docs/decisions/031-console-refunds-and-booking-history.md), with the real SDK against the local
 * fake API: a part then the rest of a destination charge, the amounts read back from Stripe, one
 * refund per request key, and the fee reversed with the transfer. Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../src/shared/schemas/admin-bookings';
import { insertSpace, insertUser } from '../factories/db';
import { createBooking, createIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { startFakeStripe, stripeTestEnv, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let stripe: FakeStripe;
let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(stripeTestEnv(stripe));
  adminCookie = (await signedInUser(t, { role: 'admin' })).cookie;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const refund = (id: string, amount: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${id}/refund`,
    headers: { cookie: adminCookie, 'idempotency-key': key },
    payload: { amount, reason: 'Service not as described' },
  });

describe('console refunds through Stripe', () => {
  it('refunds a part, then the rest (cancelling), as Stripe reports it, once per request', async () => {
    const owner = await insertUser(t.db, {
      stripeConnectAccountId: 'acct_console_refunds',
      stripeChargesEnabled: true,
      stripeDetailsSubmitted: true,
      stripeOnboardingCompleted: true,
    });
    const space = await insertSpace(t.db, owner.id, { pricePerDay: '100.00', pricePeriod: 'daily' });
    const renter = await signedInUser(t);
    const dates = { startDate: futureDate(50), endDate: futureDate(52) };
    const held = await createIntent(t, renter.cookie, space.id, dates);
    expect(held.statusCode, held.body).toBe(200);
    const body = held.json<{ bookingId: string; paymentIntentId: string; amount: string }>();
    const intent = stripe.intents.get(body.paymentIntentId)!;
    intent.status = 'succeeded';
    const booked = await createBooking(t, renter.cookie, {
      spaceId: space.id,
      ...dates,
      totalPrice: body.amount,
      paymentIntentId: intent.id,
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const shown = await t.app.inject({ method: 'GET', url: `/api/admin/bookings/${body.bookingId}`, headers: { cookie: adminCookie } });
    expect(shown.json<AdminBooking>().payment).toMatchObject({ intentId: intent.id, amount: body.amount, paid: true, refunded: '0.00' });

    const key = randomUUID();
    const partial = await refund(body.bookingId, '40.00', key);
    expect(partial.statusCode, partial.body).toBe(200);
    expect((await refund(body.bookingId, '40.00', key)).statusCode).toBe(200);
    expect(stripe.refunds.filter((made) => made.payment_intent === intent.id).map((made) => made.amount)).toEqual([4000]);
    expect(intent.amount_refunded).toBe(4000);
    expect(partial.json<AdminBooking>()).toMatchObject({
      status: 'confirmed',
      payment: { refunded: '40.00', paymentStatus: 'partially_refunded' },
    });

    const rest = (intent.amount - 4000) / 100;
    expect((await refund(body.bookingId, (rest + 0.01).toFixed(2), randomUUID())).statusCode).toBe(400);
    const full = await refund(body.bookingId, rest.toFixed(2), randomUUID());
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json<AdminBooking>()).toMatchObject({ status: 'cancelled', refundable: '0.00', payment: { paymentStatus: 'refunded' } });
    expect(intent.amount_refunded).toBe(intent.amount);
    const made = stripe.refunds.filter((one) => one.payment_intent === intent.id);
    expect(made.map((one) => one.amount)).toEqual([4000, intent.amount - 4000]);
    // Each with its own key, the transfer and the fee reversed in proportion.
    expect(new Set(made.map((one) => one.idempotencyKey)).size).toBe(2);
    expect(made.every((one) => one.reverse_transfer && one.refund_application_fee)).toBe(true);
  });
});
