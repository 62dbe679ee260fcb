import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundCents } from '../../src/shared/cancellation';
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
      fc.property(fc.constantFrom(...CANCELLATION_POLICY_TIERS), fc.integer({ min: 0, max: 99_999_999 }), fc.double({ min: -1000, max: 10_000, noNaN: true }), (tier, total, hours) => {
        const cents = refund(tier, hours, total);
        expect(cents).toBeGreaterThanOrEqual(0);
        expect(cents).toBeLessThanOrEqual(total);
        expect(Number.isInteger(cents)).toBe(true);
      }),
    );
  });
});
