/**
 * Bookings are financial records (docs/decisions/019-records-are-kept.md: data
 * that must never be lost): removing a space never takes its bookings along.
 */
import { addDays, format } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertSpace, insertUser } from '../factories/db';
import { bookings, medicalSpaces } from '../../src/server/db/schema';
import { createIntent } from '../helpers/booking-flow';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let renterId: string;
beforeAll(async () => {
  t = await createTestApp();
  renterId = (await insertUser(t.db)).id;
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const localDate = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd');

const remove = (id: string, cookie: string) => t.app.inject({ method: 'DELETE', url: `/api/spaces/${id}`, headers: { cookie } });
const spaceRow = async (id: string) => (await t.db.select().from(medicalSpaces).where(eq(medicalSpaces.id, id)))[0];
const searchIds = async (query = '') =>
  ((await t.app.inject({ method: 'GET', url: `/api/spaces?limit=100${query}` })).json() as { id: string }[]).map((s) => s.id);

describe('DELETE /api/spaces/:id keeps every booking', () => {
  it.each([
    ['a confirmed booking ahead', { status: 'confirmed' as const, startAt: inDays(3), endAt: inDays(5) }],
    ['a pending request ahead', { status: 'pending' as const, startAt: inDays(10), endAt: inDays(11) }],
    ['a confirmed booking under way', { status: 'confirmed' as const, startAt: inDays(-1), endAt: inDays(1) }],
  ])('answers 409 and changes nothing while the space has %s', async (_label, booking) => {
    const owner = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id);
    const paid = await insertBooking(t.db, { spaceId: space.id, renterId, ...booking });

    const response = await remove(space.id, owner.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/upcoming or current bookings/);
    expect(await spaceRow(space.id)).toMatchObject({ active: true });
    expect(await t.db.select().from(bookings).where(eq(bookings.id, paid.id))).toHaveLength(1);
    expect(await searchIds()).toContain(space.id);
  });

  it('archives a space with booking history: gone from search and the owner list, its page and bookings stay', async () => {
    const owner = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id, { title: 'Archived Suite' });
    const past = await insertBooking(t.db, { spaceId: space.id, renterId, startAt: inDays(-30), endAt: inDays(-28) });
    await insertBooking(t.db, { spaceId: space.id, renterId, status: 'cancelled', startAt: inDays(5), endAt: inDays(6) });

    const response = await remove(space.id, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'archived' });

    expect(await spaceRow(space.id)).toMatchObject({ active: false });
    expect(await searchIds()).not.toContain(space.id);
    expect(await searchIds(`&ownerId=${owner.user.id}`)).not.toContain(space.id);
    const page = await t.app.inject({ method: 'GET', url: `/api/spaces/${space.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: space.id, active: false, title: 'Archived Suite' });
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, past.id));
    expect(kept).toMatchObject({ spaceId: space.id, status: 'confirmed', totalPrice: '150.00' });

    // An archived space cannot be booked.
    const renter = await signedInUser(t);
    const intent = await createIntent(t, renter.cookie, space.id, { startDate: localDate(20), endDate: localDate(21) });
    expect(intent.statusCode).toBe(400);
    expect(intent.json().message).toMatch(/not available/);
  });

  it("lists an archived space's bookings for the renter with their space", async () => {
    const owner = await signedInUser(t);
    const renter = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id, { title: 'Old Dental Suite' });
    await insertBooking(t.db, { spaceId: space.id, renterId: renter.user.id, startAt: inDays(-60), endAt: inDays(-59) });
    expect((await remove(space.id, owner.cookie)).json()).toEqual({ outcome: 'archived' });
    const list = await t.app.inject({ method: 'GET', url: `/api/users/${renter.user.id}/bookings`, headers: { cookie: renter.cookie } });
    expect(list.json()).toEqual([
      expect.objectContaining({ spaceId: space.id, space: expect.objectContaining({ title: 'Old Dental Suite' }) }),
    ]);
  });

  it('deletes a space that never had a booking', async () => {
    const owner = await signedInUser(t);
    const space = await insertSpace(t.db, owner.user.id);
    const response = await remove(space.id, owner.cookie);
    expect(response.json()).toEqual({ outcome: 'deleted' });
    expect(await spaceRow(space.id)).toBeUndefined();
  });

  it('keeps bookings at the database level too: a space with bookings cannot be deleted by SQL', async () => {
    const owner = await insertUser(t.db);
    const space = await insertSpace(t.db, owner.id);
    await insertBooking(t.db, { spaceId: space.id, renterId, startAt: inDays(-10), endAt: inDays(-9) });
    await expect(t.db.execute(sql`delete from medical_spaces where id = ${space.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from users where id = ${renterId}`)).rejects.toThrow();
    expect(await t.db.select().from(bookings).where(eq(bookings.spaceId, space.id))).toHaveLength(1);
  });
});
