/**
 * Standing bookings (docs/decisions/041-standing-bookings.md): checkout holds the first billing
 * period (paid now, the card saved) and the next (charged later, off-session); the billing run
 * charges each period once, retries a refused card and lets the period go after the last retry;
 * either side ends it with notice. Runs on PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  bookingSeries,
  demoPaymentIntents,
  notifications,
  payments,
  spaceBlockedDates,
  standingBookings,
} from '../../src/server/db/schema';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import { findSavedCard } from '../../src/server/payments/saved-cards';
import { runStandingBilling } from '../../src/server/standing-bookings/billing';
import { endStandingBooking } from '../../src/server/standing-bookings/ending';
import { localDate, shiftDate } from '../../src/shared/availability';
import { STANDING_RETRY_DAYS } from '../../src/shared/constants';
import type { Schedule } from '../../src/shared/schemas/schedules';
import { periodChargeAt, periodRetryAt } from '../../src/shared/standing-billing';
import { billingPeriod } from '../../src/shared/standing-bookings';
import { insertSpace } from '../factories/db';
import { createBooking, createIntent, payIntent, TEST_CARD } from '../helpers/booking-flow';
import { futureWeekday } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const NY = 'America/New_York'; // spaces of the factory are in MA
const TUE = 2;
const FAILS_LATER = { ...TEST_CARD, cardNumber: '4000 0000 0000 0341' };

const MORNINGS: Schedule = {
  weeklyHours: { tue: [{ start: '08:00', end: '12:00' }], thu: [{ start: '08:00', end: '12:00' }] },
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

interface StandingCheckout {
  bookingId: string;
  paymentIntentId: string;
  clientSecret: string;
  amount: string;
  seriesId: string;
  standingBookingId: string;
  occurrences: { bookingId: string; startDate: string; endDate: string }[];
}

/** A $120-a-session room open Tuesday and Thursday mornings, offering weekly standing bookings with a week's notice. */
async function standingRoom(overrides: Parameters<typeof insertSpace>[2] = {}) {
  const { user: owner, cookie: ownerCookie } = await signedInUser(t, { userType: 'lister' });
  const space = await insertSpace(t.db, owner.id, {
    pricePeriod: 'session',
    pricePerDay: '120.00',
    schedule: MORNINGS,
    cancellationPolicyTier: 'flexible',
    standingBookings: { billing: ['weekly', 'monthly'], noticeDays: 7, minimumTermMonths: 0 },
    ...overrides,
  });
  return { owner, ownerCookie, space };
}

const first = () => {
  const date = futureWeekday(TUE, 10);
  return { startDate: `${date}T08:00`, endDate: `${date}T12:00` };
};
const standingWeekly = { recurrence: { weekdays: ['tue', 'thu'], standing: true, billing: 'weekly' } };

/** Checks out a standing booking and pays its first period with `card`, as the client does. */
async function bookStanding(cookie: string, spaceId: string, card = TEST_CARD) {
  const dates = first();
  const intent = await createIntent(t, cookie, spaceId, dates, standingWeekly);
  expect(intent.statusCode, intent.body).toBe(200);
  const body = intent.json<StandingCheckout>();
  expect((await payIntent(t, cookie, body.clientSecret, card)).statusCode).toBe(200);
  const booked = await createBooking(t, cookie, { spaceId, ...dates, totalPrice: body.amount, paymentIntentId: body.paymentIntentId });
  expect(booked.statusCode, booked.body).toBe(201);
  return { ...body, dates };
}

const periodsOf = (standingId: string) =>
  t.db.select().from(bookingSeries).where(eq(bookingSeries.standingBookingId, standingId)).orderBy(bookingSeries.periodIndex);
const bookingsOf = (seriesId: string) => t.db.select().from(bookings).where(eq(bookings.seriesId, seriesId)).orderBy(bookings.startAt);
/** The demo payment intents made for a period's payment. */
const intentsOf = async (seriesId: string) =>
  (await t.db.select().from(demoPaymentIntents)).filter((intent) => intent.metadata.seriesId === seriesId);
const paymentOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;

/** The instant period `index` of a standing booking starting on `anchor` is first charged. */
const chargeAt = (anchor: string, index: number) => periodChargeAt(billingPeriod(anchor, 'weekly', index), NY);

