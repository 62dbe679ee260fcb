/**
 * The console's bookings and payments (docs/decisions/031-console-refunds-and-booking-history.md):
 * a booking looked up with its parties, its status history (written by the database at every
 * change) and its payment as the provider reports it; refunds in part and in full (which cancels),
 * never more than was paid, one per request, one at a time per payment also when two operators
 * click at once, each with its audit record and the renter told; a series occurrence refunded
 * through its series' one settler, in part or in full, never more than its share or what is left of
 * the series' payment, once when two operators refund it at once; the lookup by receipt number,
 * email or the start of an id, with the space's zone. Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBooking, AdminBookingsPage } from '../../src/shared/schemas/admin-bookings';
import { toCents } from '../../src/shared/money';
import { refundBooking } from '../../src/server/admin/bookings';
import { receiptFor } from '../../src/server/paperwork/receipt-numbers';
import { reconcileBookings } from '../../src/server/bookings/reconciliation';
import { HttpError } from '../../src/server/http/errors';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import type { PaymentIntentInfo } from '../../src/server/payments/provider';
import { auditLog, bookingEvents, bookings, demoPaymentIntents, notifications, payments, users } from '../../src/server/db/schema';
import { insertSpace, insertUser, type NewSpace } from '../factories/db';
import { createBooking, createIntent, paidIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { paidSeries } from '../helpers/series-flow';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: { user: typeof users.$inferSelect; cookie: string };
let otherAdmin: { user: typeof users.$inferSelect; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
  otherAdmin = await signedInUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie?: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...headers, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
const refund = (id: string, amount: string, cookie = admin.cookie, headers: Record<string, string> = {}) =>
  call('POST', `/api/admin/bookings/${id}/refund`, cookie, { amount, reason: 'Room was not cleaned' }, headers);
const detail = async (id: string) => {
  const response = await call('GET', `/api/admin/bookings/${id}`, admin.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminBooking>();
};
const intentRow = async (id: string) => (await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)))[0]!;
const audits = (bookingId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, bookingId), eq(auditLog.action, 'booking.refund')));

/** A confirmed, paid 3-day booking of a $100-a-day room ($300, no first-booking fee on the factory's space unless set). */
async function paidBooking() {
  const owner = await insertUser(t.db, { userType: 'lister' });
  const space = await insertSpace(t.db, owner.id, { pricePerDay: '100.00', pricePeriod: 'daily' });
  const renter = await signedInUser(t);
  const offset = 20 + Math.floor(Math.random() * 300);
  const paid = await paidIntent(t, renter.cookie, space.id, { startDate: futureDate(offset), endDate: futureDate(offset + 3) });
  const booked = await createBooking(t, renter.cookie, paid.booking);
  expect(booked.statusCode, booked.body).toBe(201);
  return { owner, space, renter, bookingId: paid.bookingId, intentId: paid.paymentIntentId, totalCents: toCents(paid.amount) };
}

