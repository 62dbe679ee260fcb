/**
 * The demo renter's running weekly series (src/server/seed/demo-series.ts,
 * docs/decisions/026-booking-series.md): one paid series of Tuesday and Thursday Morning sessions,
 * some taken place and some to come, whose occurrences carry shares of its total and fee that add
 * up to the cent, and which the renter's bookings list shows as occurrences of that series.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTime, weekdayOf } from '../../src/shared/availability';
import { toCents } from '../../src/shared/money';
import { bookingSeriesSchema } from '../../src/shared/schemas/booking-series';
import type { Booking } from '../../src/shared/schemas/bookings';
import { bookings, bookingSeries, demoPaymentIntents, medicalSpaces, notifications, payments } from '../../src/server/db/schema';
import { BROWSER_TEST_DAYS } from '../../src/server/seed/demo-activity';
import { buildDemoSpaces } from '../../src/server/seed/demo-data';
import { chooseSeriesSpace } from '../../src/server/seed/demo-series';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-users';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { timeZoneForState } from '../../src/shared/time-zones';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function logInRenter() {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'renter@demo.clinicshare.test', password: DEMO_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  return { login, cookie: sessionCookie(login) };
}

describe('the demo renter’s weekly series', () => {
  it('is one paid series of Tuesday and Thursday mornings on a session room, running now, its shares adding up', async () => {
    const [series, ...others] = await t.db.select().from(bookingSeries);
    expect(others).toEqual([]);
    expect(series).toMatchObject({ instantBook: true, recurrence: { weekdays: ['tue', 'thu'] } });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, series!.id));
    expect(payment).toMatchObject({ status: 'paid' });
    const [space] = await t.db.select().from(medicalSpaces).where(eq(medicalSpaces.id, series!.spaceId));
    expect(space!.pricePeriod).toBe('session');
    expect(space!.title).toBe(chooseSeriesSpace(buildDemoSpaces())!.title);

    const occurrences = await t.db.select().from(bookings).where(eq(bookings.seriesId, series!.id)).orderBy(bookings.startAt);
    expect(occurrences.length).toBeGreaterThanOrEqual(12);
    const timeZone = timeZoneForState(space!.state);
    for (const occurrence of occurrences) {
      const start = localDateTime(occurrence.startAt, timeZone);
      expect(['tue', 'thu']).toContain(weekdayOf(start.slice(0, 10)));
      expect(start.slice(11)).toBe('08:00');
      expect(localDateTime(occurrence.endAt, timeZone).slice(11)).toBe('12:00');
      expect(occurrence).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'paid',
        renterId: series!.renterId,
        paymentId: series!.id,
      });
    }
    const now = Date.now();
    expect(occurrences.some((occurrence) => occurrence.endAt.getTime() < now)).toBe(true);
    expect(occurrences.filter((occurrence) => occurrence.startAt.getTime() > now).length).toBeGreaterThanOrEqual(4);
    // Clear of the days the browser tests book.
    expect(occurrences.at(-1)!.endAt.getTime()).toBeLessThan(now + (BROWSER_TEST_DAYS.from - 1) * DAY_MS);

    // One payment: the series' intent is for its whole total, the fee is 10% of it, and the shares add up.
    const total = toCents(series!.totalPrice);
    const fee = toCents(series!.platformFeeAmount);
    expect(occurrences.reduce((sum, occurrence) => sum + toCents(occurrence.totalPrice), 0)).toBe(total);
    expect(occurrences.reduce((sum, occurrence) => sum + toCents(occurrence.platformFeeAmount!), 0)).toBe(fee);
    expect(fee).toBe(Math.round(total / 10));
    const [intent] = await t.db
      .select()
      .from(demoPaymentIntents)
      .where(eq(demoPaymentIntents.id, (await seriesIntent(series!.id))!));
    expect(intent).toMatchObject({ amount: total, status: 'succeeded', metadata: { kind: 'booking_series', seriesId: series!.id } });
  });

  it('shows in the renter’s bookings as occurrences of the series', async () => {
    const { login, cookie } = await logInRenter();
    const listed = await t.app.inject({ method: 'GET', url: `/api/users/${login.json().id}/bookings`, headers: { cookie } });
    expect(listed.statusCode).toBe(200);
    const [series] = await t.db.select({ id: bookingSeries.id }).from(bookingSeries);
    const occurrences = (listed.json() as Booking[]).filter((booking) => booking.seriesId === series!.id);
    expect(occurrences.length).toBeGreaterThanOrEqual(12);
    expect(occurrences.every((booking) => booking.space?.pricePeriod === 'session' && booking.units === 1)).toBe(true);
  });

  it('was told once, to both people, as one series', async () => {
    const [series] = await t.db.select().from(bookingSeries);
    const [space] = await t.db.select({ ownerId: medicalSpaces.ownerId }).from(medicalSpaces).where(eq(medicalSpaces.id, series!.spaceId));
    for (const userId of [series!.renterId, space!.ownerId]) {
      const told = await t.db
        .select({ body: notifications.body })
        .from(notifications)
        .where(and(eq(notifications.kind, 'booking_confirmed'), eq(notifications.userId, userId)));
      // The series' notice names its bookings; a single booking's does not.
      expect(told.filter((notice) => /bookings/.test(notice.body))).toHaveLength(1);
    }
  });

  it('is the series the API shows, and the renter can cancel the rest of it with one refund', async () => {
    const { login, cookie } = await logInRenter();
    const [series] = await t.db.select().from(bookingSeries);
    const shown = await t.app.inject({ method: 'GET', url: `/api/booking-series/${series!.id}`, headers: { cookie } });
    expect(shown.statusCode, shown.body).toBe(200);
    const body = bookingSeriesSchema.parse(shown.json());
    const now = Date.now();
    const rest = body.occurrences.filter((occurrence) => new Date(occurrence.endDate).getTime() > now);
    expect(rest.length).toBeGreaterThan(0);

    const quote = await t.app.inject({ method: 'GET', url: `/api/booking-series/${series!.id}/cancellation`, headers: { cookie } });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(toCents(quote.json().refundAmount)).toBeGreaterThan(0);

    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/booking-series/${series!.id}/cancel`,
      headers: { cookie },
      payload: { userId: login.json().id },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = bookingSeriesSchema.parse(cancelled.json());
    for (const occurrence of after.occurrences) {
      const ended = new Date(occurrence.endDate).getTime() <= now;
      expect(occurrence.status, occurrence.startDate).toBe(ended ? 'confirmed' : 'cancelled');
    }
    const [intent] = await t.db
      .select()
      .from(demoPaymentIntents)
      .where(eq(demoPaymentIntents.id, (await seriesIntent(series!.id))!));
    expect(intent!.amountRefunded).toBe(toCents(quote.json().refundAmount));
  });
});

/** The intent of the series' payment. */
async function seriesIntent(seriesId: string): Promise<string | null> {
  const [payment] = await t.db.select({ intent: payments.stripePaymentIntentId }).from(payments).where(eq(payments.id, seriesId));
  return payment?.intent ?? null;
}
