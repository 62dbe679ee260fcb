/**
 * Disputes (a renter's bank contesting a payment) arrive as Stripe webhook
 * events; the payment records the dispute's status as Stripe reports it, its bookings show it, and
 * the owner sees it in GET /api/users/:id/space-bookings.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertSpace, insertUser } from '../factories/db';
import { bookings, paymentEvents, payments } from '../../src/server/db/schema';
import type { Booking } from '../../src/shared/schemas/bookings';
import { fakeStripeSdk, startFakeStripe, stripeTestEnv, type FakeDispute, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEBHOOK_SECRET = 'whsec_test_disputes';
let fake: FakeStripe;
let t: TestApp;
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

function deliver(payload: unknown) {
  const body = JSON.stringify(payload);
  const signature = sdk.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

/** The dispute as a `charge.dispute.*` event carries it, with `overrides` (what a stale or forged body might say). */
const disputeObject = (dispute: FakeDispute, overrides: Partial<FakeDispute> = {}) => ({ ...dispute, ...overrides });

/** A booking with its payment's dispute status. */
const bookingRow = async (id: string) => {
  const [row] = await t.db
    .select({ booking: bookings, disputeStatus: payments.disputeStatus })
    .from(bookings)
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .where(eq(bookings.id, id));
  return { ...row!.booking, disputeStatus: row!.disputeStatus };
};

/** A signed-in owner with a space. */
async function ownerWithSpace(title = 'Dispute Test Suite') {
  const owner = await signedInUser(t);
  const space = await insertSpace(t.db, owner.user.id, { title });
  return { owner, space };
}

/** Each booking's own dates, so that bookings of one space never overlap. */
let nextDay = 10;

/** A paid booking of `spaceId` (its intent succeeded at the fake), on dates of its own ahead. */
async function paidBooking(
  spaceId: string,
  options: { status?: 'confirmed' | 'cancelled' | 'expired' | 'pending' | 'declined'; firstName?: string } = {},
) {
  const renter = await insertUser(t.db, options.firstName ? { firstName: options.firstName } : {});
  const intent = await sdk.paymentIntents.create({ amount: 15000, currency: 'usd', metadata: { kind: 'booking' } });
  fake.intents.get(intent.id)!.status = 'succeeded';
  const start = Date.now() + nextDay++ * 2 * DAY_MS;
  const booking = await insertBooking(t.db, {
    spaceId,
    renterId: renter.id,
    startAt: new Date(start),
    endAt: new Date(start + DAY_MS),
    totalPrice: '150.00',
    status: options.status ?? 'confirmed',
    paymentStatus: 'paid',
    stripePaymentIntentId: intent.id,
  });
  return { booking, renter, intentId: intent.id };
}

async function spaceBookings(userId: string, cookie: string) {
  return t.app.inject({ method: 'GET', url: `/api/users/${userId}/space-bookings`, headers: { cookie } });
}

