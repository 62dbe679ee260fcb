/**
 * The console's user view (docs/product.md#the-console):
 * GET /api/admin/users/{id} lists a user's listings with their status, their bookings as a renter
 * and as an owner, the payments they made and received (a series' one payment once), and the
 * reports they made and those about them (of them, their listings, reviews or messages), each the
 * newest 50 with a total. 404 to anyone but an operator. Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '../../src/shared/schemas/admin-users';
import { ADMIN_USER_LIST_LIMIT } from '../../src/shared/schemas/admin-users';
import { users } from '../../src/server/db/schema';
import { insertBooking, insertSpace, insertUser } from '../factories/db';
import { createBooking, paidIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { paidSeries } from '../helpers/series-flow';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: { user: typeof users.$inferSelect; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
const view = async (id: string) => {
  const response = await call('GET', `/api/admin/users/${id}`, admin.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminUserDetail>();
};
const report = async (cookie: string, targetType: string, targetId: string, reason = 'fraud') => {
  const response = await call('POST', '/api/reports', cookie, { targetType, targetId, reason, comment: 'Looks wrong' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
};

describe("a user's view in the console", () => {
  it('lists their listings, bookings as renter and owner, payments made and received, and reports made and about them', async () => {
    const subject = await signedInUser(t, { userType: 'lister', firstName: 'Dana', lastName: 'Whitfield' });
    const other = await signedInUser(t);
    // Their listings: one listed, one taken down.
    const listed = await insertSpace(t.db, subject.user.id, { title: 'Whitfield exam room', pricePerDay: '100.00', pricePeriod: 'daily' });
    const downed = await insertSpace(t.db, subject.user.id, { title: 'Whitfield lab' });
    expect((await call('POST', `/api/admin/spaces/${downed.id}/take-down`, admin.cookie, { reason: 'Fake photos' })).statusCode).toBe(200);
    // As owner: another renter's paid booking of their room.
    const received = await paidIntent(t, other.cookie, listed.id, { startDate: futureDate(30), endDate: futureDate(32) });
    expect((await createBooking(t, other.cookie, received.booking)).statusCode).toBe(201);
    // As renter: a paid booking of someone else's room, a paid series, and a hold never paid.
    const elsewhere = await insertSpace(t.db, other.user.id, { pricePerDay: '80.00', pricePeriod: 'daily' });
    const paid = await paidIntent(t, subject.cookie, elsewhere.id, { startDate: futureDate(40), endDate: futureDate(41) });
    expect((await createBooking(t, subject.cookie, paid.booking)).statusCode).toBe(201);
    const series = await paidSeries(t, subject.cookie);
    await insertBooking(t.db, {
      spaceId: elsewhere.id,
      renterId: subject.user.id,
      status: 'awaiting_payment',
      totalPrice: '80.00',
      startAt: new Date(`${futureDate(50)}T15:00:00Z`),
      endAt: new Date(`${futureDate(51)}T15:00:00Z`),
    });
    // Reports: of them, of their listing; one they made; one of someone else that is not about them.
    const ofThem = await report(other.cookie, 'user', subject.user.id, 'spam');
    const ofListing = await report(other.cookie, 'space', listed.id);
    const made = await report(subject.cookie, 'space', elsewhere.id, 'unsafe');
    await report(subject.cookie, 'user', other.user.id);
    expect((await call('POST', `/api/admin/reports/${ofThem}/resolve`, admin.cookie, { action: 'user_warned', note: '' })).statusCode).toBe(
      200,
    );

    const detail = await view(subject.user.id);
    expect(detail.user).toMatchObject({ id: subject.user.id, firstName: 'Dana', listingsCount: 2 });
    expect(detail.listings.total).toBe(2);
    expect(Object.fromEntries(detail.listings.items.map((space) => [space.id, space.status]))).toEqual({
      [listed.id]: 'listed',
      [downed.id]: 'taken_down',
    });

    expect(detail.bookingsAsOwner).toMatchObject({
      total: 1,
      items: [{ id: received.bookingId, renterId: other.user.id, status: 'confirmed' }],
    });
    expect(detail.bookingsAsRenter.total).toBe(2 + 4);
    expect(detail.bookingsAsRenter.items.map((row) => row.spaceId).sort()).toEqual(
      [elsewhere.id, elsewhere.id, ...Array(4).fill(series.space.id)].sort(),
    );
    expect(detail.bookingsAsRenter.items.every((row) => row.renterId === subject.user.id)).toBe(true);

    // Payments: the booking they paid, the series once (linked to its first occurrence), the booking they received; not the unpaid hold.
    expect(detail.payments.total).toBe(3);
    const bySide = detail.payments.items.map((payment) => [payment.kind, payment.side, payment.amount, payment.paymentStatus]).sort();
    expect(bySide).toEqual(
      [
        ['booking', 'paid', paid.amount, 'paid'],
        ['booking', 'received', received.amount, 'paid'],
        ['series', 'paid', series.amount, 'paid'],
      ].sort(),
    );
    const seriesPayment = detail.payments.items.find((payment) => payment.kind === 'series')!;
    expect(seriesPayment.id).toBe(series.seriesId);
    const firstOccurrence = detail.bookingsAsRenter.items
      .filter((row) => row.seriesId === series.seriesId)
      .sort((a, b) => a.startDate.localeCompare(b.startDate))[0]!;
    expect(seriesPayment.bookingId).toBe(firstOccurrence.id);

    // A partial refund shows on the payment.
    expect(
      (await call('POST', `/api/admin/bookings/${paid.bookingId}/refund`, admin.cookie, { amount: '10.00', reason: 'Late' })).statusCode,
    ).toBe(200);
    const refunded = (await view(subject.user.id)).payments.items.find((payment) => payment.id === paid.bookingId)!;
    expect(refunded).toMatchObject({ refunded: '10.00', paymentStatus: 'partially_refunded' });

    expect(detail.reportsMade.total).toBe(2);
    expect(detail.reportsMade.items.map((row) => row.id)).toContain(made);
    expect(detail.reportsAbout.total).toBe(2);
    expect(Object.fromEntries(detail.reportsAbout.items.map((row) => [row.id, row.resolution]))).toEqual({
      [ofThem]: 'user_warned',
      [ofListing]: null,
    });
    expect(detail.reportsAbout.items.find((row) => row.id === ofListing)?.target).toMatchObject({
      spaceId: listed.id,
      userId: subject.user.id,
    });

    // The other party sees the same bookings from the other side.
    const otherView = await view(other.user.id);
    expect(otherView.bookingsAsRenter.items.map((row) => row.id)).toEqual([received.bookingId]);
    expect(otherView.payments.items.map((payment) => [payment.id, payment.side]).sort()).toEqual(
      [
        [received.bookingId, 'paid'],
        [paid.bookingId, 'received'],
      ].sort(),
    );
  });

  it('holds the newest 50 of a long list with its total', async () => {
    const owner = await insertUser(t.db, { userType: 'lister' });
    for (let i = 0; i < ADMIN_USER_LIST_LIMIT + 2; i++) await insertSpace(t.db, owner.id, { title: `Room ${i}` });
    const detail = await view(owner.id);
    expect(detail.listings.total).toBe(ADMIN_USER_LIST_LIMIT + 2);
    expect(detail.listings.items).toHaveLength(ADMIN_USER_LIST_LIMIT);
    expect(detail.listings.items.map((space) => space.title)).not.toContain('Room 0');
  });

  it('shows a user with nothing as empty lists, answers 404 for an unknown user, and 404 to anyone but an operator', async () => {
    const nobody = await signedInUser(t);
    const detail = await view(nobody.user.id);
    for (const list of [
      detail.listings,
      detail.bookingsAsRenter,
      detail.bookingsAsOwner,
      detail.payments,
      detail.reportsMade,
      detail.reportsAbout,
    ])
      expect(list).toEqual({ items: [], total: 0 });
    expect((await call('GET', `/api/admin/users/${randomUUID()}`, admin.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/users/not-an-id', admin.cookie)).statusCode).toBe(404);
    for (const cookie of [undefined, nobody.cookie])
      expect((await call('GET', `/api/admin/users/${nobody.user.id}`, cookie)).statusCode).toBe(404);
  });
});