describe('checkout of a standing booking', () => {
  it('holds the first period, paid now with the card saved, and the next, charged later', async () => {
    const { space } = await standingRoom();
    const renter = await signedInUser(t);
    const body = await bookStanding(renter.cookie, space.id);
    const anchor = body.dates.startDate.slice(0, 10);

    expect(body.occurrences).toHaveLength(2); // Tuesday and Thursday of the first week
    expect(body.amount).toBe('240.00');
    const [period0, period1] = await periodsOf(body.standingBookingId);
    expect(period0).toMatchObject({ id: body.seriesId, periodIndex: 0, nextChargeAt: null });
    expect(period1).toMatchObject({ periodIndex: 1, chargeAttempts: 0 });
    expect(period1!.nextChargeAt).toEqual(chargeAt(anchor, 1));
    expect((await bookingsOf(body.seriesId)).map((row) => row.status)).toEqual(['confirmed', 'confirmed']);
    const later = await bookingsOf(period1!.id);
    expect(later.map((row) => row.status)).toEqual(['awaiting_payment', 'awaiting_payment']);
    expect(later.every((row) => row.holdExpiresAt! > chargeAt(anchor, 1))).toBe(true);
    expect((await paymentOf(period1!.id)).status).toBe('none');

    const card = await findSavedCard(t.db, renter.user.id);
    expect(card).toMatchObject({ last4: '4242' });

    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/standing-bookings/${body.standingBookingId}`,
      headers: { cookie: renter.cookie },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      status: 'active',
      billing: 'weekly',
      noticeDays: 7,
      startedOn: anchor,
      paidThrough: shiftDate(anchor, 7),
      nextChargeOn: shiftDate(anchor, 4),
      nextChargeAmount: '240.00',
      endsOn: null,
    });
    expect(shown.json().occurrences).toHaveLength(4);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/users/${renter.user.id}/standing-bookings`,
      headers: { cookie: renter.cookie },
    });
    expect(listed.json().map((row: { id: string }) => row.id)).toEqual([body.standingBookingId]);
  });

  it('refuses a space that does not offer it, or a billing it does not offer, and holds nothing', async () => {
    const renter = await signedInUser(t);
    const { space: plain } = await standingRoom({ standingBookings: null });
    const refused = await createIntent(t, renter.cookie, plain.id, first(), standingWeekly);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This space does not offer standing bookings.');
    const { space: monthlyOnly } = await standingRoom({ standingBookings: { billing: ['monthly'], noticeDays: 30, minimumTermMonths: 3 } });
    const weekly = await createIntent(t, renter.cookie, monthlyOnly.id, first(), standingWeekly);
    expect(weekly.statusCode).toBe(400);
    expect(weekly.json().message).toBe('This space does not offer weekly billing for standing bookings.');
    const held = await t.db.select().from(standingBookings).where(eq(standingBookings.renterId, renter.user.id));
    expect(held).toHaveLength(0);
  });

  it('shows a standing booking to its renter and owner only', async () => {
    const { space, ownerCookie } = await standingRoom();
    const renter = await signedInUser(t);
    const body = await bookStanding(renter.cookie, space.id);
    const other = await signedInUser(t);
    const url = `/api/standing-bookings/${body.standingBookingId}`;
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: ownerCookie } })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/standing-bookings/not-an-id', headers: { cookie: renter.cookie } })).statusCode,
    ).toBe(404);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/users/${renter.user.id}/standing-bookings`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('the billing run', () => {
  it('charges a period once with the saved card when it is due, even with two runs at once, and confirms it', async () => {
    const { space } = await standingRoom();
    const renter = await signedInUser(t);
    const body = await bookStanding(renter.cookie, space.id);
    const anchor = body.dates.startDate.slice(0, 10);
    const [, period1] = await periodsOf(body.standingBookingId);

    await runStandingBilling(t.db, demo, new Date(chargeAt(anchor, 1).getTime() - 60_000));
    expect(await intentsOf(period1!.id)).toHaveLength(0);

    const due = new Date(chargeAt(anchor, 1).getTime() + 60_000);
    await Promise.all([runStandingBilling(t.db, demo, due), runStandingBilling(t.db, demo, due)]);
    await runStandingBilling(t.db, demo, due);
    expect(await intentsOf(period1!.id)).toHaveLength(1);

    const payment = await paymentOf(period1!.id);
    expect(payment.status).toBe('paid');
    const intents = await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, payment.stripePaymentIntentId!));
    expect(intents[0]).toMatchObject({ amount: 24000, status: 'succeeded' });
    expect((await bookingsOf(period1!.id)).map((row) => row.status)).toEqual(['confirmed', 'confirmed']);

    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/standing-bookings/${body.standingBookingId}`,
      headers: { cookie: renter.cookie },
    });
    expect(shown.json()).toMatchObject({ paidThrough: shiftDate(anchor, 14) });
  });

  it('holds the next period once the current one starts', async () => {
    const { space } = await standingRoom();
    const renter = await signedInUser(t);
    const body = await bookStanding(renter.cookie, space.id);
    const anchor = body.dates.startDate.slice(0, 10);
    const inPeriod1 = new Date(chargeAt(anchor, 2).getTime() - 3 * 60 * 60_000 - 24 * 60 * 60_000 * 2);
    await runStandingBilling(t.db, demo, inPeriod1);
    const periods = await periodsOf(body.standingBookingId);
    expect(periods.map((period) => period.periodIndex)).toEqual([0, 1, 2]);
    expect(periods[2]!.nextChargeAt).toEqual(chargeAt(anchor, 2));
    expect(await bookingsOf(periods[2]!.id)).toHaveLength(2);
  });

  it('holds nothing of a period the owner closed, and tells both sides once', async () => {
    const { space, owner } = await standingRoom();
    const renter = await signedInUser(t);
    const body = await bookStanding(renter.cookie, space.id);
    const anchor = body.dates.startDate.slice(0, 10);
    // The third week is closed: nothing of it can be held.
    await t.db.insert(spaceBlockedDates).values({ spaceId: space.id, startDate: shiftDate(anchor, 14), endDate: shiftDate(anchor, 20) });
    const inPeriod1 = new Date(chargeAt(anchor, 2).getTime() - 3 * 60 * 60_000 - 24 * 60 * 60_000 * 2);
    await runStandingBilling(t.db, demo, inPeriod1);
    await runStandingBilling(t.db, demo, inPeriod1);
    expect((await periodsOf(body.standingBookingId)).map((period) => period.periodIndex)).toEqual([0, 1]);
    for (const userId of [renter.user.id, owner.id]) {
      const told = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'standing_dates_skipped')));
      expect(told).toHaveLength(1);
    }
  });

  it('retries a refused card on its retry days, then lets the period go and ends the standing booking', async () => {
    const { space } = await standingRoom();
    const renter = await signedInUser(t);
    const body = await bookStanding(renter.cookie, space.id, FAILS_LATER);
    const anchor = body.dates.startDate.slice(0, 10);
    const [, period1] = await periodsOf(body.standingBookingId);
    const range = billingPeriod(anchor, 'weekly', 1);

    for (let attempt = 0; attempt < STANDING_RETRY_DAYS.length; attempt += 1) {
      const at = new Date(periodRetryAt(range, attempt, NY)!.getTime() + 60_000);
      await runStandingBilling(t.db, demo, at);
      expect(await intentsOf(period1!.id)).toHaveLength(attempt + 1);
      const [row] = await t.db.select().from(bookingSeries).where(eq(bookingSeries.id, period1!.id));
      expect(row).toMatchObject({ chargeAttempts: attempt + 1, chargeFailure: 'Your card was declined.' });
      expect(row!.nextChargeAt).toEqual(periodRetryAt(range, attempt + 1, NY));
    }
    const last = new Date(periodRetryAt(range, STANDING_RETRY_DAYS.length, NY)!.getTime() + 60_000);
    await runStandingBilling(t.db, demo, last);
    expect((await bookingsOf(period1!.id)).map((row) => row.status)).toEqual(['expired', 'expired']);
    const [standing] = await t.db.select().from(standingBookings).where(eq(standingBookings.id, body.standingBookingId));
    expect(standing!.status).toBe('ended');
    // The first period stays booked and paid.
    expect((await bookingsOf(body.seriesId)).map((row) => row.status)).toEqual(['confirmed', 'confirmed']);
    expect((await paymentOf(period1!.id)).status).not.toBe('paid');
  });

  it('ends a standing booking whose first period was never paid, letting its next period go', async () => {
    const { space } = await standingRoom();
    const renter = await signedInUser(t);
    const intent = await createIntent(t, renter.cookie, space.id, first(), standingWeekly);
    const body = intent.json<StandingCheckout>();
    const later = new Date(Date.now() + 60 * 60_000); // the 15-minute hold has lapsed
    await runStandingBilling(t.db, demo, later);
    const [, period1] = await periodsOf(body.standingBookingId);
    expect((await bookingsOf(period1!.id)).every((row) => row.status === 'expired')).toBe(true);
    const [standing] = await t.db.select().from(standingBookings).where(eq(standingBookings.id, body.standingBookingId));
    expect(standing!.status).toBe('ended');
  });
});

