/** A paid recurring series through the API, as the booking dialog makes one (docs/decisions/026-booking-series.md). */
import { expect } from 'vitest';
import { insertSpace, insertUser, type NewSpace } from '../factories/db';
import { createBooking, createIntent, payIntent } from './booking-flow';
import { futureWeekday } from './dates';
import type { TestApp } from './test-app';

/**
 * A $120-a-session room open Tuesday and Thursday mornings, and a confirmed, paid series of 4
 * occurrences of it by the renter of `renterCookie` (on Tuesdays and Thursdays from about 3 weeks on).
 * @param space overrides of the room (its cancellation tier, say)
 * @returns the space, the series id, its payment intent id and its amount
 */
export async function paidSeries(t: TestApp, renterCookie: string, space: NewSpace = {}) {
  const owner = space.ownerId ?? (await insertUser(t.db, { userType: 'lister' })).id;
  const room = await insertSpace(t.db, owner, {
    pricePeriod: 'session',
    pricePerDay: '120.00',
    schedule: {
      weeklyHours: { tue: [{ start: '08:00', end: '12:00' }], thu: [{ start: '08:00', end: '12:00' }] },
      sessions: [{ name: 'Morning', start: '08:00', end: '12:00' }],
      bufferMinutes: 0,
      minNoticeHours: 0,
      maxAdvanceDays: null,
    },
    ...space,
  });
  const date = futureWeekday(2, 20);
  const first = { startDate: `${date}T08:00`, endDate: `${date}T12:00` };
  const intent = await createIntent(t, renterCookie, room.id, first, { recurrence: { weekdays: ['tue', 'thu'], count: 4 } });
  expect(intent.statusCode, intent.body).toBe(200);
  const body = intent.json<{ seriesId: string; paymentIntentId: string; clientSecret: string; amount: string }>();
  expect((await payIntent(t, renterCookie, body.clientSecret)).statusCode).toBe(200);
  const booked = await createBooking(t, renterCookie, {
    spaceId: room.id,
    ...first,
    totalPrice: body.amount,
    paymentIntentId: body.paymentIntentId,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return { space: room, seriesId: body.seriesId, intentId: body.paymentIntentId, amount: body.amount };
}