describe('charge.dispute.* webhooks', () => {
  it("charge.dispute.created records the dispute, as Stripe reports it, on the booking; its owner sees it with the renter's name and the space's title", async () => {
    const { owner, space } = await ownerWithSpace('Cardiology Suite');
    const { booking, intentId } = await paidBooking(space.id, { firstName: 'Renata' });
    const dispute = fake.openDispute(intentId);

    // The event's body says it is already won; Stripe says it needs a response.
    const created = event('charge.dispute.created', disputeObject(dispute, { status: 'won' }));
    expect((await deliver(created)).json()).toEqual({ received: true });
    expect(await bookingRow(booking.id)).toMatchObject({ disputeStatus: 'needs_response', status: 'confirmed' });
    expect(fake.calls('GET', new RegExp(`^/v1/disputes/${dispute.id}$`))).toHaveLength(1);

    const list = await spaceBookings(owner.user.id, owner.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json<Booking[]>()).toEqual([
      expect.objectContaining({
        id: booking.id,
        status: 'confirmed',
        disputeStatus: 'needs_response',
        space: expect.objectContaining({ title: 'Cardiology Suite' }),
        renter: {
          firstName: 'Renata',
          lastName: expect.any(String),
          specialty: 'Family Medicine',
          emailVerified: false,
          verified: false,
          licenseStates: [],
        },
      }),
    ]);
  });

  it('charge.dispute.closed records a dispute won, and another lost', async () => {
    const { owner, space } = await ownerWithSpace();
    const won = await paidBooking(space.id);
    const lost = await paidBooking(space.id);
    const wonDispute = fake.openDispute(won.intentId);
    const lostDispute = fake.openDispute(lost.intentId, { status: 'under_review' });
    await deliver(event('charge.dispute.created', disputeObject(wonDispute)));
    await deliver(event('charge.dispute.created', disputeObject(lostDispute)));
    expect((await bookingRow(lost.booking.id)).disputeStatus).toBe('under_review');

    wonDispute.status = 'won';
    lostDispute.status = 'lost';
    expect((await deliver(event('charge.dispute.closed', disputeObject(wonDispute)))).statusCode).toBe(200);
    expect((await deliver(event('charge.dispute.closed', disputeObject(lostDispute)))).statusCode).toBe(200);
    expect((await bookingRow(won.booking.id)).disputeStatus).toBe('won');
    expect((await bookingRow(lost.booking.id)).disputeStatus).toBe('lost');

    const list = (await spaceBookings(owner.user.id, owner.cookie)).json<Booking[]>();
    expect(Object.fromEntries(list.map((b) => [b.id, b.disputeStatus]))).toEqual({ [won.booking.id]: 'won', [lost.booking.id]: 'lost' });
  });

  it('an event that arrives late leaves the current status: charge.dispute.updated after the close keeps "lost"', async () => {
    const { space } = await ownerWithSpace();
    const { booking, intentId } = await paidBooking(space.id);
    const dispute = fake.openDispute(intentId, { status: 'under_review' });
    const staleUpdate = event('charge.dispute.updated', disputeObject(dispute));
    dispute.status = 'lost';
    await deliver(event('charge.dispute.closed', disputeObject(dispute)));
    expect((await deliver(staleUpdate)).statusCode).toBe(200);
    expect((await bookingRow(booking.id)).disputeStatus).toBe('lost');
  });

  it('a redelivered dispute event changes nothing, even when the dispute moved on since', async () => {
    const { space } = await ownerWithSpace();
    const { booking, intentId } = await paidBooking(space.id);
    const dispute = fake.openDispute(intentId);
    const created = event('charge.dispute.created', disputeObject(dispute));
    expect((await deliver(created)).json()).toEqual({ received: true });
    expect((await bookingRow(booking.id)).disputeStatus).toBe('needs_response');

    dispute.status = 'won';
    const callsBefore = fake.requests.length;
    expect((await deliver(created)).json()).toEqual({ received: true, duplicate: true });
    expect(fake.requests.length).toBe(callsBefore);
    expect((await bookingRow(booking.id)).disputeStatus).toBe('needs_response');
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, created.id))).toHaveLength(1);
  });

  it("finds the booking through the dispute's charge when the dispute names no payment intent", async () => {
    const { space } = await ownerWithSpace();
    const { booking, intentId } = await paidBooking(space.id);
    const dispute = fake.openDispute(intentId, { withIntent: false });
    expect((await deliver(event('charge.dispute.created', disputeObject(dispute)))).statusCode).toBe(200);
    expect((await bookingRow(booking.id)).disputeStatus).toBe('needs_response');
    expect(fake.calls('GET', new RegExp(`^/v1/charges/ch_${intentId}$`))).toHaveLength(1);
  });

  it('a dispute Stripe does not know, or of a payment that is no booking, changes nothing and is answered 200', async () => {
    const disputed = async () =>
      (await t.db.select({ id: payments.id, status: payments.disputeStatus }).from(payments)).filter((p) => p.status !== null);
    const before = await disputed();
    const unknown = { id: 'dp_unknown', object: 'dispute', status: 'lost', charge: 'ch_x', payment_intent: 'pi_x' };
    expect((await deliver(event('charge.dispute.created', unknown))).statusCode).toBe(200);
    const donation = await sdk.paymentIntents.create({ amount: 2500, currency: 'usd', metadata: { kind: 'donation' } });
    fake.intents.get(donation.id)!.status = 'succeeded';
    const dispute = fake.openDispute(donation.id);
    expect((await deliver(event('charge.dispute.created', disputeObject(dispute)))).statusCode).toBe(200);
    expect(await disputed()).toEqual(before);
  });
});

describe('GET /api/users/:id/space-bookings', () => {
  it("lists the confirmed, cancelled and disputed bookings of the owner's spaces, newest first; not pending requests, holds, or other owners' bookings", async () => {
    const { owner, space } = await ownerWithSpace('Owner List Suite');
    const confirmed = await paidBooking(space.id);
    const cancelled = await paidBooking(space.id, { status: 'cancelled' });
    const expiredDisputed = await paidBooking(space.id, { status: 'expired' });
    await t.db.update(payments).set({ disputeStatus: 'warning_needs_response' }).where(eq(payments.id, expiredDisputed.booking.paymentId!));
    await paidBooking(space.id, { status: 'pending' });
    await paidBooking(space.id, { status: 'declined' });
    const other = await ownerWithSpace('Someone Else Suite');
    await paidBooking(other.space.id);

    const list = await spaceBookings(owner.user.id, owner.cookie);
    expect(list.statusCode).toBe(200);
    const body = list.json<Booking[]>();
    // Newest first: the order they were made in, reversed.
    expect(body.map((b) => b.id)).toEqual([expiredDisputed.booking.id, cancelled.booking.id, confirmed.booking.id]);
    expect(body.map((b) => [b.status, b.disputeStatus])).toEqual([
      ['expired', 'warning_needs_response'],
      ['cancelled', null],
      ['confirmed', null],
    ]);
    expect(body.every((b) => b.space?.title === 'Owner List Suite' && b.renter !== undefined)).toBe(true);
  });

  it("is the owner's own: 403 for another user, 401 signed out", async () => {
    const { owner } = await ownerWithSpace();
    const stranger = await signedInUser(t);
    expect((await spaceBookings(owner.user.id, stranger.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/space-bookings` })).statusCode).toBe(401);
    const empty = await spaceBookings(stranger.user.id, stranger.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
  });
});
