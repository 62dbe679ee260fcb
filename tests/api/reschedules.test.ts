/**
 * Rescheduling a booking (docs/decisions/040-rescheduling.md) on the demo provider: the move and the
 * old range freed, the price difference by the cancellation policy (a cheaper move refunded through
 * the payment's settler, a dearer one refused), what cannot be moved, who may move, at most three
 * moves, two moves at once, request-to-book requests and answers, and the calendar event's SEQUENCE.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReschedules, bookings, demoPaymentIntents, notifications, payments, spaceBlockedDates } from '../../src/server/db/schema';
import { insertBooking, insertSpace } from '../factories/db';
import { createBooking, createIntent, paidIntent, type Dates } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Session = Awaited<ReturnType<typeof signedInUser>>;

const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const intentRow = async (id: string) => (await t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)))[0]!;
const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const range = (days: number, nights: number): Dates => ({ startDate: futureDate(days), endDate: futureDate(days + nights) });

const move = (id: string, who: Session, dates: Dates & { currentStartDate?: string }) =>
  t.app.inject({ method: 'PUT', url: `/api/bookings/${id}/reschedule`, headers: { cookie: who.cookie }, payload: dates });
const quote = (id: string, who: Session, dates: Dates) =>
  t.app.inject({ method: 'POST', url: `/api/bookings/${id}/reschedule/quote`, headers: { cookie: who.cookie }, payload: dates });
const answer = (id: string, who: Session, verb: 'accept' | 'decline') =>
  t.app.inject({ method: 'POST', url: `/api/bookings/${id}/reschedule/${verb}`, headers: { cookie: who.cookie } });
const sequenceOf = async (id: string, who: Session) => {
  const file = await t.app.inject({ method: 'GET', url: `/api/bookings/${id}/calendar.ics`, headers: { cookie: who.cookie } });
  expect(file.statusCode).toBe(200);
  return { sequence: Number(/SEQUENCE:(\d+)/.exec(file.body)?.[1]), uid: /UID:(.+)/.exec(file.body)?.[1]?.trim() };
};

/** A paid booking of a new space (instant book by default, $100 a day) by a new renter. */
async function booked(dates: Dates, space: Parameters<typeof insertSpace>[2] = {}) {
  const owner = await signedInUser(t, { firstName: 'Olga', lastName: 'Owner' });
  const listing = await insertSpace(t.db, owner.user.id, { pricePerDay: '100.00', ...space });
  const renter = await signedInUser(t, { firstName: 'Rita', lastName: 'Renter' });
  const paid = await paidIntent(t, renter.cookie, listing.id, dates);
  const made = await createBooking(t, renter.cookie, paid.booking);
  expect(made.statusCode).toBe(201);
  return { owner, renter, space: listing, paid, booking: made.json() as { id: string; status: string } };
}

