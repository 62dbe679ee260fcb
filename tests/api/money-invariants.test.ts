/**
 * The money invariants of one payment model (docs/decisions/035-one-payment-model.md), as a property:
 * random sequences of holds, payments, owner answers, cancellations by either side, console refunds,
 * released holds and the reconciliation job (expiries), on payments of one booking and of a series,
 * against the demo provider. After every sequence:
 * - every booking move recorded (`booking_events`) is one the state table allows;
 * - the provider never refunded more than it captured, and nothing of a payment it did not take;
 * - our record of each payment (its status and what was refunded) is what the provider says;
 * - money taken is never left without a booking: a payment whose bookings all ended unpaid
 *   (expired, declined) holds nothing;
 * - each payment has at most one intent.
 * Any answer may be a refusal (4xx), never a 5xx.
 */
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '../../src/shared/constants';
import { nextStatus, type BookingTransition } from '../../src/shared/booking-lifecycle';
import { fromCents, toCents } from '../../src/shared/money';
import { reconcileBookings } from '../../src/server/bookings/reconciliation';
import { bookingEvents, bookings, demoPaymentIntents, payments } from '../../src/server/db/schema';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import { insertSpace } from '../factories/db';
import { createBooking, createIntent, payIntent } from '../helpers/booking-flow';
import { futureDate, futureWeekday } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const RUNS = 200;
const TRANSITIONS: BookingTransition[] = ['pay', 'authorize', 'expire', 'accept', 'decline', 'cancel'];
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let owner: { user: { id: string }; cookie: string };
let admin: { cookie: string };

