/**
 * The rules of owed payouts (src/shared/owed-payouts.ts; docs/decisions/033-owed-payouts.md): when a
 * payment charged on the platform is transferred, voided or kept waiting, what it is worth, and how
 * much of a transfer a later refund takes back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { owedCents, owedPayoutStep, reversalDueCents } from '../../src/shared/owed-payouts';
import { payoutFigures } from '../../src/shared/receipt';
import type { StoredPayment } from '../../src/shared/schemas/paperwork';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A single booking's payment of $200 with a $20 fee, `refunded` cents given back, its booking `status`. */
function payment(refunded = 0, status = 'confirmed', feeRetained = false): StoredPayment {
  return {
    totalCents: 20000,
    platformFeeCents: 2000,
    amountRefundedCents: refunded,
    amountRefundedFeeKeptCents: feeRetained ? refunded : 0,
    paidAt: null,
    card: null,
    occurrences: [
      {
        bookingId: '00000000-0000-4000-8000-000000000001',
        startAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
        endAt: new Date(Date.now() + 31 * DAY_MS).toISOString(),
        status,
        units: 1,
        totalCents: 20000,
        amountRefundedCents: refunded,
        refundedAt: null,
      },
    ],
    series: false,
  };
}

describe('owedPayoutStep', () => {
  it('transfers the payout statement of a paid payment', () => {
    expect(owedPayoutStep({ payment: payment(), paymentStatus: 'paid', refundsPending: false })).toEqual({
      kind: 'transfer',
      cents: 18000,
    });
    // $100 refunded takes $10 of the fee with it: $90 for the owner.
    expect(owedPayoutStep({ payment: payment(10000, 'cancelled'), paymentStatus: 'partially_refunded', refundsPending: false })).toEqual({
      kind: 'transfer',
      cents: 9000,
    });
  });

  it('waits while a decided refund is not made, a card is only authorised, or a hold is unpaid', () => {
    expect(owedPayoutStep({ payment: payment(0, 'cancelled'), paymentStatus: 'paid', refundsPending: true })).toEqual({ kind: 'wait' });
    expect(owedPayoutStep({ payment: payment(0, 'pending'), paymentStatus: 'authorized', refundsPending: false })).toEqual({
      kind: 'wait',
    });
    expect(owedPayoutStep({ payment: payment(0, 'awaiting_payment'), paymentStatus: 'requires_payment', refundsPending: false })).toEqual({
      kind: 'wait',
    });
  });

  it('voids a payment given back in full, released, or whose bookings all ended unpaid', () => {
    expect(owedPayoutStep({ payment: payment(20000, 'cancelled'), paymentStatus: 'refunded', refundsPending: false })).toEqual({
      kind: 'void',
    });
    expect(owedPayoutStep({ payment: payment(0, 'declined'), paymentStatus: 'canceled', refundsPending: false })).toEqual({ kind: 'void' });
    expect(owedPayoutStep({ payment: payment(0, 'expired'), paymentStatus: 'requires_payment', refundsPending: false })).toEqual({
      kind: 'void',
    });
    // A kept first-booking fee and the rest refunded: nothing left for the owner.
    expect(
      owedPayoutStep({ payment: payment(18000, 'cancelled', true), paymentStatus: 'partially_refunded', refundsPending: false }),
    ).toEqual({
      kind: 'void',
    });
  });
});

describe('owedCents', () => {
  it('counts only a payment that holds money', () => {
    expect(owedCents({ payment: payment(), paymentStatus: 'paid' })).toBe(18000);
    expect(owedCents({ payment: payment(), paymentStatus: 'authorized' })).toBe(0);
    expect(owedCents({ payment: payment(20000), paymentStatus: 'refunded' })).toBe(0);
  });
});

describe('reversalDueCents', () => {
  it('takes back what the owner holds above the payout statement, never more than is left', () => {
    expect(reversalDueCents({ transferredCents: 18000, reversedCents: 0, payoutCents: 9000 })).toBe(9000);
    expect(reversalDueCents({ transferredCents: 18000, reversedCents: 9000, payoutCents: 9000 })).toBe(0);
    expect(reversalDueCents({ transferredCents: 18000, reversedCents: 9000, payoutCents: 0 })).toBe(9000);
    expect(reversalDueCents({ transferredCents: 18000, reversedCents: 0, payoutCents: -2000 })).toBe(18000);
    expect(reversalDueCents({ transferredCents: 18000, reversedCents: 0, payoutCents: 18000 })).toBe(0);
  });

  it('after any refunds, leaves the owner exactly the payout statement (or nothing)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20000 }), fc.integer({ min: 0, max: 20000 }), fc.boolean(), (first, second, feeRetained) => {
        const [early, late] = first <= second ? [first, second] : [second, first];
        const transferred = payoutFigures(payment(early, 'confirmed', feeRetained)).payoutCents;
        fc.pre(transferred > 0);
        const now = payoutFigures(payment(late, 'cancelled', feeRetained)).payoutCents;
        const due = reversalDueCents({ transferredCents: transferred, reversedCents: 0, payoutCents: now });
        expect(due).toBeGreaterThanOrEqual(0);
        expect(transferred - due).toBe(Math.max(0, now));
      }),
    );
  });
});
