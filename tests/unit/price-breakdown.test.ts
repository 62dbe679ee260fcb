/** The renter's price breakdown: one space line equal to the total, and who pays the platform fee. */
import { describe, expect, it } from 'vitest';
import { PLATFORM_FEE_PAYER_NOTE, priceBreakdown } from '../../src/shared/price-breakdown';

describe('priceBreakdown', () => {
  it('shows the space at the whole total, never the total less the fee', () => {
    expect(priceBreakdown({ period: 'hourly', units: 2, totalCents: 20_000 })).toEqual({
      space: { label: 'Space (2 hours)', cents: 20_000 },
      totalCents: 20_000,
      feeNote: PLATFORM_FEE_PAYER_NOTE,
    });
    expect(priceBreakdown({ period: 'session', units: 1, totalCents: 12_000 }).space.label).toBe('Space (1 session)');
  });

  it("says the fee comes out of the owner's payout", () => {
    expect(PLATFORM_FEE_PAYER_NOTE).toMatch(/owner's payout/);
    expect(PLATFORM_FEE_PAYER_NOTE).not.toMatch(/returning customers pay no fee/);
  });

  it('refuses amounts that are not cents and counts below one', () => {
    expect(() => priceBreakdown({ period: 'daily', units: 1, totalCents: 10.5 })).toThrow(RangeError);
    expect(() => priceBreakdown({ period: 'daily', units: 0, totalCents: 100 })).toThrow(RangeError);
  });
});
