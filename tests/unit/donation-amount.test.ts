import { describe, expect, it } from 'vitest';
import { parseCustomAmount } from '../../src/client/features/payments/lib/donation-amount';

describe('parseCustomAmount (docs/product.md#validation: a custom amount applies only when it parses as a positive number)', () => {
  it('reads positive amounts, rounded to the cent', () => {
    expect(parseCustomAmount('40')).toBe(40);
    expect(parseCustomAmount(' 12.5 ')).toBe(12.5);
    expect(parseCustomAmount('.75')).toBe(0.75);
    expect(parseCustomAmount('0.5')).toBe(0.5);
    expect(parseCustomAmount('10.006')).toBe(10.01);
  });

  it('refuses what is not a positive number', () => {
    for (const text of ['', ' ', 'abc', '0', '0.00', '0.001', '-5', '1e3', '12abc', '1,000', 'Infinity', '5.']) {
      expect(parseCustomAmount(text), JSON.stringify(text)).toBeNull();
    }
  });
});
