import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookingRuleError, quoteBooking } from '../../src/shared/booking-rules';
import { MAX_BOOKING_TOTAL_CENTS, MIN_UNIT_PRICE_CENTS } from '../../src/shared/constants';
import { numberInputSchema, textSchema, unitPriceSchema } from '../../src/shared/schemas/fields';

const quote = (period: 'hourly' | 'daily' | 'monthly', start: string, end: string, unitPriceCents = 100) =>
  quoteBooking({ period, unitPriceCents, start, end, timeZone: 'America/New_York', isFirstTransaction: true });

describe('booking limits (issue "Hardening": money overflow)', () => {
  it('allows exactly the longest booking of each period and refuses one unit more', () => {
    expect(quote('daily', '2025-01-01', '2026-01-02').units).toBe(366);
    expect(() => quote('daily', '2025-01-01', '2026-01-03')).toThrow(/at most 366 days/);
    expect(quote('monthly', '2024-01-15', '2026-01-15').units).toBe(24);
    expect(() => quote('monthly', '2024-01-15', '2026-02-15')).toThrow(/at most 24 months/);
    expect(quote('hourly', '2025-05-01T00:00', '2025-06-01T00:00').units).toBe(744);
    expect(() => quote('hourly', '2025-05-01T00:00', '2025-06-01T01:00')).toThrow(/at most 744 hours/);
  });

  it('never quotes a total above $999,999.99', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_UNIT_PRICE_CENTS, max: 10_000_000 }), fc.integer({ min: 1, max: 366 }), (unitPriceCents, days) => {
        const end = new Date(Date.UTC(2024, 0, 1 + days)).toISOString().slice(0, 10);
        try {
          expect(quote('daily', '2024-01-01', end, unitPriceCents).totalCents).toBeLessThanOrEqual(MAX_BOOKING_TOTAL_CENTS);
        } catch (error) {
          expect(error).toBeInstanceOf(BookingRuleError);
          expect(unitPriceCents * days).toBeGreaterThan(MAX_BOOKING_TOTAL_CENTS);
        }
      }),
    );
  });
});

describe('shared input schemas', () => {
  it('refuses control characters but keeps tabs, newlines and any other Unicode', () => {
    for (const bad of ['\u0000', 'a\u0001', '\u001f', '\u007f', '\u0085', '\u009f', '\u000b', '\u000c'])
      expect(textSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'tab\there', 'new\nline', 'crlf\r\n', 'Ünïcödé — 東京 👩‍⚕️'])
      expect(textSchema.safeParse(good).success, good).toBe(true);
  });

  it('reads numbers strictly', () => {
    for (const [input, output] of [
      [12, 12],
      ['12', 12],
      ['-3.5', -3.5],
      ['0', 0],
    ] as const)
      expect(numberInputSchema.parse(input)).toBe(output);
    for (const bad of ['', ' ', false, [], {}, null, '0x10', '1e3', 'Infinity', Number.NaN, Number.POSITIVE_INFINITY, '+1', '1.']) {
      expect(numberInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('keeps a unit price between $1.00 and $100,000', () => {
    expect(unitPriceSchema.safeParse('100000.00').success).toBe(true);
    expect(unitPriceSchema.safeParse('100000.01').success).toBe(false);
    // The smallest unit price is the payment minimum, $1.00.
    expect(unitPriceSchema.safeParse('1.00').success).toBe(true);
    expect(unitPriceSchema.safeParse('0.99').success).toBe(false);
  });
});
