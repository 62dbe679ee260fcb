/**
 * Recurring bookings (docs/decisions/026-booking-series.md): a weekly series is checked
 * and held whole in one transaction (409 with every conflict, or the free ones with
 * skipConflicts), paid once with one platform fee, answered as a whole on request-to-book spaces,
 * and cancelled one occurrence or the rest at a time, each by its own tier, never refunding more
 * than was paid, even when asked twice or finished by the reconciliation job. Runs on PGlite and
 * PostgreSQL.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireBooking } from '../../src/server/bookings/expiry';
import { bookingPaymentSteps } from '../../src/server/bookings/payment-events';
import { reconcileBookings } from '../../src/server/bookings/reconciliation';
import { bookings, bookingSeries, demoPaymentIntents, payments, spaceBlockedDates } from '../../src/server/db/schema';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import { handleStripeEvent } from '../../src/server/payments/webhook';
import { localDateTime, shiftDate, weekdayOf } from '../../src/shared/availability';
import { toCents } from '../../src/shared/money';
import type { Schedule } from '../../src/shared/schemas/schedules';
import { insertBooking, insertSpace, insertUser } from '../factories/db';
import { createBooking, createIntent, payIntent } from '../helpers/booking-flow';
import { futureWeekday, midnightIn } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const NY = 'America/New_York'; // a space in MA
const TUE = 2;

const MORNINGS: Schedule = {
  weeklyHours: {
    tue: [{ start: '08:00', end: '12:00' }],
    thu: [{ start: '08:00', end: '12:00' }],
  },
  sessions: [{ name: 'Morning', start: '08:00', end: '12:00' }],
  bufferMinutes: 0,
  minNoticeHours: 0,
  maxAdvanceDays: null,
};

let t: TestApp;
let demo: DemoPaymentProvider;
beforeAll(async () => {
  t = await createTestApp();
  demo = new DemoPaymentProvider(t.db);
});
afterAll(async () => {
  await t.close();
});

interface CheckoutBody {
  bookingId: string;
  paymentIntentId: string;
  clientSecret: string;
  amount: string;
  platformFeeAmount: string;
  units: number;
  seriesId: string;
  occurrences: { bookingId: string; startDate: string; endDate: string }[];
  skipped: { startDate: string; endDate: string; reason: string }[];
}

/** An owner and a $120-a-session room open Tuesday and Thursday mornings. */
async function sessionRoom(overrides: Parameters<typeof insertSpace>[2] = {}) {
  const owner = await insertUser(t.db, { userType: 'lister' });
  const space = await insertSpace(t.db, owner.id, {
    pricePeriod: 'session',
    pricePerDay: '120.00',
    schedule: MORNINGS,
    cancellationPolicyTier: 'flexible',
    ...overrides,
  });
  return { owner, space };
}

/** The first Tuesday at least `minDays` ahead, its morning session. */
const tuesdayMorning = (minDays = 3) => {
  const date = futureWeekday(TUE, minDays);
  return { startDate: `${date}T08:00`, endDate: `${date}T12:00` };
};

const weekly = (count: number) => ({ recurrence: { weekdays: ['tue', 'thu'], count } });

const intentRow = async (id: string) => (await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)))[0]!;
const occurrencesOf = (seriesId: string) => t.db.select().from(bookings).where(eq(bookings.seriesId, seriesId)).orderBy(bookings.startAt);

