/**
 * Migrations 0032 to 0041 (docs/decisions/035-one-payment-model.md): a database written the old way,
 * single bookings and a series with their money in `bookings` and `booking_series`, is migrated, and
 * every figure of each payment is the same in `payments`, where it now lives alone; each booking keeps
 * its share, and each owed payout names its payment. Afterwards the payment writer moves a payment and its bookings' shares, and a new booking
 * gets its payment (none for a hold that an ON CONFLICT skips).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client';
import { bookings, payments } from '../../src/server/db/schema';
import { movePayment } from '../../src/server/payments/payment-writer';
import { insertUser } from '../factories/db';
import { openOldDatabase, type OldDatabase } from '../helpers/old-database';
import { futureDate } from '../helpers/dates';

const LAST_OLD = 31;

let old: OldDatabase;
let handle: DatabaseHandle;

const rows = (text: string) => handle.query<Record<string, unknown>>(text);

beforeAll(async () => {
  old = await openOldDatabase(LAST_OLD);
  handle = old.handle;
}, 120_000);

afterAll(async () => {
  await old?.close();
});

describe('migration 0032: payments', () => {
  it('gives every single booking and series a payment with the same figures, and each booking its payment', async () => {
    const owner = await insertUser(handle.db);
    const renter = await insertUser(handle.db);
    // In SQL too: the ORM names every column today's schema gives a space, and later migrations add some.
    const [inserted] = await handle.query<{ id: string }>(
      `insert into medical_spaces (owner_id, title, description, space_type, address, city, state, zip_code, price_per_day)
       values ($1, 'Old room', 'A room listed before payments.', 'Examination Room', '1 Main St', 'Boston', 'MA', '02116', 150) returning id`,
      [owner.id],
    );
    const space = inserted!;
    const at = (days: number) => `'${futureDate(days)}T10:00:00Z'`;
    // The old way: raw SQL, as the old schema has no payment_id for the ORM to name.
    await handle.executeSql(`
      insert into bookings (id, space_id, renter_id, start_at, end_at, total_price, platform_fee_amount, status, payment_status,
          stripe_payment_intent_id, amount_refunded, refund_amount, refunded_at, fee_retained, card_brand, card_last4, dispute_status, paid_at)
      values
        ('00000000-0000-4000-8000-000000000001', '${space.id}', '${renter.id}', ${at(10)}, ${at(11)}, 240.00, 24.00, 'confirmed', 'paid',
          'pi_paid', 0, null, null, false, 'visa', '4242', null, '2026-01-02T03:04:05Z'),
        ('00000000-0000-4000-8000-000000000002', '${space.id}', '${renter.id}', ${at(12)}, ${at(13)}, 300.00, 30.00, 'cancelled', 'partially_refunded',
          'pi_part', 150.00, 150.00, now(), true, 'mastercard', '5555', null, '2026-01-03T00:00:00Z'),
        ('00000000-0000-4000-8000-000000000003', '${space.id}', '${renter.id}', ${at(14)}, ${at(15)}, 90.00, null, 'pending', 'authorized',
          'pi_auth', 0, null, null, false, null, null, null, null),
        ('00000000-0000-4000-8000-000000000004', '${space.id}', '${renter.id}', ${at(16)}, ${at(17)}, 120.00, 12.00, 'confirmed', 'paid',
          'pi_disputed', 0, null, null, false, 'visa', '0002', 'needs_response', '2026-01-04T00:00:00Z');
      insert into booking_series (id, space_id, renter_id, recurrence, total_price, platform_fee_amount, instant_book,
          stripe_payment_intent_id, payment_status, amount_refunded, card_brand, card_last4, paid_at)
      values ('00000000-0000-4000-8000-0000000000a1', '${space.id}', '${renter.id}', '{"weekdays":["tue"],"count":2}', 400.00, 40.00, true,
          'pi_series', 'partially_refunded', 200.00, 'amex', '0005', '2026-01-05T00:00:00Z');
      insert into bookings (id, space_id, renter_id, start_at, end_at, total_price, platform_fee_amount, status, payment_status,
          amount_refunded, refund_amount, refunded_at, series_id, dispute_status)
      values
        ('00000000-0000-4000-8000-0000000000b1', '${space.id}', '${renter.id}', ${at(20)}, ${at(21)}, 200.00, 20.00, 'cancelled', 'refunded',
          200.00, 200.00, now(), '00000000-0000-4000-8000-0000000000a1', null),
        ('00000000-0000-4000-8000-0000000000b2', '${space.id}', '${renter.id}', ${at(27)}, ${at(28)}, 200.00, 20.00, 'confirmed', 'partially_refunded',
          0, null, null, '00000000-0000-4000-8000-0000000000a1', 'under_review');
      insert into owner_payouts (owner_id, booking_id, series_id, status)
      values ('${owner.id}', '00000000-0000-4000-8000-000000000001', null, 'owed'),
        ('${owner.id}', null, '00000000-0000-4000-8000-0000000000a1', 'owed');
    `);

    await handle.migrate();

    const found = await rows(
      `select id, stripe_payment_intent_id as intent, amount::text, platform_fee_amount::text as fee, status, amount_refunded::text as refunded,
         paid_at, card_brand, card_last4, dispute_status from payments order by id`,
    );
    const paidAt = (text: string) => new Date(text).getTime();
    expect(found.map((row) => ({ ...row, paid_at: row.paid_at ? new Date(row.paid_at as string).getTime() : null }))).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000001',
        intent: 'pi_paid',
        amount: '240.00',
        fee: '24.00',
        status: 'paid',
        refunded: '0.00',
        paid_at: paidAt('2026-01-02T03:04:05Z'),
        card_brand: 'visa',
        card_last4: '4242',
        dispute_status: null,
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        intent: 'pi_part',
        amount: '300.00',
        fee: '30.00',
        status: 'partially_refunded',
        refunded: '150.00',
        paid_at: paidAt('2026-01-03T00:00:00Z'),
        card_brand: 'mastercard',
        card_last4: '5555',
        dispute_status: null,
      },
      {
        id: '00000000-0000-4000-8000-000000000003',
        intent: 'pi_auth',
        amount: '90.00',
        fee: '0.00',
        status: 'authorized',
        refunded: '0.00',
        paid_at: null,
        card_brand: null,
        card_last4: null,
        dispute_status: null,
      },
      {
        id: '00000000-0000-4000-8000-000000000004',
        intent: 'pi_disputed',
        amount: '120.00',
        fee: '12.00',
        status: 'paid',
        refunded: '0.00',
        paid_at: paidAt('2026-01-04T00:00:00Z'),
        card_brand: 'visa',
        card_last4: '0002',
        dispute_status: 'needs_response',
      },
      {
        id: '00000000-0000-4000-8000-0000000000a1',
        intent: 'pi_series',
        amount: '400.00',
        fee: '40.00',
        status: 'partially_refunded',
        refunded: '200.00',
        paid_at: paidAt('2026-01-05T00:00:00Z'),
        card_brand: 'amex',
        card_last4: '0005',
        dispute_status: 'under_review',
      },
    ]);
    const links = await rows('select id, payment_id from bookings order by id');
    expect(links).toEqual([
      { id: '00000000-0000-4000-8000-000000000001', payment_id: '00000000-0000-4000-8000-000000000001' },
      { id: '00000000-0000-4000-8000-000000000002', payment_id: '00000000-0000-4000-8000-000000000002' },
      { id: '00000000-0000-4000-8000-000000000003', payment_id: '00000000-0000-4000-8000-000000000003' },
      { id: '00000000-0000-4000-8000-000000000004', payment_id: '00000000-0000-4000-8000-000000000004' },
      { id: '00000000-0000-4000-8000-0000000000b1', payment_id: '00000000-0000-4000-8000-0000000000a1' },
      { id: '00000000-0000-4000-8000-0000000000b2', payment_id: '00000000-0000-4000-8000-0000000000a1' },
    ]);
    // An owed payout is its payment's.
    expect(await rows('select payment_id, status from owner_payouts order by payment_id')).toEqual([
      { payment_id: '00000000-0000-4000-8000-000000000001', status: 'owed' },
      { payment_id: '00000000-0000-4000-8000-0000000000a1', status: 'owed' },
    ]);
    // What a booking keeps of its own: its share and the refund decided for it.
    expect(await rows(`select refund_amount::text, fee_retained from bookings where id = '00000000-0000-4000-8000-000000000002'`)).toEqual([
      { refund_amount: '150.00', fee_retained: true },
    ]);
  });

  it('leaves the money in payments alone, each booking its share, and the writer moves both', async () => {
    const gone = await rows(
      `select column_name from information_schema.columns where table_name = 'bookings'
         and column_name in ('stripe_payment_intent_id', 'paid_at', 'card_brand', 'card_last4', 'dispute_status')`,
    );
    expect(gone).toEqual([]);
    expect(await rows(`select id, payment_status, amount_refunded::text from bookings order by id`)).toEqual([
      { id: '00000000-0000-4000-8000-000000000001', payment_status: 'paid', amount_refunded: '0.00' },
      { id: '00000000-0000-4000-8000-000000000002', payment_status: 'partially_refunded', amount_refunded: '150.00' },
      { id: '00000000-0000-4000-8000-000000000003', payment_status: 'authorized', amount_refunded: '0.00' },
      { id: '00000000-0000-4000-8000-000000000004', payment_status: 'paid', amount_refunded: '0.00' },
      { id: '00000000-0000-4000-8000-0000000000b1', payment_status: 'refunded', amount_refunded: '200.00' },
      { id: '00000000-0000-4000-8000-0000000000b2', payment_status: 'partially_refunded', amount_refunded: '0.00' },
    ]);

    const payment = async (id: string) => (await handle.db.select().from(payments).where(eq(payments.id, id)))[0];
    const booking = async (id: string) => (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0];
    const captured = await movePayment(handle.db, { booking: (await booking('00000000-0000-4000-8000-000000000003'))! }, 'capture', {
      cardBrand: 'visa',
      cardLast4: '1111',
    });
    expect(captured.bookings.map((row) => row.id)).toEqual(['00000000-0000-4000-8000-000000000003']);
    expect(await payment('00000000-0000-4000-8000-000000000003')).toMatchObject({ status: 'paid', cardBrand: 'visa', cardLast4: '1111' });
    expect((await payment('00000000-0000-4000-8000-000000000003'))!.paidAt).not.toBeNull();
    expect(await booking('00000000-0000-4000-8000-000000000003')).toMatchObject({ paymentStatus: 'paid' });
    // A stale step changes neither.
    expect((await movePayment(handle.db, { paymentId: '00000000-0000-4000-8000-000000000003' }, 'authorize')).moved).toBe(false);
    expect(await booking('00000000-0000-4000-8000-000000000003')).toMatchObject({ paymentStatus: 'paid' });

    const now = new Date();
    await movePayment(handle.db, { paymentId: '00000000-0000-4000-8000-000000000001' }, 'refund_all', {
      amountRefunded: '240.00',
      refundedAt: now,
    });
    expect(await payment('00000000-0000-4000-8000-000000000001')).toMatchObject({ status: 'refunded', amountRefunded: '240.00' });
    expect(await booking('00000000-0000-4000-8000-000000000001')).toMatchObject({
      paymentStatus: 'refunded',
      amountRefunded: '240.00',
      refundedAt: now,
    });

    // A series' payment: the occurrence refunded on its own keeps its share, the other follows.
    await movePayment(handle.db, { seriesId: '00000000-0000-4000-8000-0000000000a1' }, 'refund_all', { amountRefunded: '400.00' });
    expect(await payment('00000000-0000-4000-8000-0000000000a1')).toMatchObject({ status: 'refunded', amountRefunded: '400.00' });
    expect(await booking('00000000-0000-4000-8000-0000000000b2')).toMatchObject({ paymentStatus: 'refunded' });
    await expect(
      movePayment(handle.db, { booking: (await booking('00000000-0000-4000-8000-0000000000b2'))! }, 'capture', { cardBrand: 'visa' }),
    ).rejects.toThrow("An occurrence's intent and card are its series' payment's.");
  });

  it('gives a new booking its payment, and none to a hold that an ON CONFLICT skips', async () => {
    const [first] = await rows(`select space_id, renter_id from bookings limit 1`);
    const values = {
      spaceId: first!.space_id as string,
      renterId: first!.renter_id as string,
      startAt: new Date(`${futureDate(40)}T10:00:00Z`),
      endAt: new Date(`${futureDate(40)}T12:00:00Z`),
      totalPrice: '80.00',
      status: 'awaiting_payment' as const,
      idempotencyKey: 'attempt-1',
    };
    const [made] = await handle.db.insert(bookings).values(values).returning();
    expect(made!.paymentId).toBe(made!.id);
    expect(await handle.db.select().from(payments).where(eq(payments.id, made!.id))).toMatchObject([{ amount: '80.00', status: 'none' }]);

    const before = Number((await rows('select count(*)::int as n from payments'))[0]!.n);
    const skipped = await handle.db
      .insert(bookings)
      .values({ ...values, startAt: new Date(`${futureDate(41)}T10:00:00Z`), endAt: new Date(`${futureDate(41)}T12:00:00Z`) })
      .onConflictDoNothing()
      .returning();
    expect(skipped).toEqual([]);
    expect(Number((await rows('select count(*)::int as n from payments'))[0]!.n)).toBe(before);
  });
});
