import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsd, fromCents, splitCents, toCents } from '../../src/shared/money';

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

describe('splitCents (a series’ platform fee over its occurrences, docs/decisions/026-booking-series.md)', () => {
  it('splits in proportion, whole cents that add up exactly, leftovers to the first parts', () => {
    expect(splitCents(144_00, Array(12).fill(120_00))).toEqual(Array(12).fill(12_00));
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitCents(10, [300, 100])).toEqual([8, 2]);
    expect(splitCents(0, [5, 5])).toEqual([0, 0]);
    expect(() => splitCents(-1, [1])).toThrow();
    expect(() => splitCents(5, [0, 0])).toThrow();
  });

  it('always adds up to the total, each part within a cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 200 }),
        (total, weights) => {
          const shares = splitCents(total, weights);
          const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
          shares.forEach((share, index) => {
            expect(Number.isInteger(share)).toBe(true);
            expect(Math.abs(share - (total * weights[index]!) / weightSum)).toBeLessThan(1 + 1e-9);
          });
        },
      ),
    );
  });
});