/** Holds a series, pays it with the test card and confirms it as the client does. */
async function bookSeries(cookie: string, spaceId: string, first = tuesdayMorning(), extra: Record<string, unknown> = weekly(12)) {
  const intent = await createIntent(t, cookie, spaceId, first, extra);
  expect(intent.statusCode, intent.body).toBe(200);
  const body = intent.json() as CheckoutBody;
  const paid = await payIntent(t, cookie, body.clientSecret);
  expect(paid.statusCode, paid.body).toBe(200);
  const booked = await createBooking(t, cookie, {
    spaceId,
    ...first,
    totalPrice: body.amount,
    paymentIntentId: body.paymentIntentId,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return body;
}

/** A renter who has booked with `ownerId` before, so no first-booking fee applies. */
async function returningRenter(ownerId: string) {
  const renter = await signedInUser(t);
  const other = await insertSpace(t.db, ownerId);
  await insertBooking(t.db, {
    spaceId: other.id,
    renterId: renter.user.id,
    startAt: midnightIn(shiftDate(futureWeekday(TUE, 200), 0), NY),
    endAt: midnightIn(shiftDate(futureWeekday(TUE, 200), 1), NY),
  });
  return renter;
}

describe('a weekly series', () => {
  it('is held whole, paid once with one platform fee split over its occurrences, and confirmed whole', async () => {
    const { space } = await sessionRoom();
    const renter = await signedInUser(t);
    const first = tuesdayMorning();
    const body = await bookSeries(renter.cookie, space.id, first);

    expect(body.occurrences).toHaveLength(12);
    expect(body.occurrences[0]).toMatchObject({ bookingId: body.bookingId, ...first });
    expect(body.occurrences.map((o) => weekdayOf(o.startDate.slice(0, 10)))).toEqual(Array(6).fill(['tue', 'thu']).flat());
    expect(body.amount).toBe('1440.00');
    expect(body.units).toBe(12);
    // The first booking with this owner: 10% of the whole series, once.
    expect(body.platformFeeAmount).toBe('144.00');
    const intent = await intentRow(body.paymentIntentId);
    expect(intent).toMatchObject({ amount: 144000, status: 'succeeded' });

    const rows = await occurrencesOf(body.seriesId);
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.status === 'confirmed' && row.paymentStatus === 'paid' && row.paymentId === body.seriesId)).toBe(true);
    expect(rows.reduce((sum, row) => sum + toCents(row.platformFeeAmount!), 0)).toBe(14400);
    expect(rows.reduce((sum, row) => sum + toCents(row.totalPrice), 0)).toBe(144000);
    expect(rows.every((row) => localDateTime(row.startAt, NY).endsWith('T08:00'))).toBe(true);

    const series = await t.app.inject({ method: 'GET', url: `/api/booking-series/${body.seriesId}`, headers: { cookie: renter.cookie } });
    expect(series.statusCode, series.body).toBe(200);
    expect(series.json()).toMatchObject({ id: body.seriesId, totalPrice: '1440.00', paymentStatus: 'paid', recurrence: { count: 12 } });
    expect((series.json() as { occurrences: unknown[] }).occurrences).toHaveLength(12);

    const list = await t.app.inject({ method: 'GET', url: `/api/users/${renter.user.id}/bookings`, headers: { cookie: renter.cookie } });
    expect((list.json() as { seriesId: string | null }[]).filter((b) => b.seriesId === body.seriesId)).toHaveLength(12);

    // Someone else sees nothing of it.
    const stranger = await signedInUser(t);
    const hidden = await t.app.inject({ method: 'GET', url: `/api/booking-series/${body.seriesId}`, headers: { cookie: stranger.cookie } });
    expect(hidden.statusCode).toBe(403);
  });

  it('answers 409 naming every occurrence that cannot be booked, and holds nothing', async () => {
    const { space } = await sessionRoom();
    const first = tuesdayMorning();
    const thirdTuesday = shiftDate(first.startDate.slice(0, 10), 14);
    await t.db.insert(spaceBlockedDates).values({
      spaceId: space.id,
      startDate: thirdTuesday,
      endDate: thirdTuesday,
    });
    const someone = await insertUser(t.db);
    const secondThursday = shiftDate(first.startDate.slice(0, 10), 9);
    await insertBooking(t.db, {
      spaceId: space.id,
      renterId: someone.id,
      startAt: new Date(midnightIn(secondThursday, NY).getTime() + 8 * 3_600_000),
      endAt: new Date(midnightIn(secondThursday, NY).getTime() + 12 * 3_600_000),
    });
    const renter = await signedInUser(t);
    const refused = await createIntent(t, renter.cookie, space.id, first, weekly(8));
    expect(refused.statusCode, refused.body).toBe(409);
    const answer = refused.json() as { message: string; conflicts: { startDate: string; endDate: string; reason: string }[] };
    expect(answer.conflicts).toEqual([
      { startDate: `${secondThursday}T08:00`, endDate: `${secondThursday}T12:00`, reason: 'taken' },
      { startDate: `${thirdTuesday}T08:00`, endDate: `${thirdTuesday}T12:00`, reason: 'blocked' },
    ]);
    const held = await t.db.select().from(bookings).where(eq(bookings.renterId, renter.user.id));
    expect(held).toHaveLength(0);
    expect(await t.db.select().from(bookingSeries).where(eq(bookingSeries.renterId, renter.user.id))).toHaveLength(0);

    // With skipConflicts the free ones are held and the others answered as skipped.
    const partial = await createIntent(t, renter.cookie, space.id, first, { ...weekly(8), skipConflicts: true });
    expect(partial.statusCode, partial.body).toBe(200);
    const body = partial.json() as CheckoutBody;
    expect(body.occurrences).toHaveLength(6);
    expect(body.skipped.map((s) => s.reason)).toEqual(['taken', 'blocked']);
    expect(body.amount).toBe('720.00');
    expect(await intentRow(body.paymentIntentId)).toMatchObject({ amount: 72000 });
  });

  it('refuses a bad recurrence with 400 and the field, saving nothing', async () => {
    const { space } = await sessionRoom();
    const renter = await signedInUser(t);
    const first = tuesdayMorning();
    const cases: [Record<string, unknown>, string][] = [
      [{ weekdays: [], count: 4 }, 'body.recurrence.weekdays'],
      [{ weekdays: ['tue', 'tue'], count: 4 }, 'body.recurrence.weekdays'],
      [{ weekdays: ['funday'], count: 4 }, 'body.recurrence.weekdays.0'],
      [{ weekdays: ['tue'], count: 4, until: shiftDate(first.startDate.slice(0, 10), 30) }, 'body.recurrence.until'],
      [{ weekdays: ['tue'] }, 'body.recurrence.until'],
      [{ weekdays: ['tue', 'thu'], count: 26 * 7 + 1 }, 'body.recurrence.count'],
    ];
    for (const [recurrence, path] of cases) {
      const response = await createIntent(t, renter.cookie, space.id, first, { recurrence });
      expect(response.statusCode, JSON.stringify(recurrence)).toBe(400);
      expect((response.json() as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toContain(path);
    }
    // Rules that need the first date: past 26 weeks, or a first occurrence on another weekday.
    const tooLong = await createIntent(t, renter.cookie, space.id, first, {
      recurrence: { weekdays: ['tue'], until: shiftDate(first.startDate.slice(0, 10), 26 * 7) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'A booking can repeat for at most 26 weeks.' });
    const wrongDay = await createIntent(t, renter.cookie, space.id, first, { recurrence: { weekdays: ['thu'], count: 2 } });
    expect(wrongDay.statusCode).toBe(400);
    const monthly = await insertSpace(t.db, space.ownerId, { pricePeriod: 'monthly' });
    const start = futureWeekday(TUE, 3);
    const noMonthly = await createIntent(
      t,
      renter.cookie,
      monthly.id,
      { startDate: start, endDate: shiftDate(start, 31) },
      { recurrence: { weekdays: ['tue'], count: 2 } },
    );
    expect(noMonthly.statusCode).toBe(400);
    expect(await t.db.select().from(bookings).where(eq(bookings.renterId, renter.user.id))).toHaveLength(0);
  });

  it('lets exactly one of 20 renters racing for the same series have it; the rest get 409 with conflicts, no partial series', async () => {
    const { space } = await sessionRoom();
    const renters = await Promise.all(Array.from({ length: 20 }, () => signedInUser(t)));
    const first = tuesdayMorning();
    const answers = await Promise.all(renters.map((renter) => createIntent(t, renter.cookie, space.id, first, weekly(12))));
    const won = answers.filter((answer) => answer.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(lost.statusCode, lost.body).toBe(409);
      const conflicts = (lost.json() as { conflicts?: unknown[] }).conflicts;
      // The lock makes each later renter see the winner's hold: every occurrence is named.
      expect(conflicts).toHaveLength(12);
    }
    const held = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.spaceId, space.id), eq(bookings.status, 'awaiting_payment')));
    expect(held).toHaveLength(12);
    expect(new Set(held.map((row) => row.seriesId)).size).toBe(1);
    expect(await t.db.select().from(bookingSeries).where(eq(bookingSeries.spaceId, space.id))).toHaveLength(1);
  });

  it('keeps each occurrence’s wall-clock time across a daylight-saving change', async () => {
    // The first Tuesday before the next US clock change, and weekly over it.
    let date = futureWeekday(TUE, 3);
    const offset = (d: string) => midnightIn(shiftDate(d, 1), NY).getTime() - midnightIn(d, NY).getTime();
    while ([0, 1, 2, 3, 4, 5, 6].every((i) => offset(shiftDate(date, i)) === 86_400_000)) date = shiftDate(date, 7);
    const { space } = await sessionRoom({ schedule: { ...MORNINGS, weeklyHours: { tue: [{ start: '08:00', end: '12:00' }] } } });
    const renter = await signedInUser(t);
    const body = await bookSeries(
      renter.cookie,
      space.id,
      { startDate: `${date}T08:00`, endDate: `${date}T12:00` },
      { recurrence: { weekdays: ['tue'], count: 3 } },
    );
    const rows = await occurrencesOf(body.seriesId);
    expect(rows.map((row) => localDateTime(row.startAt, NY))).toEqual([0, 7, 14].map((days) => `${shiftDate(date, days)}T08:00`));
    expect(rows.map((row) => localDateTime(row.endAt, NY))).toEqual([0, 7, 14].map((days) => `${shiftDate(date, days)}T12:00`));
    // One of the gaps is an hour longer or shorter than a week: the instants moved, the wall clock did not.
    const gaps = rows.slice(1).map((row, index) => row.startAt.getTime() - rows[index]!.startAt.getTime());
    expect(gaps.some((gap) => gap !== 7 * 86_400_000)).toBe(true);
  });

  it('counts as one unpaid hold', async () => {
    const { space } = await sessionRoom();
    const renter = await signedInUser(t);
    const answer = await createIntent(t, renter.cookie, space.id, tuesdayMorning(), weekly(12));
    expect(answer.statusCode, answer.body).toBe(200);
    // Four more single holds fit under the limit of five.
    for (let week = 0; week < 4; week++) {
      const other = await insertSpace(t.db, space.ownerId, { pricePeriod: 'daily' });
      const date = futureWeekday(TUE, 3 + week);
      const single = await createIntent(t, renter.cookie, other.id, { startDate: date, endDate: shiftDate(date, 1) });
      expect(single.statusCode, single.body).toBe(200);
    }
  });
});

