/**
 * Migration 0036: what of a payment's refunds kept the platform fee is recorded on the payment
 * (`amount_refunded_fee_kept`). A database written before it, single bookings and series with
 * refunds that kept the first-booking fee or gave it back, is migrated, and every payout statement
 * reads as it did: all of a payment's refunds kept the fee when every refunded booking of it kept
 * its fee, else none did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPapers } from '../../src/server/bookings/agreement-acceptance';
import type { DatabaseHandle } from '../../src/server/db/client';
import { payoutFigures } from '../../src/shared/receipt';
import { insertUser } from '../factories/db';
import { futureDate } from '../helpers/dates';
import { openOldDatabase, type OldDatabase } from '../helpers/old-database';

const LAST_OLD = 35;

let old: OldDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  old = await openOldDatabase(LAST_OLD);
  handle = old.handle;
}, 120_000);

afterAll(async () => {
  await old?.close();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('migration 0036: refunds that kept the platform fee', () => {
  it('keeps every payout statement as it read before', async () => {
    const owner = await insertUser(handle.db);
    const renter = await insertUser(handle.db);
    const [space] = await handle.query<{ id: string }>(
      `insert into medical_spaces (owner_id, title, description, space_type, address, city, state, zip_code, price_per_day)
       values ($1, 'Old room', 'A room refunded before.', 'Examination Room', '1 Main St', 'Boston', 'MA', '02116', 200) returning id`,
      [owner.id],
    );
    const at = (days: number) => `'${futureDate(days)}T10:00:00Z'`;
    const single = (n: number, day: number, total: number, fee: number, refunded: number, kept: boolean, payment: string) =>
      `('${id(n)}', '${space!.id}', '${renter.id}', ${at(day)}, ${at(day + 1)}, ${total}, ${fee}, 'cancelled', '${payment}',
        'pi_${n}', ${refunded}, ${refunded}, now(), ${kept})`;
    const occurrence = (n: number, series: number, day: number, refunded: number, kept: boolean) =>
      `('${id(n)}', '${space!.id}', '${renter.id}', ${at(day)}, ${at(day + 1)}, 200, 20, '${refunded > 0 ? 'cancelled' : 'confirmed'}',
        '${refunded >= 200 ? 'refunded' : refunded > 0 ? 'partially_refunded' : 'paid'}', ${refunded}, ${refunded > 0 ? refunded : 'null'},
        ${refunded > 0 ? 'now()' : 'null'}, ${kept}, '${id(series)}')`;
    await handle.executeSql(`
      insert into bookings (id, space_id, renter_id, start_at, end_at, total_price, platform_fee_amount, status, payment_status,
          stripe_payment_intent_id, amount_refunded, refund_amount, refunded_at, fee_retained)
      values ${single(1, 10, 300, 30, 135, true, 'partially_refunded')}, ${single(2, 12, 200, 20, 200, false, 'refunded')};
      insert into booking_series (id, space_id, renter_id, recurrence, total_price, platform_fee_amount, instant_book,
          stripe_payment_intent_id, payment_status, amount_refunded)
      values ('${id(100)}', '${space!.id}', '${renter.id}', '{"weekdays":["tue"],"count":2}', 400, 40, true, 'pi_100', 'partially_refunded', 290),
        ('${id(200)}', '${space!.id}', '${renter.id}', '{"weekdays":["wed"],"count":2}', 400, 40, true, 'pi_200', 'partially_refunded', 90);
      insert into bookings (id, space_id, renter_id, start_at, end_at, total_price, platform_fee_amount, status, payment_status,
          amount_refunded, refund_amount, refunded_at, fee_retained, series_id)
      values ${occurrence(101, 100, 20, 90, true)}, ${occurrence(102, 100, 27, 200, false)},
        ${occurrence(201, 200, 21, 90, true)}, ${occurrence(202, 200, 28, 0, false)};
    `);

    await old.migrateToLatest();

    const kept = await handle.query<{ id: string; kept: string }>(
      `select id, amount_refunded_fee_kept::text as kept from payments order by id`,
    );
    expect(kept).toEqual([
      { id: id(1), kept: '135.00' },
      { id: id(2), kept: '0.00' },
      { id: id(100), kept: '0.00' },
      { id: id(200), kept: '90.00' },
    ]);
    const payout = async (bookingId: string) => payoutFigures((await bookingPapers(handle.db, bookingId))!.payment);
    // Kept its fee: the refund is all the owner's. Gave it back: the fee comes back in proportion.
    expect(await payout(id(1))).toMatchObject({ payoutCents: 30_000 - 3_000 - 13_500, feeReturnedCents: 0 });
    expect(await payout(id(2))).toMatchObject({ payoutCents: 0, feeReturnedCents: 2_000 });
    // A series whose refunds kept the fee once and gave it back once read, before, as all giving it back.
    expect(await payout(id(101))).toMatchObject({ payoutCents: 40_000 - 4_000 - 29_000 + 2_900, feeReturnedCents: 2_900 });
    expect(await payout(id(202))).toMatchObject({ payoutCents: 40_000 - 4_000 - 9_000, feeReturnedCents: 0 });
  });
});