describe('looking a booking up', () => {
  it('shows the booking, its parties, its status history and its payment as the provider reports it', async () => {
    const { bookingId, intentId, renter, owner, space, totalCents } = await paidBooking();
    const booking = await detail(bookingId);
    expect(booking).toMatchObject({
      id: bookingId,
      status: 'confirmed',
      space: { id: space.id, title: space.title },
      renter: { id: renter.user.id, email: renter.user.email },
      owner: { id: owner.id, email: owner.email },
      payment: { intentId, amount: (totalCents / 100).toFixed(2), paid: true, refunded: '0.00', providerStatus: 'succeeded' },
      series: null,
      refundable: (totalCents / 100).toFixed(2),
    });
    // Every status it entered, in order, written by the database at each change.
    expect(booking.history.map((event) => [event.fromStatus, event.toStatus, event.reconstructed])).toEqual([
      [null, 'awaiting_payment', false],
      ['awaiting_payment', 'confirmed', false],
    ]);
    expect(await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId))).toHaveLength(2);

    for (const query of [`userId=${renter.user.id}`, `userId=${owner.id}`, `spaceId=${space.id}`]) {
      const page = await call('GET', `/api/admin/bookings?${query}`, admin.cookie);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json<AdminBookingsPage>().bookings.map((row) => row.id)).toEqual([bookingId]);
    }
    expect((await call('GET', `/api/admin/bookings?userId=${randomUUID()}`, admin.cookie)).json<AdminBookingsPage>().bookings).toEqual([]);
    expect((await call('GET', '/api/admin/bookings', admin.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/bookings?userId=nope', admin.cookie)).statusCode).toBe(400);
    expect((await call('GET', `/api/admin/bookings/${randomUUID()}`, admin.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/bookings/not-an-id', admin.cookie)).statusCode).toBe(404);
  });

  it('records a status changed by any code path, such as the reconciliation job expiring an unpaid hold', async () => {
    const owner = await insertUser(t.db, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.id, { pricePerDay: '100.00', pricePeriod: 'daily' });
    const renter = await signedInUser(t);
    const hold = await createIntent(t, renter.cookie, space.id, { startDate: futureDate(70), endDate: futureDate(71) });
    expect(hold.statusCode, hold.body).toBe(200);
    const { bookingId } = hold.json<{ bookingId: string }>();
    await reconcileBookings(t.db, null, new Date(Date.now() + 24 * 60 * 60 * 1000));
    const booking = await detail(bookingId);
    expect(booking.status).toBe('expired');
    expect(booking.history.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      [null, 'awaiting_payment'],
      ['awaiting_payment', 'expired'],
    ]);
    expect(Date.parse(booking.history[1]!.at)).toBeGreaterThanOrEqual(Date.parse(booking.history[0]!.at));
    expect(booking.refundable).toBe('0.00');
  });

  it('answers 404 to anonymous and plain users', async () => {
    const { bookingId, renter } = await paidBooking();
    for (const cookie of [undefined, renter.cookie]) {
      expect((await call('GET', `/api/admin/bookings/${bookingId}`, cookie)).statusCode).toBe(404);
      expect((await call('GET', `/api/admin/bookings?userId=${renter.user.id}`, cookie)).statusCode).toBe(404);
      const refused = await call('POST', `/api/admin/bookings/${bookingId}/refund`, cookie, { amount: '1.00', reason: 'x' });
      expect(refused.statusCode).toBe(404);
    }
    expect((await detail(bookingId)).payment?.refunded).toBe('0.00');
  });
});

describe('refunding from the console', () => {
  it('refunds part, then the rest (which cancels), with the provider’s figures, an audit record each and the renter told', async () => {
    const { bookingId, intentId, renter, totalCents } = await paidBooking();
    const partial = await refund(bookingId, '50.00');
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json<AdminBooking>()).toMatchObject({
      status: 'confirmed',
      payment: { refunded: '50.00', paymentStatus: 'partially_refunded' },
      refundable: ((totalCents - 5000) / 100).toFixed(2),
    });
    expect((await intentRow(intentId)).amountRefunded).toBe(5000);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, renter.user.id), eq(notifications.kind, 'booking_refunded')));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('Room was not cleaned');

    // More than is left: refused, nothing refunded.
    const over = await refund(bookingId, ((totalCents - 5000 + 1) / 100).toFixed(2));
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toContain(`$${((totalCents - 5000) / 100).toFixed(2)}`);
    expect((await intentRow(intentId)).amountRefunded).toBe(5000);

    const rest = await refund(bookingId, ((totalCents - 5000) / 100).toFixed(2));
    expect(rest.statusCode, rest.body).toBe(200);
    const after = rest.json<AdminBooking>();
    expect(after).toMatchObject({ status: 'cancelled', payment: { refunded: (totalCents / 100).toFixed(2), paymentStatus: 'refunded' } });
    expect(after.refundable).toBe('0.00');
    expect(after.history.at(-1)).toMatchObject({ fromStatus: 'confirmed', toStatus: 'cancelled' });
    expect((await intentRow(intentId)).amountRefunded).toBe(totalCents);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', cancelledBy: null });

    const records = await audits(bookingId);
    expect(records).toHaveLength(2);
    expect(
      records.map((record) => [record.actorId, record.reason, record.before.amountRefunded, record.after.amountRefunded]).sort(),
    ).toEqual(
      [
        [admin.user.id, 'Room was not cleaned', '0.00', '50.00'],
        [admin.user.id, 'Room was not cleaned', '50.00', (totalCents / 100).toFixed(2)],
      ].sort(),
    );
    expect(records.find((record) => record.after.status === 'cancelled')?.before.status).toBe('confirmed');

    // Cancelled now: nothing more is refundable.
    expect((await refund(bookingId, '1.00')).statusCode).toBe(409);
  });

  it('refuses a bad amount with 400 and a booking that is not confirmed and paid with 409', async () => {
    const { bookingId, intentId } = await paidBooking();
    for (const amount of ['0', '0.00', '-5', 'abc', '1.234', '']) expect((await refund(bookingId, amount)).statusCode, amount).toBe(400);
    const noReason = await call('POST', `/api/admin/bookings/${bookingId}/refund`, admin.cookie, { amount: '5.00', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect((await refund(randomUUID(), '5.00')).statusCode).toBe(404);
    // A hold never paid.
    const owner = await insertUser(t.db, { userType: 'lister' });
    const space = await insertSpace(t.db, owner.id, { pricePerDay: '100.00', pricePeriod: 'daily' });
    const renter = await signedInUser(t);
    const hold = await createIntent(t, renter.cookie, space.id, { startDate: futureDate(40), endDate: futureDate(41) });
    expect(hold.statusCode, hold.body).toBe(200);
    expect((await refund(hold.json<{ bookingId: string }>().bookingId, '5.00')).statusCode).toBe(409);
    expect((await intentRow(intentId)).amountRefunded).toBe(0);
    expect(await audits(bookingId)).toHaveLength(0);
  });

  it('makes one refund of one request asked twice (Idempotency-Key, or the same amount at once without one)', async () => {
    const { bookingId, intentId } = await paidBooking();
    const key = { 'idempotency-key': randomUUID() };
    const first = await refund(bookingId, '20.00', admin.cookie, key);
    const again = await refund(bookingId, '20.00', admin.cookie, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json<AdminBooking>().payment?.refunded).toBe('20.00');
    expect((await intentRow(intentId)).amountRefunded).toBe(2000);
    // The same key for another amount is refused.
    expect((await refund(bookingId, '30.00', admin.cookie, key)).statusCode).toBe(409);
    // A double click without a key (at once, or the second a moment later): one refund.
    const clicks = await Promise.all([refund(bookingId, '10.00'), refund(bookingId, '10.00')]);
    expect(clicks.map((response) => response.statusCode)).toContain(200);
    expect((await refund(bookingId, '10.00')).statusCode).toBe(200);
    expect((await intentRow(intentId)).amountRefunded).toBe(3000);
    expect(await audits(bookingId)).toHaveLength(2);
    // Another amount is another refund.
    expect((await refund(bookingId, '5.00')).statusCode).toBe(200);
    expect((await intentRow(intentId)).amountRefunded).toBe(3500);
  });

  it('never refunds more than was paid when two operators refund at once', async () => {
    const { bookingId, intentId, totalCents } = await paidBooking();
    // Each asks for 60% of the payment: both cannot be made.
    const share = (Math.round(totalCents * 0.6) / 100).toFixed(2);
    // Each from their own dialog (its own Idempotency-Key, as the console sends): only the claim on the payment stops the second.
    const answers = await Promise.all([
      refund(bookingId, share, admin.cookie, { 'idempotency-key': randomUUID() }),
      refund(bookingId, share, otherAdmin.cookie, { 'idempotency-key': randomUUID() }),
    ]);
    const codes = answers.map((response) => response.statusCode).sort();
    expect(codes[0], answers.map((response) => response.body).join('\n')).toBe(200);
    expect([400, 409]).toContain(codes[1]);
    const intent = await intentRow(intentId);
    expect(intent.amountRefunded).toBe(toCents(share));
    expect(intent.amountRefunded).toBeLessThanOrEqual(intent.amount);
    expect(await audits(bookingId)).toHaveLength(1);
    expect((await detail(bookingId)).payment?.refunded).toBe(share);
  });
});

