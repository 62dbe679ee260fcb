/**
 * A payment's payout statement split over its stays (src/shared/earnings.ts) and the earnings
 * range's default (src/shared/schemas/earnings.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stayEarnings } from '../../src/shared/earnings';
import { payoutFigures } from '../../src/shared/receipt';
import { defaultEarningsRange, earningsQuerySchema } from '../../src/shared/schemas/earnings';
import type { StoredPayment } from '../../src/shared/schemas/paperwork';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'].map((c) => `00000000-0000-4000-8000-00000000000${c}`);
function payment(totals: number[], refunds: number[], feeCents: number, extra = 0, feeRetained = false): StoredPayment {
  return {
    totalCents: totals.reduce((a, b) => a + b, 0),
    platformFeeCents: feeCents,
    amountRefundedCents: refunds.reduce((a, b) => a + b, 0) + extra,
    amountRefundedFeeKeptCents: feeRetained ? refunds.reduce((a, b) => a + b, 0) + extra : 0,
    paidAt: null,
    card: null,
    series: totals.length > 1,
    occurrences: totals.map((total, i) => ({
      bookingId: ids[i]!,
      startAt: `2026-06-0${i + 1}T12:00:00.000Z`,
      endAt: `2026-06-0${i + 1}T16:00:00.000Z`,
      status: refunds[i]! > 0 ? 'cancelled' : 'confirmed',
      units: 4,
      totalCents: total,
      amountRefundedCents: refunds[i]!,
      refundedAt: null,
    })),
  };
}

describe('stayEarnings', () => {
  it('gives a single booking its whole statement: total, fee, refund and the fee returned with it', () => {
    // $200 with a $20 fee, $100 refunded: $10 of the fee comes back; the owner keeps 200 - 10 - 100 = $90.
    expect(stayEarnings(payment([20_000], [10_000], 2_000))).toEqual([
      { bookingId: ids[0], grossCents: 20_000, feeCents: 1_000, refundCents: 10_000, earningsCents: 9_000 },
    ]);
    expect(payoutFigures(payment([20_000], [10_000], 2_000)).payoutCents).toBe(9_000);
  });

  it("splits a series' fee in proportion to the stays and gives each stay its own refund", () => {
    const stays = stayEarnings(payment([10_000, 10_000, 10_000], [0, 5_000, 0], 3_000));
    expect(stays.map((s) => s.feeCents)).toEqual([1_000, 500, 1_000]);
    expect(stays.map((s) => s.refundCents)).toEqual([0, 5_000, 0]);
    expect(stays.map((s) => s.earningsCents)).toEqual([9_000, 4_500, 9_000]);
  });

  it('adds up to the payout statement to the cent, whatever the payment', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100 })), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        (parts, feePercent, extraPercent, feeRetained) => {
          const totals = parts.map(([total]) => total);
          const refunds = parts.map(([total, percent]) => Math.floor((total * percent) / 100));
          const sum = totals.reduce((a, b) => a + b, 0);
          const left = sum - refunds.reduce((a, b) => a + b, 0);
          const p = payment(totals, refunds, Math.floor((sum * feePercent) / 100), Math.floor((left * extraPercent) / 100), feeRetained);
          const stays = stayEarnings(p);
          expect(stays.reduce((a, s) => a + s.earningsCents, 0)).toBe(payoutFigures(p).payoutCents);
          expect(stays.reduce((a, s) => a + s.grossCents, 0)).toBe(p.totalCents);
          for (const stay of stays) expect(stay.grossCents - stay.feeCents - stay.refundCents).toBe(stay.earningsCents);
        },
      ),
    );
  });
});

describe('the earnings range', () => {
  it('defaults to the last 12 months through the next 3', () => {
    expect(defaultEarningsRange('2025-11-26')).toEqual({ from: '2024-12-01', to: '2026-02-28' });
    expect(defaultEarningsRange('2026-01-31')).toEqual({ from: '2025-02-01', to: '2026-04-30' });
  });

  it('refuses a start after the end on `from`, and a range over three years on `to`', () => {
    const issue = (query: object) => earningsQuerySchema.safeParse(query).error?.issues[0]?.path;
    expect(issue({ from: '2026-05-02', to: '2026-05-01' })).toEqual(['from']);
    expect(issue({ from: '2020-01-01', to: '2026-05-01' })).toEqual(['to']);
    expect(issue({ from: '2026-02-30' })).toEqual(['from']);
    expect(issue({ from: '2026-05-01', to: '2026-05-01' })).toBeUndefined();
  });
});