describe('moving a booking at once (instant book)', () => {
  it('moves the booking in place, frees the old range, tells the owner and raises the calendar SEQUENCE, keeping the UID', async () => {
    const { owner, renter, space, booking } = await booked(range(20, 2));
    const before = await sequenceOf(booking.id, renter);
    const moved = await move(booking.id, renter, range(30, 2));
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: booking.id, status: 'confirmed', priceDifference: '0.00', totalPrice: '200.00' });
    expect(moved.json().reschedule).toMatchObject({ status: 'accepted', priceDifference: '0.00' });
    const row = await bookingRow(booking.id);
    expect(new Date(moved.json().startDate)).toEqual(row.startAt);
    expect(row.startAt.getTime() - Date.now()).toBeGreaterThan(28 * 24 * 3600_000);
    // The old dates are free for anyone; the new ones are taken.
    const other = await signedInUser(t);
    expect((await createIntent(t, other.cookie, space.id, range(20, 2))).statusCode).toBe(200);
    expect((await createIntent(t, other.cookie, space.id, range(31, 1))).statusCode).toBe(409);
    const after = await sequenceOf(booking.id, renter);
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBe(before.sequence + 1);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(told.find((row) => row.kind === 'booking_rescheduled')?.body).toMatch(/^Rita Renter moved their booking to /);
  });

  it('refunds a cheaper time through the payment: recorded on the booking and the payment, and made by the provider', async () => {
    const { renter, booking, paid } = await booked(range(20, 3));
    const asked = await quote(booking.id, renter, range(25, 1));
    expect(asked.json()).toMatchObject({ priceDifference: '-200.00', newTotal: '100.00', cancellationCost: '0.00', freeWindow: true });
    expect((await bookingRow(booking.id)).startAt).toEqual((await bookingRow(booking.id)).startAt);
    const moved = await move(booking.id, renter, range(25, 1));
    expect(moved.json()).toMatchObject({ priceDifference: '-200.00', totalPrice: '300.00', amountRefunded: '200.00' });
    expect(await bookingRow(booking.id)).toMatchObject({
      refundAmount: '200.00',
      amountRefunded: '200.00',
      paymentStatus: 'partially_refunded',
    });
    expect(await paymentRow(booking.id)).toMatchObject({ amountRefunded: '200.00', status: 'partially_refunded' });
    expect(await intentRow(paid.paymentIntentId)).toMatchObject({ amountRefunded: 20000 });
  });

  it('outside the free window, a move costs what cancelling would keep', async () => {
    // Moderate: 50% back from 24 hours to 7 days before the start.
    const { renter, booking, paid } = await booked(range(3, 2), { cancellationPolicyTier: 'moderate' });
    const asked = await quote(booking.id, renter, range(10, 1));
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      priceDifference: '0.00',
      newTotal: '100.00',
      oldTotal: '200.00',
      cancellationCost: '100.00',
      freeWindow: false,
    });
    expect(asked.json().explanation).toContain('costs what cancelling would');
    const moved = await move(booking.id, renter, range(10, 1));
    expect(moved.json()).toMatchObject({ priceDifference: '0.00', amountRefunded: '0.00' });
    expect(await intentRow(paid.paymentIntentId)).toMatchObject({ amountRefunded: 0 });
  });

  it('inside the free window the same move refunds the difference', async () => {
    const { renter, booking } = await booked(range(20, 2), { cancellationPolicyTier: 'moderate' });
    expect((await quote(booking.id, renter, range(25, 1))).json()).toMatchObject({
      priceDifference: '-100.00',
      cancellationCost: '0.00',
      freeWindow: true,
    });
  });

  it('refuses a dearer time with 409 and changes nothing', async () => {
    const { renter, booking } = await booked(range(20, 1));
    const before = await bookingRow(booking.id);
    const moved = await move(booking.id, renter, range(25, 3));
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('This change costs more than your booking. Choose a time that costs the same or less.');
    expect(await bookingRow(booking.id)).toEqual(before);
    expect(await t.db.select().from(bookingReschedules).where(eq(bookingReschedules.bookingId, booking.id))).toEqual([]);
  });
});

