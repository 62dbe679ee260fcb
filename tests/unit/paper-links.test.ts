/**
 * Which papers a booking has, and where (src/shared/paper-links.ts; docs/decisions/027-receipts-and-agreements.md):
 * the rule the routes answer 409 by, the profile's lists link by and the confirmation email links by.
 */
import { describe, expect, it } from 'vitest';
import { BOOKING_PAYMENT_STATUSES } from '../../src/shared/schemas/bookings';
import { BOOKING_STATUSES } from '../../src/shared/constants';
import { agreementPreviewPath, hasAgreement, hasReceipt, paperKinds, paperPath } from '../../src/shared/paper-links';
import { cardBrandName } from '../../src/shared/receipt';

describe('the papers of a booking', () => {
  it('has a receipt once money was taken, an agreement once also confirmed (or cancelled after), a payout statement for the owner', () => {
    expect(paperKinds({ status: 'confirmed', paymentStatus: 'paid' }, 'renter')).toEqual(['receipt', 'agreement']);
    expect(paperKinds({ status: 'confirmed', paymentStatus: 'paid' }, 'owner')).toEqual(['receipt', 'agreement', 'payout-statement']);
    expect(paperKinds({ status: 'cancelled', paymentStatus: 'refunded' }, 'owner')).toEqual(['receipt', 'agreement', 'payout-statement']);
    expect(paperKinds({ status: 'confirmed', paymentStatus: 'partially_refunded' }, 'renter')).toEqual(['receipt', 'agreement']);
    // A request whose card is authorised, a hold, a hold released, a request declined: nothing yet.
    expect(paperKinds({ status: 'pending', paymentStatus: 'authorized' }, 'owner')).toEqual([]);
    expect(paperKinds({ status: 'awaiting_payment', paymentStatus: 'none' }, 'renter')).toEqual([]);
    expect(paperKinds({ status: 'expired', paymentStatus: 'canceled' }, 'renter')).toEqual([]);
    expect(paperKinds({ status: 'declined', paymentStatus: 'canceled' }, 'owner')).toEqual([]);
  });

  it('never offers an agreement without a receipt, whatever the statuses', () => {
    for (const status of BOOKING_STATUSES)
      for (const paymentStatus of [...BOOKING_PAYMENT_STATUSES, 'requires_payment']) {
        const booking = { status, paymentStatus };
        if (hasAgreement(booking)) expect(hasReceipt(booking), `${status} ${paymentStatus}`).toBe(true);
        expect(paperKinds(booking, 'renter')).not.toContain('payout-statement');
      }
  });

  it('names the API paths of the papers and of the preview, a series with its weekdays and end', () => {
    expect(paperPath('b1', 'receipt')).toBe('/api/bookings/b1/receipt.pdf');
    expect(paperPath('b1', 'payout-statement')).toBe('/api/bookings/b1/payout-statement.pdf');
    expect(agreementPreviewPath('s1', { startDate: '2019-03-05T08:00', endDate: '2019-03-05T12:00' })).toBe(
      '/api/spaces/s1/agreement-preview.pdf?startDate=2019-03-05T08%3A00&endDate=2019-03-05T12%3A00',
    );
    expect(agreementPreviewPath('s1', { startDate: '2019-03-05', endDate: '2019-03-06' }, { weekdays: ['tue', 'thu'], count: 4 })).toBe(
      '/api/spaces/s1/agreement-preview.pdf?startDate=2019-03-05&endDate=2019-03-06&weekdays=tue%2Cthu&count=4',
    );
  });

  it("writes the provider's card brands for people", () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('mastercard')).toBe('Mastercard');
    expect(cardBrandName('cartes_bancaires')).toBe('Cartes_bancaires');
  });
});
