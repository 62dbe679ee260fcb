import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsd, fromCents, toCents } from '../../src/shared/money';

describe('money', () => {
  it('parses decimal strings to cents without floating-point error', () => {
    expect(toCents('0.1')).toBe(10);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('120')).toBe(12000);
    expect(toCents(' 0.07 ')).toBe(7);
    expect(toCents(45.5)).toBe(4550);
  });

  it('rejects what is not an amount', () => {
    for (const bad of ['-1', '1.234', '1e3', 'abc', '', '1,000']) expect(() => toCents(bad), bad).toThrow(RangeError);
  });

  it('round-trips every cent amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });

  it('formats for people', () => {
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(200000, { compact: true })).toBe('$2,000');
    expect(formatUsd(4550, { compact: true })).toBe('$45.50');
  });
});