describe('cancelling a series', () => {
  it('refunds one occurrence by its tier from the series’ payment, then the rest in one refund, never twice', async () => {
    const { owner, space } = await sessionRoom({ cancellationPolicyTier: 'moderate' });
    const renter = await returningRenter(owner.id);
    // Moderate: 100% at least 7 days before an occurrence, 50% at least 24 hours before. The first
    // occurrences fall within 7 days or beyond it by the weekday and hour the test runs at.
    const first = tuesdayMorning(2);
    const body = await bookSeries(renter.cookie, space.id, first, weekly(6));
    expect(body.platformFeeAmount).toBe('0.00');
    const rows = await occurrencesOf(body.seriesId);

    // One occurrence, two weeks out: refunded in full from the series' payment.
    const one = await t.app.inject({ method: 'PUT', url: `/api/bookings/${rows[3]!.id}/cancel`, headers: { cookie: renter.cookie } });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ status: 'cancelled', refundAmount: '120.00', amountRefunded: '120.00', paymentStatus: 'refunded' });
    expect(await intentRow(body.paymentIntentId)).toMatchObject({ amountRefunded: 12000 });
    const others = await occurrencesOf(body.seriesId);
    expect(others.filter((row) => row.status === 'confirmed')).toHaveLength(5);

    // The rest: each remaining occurrence by its own tier, in one refund.
    const HOUR_MS = 60 * 60 * 1000;
    const dueCents = (row: { startAt: Date }): number => {
      const hours = (row.startAt.getTime() - Date.now()) / HOUR_MS;
      return hours >= 7 * 24 ? 12000 : hours >= 24 ? 6000 : 0;
    };
    const expected: number[] = others.map((row) => (row.id === rows[3]!.id ? 12000 : dueCents(row)));
    const restCents = expected.reduce((sum, cents, index) => (others[index]!.id === rows[3]!.id ? sum : sum + cents), 0);
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    const quote = await t.app.inject({
      method: 'GET',
      url: `/api/booking-series/${body.seriesId}/cancellation`,
      headers: { cookie: renter.cookie },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ refundAmount: dollars(restCents), totalPrice: '600.00' });
    const rest = await t.app.inject({
      method: 'PUT',
      url: `/api/booking-series/${body.seriesId}/cancel`,
      headers: { cookie: renter.cookie },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const refunded = 12000 + restCents;
    expect(rest.json()).toMatchObject({
      paymentStatus: refunded < 72000 ? 'partially_refunded' : 'refunded',
      amountRefunded: dollars(refunded),
    });
    const after = await occurrencesOf(body.seriesId);
    expect(after.every((row) => row.status === 'cancelled' && row.refundedAt)).toBe(true);
    expect(after.map((row) => row.refundAmount)).toEqual(expected.map(dollars));
    expect(await intentRow(body.paymentIntentId)).toMatchObject({ amountRefunded: refunded });

    // Asking again, and the reconciliation job, refund nothing more.
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/booking-series/${body.seriesId}/cancel`,
      headers: { cookie: renter.cookie },
    });
    expect(again.statusCode).toBe(409);
    await reconcileBookings(t.db, demo);
    expect(await intentRow(body.paymentIntentId)).toMatchObject({ amountRefunded: refunded });
  });

  it('finishes a refund whose record was lost from what the provider says, without refunding it twice', async () => {
    const { owner, space } = await sessionRoom();
    const renter = await returningRenter(owner.id);
    const body = await bookSeries(renter.cookie, space.id, tuesdayMorning(), weekly(4));
    const rows = await occurrencesOf(body.seriesId);
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/bookings/${rows[2]!.id}/cancel`, headers: { cookie: renter.cookie } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // As if the process died after the provider refunded but before we recorded it.
    await t.db.update(bookings).set({ refundedAt: null, amountRefunded: '0' }).where(eq(bookings.id, rows[2]!.id));
    const summary = await reconcileBookings(t.db, demo);
    expect(summary.failures).toBe(0);
    expect(await intentRow(body.paymentIntentId)).toMatchObject({ amountRefunded: 12000 });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, rows[2]!.id));
    expect(row).toMatchObject({ amountRefunded: '120.00' });
    expect(row!.refundedAt).not.toBeNull();
  });

  it('lets the owner cancel the rest with a full refund, and nobody else', async () => {
    const { owner, space } = await sessionRoom({ cancellationPolicyTier: 'strict' });
    const renter = await returningRenter(owner.id);
    const body = await bookSeries(renter.cookie, space.id, tuesdayMorning(), weekly(4));
    const stranger = await signedInUser(t);
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/booking-series/${body.seriesId}/cancel`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(403);
    const ownerSession = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: owner.email, password: 'correct-horse-battery' },
    });
    const cookie = ownerSession.headers['set-cookie'] as string | string[];
    const ownerCookie = (Array.isArray(cookie) ? cookie[0]! : cookie).split(';')[0]!;
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/booking-series/${body.seriesId}/cancel`,
      headers: { cookie: ownerCookie },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ paymentStatus: 'refunded', amountRefunded: '480.00' });
  });
});

