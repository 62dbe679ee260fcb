import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancellationReason,
  cancellationRefund,
  keepsFirstBookingFee,
  refundCents,
  seriesCancellationReason,
} from '../../src/shared/cancellation';
import { CANCELLATION_POLICY_TIERS } from '../../src/shared/constants';

const HOUR = 60 * 60 * 1000;
const start = new Date('2025-06-15T14:00:00Z');
const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * HOUR);
const refund = (tier: (typeof CANCELLATION_POLICY_TIERS)[number], hoursBefore: number, totalCents = 10_001) =>
  refundCents({ tier, totalCents, startAt: start, now: at(hoursBefore), cancelledBy: 'renter' });

describe('cancellation refunds at the tier edges', () => {
  it('flexible: full up to 24 hours before, nothing after', () => {
    expect(refund('flexible', 24)).toBe(10_001);
    expect(refund('flexible', 24 - 1 / 3600)).toBe(0);
    expect(refund('flexible', 500)).toBe(10_001);
  });

  it('moderate: full up to 7 days before, 50% up to 24 hours before, nothing after', () => {
    expect(refund('moderate', 7 * 24)).toBe(10_001);
    expect(refund('moderate', 7 * 24 - 0.01)).toBe(5_001); // half of 100.01 rounded half up
    expect(refund('moderate', 24)).toBe(5_001);
    expect(refund('moderate', 23.99)).toBe(0);
  });

  it('strict: 50% up to 14 days before, nothing after', () => {
    expect(refund('strict', 14 * 24)).toBe(5_001);
    expect(refund('strict', 14 * 24 - 0.01)).toBe(0);
    expect(refund('strict', 1000)).toBe(5_001);
  });

  it('nothing once the booking has started; the owner always refunds in full', () => {
    for (const tier of CANCELLATION_POLICY_TIERS) {
      expect(refund(tier, -1)).toBe(0);
      expect(refundCents({ tier, totalCents: 12_345, startAt: start, now: at(-1), cancelledBy: 'owner' })).toBe(12_345);
    }
  });

  it('never refunds more than the total, nor a negative amount (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CANCELLATION_POLICY_TIERS),
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.double({ min: -1000, max: 10_000, noNaN: true }),
        (tier, total, hours) => {
          const cents = refund(tier, hours, total);
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(cents).toBeLessThanOrEqual(total);
          expect(Number.isInteger(cents)).toBe(true);
        },
      ),
    );
  });
});