/**
 * The demo provider, but each read of a payment waits (up to 500 ms) for a second read to arrive, so
 * two refunds that are not kept apart both read the payment before either refunds.
 */
class SideBySideProvider extends DemoPaymentProvider {
  private waiting: (() => void)[] = [];
  override async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null> {
    const intent = await super.retrievePaymentIntent(id);
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      if (this.waiting.length >= 2) for (const go of this.waiting.splice(0)) go();
      else setTimeout(resolve, 500);
    });
    return intent;
  }
}

describe('two operators at once, side by side', () => {
  // One booking's payment and a series' answer alike: the second operator reads what the first decided (400, what is left).
  it('lets one refund through and refuses the other with 400, even when both would read the payment first', async () => {
    const { bookingId, intentId, totalCents } = await paidBooking();
    const provider = new SideBySideProvider(t.db);
    const share = (Math.round(totalCents * 0.6) / 100).toFixed(2);
    const results = await Promise.allSettled([
      refundBooking(t.db, provider, admin.user, bookingId, { amount: share, reason: 'Double booked' }, randomUUID()),
      refundBooking(t.db, provider, otherAdmin.user, bookingId, { amount: share, reason: 'Double booked' }, randomUUID()),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(HttpError);
    expect((refused.reason as HttpError).statusCode).toBe(400);
    expect((await intentRow(intentId)).amountRefunded).toBe(toCents(share));
    expect(await audits(bookingId)).toHaveLength(1);
  });
});

/** A confirmed, paid series of 4 and its first occurrence (its price, cents). */
async function seriesOccurrence(space: NewSpace = {}) {
  const renter = await signedInUser(t);
  const series = await paidSeries(t, renter.cookie, space);
  const [occurrence] = await t.db.select().from(bookings).where(eq(bookings.seriesId, series.seriesId)).orderBy(bookings.startAt);
  return { renter, ...series, occurrence: occurrence!, priceCents: toCents(occurrence!.totalPrice) };
}
const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const dollars = (cents: number) => (cents / 100).toFixed(2);

describe('a series occurrence', () => {
  it('is refunded in part from its series’ payment through the series’ settler and stays confirmed; the rest cancels it', async () => {
    const { renter, occurrence, seriesId, intentId, priceCents } = await seriesOccurrence();
    const shown = await detail(occurrence.id);
    expect(shown).toMatchObject({
      payment: null,
      series: { id: seriesId, occurrences: 4, payment: { intentId, paid: true, refunded: '0.00' } },
      refundable: dollars(priceCents),
    });
    // More than its price: refused, nothing decided.
    expect((await refund(occurrence.id, dollars(priceCents + 1))).statusCode).toBe(400);
    expect((await row(occurrence.id)).refundAmount).toBeNull();

    const part = await refund(occurrence.id, '10.00');
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json<AdminBooking>()).toMatchObject({
      status: 'confirmed',
      series: { payment: { refunded: '10.00' } },
      amountRefunded: '10.00',
      refundable: dollars(priceCents - 1000),
    });
    expect((await intentRow(intentId)).amountRefunded).toBe(1000);
    expect(await row(occurrence.id)).toMatchObject({ status: 'confirmed', refundAmount: '10.00', paymentStatus: 'partially_refunded' });
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, renter.user.id), eq(notifications.kind, 'booking_refunded')));
    expect(told.map((notice) => notice.title)).toEqual(['$10.00 refunded']);
    const [first] = await audits(occurrence.id);
    expect(first).toMatchObject({
      actorId: admin.user.id,
      before: { status: 'confirmed', refundAmount: '0.00' },
      after: { status: 'confirmed', refundAmount: '10.00', refund: '10.00' },
    });

    // At most its share still unrefunded.
    const over = await refund(occurrence.id, dollars(priceCents - 1000 + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toContain(`$${dollars(priceCents - 1000)}`);

    const rest = await refund(occurrence.id, dollars(priceCents - 1000));
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<AdminBooking>()).toMatchObject({
      status: 'cancelled',
      series: { payment: { refunded: dollars(priceCents) } },
      refundable: '0.00',
    });
    expect((await intentRow(intentId)).amountRefunded).toBe(priceCents);
    expect(await row(occurrence.id)).toMatchObject({ status: 'cancelled', refundAmount: dollars(priceCents), paymentStatus: 'refunded' });
    const others = await t.db.select().from(bookings).where(eq(bookings.seriesId, seriesId));
    expect(others.filter((other) => other.status === 'confirmed')).toHaveLength(3);
    expect((await audits(occurrence.id)).map((record) => record.after.status).sort()).toEqual(['cancelled', 'confirmed']);
    // Asked again: the same operator's repeat answers the booking; another's finds nothing to refund.
    expect((await refund(occurrence.id, dollars(priceCents - 1000))).statusCode).toBe(200);
    expect((await refund(occurrence.id, dollars(priceCents - 1000), otherAdmin.cookie)).statusCode).toBe(409);
    expect((await intentRow(intentId)).amountRefunded).toBe(priceCents);
  });

  it('is refunded once when two operators refund it at once, or one request is sent twice', async () => {
    const { occurrence, intentId, priceCents } = await seriesOccurrence();
    const share = dollars(Math.round(priceCents * 0.6));
    const answers = await Promise.all([
      refund(occurrence.id, share, admin.cookie, { 'idempotency-key': randomUUID() }),
      refund(occurrence.id, share, otherAdmin.cookie, { 'idempotency-key': randomUUID() }),
    ]);
    const codes = answers.map((response) => response.statusCode).sort();
    expect(codes[0], answers.map((response) => response.body).join('\n')).toBe(200);
    expect([400, 409]).toContain(codes[1]);
    expect((await intentRow(intentId)).amountRefunded).toBe(toCents(share));
    expect(await audits(occurrence.id)).toHaveLength(1);

    // One request twice at once (its key): one refund, both answered.
    const key = { 'idempotency-key': randomUUID() };
    const twice = await Promise.all([refund(occurrence.id, '5.00', admin.cookie, key), refund(occurrence.id, '5.00', admin.cookie, key)]);
    expect(twice.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await intentRow(intentId)).amountRefunded).toBe(toCents(share) + 500);
    expect(await audits(occurrence.id)).toHaveLength(2);
    expect((await refund(occurrence.id, '6.00', admin.cookie, key)).statusCode).toBe(409);
  });

  it('lets one of two operators through even when both read the series’ payment first', async () => {
    const { occurrence, intentId, priceCents } = await seriesOccurrence();
    const provider = new SideBySideProvider(t.db);
    const share = dollars(Math.round(priceCents * 0.6));
    const results = await Promise.allSettled([
      refundBooking(t.db, provider, admin.user, occurrence.id, { amount: share, reason: 'Double booked' }, randomUUID()),
      refundBooking(t.db, provider, otherAdmin.user, occurrence.id, { amount: share, reason: 'Double booked' }, randomUUID()),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(HttpError);
    expect((refused.reason as HttpError).statusCode).toBe(400);
    expect((await intentRow(intentId)).amountRefunded).toBe(toCents(share));
    expect((await row(occurrence.id)).refundAmount).toBe(share);
    expect(await audits(occurrence.id)).toHaveLength(1);
  });

  it('refuses a refund of an occurrence while part of its series’ payment was refunded outside the console', async () => {
    const { occurrence, intentId } = await seriesOccurrence();
    // Refunded in the provider's dashboard: the series' settler would count it as made towards the next refund decided.
    const intent = await intentRow(intentId);
    await t.db.update(demoPaymentIntents).set({ amountRefunded: 1500 }).where(eq(demoPaymentIntents.id, intentId));
    expect((await detail(occurrence.id)).refundable).toBe('0.00');
    const refused = await refund(occurrence.id, '10.00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('outside ClinicShare');
    expect((await row(occurrence.id)).refundAmount).toBeNull();
    expect((await intentRow(intentId)).amountRefunded).toBe(1500);
    expect(intent.amount).toBeGreaterThan(1500);
  });

  it('leaves a part decided while the settler is busy to the reconciliation job, which makes it', async () => {
    const { occurrence, seriesId, intentId } = await seriesOccurrence();
    await t.db.update(payments).set({ settlingAt: new Date() }).where(eq(payments.id, seriesId));
    expect((await refund(occurrence.id, '10.00')).statusCode).toBe(200);
    expect((await intentRow(intentId)).amountRefunded).toBe(0);
    await t.db.update(payments).set({ settlingAt: null }).where(eq(payments.id, seriesId));
    await reconcileBookings(t.db, new DemoPaymentProvider(t.db));
    expect((await intentRow(intentId)).amountRefunded).toBe(1000);
    expect(await row(occurrence.id)).toMatchObject({ status: 'confirmed', amountRefunded: '10.00', paymentStatus: 'partially_refunded' });
  });

  it('keeps a refund decided from the console when the renter cancels it for less, and the reconciliation job makes it', async () => {
    // Strict: 50% back from 14 days before; the occurrence is 3 weeks or more ahead.
    const { renter, occurrence, seriesId, intentId, priceCents } = await seriesOccurrence({ cancellationPolicyTier: 'strict' });
    const consoleCents = Math.round(priceCents * 0.75);
    // The settler is busy: the console's refund is decided, not yet made.
    await t.db.update(payments).set({ settlingAt: new Date() }).where(eq(payments.id, seriesId));
    expect((await refund(occurrence.id, dollars(consoleCents))).statusCode).toBe(200);
    expect((await intentRow(intentId)).amountRefunded).toBe(0);
    const cancelled = await call('PUT', `/api/bookings/${occurrence.id}/cancel`, renter.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await row(occurrence.id)).toMatchObject({ status: 'cancelled', refundAmount: dollars(consoleCents) });
    await t.db.update(payments).set({ settlingAt: null }).where(eq(payments.id, seriesId));
    await reconcileBookings(t.db, new DemoPaymentProvider(t.db));
    expect((await intentRow(intentId)).amountRefunded).toBe(consoleCents);
    expect(await row(occurrence.id)).toMatchObject({ amountRefunded: dollars(consoleCents), paymentStatus: 'partially_refunded' });
  });

  it('after a part refunded from the console, a cancellation by the renter gives back what its policy says in all', async () => {
    const { renter, occurrence, intentId } = await seriesOccurrence({ cancellationPolicyTier: 'strict' });
    expect((await refund(occurrence.id, '10.00')).statusCode).toBe(200);
    // Strict, 3 weeks ahead: half (less a kept first-booking fee), as the Cancel dialog quotes it, in all: the $10 included.
    const quote = await call('GET', `/api/bookings/${occurrence.id}/cancellation`, renter.cookie);
    expect(quote.statusCode, quote.body).toBe(200);
    const policyCents = toCents(quote.json<{ refundAmount: string }>().refundAmount);
    expect(policyCents).toBeGreaterThan(1000);
    const cancelled = await call('PUT', `/api/bookings/${occurrence.id}/cancel`, renter.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await intentRow(intentId)).amountRefunded).toBe(policyCents);
    expect(await row(occurrence.id)).toMatchObject({ status: 'cancelled', amountRefunded: dollars(policyCents) });
  });
});