describe('a series on a request-to-book space', () => {
  it('is one request: accepted as a whole and captured once, even with two Accepts at once', async () => {
    const { owner, space } = await sessionRoom({ instantBook: false });
    const renter = await signedInUser(t);
    const first = tuesdayMorning();
    const intent = await createIntent(t, renter.cookie, space.id, first, weekly(4));
    const body = intent.json() as CheckoutBody;
    expect((await payIntent(t, renter.cookie, body.clientSecret)).statusCode).toBe(200);
    const booked = await createBooking(t, renter.cookie, {
      spaceId: space.id,
      ...first,
      totalPrice: body.amount,
      paymentIntentId: body.paymentIntentId,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await occurrencesOf(body.seriesId)).every((row) => row.status === 'pending' && row.paymentStatus === 'authorized')).toBe(true);

    const ownerLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: owner.email, password: 'correct-horse-battery' },
    });
    const setCookie = ownerLogin.headers['set-cookie'] as string | string[];
    const ownerCookie = (Array.isArray(setCookie) ? setCookie[0]! : setCookie).split(';')[0]!;
    const requests = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.id}/booking-requests`,
      headers: { cookie: ownerCookie },
    });
    expect((requests.json() as { seriesId: string }[]).filter((r) => r.seriesId === body.seriesId)).toHaveLength(4);

    const rows = await occurrencesOf(body.seriesId);
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'PUT', url: `/api/bookings/${rows[0]!.id}/accept`, headers: { cookie: ownerCookie } }),
      t.app.inject({ method: 'PUT', url: `/api/bookings/${rows[2]!.id}/accept`, headers: { cookie: ownerCookie } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await occurrencesOf(body.seriesId)).every((row) => row.status === 'confirmed' && row.paymentStatus === 'paid')).toBe(true);
    expect(await intentRow(body.paymentIntentId)).toMatchObject({ status: 'succeeded', amount: 48000, amountRefunded: 0 });
  });

  it('is declined as a whole, its card released, and a later Accept refused', async () => {
    const { owner, space } = await sessionRoom({ instantBook: false });
    const renter = await signedInUser(t);
    const first = tuesdayMorning();
    const intent = await createIntent(t, renter.cookie, space.id, first, weekly(4));
    const body = intent.json() as CheckoutBody;
    await payIntent(t, renter.cookie, body.clientSecret);
    await createBooking(t, renter.cookie, { spaceId: space.id, ...first, totalPrice: body.amount, paymentIntentId: body.paymentIntentId });
    const ownerLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: owner.email, password: 'correct-horse-battery' },
    });
    const setCookie = ownerLogin.headers['set-cookie'] as string | string[];
    const ownerCookie = (Array.isArray(setCookie) ? setCookie[0]! : setCookie).split(';')[0]!;
    const rows = await occurrencesOf(body.seriesId);
    const declined = await t.app.inject({ method: 'PUT', url: `/api/bookings/${rows[1]!.id}/decline`, headers: { cookie: ownerCookie } });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await occurrencesOf(body.seriesId)).every((row) => row.status === 'declined')).toBe(true);
    expect(await intentRow(body.paymentIntentId)).toMatchObject({ status: 'canceled' });
    const late = await t.app.inject({ method: 'PUT', url: `/api/bookings/${rows[0]!.id}/accept`, headers: { cookie: ownerCookie } });
    expect(late.statusCode).toBe(409);
  });
});

describe('a series hold that lapses', () => {
  it('expires whole, its intent cancelled; a payment arriving late is given back', async () => {
    const { space } = await sessionRoom();
    const renter = await signedInUser(t);
    const first = tuesdayMorning();
    const intent = await createIntent(t, renter.cookie, space.id, first, weekly(4));
    const body = intent.json() as CheckoutBody;
    // The renter pays at the provider, but the hold lapses before we hear of it.
    await payIntent(t, renter.cookie, body.clientSecret);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.seriesId, body.seriesId));
    await reconcileBookings(t.db, demo);
    expect((await occurrencesOf(body.seriesId)).every((row) => row.status === 'expired')).toBe(true);
    // The reconciliation job gave the payment back in full; confirming now is refused.
    expect(await intentRow(body.paymentIntentId)).toMatchObject({ amountRefunded: 48000 });
    const late = await createBooking(t, renter.cookie, {
      spaceId: space.id,
      ...first,
      totalPrice: body.amount,
      paymentIntentId: body.paymentIntentId,
    });
    expect(late.statusCode).toBe(409);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, body.seriesId));
    expect(payment).toMatchObject({ status: 'refunded' });
    expect(
      await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.seriesId, body.seriesId), isNotNull(bookings.refundAmount))),
    ).toHaveLength(0);
  });

  it('is released whole by the renter, its dates free at once', async () => {
    const { space } = await sessionRoom();
    const renter = await signedInUser(t);
    const first = tuesdayMorning();
    const body = (await createIntent(t, renter.cookie, space.id, first, weekly(4))).json() as CheckoutBody;
    const released = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${body.bookingId}/hold`,
      headers: { cookie: renter.cookie },
    });
    expect(released.statusCode, released.body).toBe(204);
    expect((await occurrencesOf(body.seriesId)).every((row) => row.status === 'expired')).toBe(true);
    expect(await intentRow(body.paymentIntentId)).toMatchObject({ status: 'canceled' });
    const other = await signedInUser(t);
    const again = await createIntent(t, other.cookie, space.id, first, weekly(4));
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('a series through the Stripe webhook', () => {
  const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
  let sequence = 0;
  /** A Stripe event of `type` about `object`. */
  const event = (type: string, object: Record<string, unknown>) =>
    ({
      id: `evt_series_${++sequence}`,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    }) as unknown as Stripe.Event;

  it('confirms the whole series on payment_intent.succeeded, and a full refund in the dashboard cancels what is left', async () => {
    const { space } = await sessionRoom();
    const renter = await signedInUser(t);
    const body = (await createIntent(t, renter.cookie, space.id, tuesdayMorning(), weekly(4))).json() as CheckoutBody;
    await payIntent(t, renter.cookie, body.clientSecret);
    // The renter's browser never comes back: the webhook settles it.
    expect(
      await handleStripeEvent(t.db, demo, bookingPaymentSteps, event('payment_intent.succeeded', { id: body.paymentIntentId }), log),
    ).toBe('handled');
    expect((await occurrencesOf(body.seriesId)).every((row) => row.status === 'confirmed')).toBe(true);

    await demo.refundPaymentIntent(body.paymentIntentId, { amount: 48000 });
    expect(
      await handleStripeEvent(
        t.db,
        demo,
        bookingPaymentSteps,
        event('charge.refunded', { id: 'ch_series', payment_intent: body.paymentIntentId }),
        log,
      ),
    ).toBe('handled');
    const after = await occurrencesOf(body.seriesId);
    expect(after.every((row) => row.status === 'cancelled' && row.refundAmount === '120.00' && row.paymentStatus === 'refunded')).toBe(
      true,
    );
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, body.seriesId));
    expect(payment).toMatchObject({ status: 'refunded', amountRefunded: '480.00' });
    // Nothing more is refunded by the job.
    await reconcileBookings(t.db, demo);
    expect(await intentRow(body.paymentIntentId)).toMatchObject({ amountRefunded: 48000 });
  });
});