describe('what cannot be moved', () => {
  it('answers 4xx for taken, blocked, past and bad dates, leaving the booking as it was', async () => {
    const { renter, space, booking } = await booked(range(20, 2));
    const other = await signedInUser(t);
    const taken = await paidIntent(t, other.cookie, space.id, range(30, 2));
    expect((await createBooking(t, other.cookie, taken.booking)).statusCode).toBe(201);
    await t.db.insert(spaceBlockedDates).values({ spaceId: space.id, startDate: futureDate(40), endDate: futureDate(41) });
    const before = await bookingRow(booking.id);
    expect((await move(booking.id, renter, range(31, 1))).statusCode).toBe(409);
    expect((await move(booking.id, renter, range(40, 1))).statusCode).toBe(400);
    expect((await move(booking.id, renter, range(-3, 1))).statusCode).toBe(400);
    expect((await move(booking.id, renter, { startDate: 'soon', endDate: futureDate(3) })).statusCode).toBe(400);
    expect((await move(booking.id, renter, range(20, 2))).statusCode).toBe(400);
    // Touching its own range is fine: the booking does not count against itself.
    expect(await bookingRow(booking.id)).toEqual(before);
    expect((await move(booking.id, renter, range(21, 1))).statusCode).toBe(200);
  });

  it('answers 409 for a cancelled booking and one that has started or ended', async () => {
    const { renter, booking } = await booked(range(20, 2));
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/bookings/${booking.id}/cancel`, headers: { cookie: renter.cookie } });
    expect(cancelled.statusCode).toBe(200);
    const refused = await move(booking.id, renter, range(25, 1));
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'A cancelled booking cannot be changed.']);

    const owner = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id);
    const past = await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.user.id,
      startAt: new Date(Date.now() - 3 * 86_400_000),
      endAt: new Date(Date.now() - 86_400_000),
      paymentStatus: 'paid',
    });
    const ended = await move(past.id, renter, range(25, 1));
    expect([ended.statusCode, ended.json().message]).toEqual([409, 'This booking has already started.']);
    expect(await bookingRow(past.id)).toMatchObject({ startAt: past.startAt, endAt: past.endAt });
  });

  it('lets only the renter move it: the owner and others 403, unknown 404', async () => {
    const { owner, renter, booking } = await booked(range(20, 2));
    const stranger = await signedInUser(t);
    expect((await move(booking.id, owner, range(25, 2))).statusCode).toBe(403);
    expect((await move(booking.id, stranger, range(25, 2))).statusCode).toBe(403);
    expect((await quote(booking.id, owner, range(25, 2))).statusCode).toBe(403);
    expect((await move('00000000-0000-4000-8000-000000000000', renter, range(25, 2))).statusCode).toBe(404);
    expect((await move('not-a-booking', renter, range(25, 2))).statusCode).toBe(404);
  });

  it('allows three moves and refuses a fourth', async () => {
    const { renter, booking } = await booked(range(20, 1));
    for (const days of [22, 24, 26]) expect((await move(booking.id, renter, range(days, 1))).statusCode).toBe(200);
    const fourth = await move(booking.id, renter, range(28, 1));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toContain('at most 3 times');
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.id}/reschedules`,
      headers: { cookie: renter.cookie },
    });
    expect(history.json()).toHaveLength(3);
  });

  it('of two moves at once, one wins and the other gets 409', async () => {
    const { renter, booking } = await booked(range(20, 1));
    // Both sent from the same view of the booking (its start as the client saw it).
    const seen = { currentStartDate: (await bookingRow(booking.id)).startAt.toISOString() };
    const answers = await Promise.all([
      move(booking.id, renter, { ...range(22, 1), ...seen }),
      move(booking.id, renter, { ...range(24, 1), ...seen }),
    ]);
    expect(answers.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((reply) => reply.statusCode === 200)!.json();
    expect((await bookingRow(booking.id)).startAt.toISOString()).toBe(winner.startDate);
  });
});

describe('request-to-book listings', () => {
  it('asks the owner, who accepts (the booking moves) or declines (it stays)', async () => {
    const { owner, renter, booking } = await booked(range(20, 2), { instantBook: false });
    expect(booking.status).toBe('pending');
    const before = await bookingRow(booking.id);
    const asked = await move(booking.id, renter, range(30, 2));
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'reschedule_requested', priceDifference: '0.00', booking: { id: booking.id } });
    expect(await bookingRow(booking.id)).toEqual(before);
    expect((await move(booking.id, renter, range(32, 2))).statusCode).toBe(409); // one open request at a time

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.user.id}/reschedule-requests`,
      headers: { cookie: owner.cookie },
    });
    expect(list.json()).toEqual([expect.objectContaining({ bookingId: booking.id, status: 'requested' })]);
    expect((await answer(booking.id, renter, 'accept')).statusCode).toBe(403);
    const accepted = await answer(booking.id, owner, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: booking.id, reschedule: { status: 'accepted' } });
    expect((await bookingRow(booking.id)).startAt.toISOString()).toBe(asked.json().reschedule.toStartDate);
    expect((await answer(booking.id, owner, 'accept')).statusCode).toBe(409);

    const moved = await bookingRow(booking.id);
    expect((await move(booking.id, renter, range(40, 2))).json()).toMatchObject({ status: 'reschedule_requested' });
    const declined = await answer(booking.id, owner, 'decline');
    expect(declined.json()).toMatchObject({ reschedule: { status: 'declined' } });
    expect(await bookingRow(booking.id)).toEqual(moved);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, renter.user.id));
    expect(told.filter((row) => row.kind === 'reschedule_answered').map((row) => row.title)).toEqual(
      expect.arrayContaining([expect.stringMatching(/accepted your change/), expect.stringMatching(/declined your change/)]),
    );
  });
});
