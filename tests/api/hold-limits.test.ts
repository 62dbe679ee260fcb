/**
 * Holds bounded: a renter has at most 5 unpaid holds at once, the next one is a 429
 * naming them, the same attempt asked again is not refused, and the hold route is limited per account.
 */
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpace, insertUser } from '../factories/db';
import { bookings } from '../../src/server/db/schema';
import { BOOKING_HOLDS_PER_HOUR, MAX_UNPAID_HOLDS } from '../../src/shared/constants';
import { createBooking, createIntent, paidIntent } from '../helpers/booking-flow';
import { futureDate } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await insertUser(t.db, { userType: 'lister' })).id;
});
afterAll(async () => {
  await t.close();
});

/** Nights `2i` to `2i + 1` from a month ahead: distinct, non-overlapping dates for the i-th hold. */
const nights = (i: number) => ({ startDate: futureDate(30 + 2 * i), endDate: futureDate(31 + 2 * i) });

const liveHolds = (renterId: string) =>
  t.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.renterId, renterId), eq(bookings.status, 'awaiting_payment'), gt(bookings.holdExpiresAt, new Date())));

describe('unpaid holds per renter', () => {
  it(`refuses a ${MAX_UNPAID_HOLDS + 1}th unpaid hold with 429 naming the holds, and not the same attempt asked again`, async () => {
    const renter = await signedInUser(t);
    const spaces = await Promise.all(
      Array.from({ length: MAX_UNPAID_HOLDS + 1 }, (_, i) => insertSpace(t.db, ownerId, { title: `Exam Room Number ${i + 1}` })),
    );
    for (let i = 0; i < MAX_UNPAID_HOLDS; i++) {
      const hold = await createIntent(t, renter.cookie, spaces[i]!.id, nights(i), { idempotencyKey: `attempt-${i}` });
      expect(hold.statusCode, hold.body).toBe(200);
    }

    const refused = await createIntent(t, renter.cookie, spaces[MAX_UNPAID_HOLDS]!.id, nights(MAX_UNPAID_HOLDS), {
      idempotencyKey: 'attempt-extra',
    });
    expect(refused.statusCode).toBe(429);
    const message: string = refused.json().message;
    expect(message).toMatch(/5 bookings waiting for payment/);
    for (let i = 0; i < MAX_UNPAID_HOLDS; i++) expect(message).toContain(`Exam Room Number ${i + 1}`);
    expect(message).not.toContain(`Exam Room Number ${MAX_UNPAID_HOLDS + 1}`);
    // The dates of each hold, as the booking list shows them (the spaces are in Boston).
    expect(message).toMatch(/\(\w{3} \d{1,2}, \d{4} – \w{3} \d{1,2}, \d{4}\)/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await liveHolds(renter.user.id)).toHaveLength(MAX_UNPAID_HOLDS);

    // The same attempt asked again (the payment dialog reopened) returns its hold.
    const again = await createIntent(t, renter.cookie, spaces[0]!.id, nights(0), { idempotencyKey: 'attempt-0' });
    expect(again.statusCode).toBe(200);

    // Another renter is not affected.
    const other = await signedInUser(t);
    expect((await createIntent(t, other.cookie, spaces[MAX_UNPAID_HOLDS]!.id, nights(MAX_UNPAID_HOLDS))).statusCode).toBe(200);
  });

  it('makes room again when a hold is paid or has lapsed', async () => {
    const renter = await signedInUser(t);
    const space = await insertSpace(t.db, ownerId);
    const first = await paidIntent(t, renter.cookie, space.id, nights(0));
    for (let i = 1; i < MAX_UNPAID_HOLDS; i++) expect((await createIntent(t, renter.cookie, space.id, nights(i))).statusCode).toBe(200);
    expect((await createIntent(t, renter.cookie, space.id, nights(10))).statusCode).toBe(429);

    expect((await createBooking(t, renter.cookie, first.booking)).statusCode).toBe(201);
    expect((await createIntent(t, renter.cookie, space.id, nights(10))).statusCode).toBe(200);
    expect((await createIntent(t, renter.cookie, space.id, nights(11))).statusCode).toBe(429);

    // A hold whose 15 minutes are over no longer counts, even before the job marks it expired.
    const [oldest] = await liveHolds(renter.user.id);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, oldest!.id));
    expect((await createIntent(t, renter.cookie, space.id, nights(11))).statusCode).toBe(200);
  });

  it('keeps to the cap when one renter asks for 10 holds at once', async () => {
    const renter = await signedInUser(t);
    const space = await insertSpace(t.db, ownerId);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => createIntent(t, renter.cookie, space.id, nights(i))));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(MAX_UNPAID_HOLDS).fill(200), ...Array(10 - MAX_UNPAID_HOLDS).fill(429)]);
    expect(await liveHolds(renter.user.id)).toHaveLength(MAX_UNPAID_HOLDS);
  });
});

describe('hold requests per account', () => {
  it(`answers 429 with Retry-After after ${BOOKING_HOLDS_PER_HOUR} payment intents in an hour`, async () => {
    const renter = await signedInUser(t);
    const space = await insertSpace(t.db, ownerId);
    // The same attempt again and again: never refused by the cap on holds, but counted.
    for (let i = 0; i < BOOKING_HOLDS_PER_HOUR; i++) {
      const answer = await createIntent(t, renter.cookie, space.id, nights(0), { idempotencyKey: 'one-attempt' });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const limited = await createIntent(t, renter.cookie, space.id, nights(0), { idempotencyKey: 'one-attempt' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Counted per account, not per address.
    const other = await signedInUser(t);
    expect((await createIntent(t, other.cookie, space.id, nights(1))).statusCode).toBe(200);
  });
});