describe('a series request left waiting', () => {
  /** A pending series request of 3 Tuesday-and-Thursday mornings; its occurrences and its intent. */
  async function pendingSeries() {
    const { owner, space } = await sessionRoom({ instantBook: false });
    const renter = await signedInUser(t);
    const first = tuesdayMorning();
    const body = (await createIntent(t, renter.cookie, space.id, first, weekly(3))).json() as CheckoutBody;
    await payIntent(t, renter.cookie, body.clientSecret);
    const booked = await createBooking(t, renter.cookie, {
      spaceId: space.id,
      ...first,
      totalPrice: body.amount,
      paymentIntentId: body.paymentIntentId,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    return { owner, body };
  }

  it('expires as a whole at its deadline (the expire-booking job of its first occurrence) and releases the card', async () => {
    const { body } = await pendingSeries();
    const rows = await occurrencesOf(body.seriesId);
    expect(new Set(rows.map((row) => row.requestExpiresAt?.getTime())).size).toBe(1);
    // Not due yet: nothing happens.
    expect(await expireBooking(t.db, demo, rows[0]!.id)).toBe('not_due');
    const later = new Date(rows[0]!.requestExpiresAt!.getTime() + 1000);
    expect(await expireBooking(t.db, demo, rows[0]!.id, later)).toBe('request_expired');
    expect((await occurrencesOf(body.seriesId)).every((row) => row.status === 'expired')).toBe(true);
    expect(await intentRow(body.paymentIntentId)).toMatchObject({ status: 'canceled' });
  });

  it('an Accept claim left standing by a crash is settled by the reconciliation job from the intent', async () => {
    const { body } = await pendingSeries();
    // As if an Accept claimed every occurrence, captured, and died before recording it.
    const claim = new Date(Date.now() - 10 * 60 * 1000);
    await t.db.update(bookings).set({ acceptingAt: claim }).where(eq(bookings.seriesId, body.seriesId));
    await demo.capturePaymentIntent(body.paymentIntentId);
    const summary = await reconcileBookings(t.db, demo);
    expect(summary).toMatchObject({ resolvedClaims: 1, failures: 0 });
    const rows = await occurrencesOf(body.seriesId);
    expect(rows.every((row) => row.status === 'confirmed' && row.paymentStatus === 'paid' && row.acceptingAt === null)).toBe(true);
    expect(await intentRow(body.paymentIntentId)).toMatchObject({ status: 'succeeded', amountRefunded: 0 });
  });
});