describe('the first-booking fee on cancellation (docs/decisions/008-first-booking-fee-on-cancellation.md)', () => {
  const base = { tier: 'moderate' as const, totalCents: 12_000, feeCents: 1_200, startAt: start };

  it('is kept only when the renter cancels a booking that carried a fee while holding other bookings with the owner', () => {
    expect(keepsFirstBookingFee({ cancelledBy: 'renter', feeCents: 1_200, holdsOtherBookingsWithOwner: true })).toBe(true);
    expect(keepsFirstBookingFee({ cancelledBy: 'renter', feeCents: 1_200, holdsOtherBookingsWithOwner: false })).toBe(false);
    expect(keepsFirstBookingFee({ cancelledBy: 'renter', feeCents: 0, holdsOtherBookingsWithOwner: true })).toBe(false);
    expect(keepsFirstBookingFee({ cancelledBy: 'owner', feeCents: 1_200, holdsOtherBookingsWithOwner: true })).toBe(false);
  });

  it('refunds the policy share of the total less a kept fee, and of the whole total otherwise', () => {
    expect(cancellationRefund({ ...base, feeKept: true, now: at(72), cancelledBy: 'renter' })).toEqual({
      refundCents: 5_400,
      keptFeeCents: 1_200,
      percent: 50,
    });
    expect(cancellationRefund({ ...base, feeKept: true, now: at(200), cancelledBy: 'renter' })).toEqual({
      refundCents: 10_800,
      keptFeeCents: 1_200,
      percent: 100,
    });
    expect(cancellationRefund({ ...base, feeKept: true, now: at(2), cancelledBy: 'renter' })).toEqual({
      refundCents: 0,
      keptFeeCents: 1_200,
      percent: 0,
    });
    expect(cancellationRefund({ ...base, feeKept: false, now: at(72), cancelledBy: 'renter' })).toEqual({
      refundCents: 6_000,
      keptFeeCents: 0,
      percent: 50,
    });
    // The owner refunds everything, fee included.
    expect(cancellationRefund({ ...base, feeKept: true, now: at(2), cancelledBy: 'owner' })).toEqual({
      refundCents: 12_000,
      keptFeeCents: 0,
      percent: 100,
    });
  });

  it('says what comes back and why', () => {
    const kept = cancellationRefund({ ...base, feeKept: true, now: at(72), cancelledBy: 'renter' });
    expect(cancellationReason({ ...base, cancelledBy: 'renter', ...kept })).toBe(
      'The platform fee of $12.00 is kept: it was charged on your first booking with this owner and you hold other bookings with them. Under the Moderate policy, cancelling now refunds 50% of the remaining $108.00: $54.00.',
    );
    const plain = cancellationRefund({ ...base, feeKept: false, now: at(72), cancelledBy: 'renter' });
    expect(cancellationReason({ ...base, cancelledBy: 'renter', ...plain })).toBe(
      'Under the Moderate policy, cancelling now refunds 50% of $120.00: $60.00.',
    );
    const late = cancellationRefund({ ...base, tier: 'strict', feeKept: false, now: at(2), cancelledBy: 'renter' });
    expect(cancellationReason({ ...base, tier: 'strict', cancelledBy: 'renter', ...late })).toBe(
      'Under the Strict policy, cancelling now refunds nothing.',
    );
    const owner = cancellationRefund({ ...base, feeKept: false, now: at(2), cancelledBy: 'owner' });
    expect(cancellationReason({ ...base, cancelledBy: 'owner', ...owner })).toBe(
      'As the owner, cancelling refunds the renter in full: $120.00.',
    );
  });

  it('never refunds more than the total, nor into a kept fee; the owner always refunds the total (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CANCELLATION_POLICY_TIERS),
        fc.integer({ min: 0, max: 99_999_999 }).chain((total) => fc.tuple(fc.constant(total), fc.integer({ min: 0, max: total }))),
        fc.boolean(),
        fc.constantFrom('renter' as const, 'owner' as const),
        fc.double({ min: -1000, max: 10_000, noNaN: true }),
        (tier, [total, fee], feeKept, cancelledBy, hours) => {
          const result = cancellationRefund({
            tier,
            totalCents: total,
            feeCents: fee,
            feeKept,
            startAt: start,
            now: at(hours),
            cancelledBy,
          });
          expect(Number.isInteger(result.refundCents)).toBe(true);
          expect(result.refundCents).toBeGreaterThanOrEqual(0);
          expect(result.refundCents).toBeLessThanOrEqual(total);
          if (cancelledBy === 'owner') {
            expect(result).toMatchObject({ refundCents: total, keptFeeCents: 0 });
          } else {
            expect(result.keptFeeCents).toBe(feeKept ? fee : 0);
            expect(result.refundCents).toBeLessThanOrEqual(total - result.keptFeeCents);
            // Without a kept fee, exactly the policy's refund of the total.
            if (!feeKept)
              expect(result.refundCents).toBe(refundCents({ tier, totalCents: total, startAt: start, now: at(hours), cancelledBy }));
          }
        },
      ),
    );
  });
});

describe('seriesCancellationReason', () => {
  it('says how many remaining bookings, what they refund of their total, and why', () => {
    const base = { tier: 'moderate' as const, count: 5, totalCents: 600_00, refundCents: 540_00, keptFeeCents: 0 };
    expect(seriesCancellationReason({ ...base, cancelledBy: 'renter' })).toBe(
      'Cancelling the 5 remaining bookings refunds $540.00 of $600.00: under the Moderate policy each booking is refunded by how long before its start you cancel.',
    );
    expect(seriesCancellationReason({ ...base, count: 1, cancelledBy: 'owner' })).toBe(
      'As the owner, cancelling the remaining booking refunds the renter in full: $600.00.',
    );
    expect(seriesCancellationReason({ ...base, keptFeeCents: 12_00, cancelledBy: 'renter' })).toMatch(
      /The platform fee of \$12\.00 is kept/,
    );
  });
});