describe('the lookup by receipt number, email or the start of an id', () => {
  const lookUp = async (q: string) => {
    const response = await call('GET', `/api/admin/bookings?q=${encodeURIComponent(q)}`, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminBookingsPage>().bookings;
  };

  it('finds a booking by its receipt number, its renter’s or owner’s email, or 8 characters of its id, in the space’s zone', async () => {
    const { bookingId, renter, owner, space } = await paidBooking();
    const receipt = await receiptFor(t.db, { kind: 'booking', id: bookingId });
    expect(receipt.number).toMatch(/^CS-\d{4}-\d{6}$/);

    expect((await lookUp(receipt.number)).map((row) => row.id)).toEqual([bookingId]);
    expect((await lookUp(receipt.number.toLowerCase())).map((row) => row.id)).toEqual([bookingId]);
    expect((await lookUp(renter.user.email.toUpperCase())).map((row) => row.id)).toEqual([bookingId]);
    expect((await lookUp(owner.email)).map((row) => row.id)).toEqual([bookingId]);
    const byPrefix = await lookUp(bookingId.slice(0, 8));
    expect(byPrefix.map((row) => row.id)).toContain(bookingId);
    expect(byPrefix.every((row) => row.id.startsWith(bookingId.slice(0, 8)))).toBe(true);
    expect((await lookUp(bookingId)).map((row) => row.id)).toEqual([bookingId]);

    // The times are the space's: its zone comes with them (Massachusetts, the factory's state).
    expect(space.state).toBe('MA');
    expect((await lookUp(receipt.number))[0]).toMatchObject({ spaceTimeZone: 'America/New_York' });
    expect((await detail(bookingId)).space).toMatchObject({ timeZone: 'America/New_York' });

    // Another year's number, an unknown email: nothing.
    const [, year, sequence] = /^CS-(\d{4})-(\d{6})$/.exec(receipt.number)!;
    expect(await lookUp(`CS-${Number(year) - 1}-${sequence}`)).toEqual([]);
    expect(await lookUp(`nobody-${randomUUID()}@example.test`)).toEqual([]);
  });

  it('finds every occurrence of a series by the series’ receipt number', async () => {
    const { seriesId } = await seriesOccurrence();
    const receipt = await receiptFor(t.db, { kind: 'series', id: seriesId });
    const found = await lookUp(receipt.number);
    expect(found).toHaveLength(4);
    expect(found.every((row) => row.seriesId === seriesId)).toBe(true);
  });

  it('refuses with 400 what is none of them: fewer than 8 characters of an id, words, a malformed receipt number', async () => {
    for (const q of ['1234567', 'dr smith', 'CS-2026-12', 'ghijklmnop', '']) {
      const response = await call('GET', `/api/admin/bookings?q=${encodeURIComponent(q)}`, admin.cookie);
      expect(response.statusCode, q).toBe(400);
    }
    const plain = await signedInUser(t);
    expect((await call('GET', '/api/admin/bookings?q=CS-2026-000001', plain.cookie)).statusCode).toBe(404);
  });
});