describe('ending with notice', () => {
  it('ends on today plus the notice: later occurrences are never charged, paid ones are refunded in full', async () => {
    const { space } = await standingRoom();
    const renter = await signedInUser(t);
    const body = await bookStanding(renter.cookie, space.id);
    const anchor = body.dates.startDate.slice(0, 10);
    // Notice given on the first Wednesday: it ends a week later, the second Wednesday.
    const wednesday = new Date(chargeAt(anchor, 0).getTime() + 4 * 24 * 60 * 60_000 + 12 * 60 * 60_000);
    const ended = await endStandingBooking(t.db, demo, body.standingBookingId, renter.user.id, wednesday);
    expect(ended).toMatchObject({ status: 'ending', endsOn: shiftDate(localDate(wednesday, NY), 7) });
    const [, period1] = await periodsOf(body.standingBookingId);
    // Week 2's Tuesday stays (before the end); its Thursday leaves the period's payment, a hold of its own
    // that expired, never charged; the period is charged for the Tuesday only.
    const week2 = await bookingsOf(period1!.id);
    expect(week2.map((row) => row.status)).toEqual(['awaiting_payment']);
    const thursday = shiftDate(anchor, 9);
    const [dropped] = (await t.db.select().from(bookings).where(eq(bookings.renterId, renter.user.id))).filter(
      (row) => localDate(row.startAt, NY) === thursday,
    );
    expect(dropped).toMatchObject({ status: 'expired', seriesId: null, paymentId: dropped!.id });
    expect((await paymentOf(dropped!.id)).status).toBe('none');
    await runStandingBilling(t.db, demo, new Date(chargeAt(anchor, 1).getTime() + 60_000));
    const payment = await paymentOf(period1!.id);
    expect(payment).toMatchObject({ status: 'paid', amount: '120.00' });

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/standing-bookings/${body.standingBookingId}/end`,
      headers: { cookie: renter.cookie },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refunds in full the paid occurrences after the end', async () => {
    const { space } = await standingRoom({ standingBookings: { billing: ['monthly'], noticeDays: 7, minimumTermMonths: 0 } });
    const renter = await signedInUser(t);
    const dates = first();
    const intent = await createIntent(t, renter.cookie, space.id, dates, {
      recurrence: { weekdays: ['tue', 'thu'], standing: true, billing: 'monthly' },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const body = intent.json<StandingCheckout>();
    await payIntent(t, renter.cookie, body.clientSecret);
    const booked = await createBooking(t, renter.cookie, {
      spaceId: space.id,
      ...dates,
      totalPrice: body.amount,
      paymentIntentId: body.paymentIntentId,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // Notice given on the day of the first occurrence: a month is paid, a week of it stays.
    const onFirstDay = new Date(chargeAt(dates.startDate.slice(0, 10), 0).getTime() + 3 * 24 * 60 * 60_000 + 13 * 60 * 60_000);
    const ended = await endStandingBooking(t.db, demo, body.standingBookingId, renter.user.id, onFirstDay);
    const endsOn = ended.endsOn!;
    const rows = await bookingsOf(body.seriesId);
    const after = rows.filter((row) => localDate(row.startAt, NY) >= endsOn);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((row) => row.status === 'cancelled' && row.refundAmount === row.totalPrice)).toBe(true);
    expect(rows.filter((row) => localDate(row.startAt, NY) < endsOn).every((row) => row.status === 'confirmed')).toBe(true);
    const payment = await paymentOf(body.seriesId);
    const refunded = after.reduce((sum, row) => sum + Number(row.totalPrice), 0);
    expect(Number(payment.amountRefunded)).toBeCloseTo(refunded, 2);
    expect(
      await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.seriesId, body.seriesId), eq(bookings.status, 'cancelled'))),
    ).toHaveLength(after.length);
  });
});