beforeAll(async () => {
  // Each sequence books as a renter of its own (newWorld): one account's holds per hour are limited.
  t = await createTestApp();
  owner = await signedInUser(t, { userType: 'lister' });
  admin = await signedInUser(t, { role: 'admin' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Op =
  | { kind: 'book'; instant: boolean; series: boolean; pay: boolean; day: number }
  | { kind: 'answer'; accept: boolean; target: number }
  | { kind: 'cancel'; byOwner: boolean; wholeSeries: boolean; target: number }
  | { kind: 'refund'; percent: number; target: number }
  | { kind: 'release'; target: number }
  | { kind: 'reconcile' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      instant: fc.boolean(),
      series: fc.boolean(),
      pay: fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
      day: fc.integer({ min: 0, max: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('answer' as const), accept: fc.boolean(), target: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), byOwner: fc.boolean(), wholeSeries: fc.boolean(), target: fc.nat() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('refund' as const), percent: fc.integer({ min: 1, max: 100 }), target: fc.nat() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), target: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reconcile' as const }) },
);

/** What one sequence made: its bookings (a series' occurrences among them) and their payments. */
interface World {
  renter: { cookie: string };
  spaces: { instant: string; request: string; seriesInstant: string; seriesRequest: string };
  bookingIds: string[];
  seriesIds: string[];
  paymentIds: Set<string>;
}

const SESSION_SCHEDULE = {
  weeklyHours: { tue: [{ start: '08:00', end: '12:00' }], thu: [{ start: '08:00', end: '12:00' }] },
  sessions: [{ name: 'Morning', start: '08:00', end: '12:00' }],
  bufferMinutes: 0,
  minNoticeHours: 0,
  maxAdvanceDays: null,
};

async function newWorld(): Promise<World> {
  const daily = (instantBook: boolean) => insertSpace(t.db, owner.user.id, { instantBook, pricePerDay: '137.00' });
  const sessions = (instantBook: boolean) =>
    insertSpace(t.db, owner.user.id, { instantBook, pricePeriod: 'session', pricePerDay: '95.00', schedule: SESSION_SCHEDULE });
  const [instant, request, seriesInstant, seriesRequest] = await Promise.all([daily(true), daily(false), sessions(true), sessions(false)]);
  return {
    renter: await signedInUser(t),
    spaces: { instant: instant.id, request: request.id, seriesInstant: seriesInstant.id, seriesRequest: seriesRequest.id },
    bookingIds: [],
    seriesIds: [],
    paymentIds: new Set(),
  };
}

const pick = <T>(items: readonly T[], index: number): T | undefined => (items.length ? items[index % items.length] : undefined);
const call = (method: 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Runs one operation; returns the HTTP statuses it met (none for a job). */
async function run(world: World, op: Op): Promise<number[]> {
  switch (op.kind) {
    case 'book': {
      const space = op.series
        ? op.instant
          ? world.spaces.seriesInstant
          : world.spaces.seriesRequest
        : op.instant
          ? world.spaces.instant
          : world.spaces.request;
      const date = op.series ? futureWeekday(2, 20 + op.day * 14) : futureDate(20 + op.day * 3);
      const dates = op.series
        ? { startDate: `${date}T08:00`, endDate: `${date}T12:00` }
        : { startDate: date, endDate: futureDate(21 + op.day * 3) };
      const intent = await createIntent(
        t,
        world.renter.cookie,
        space,
        dates,
        op.series ? { recurrence: { weekdays: ['tue', 'thu'], count: 3 } } : {},
      );
      if (intent.statusCode !== 200) return [intent.statusCode];
      const body = intent.json<{ bookingId?: string; seriesId?: string; clientSecret: string; amount: string; paymentIntentId: string }>();
      if (body.seriesId) {
        world.seriesIds.push(body.seriesId);
        world.paymentIds.add(body.seriesId);
        const rows = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.seriesId, body.seriesId));
        world.bookingIds.push(...rows.map((row) => row.id));
      } else {
        world.bookingIds.push(body.bookingId!);
        world.paymentIds.add(body.bookingId!);
      }
      if (!op.pay) return [intent.statusCode];
      const paid = await payIntent(t, world.renter.cookie, body.clientSecret);
      const booked = await createBooking(t, world.renter.cookie, {
        spaceId: space,
        ...dates,
        totalPrice: body.amount,
        paymentIntentId: body.paymentIntentId,
      });
      return [intent.statusCode, paid.statusCode, booked.statusCode];
    }
    case 'answer': {
      const id = pick(world.bookingIds, op.target);
      if (!id) return [];
      return [(await call('PUT', `/api/bookings/${id}/${op.accept ? 'accept' : 'decline'}`, owner.cookie)).statusCode];
    }
    case 'cancel': {
      const cookie = op.byOwner ? owner.cookie : world.renter.cookie;
      const seriesId = op.wholeSeries ? pick(world.seriesIds, op.target) : undefined;
      if (seriesId) return [(await call('PUT', `/api/booking-series/${seriesId}/cancel`, cookie)).statusCode];
      const id = pick(world.bookingIds, op.target);
      if (!id) return [];
      return [(await call('PUT', `/api/bookings/${id}/cancel`, cookie)).statusCode];
    }
    case 'refund': {
      const id = pick(world.bookingIds, op.target);
      if (!id) return [];
      const [row] = await t.db.select({ totalPrice: bookings.totalPrice }).from(bookings).where(eq(bookings.id, id));
      const amount = fromCents(Math.max(1, Math.round((toCents(row!.totalPrice) * op.percent) / 100)));
      return [
        (await call('POST', `/api/admin/bookings/${id}/refund`, admin.cookie, { amount, reason: 'Goodwill after a complaint' })).statusCode,
      ];
    }
    case 'release': {
      const id = pick(world.bookingIds, op.target);
      if (!id) return [];
      return [(await call('DELETE', `/api/bookings/${id}/hold`, world.renter.cookie)).statusCode];
    }
    case 'reconcile':
      // A day on: unpaid holds lapse and unanswered requests expire, their money given back.
      await reconcileBookings(t.db, new DemoPaymentProvider(t.db), new Date(Date.now() + 3 * DAY_MS));
      await reconcileBookings(t.db, new DemoPaymentProvider(t.db));
      return [];
  }
}

/** Checks the invariants over the payments and bookings of `world`; returns what is wrong. */
async function violations(world: World): Promise<string[]> {
  const found: string[] = [];
  if (world.bookingIds.length === 0) return found;
  const events = await t.db.select().from(bookingEvents).where(inArray(bookingEvents.bookingId, world.bookingIds));
  for (const event of events) {
    const allowed =
      event.fromStatus === null
        ? (BOOKING_STATUSES as readonly string[]).includes(event.toStatus)
        : TRANSITIONS.some((transition) => nextStatus(event.fromStatus as never, transition) === event.toStatus);
    if (!allowed) found.push(`booking ${event.bookingId} moved ${event.fromStatus} -> ${event.toStatus}`);
  }
  const ids = [...world.paymentIds];
  const rows = await t.db.select().from(payments).where(inArray(payments.id, ids));
  const intents = await t.db.select().from(demoPaymentIntents);
  const members = await t.db
    .select({ paymentId: bookings.paymentId, status: bookings.status })
    .from(bookings)
    .where(inArray(bookings.paymentId, ids));
  for (const payment of rows) {
    const mine = intents.filter((intent) => intent.metadata.bookingId === payment.id || intent.metadata.seriesId === payment.id);
    if (mine.length > 1) found.push(`payment ${payment.id} has ${mine.length} intents`);
    const intent = mine[0];
    const refunded = toCents(payment.amountRefunded);
    if (!intent) {
      if (refunded > 0 || payment.status !== 'none') found.push(`payment ${payment.id} is ${payment.status} without an intent`);
      continue;
    }
    if (intent.amountRefunded > intent.amount) found.push(`intent ${intent.id} refunded ${intent.amountRefunded} of ${intent.amount}`);
    if (intent.status !== 'succeeded' && intent.amountRefunded > 0)
      found.push(`intent ${intent.id} (${intent.status}) refunded money it never took`);
    if (refunded !== intent.amountRefunded)
      found.push(`payment ${payment.id} records ${refunded} refunded, the provider ${intent.amountRefunded}`);
    const expected =
      intent.status === 'succeeded'
        ? intent.amountRefunded === 0
          ? 'paid'
          : intent.amountRefunded >= intent.amount
            ? 'refunded'
            : 'partially_refunded'
        : intent.status === 'requires_capture'
          ? 'authorized'
          : intent.status === 'canceled'
            ? 'canceled'
            : null;
    if (expected && payment.status !== expected) found.push(`payment ${payment.id} is ${payment.status}, the provider says ${expected}`);
    const statuses = members.filter((member) => member.paymentId === payment.id).map((member) => member.status);
    const endedUnpaid = statuses.length > 0 && statuses.every((status) => status === 'expired' || status === 'declined');
    if (endedUnpaid && intent.status === 'succeeded' && intent.amountRefunded < intent.amount)
      found.push(`payment ${payment.id} keeps ${intent.amount - intent.amountRefunded} cents of bookings that all ended unpaid`);
  }
  return found;
}

describe('the money invariants', () => {
  it(`hold over ${RUNS} random sequences on single and series payments (demo provider)`, { timeout: 900_000 }, async () => {
    const errors: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 6 }), async (ops) => {
        const world = await newWorld();
        for (const op of ops) errors.push(...(await run(world, op)).filter((status) => status >= 500));
        expect(errors).toEqual([]);
        expect(await violations(world)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    // The property saw money move, not only refusals.
    const moved = await t.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(inArray(payments.status, ['paid', 'partially_refunded', 'refunded'])));
    expect(moved.length).toBeGreaterThan(10);
  });
});
