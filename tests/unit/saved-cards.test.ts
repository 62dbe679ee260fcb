/**
 * Saved cards' pure rules (docs/decisions/039-saved-cards.md): which setup intent may be saved as a
 * user's card, and how a saved card is named to people.
 */
import { describe, expect, it } from 'vitest';
import { savedCardLabel } from '../../src/client/features/saved-cards/lib/card-label';
import type { SetupIntentInfo } from '../../src/server/payments/provider';
import { setupIntentRefusal } from '../../src/server/payments/saved-cards';

const confirmed: SetupIntentInfo = {
  id: 'seti_1',
  status: 'succeeded',
  customerId: 'cus_mine',
  paymentMethodId: 'pm_1',
  card: { brand: 'visa', last4: '4242' },
  metadata: {},
};

describe('setupIntentRefusal', () => {
  it("accepts a succeeded setup intent of the user's own customer, with its card", () => {
    expect(setupIntentRefusal(confirmed, 'cus_mine')).toBeNull();
  });

  it("refuses an unknown setup intent (400), another customer's (403) and one not confirmed or without a card (409)", () => {
    expect(setupIntentRefusal(null, 'cus_mine')?.status).toBe(400);
    expect(setupIntentRefusal(confirmed, 'cus_other')?.status).toBe(403);
    // A user with no customer yet cannot own any setup intent.
    expect(setupIntentRefusal(confirmed, null)?.status).toBe(403);
    expect(setupIntentRefusal({ ...confirmed, customerId: null }, 'cus_mine')?.status).toBe(403);
    expect(setupIntentRefusal({ ...confirmed, status: 'requires_payment_method' }, 'cus_mine')?.status).toBe(409);
    expect(setupIntentRefusal({ ...confirmed, status: 'requires_action' }, 'cus_mine')?.status).toBe(409);
    expect(setupIntentRefusal({ ...confirmed, paymentMethodId: null }, 'cus_mine')?.status).toBe(409);
    expect(setupIntentRefusal({ ...confirmed, card: null }, 'cus_mine')?.status).toBe(409);
  });
});

describe('savedCardLabel', () => {
  it('names the brand for people and the last 4 digits', () => {
    expect(savedCardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
    expect(savedCardLabel({ brand: 'amex', last4: '0005' })).toBe('American Express ending in 0005');
    expect(savedCardLabel({ brand: 'cartes_bancaires', last4: '1234' })).toBe('Cartes_bancaires ending in 1234');
  });
});
