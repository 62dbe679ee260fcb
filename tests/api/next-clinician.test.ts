/**
 * "Next clinician waiting" (src/server/stays/next-clinician.ts): the sweep tells the renter of a
 * confirmed booking ending within 10 minutes when another confirmed booking of the room starts within
 * its buffer and 30 minutes more, once however often it runs; nobody else is told.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema';
import { sweepNextClinician } from '../../src/server/stays/next-clinician';
import { insertBooking, insertSpace, insertUser } from '../factories/db';
import { createTestApp, type TestApp } from '../helpers/test-app';

const MINUTE = 60_000;

describe('next clinician waiting', () => {
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await insertUser(t.db, { userType: 'lister' })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Two bookings of a new hourly room: one ending `endsIn` ms from now, the next starting `gap` ms after it. */
  async function backToBack(endsIn: number, gap: number, next: 'confirmed' | 'cancelled' = 'confirmed', bufferMinutes = 0) {
    const space = await insertSpace(t.db, ownerId, { pricePeriod: 'hourly', pricePerDay: '40.00' });
    const first = await insertUser(t.db);
    const second = await insertUser(t.db);
    const end = new Date(Date.now() + endsIn);
    const current = await insertBooking(t.db, {
      spaceId: space.id,
      renterId: first.id,
      startAt: new Date(end.getTime() - 60 * MINUTE),
      endAt: end,
      bufferMinutes,
      paymentStatus: 'paid',
    });
    const start = new Date(end.getTime() + gap);
    await insertBooking(t.db, {
      spaceId: space.id,
      renterId: second.id,
      startAt: start,
      endAt: new Date(start.getTime() + 60 * MINUTE),
      status: next,
      paymentStatus: 'paid',
    });
    return { current, renterId: first.id, nextRenterId: second.id };
  }
  const toldOf = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'next_clinician_waiting')));

  it('tells the renter whose booking ends soon, once, when the next booking follows closely', async () => {
    const { renterId, nextRenterId, current } = await backToBack(8 * MINUTE, 0);
    expect(await sweepNextClinician(t.db)).toBeGreaterThanOrEqual(1);
    await sweepNextClinician(t.db);
    const told = await toldOf(renterId);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toMatch(/^Next clinician soon in /);
    expect(told[0]!.link).toContain(current.id);
    expect(await toldOf(nextRenterId)).toHaveLength(0);
  });

  it('counts the buffer: a next booking after the buffer and 30 minutes more is not waiting', async () => {
    const withinBuffer = await backToBack(5 * MINUTE, 40 * MINUTE, 'confirmed', 15);
    const tooLate = await backToBack(5 * MINUTE, 31 * MINUTE);
    await sweepNextClinician(t.db);
    expect(await toldOf(withinBuffer.renterId)).toHaveLength(1);
    expect(await toldOf(tooLate.renterId)).toHaveLength(0);
  });

  it('tells nobody of a booking ending later, or of a next booking that was cancelled', async () => {
    const later = await backToBack(25 * MINUTE, 0);
    const cancelled = await backToBack(6 * MINUTE, 0, 'cancelled');
    await sweepNextClinician(t.db);
    expect(await toldOf(later.renterId)).toHaveLength(0);
    expect(await toldOf(cancelled.renterId)).toHaveLength(0);
    // Its time comes: told then.
    await sweepNextClinician(t.db, new Date(Date.now() + 20 * MINUTE));
    expect(await toldOf(later.renterId)).toHaveLength(1);
  });
});
