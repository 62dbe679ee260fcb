/** The price of moving a booking (src/shared/reschedule.ts, docs/decisions/040-rescheduling.md). */
import { describe, expect, it } from 'vitest';
import { describeDifference, priceDifference, signedAmount } from '../../src/shared/reschedule';

const HOUR = 60 * 60 * 1000;
// The rules are relative to `now`: any instant will do, so the test never expires.
const now = new Date();
const inHours = (hours: number) => new Date(now.getTime() + hours * HOUR);

describe('priceDifference', () => {
  it('inside the free window is the new total less the old', () => {
    const base = { tier: 'flexible' as const, chargedCents: 30_000, refundedCents: 0, startAt: inHours(48), now };
    expect(priceDifference({ ...base, newTotalCents: 10_000 })).toEqual({
      oldTotalCents: 30_000,
      cancellationCostCents: 0,
      priceDifferenceCents: -20_000,
      freeWindow: true,
    });
    expect(priceDifference({ ...base, newTotalCents: 30_000 }).priceDifferenceCents).toBe(0);
    expect(priceDifference({ ...base, newTotalCents: 45_000 }).priceDifferenceCents).toBe(15_000);
  });

  it('outside it adds what cancelling now would keep, by the tier', () => {
    // Moderate, 3 days before: cancelling refunds 50% of $200, keeping $100.
    const moderate = priceDifference({
      tier: 'moderate',
      chargedCents: 20_000,
      refundedCents: 0,
      startAt: inHours(72),
      now,
      newTotalCents: 10_000,
    });
    expect(moderate).toMatchObject({ cancellationCostCents: 10_000, priceDifferenceCents: 0, freeWindow: false });
    // Flexible, 2 hours before: cancelling keeps it all.
    const late = priceDifference({
      tier: 'flexible',
      chargedCents: 20_000,
      refundedCents: 0,
      startAt: inHours(2),
      now,
      newTotalCents: 5_000,
    });
    expect(late).toMatchObject({ cancellationCostCents: 20_000, priceDifferenceCents: 5_000 });
    // Strict gives at most 50% back: never a free window.
    const strict = priceDifference({
      tier: 'strict',
      chargedCents: 20_000,
      refundedCents: 0,
      startAt: inHours(24 * 30),
      now,
      newTotalCents: 20_000,
    });
    expect(strict).toMatchObject({ cancellationCostCents: 10_000, priceDifferenceCents: 10_000, freeWindow: false });
  });

  it('counts the refunds already decided, and never refunds more than the renter has in the booking', () => {
    // $300 charged, $200 refunded by an earlier move: $100 left, moved to another $100 day for nothing.
    const again = priceDifference({
      tier: 'flexible',
      chargedCents: 30_000,
      refundedCents: 20_000,
      startAt: inHours(48),
      now,
      newTotalCents: 10_000,
    });
    expect(again).toMatchObject({ oldTotalCents: 10_000, cancellationCostCents: 0, priceDifferenceCents: 0 });
    // Cancelling would refund less than already refunded: what it keeps is what is left.
    const kept = priceDifference({
      tier: 'moderate',
      chargedCents: 20_000,
      refundedCents: 15_000,
      startAt: inHours(48),
      now,
      newTotalCents: 100,
    });
    expect(kept).toMatchObject({ oldTotalCents: 5_000, cancellationCostCents: 5_000, priceDifferenceCents: 100 });
    const all = priceDifference({ tier: 'flexible', chargedCents: 10_000, refundedCents: 0, startAt: inHours(48), now, newTotalCents: 0 });
    expect(all.priceDifferenceCents).toBe(-10_000);
  });

  it('is said in words, naming the cancellation cost outside the free window', () => {
    const free = priceDifference({
      tier: 'flexible',
      chargedCents: 30_000,
      refundedCents: 0,
      startAt: inHours(48),
      now,
      newTotalCents: 10_000,
    });
    expect(describeDifference(free)).toBe('You will be refunded $200.00.');
    const costly = priceDifference({
      tier: 'moderate',
      chargedCents: 20_000,
      refundedCents: 0,
      startAt: inHours(72),
      now,
      newTotalCents: 10_000,
    });
    expect(describeDifference(costly)).toBe(
      'Changing now costs what cancelling would: $100.00 under the cancellation policy. The price stays the same.',
    );
    expect(signedAmount(-4_000)).toBe('-40.00');
    expect(signedAmount(1_250)).toBe('12.50');
  });
});
