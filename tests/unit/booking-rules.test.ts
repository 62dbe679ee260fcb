import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertNotInPast,
  BookingAmountError,
  BookingRuleError,
  bookingTotalCents,
  earliestBookingStart,
  platformFeeCents,
  quoteBooking,
  resolveBookingRange,
} from '../../src/shared/booking-rules';
import { timeZoneForState } from '../../src/shared/time-zones';
import { MAX_BOOKING_TOTAL_CENTS, MIN_BOOKING_TOTAL_CENTS } from '../../src/shared/constants';

const NY = 'America/New_York';
const HOUR = 3_600_000;

describe('resolveBookingRange: daily', () => {
  it('counts days between dates, end exclusive, from local midnight to local midnight', () => {
    const range = resolveBookingRange('daily', '2026-06-01', '2026-06-04', NY);
    expect(range.units).toBe(3);
    expect(range.startAt.toISOString()).toBe('2026-06-01T04:00:00.000Z'); // EDT midnight
    expect(range.endAt.toISOString()).toBe('2026-06-04T04:00:00.000Z');
  });

  it('needs at least one day (the message in docs/product.md)', () => {
    expect(() => resolveBookingRange('daily', '2026-06-01', '2026-06-01', NY)).toThrow('End date must be at least 1 day after start date.');
    expect(() => resolveBookingRange('daily', '2026-06-02', '2026-06-01', NY)).toThrow(BookingRuleError);
  });

  it('keeps a day a day across a daylight-saving change (23- and 25-hour days)', () => {
    const spring = resolveBookingRange('daily', '2026-03-07', '2026-03-09', NY); // DST starts 2026-03-08
    expect(spring.units).toBe(2);
    expect(spring.endAt.getTime() - spring.startAt.getTime()).toBe(47 * HOUR);
    const fall = resolveBookingRange('daily', '2026-10-31', '2026-11-02', NY); // DST ends 2026-11-01
    expect(fall.units).toBe(2);
    expect(fall.endAt.getTime() - fall.startAt.getTime()).toBe(49 * HOUR);
  });

  it('counts across month, year and leap-day boundaries', () => {
    expect(resolveBookingRange('daily', '2024-02-28', '2024-03-01', NY).units).toBe(2);
    expect(resolveBookingRange('daily', '2025-12-31', '2026-01-01', NY).units).toBe(1);
  });

  it('rejects impossible and malformed dates', () => {
    expect(() => resolveBookingRange('daily', '2026-02-30', '2026-03-02', NY)).toThrow(/not a real date/);
    expect(() => resolveBookingRange('daily', '2026-06-01T10:00', '2026-06-02', NY)).toThrow(/YYYY-MM-DD/);
  });

  it('uses the time zone of the space', () => {
    const la = resolveBookingRange('daily', '2026-01-10', '2026-01-11', timeZoneForState('CA'));
    expect(la.startAt.toISOString()).toBe('2026-01-10T08:00:00.000Z');
  });
});

describe('resolveBookingRange: hourly', () => {
  it('bills every started hour, at least one', () => {
    expect(resolveBookingRange('hourly', '2026-06-01T09:00', '2026-06-01T10:00', NY).units).toBe(1);
    expect(resolveBookingRange('hourly', '2026-06-01T09:00', '2026-06-01T10:01', NY).units).toBe(2);
    expect(() => resolveBookingRange('hourly', '2026-06-01T09:00', '2026-06-01T09:59', NY)).toThrow(
      'End time must be at least 1 hour after start time.',
    );
  });

  it('counts real elapsed hours across the daylight-saving change', () => {
    // 2026-03-08 02:00 EST jumps to 03:00 EDT: 01:00 -> 04:00 is 2 real hours.
    expect(resolveBookingRange('hourly', '2026-03-08T01:00', '2026-03-08T04:00', NY).units).toBe(2);
    // 2026-11-01 02:00 EDT falls back to 01:00 EST: 00:00 -> 03:00 is 4 real hours.
    expect(resolveBookingRange('hourly', '2026-11-01T00:00', '2026-11-01T03:00', NY).units).toBe(4);
  });
});

describe('resolveBookingRange: monthly', () => {
  it('counts whole months and rejects partial ones', () => {
    expect(resolveBookingRange('monthly', '2026-01-15', '2026-02-15', NY).units).toBe(1);
    expect(resolveBookingRange('monthly', '2025-01-15', '2026-01-15', NY).units).toBe(12);
    expect(resolveBookingRange('monthly', '2026-01-31', '2026-02-28', NY).units).toBe(1); // month-end clamps
    expect(() => resolveBookingRange('monthly', '2026-01-15', '2026-02-14', NY)).toThrow(/whole months/);
    expect(() => resolveBookingRange('monthly', '2026-01-15', '2026-01-15', NY)).toThrow(/whole months/);
  });
});

describe('totals and the platform fee', () => {
  it('multiplies the unit price by the units, in cents', () => {
    expect(bookingTotalCents(12_345, 3)).toBe(37_035);
  });

  it('takes 10% on a first booking, rounded half up to the cent, and nothing afterwards', () => {
    expect(platformFeeCents(37_035, true)).toBe(3_704); // 3703.5 -> 3704
    expect(platformFeeCents(37_034, true)).toBe(3_703); // 3703.4 -> 3703
    expect(platformFeeCents(5, true)).toBe(1);
    expect(platformFeeCents(4, true)).toBe(0);
    expect(platformFeeCents(37_035, false)).toBe(0);
  });

  it('never takes more than the total, and the owner share plus fee is the total (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 366 }), fc.boolean(), (price, days, first) => {
        fc.pre(price * days <= MAX_BOOKING_TOTAL_CENTS && price * days >= MIN_BOOKING_TOTAL_CENTS);
        const quote = quoteBooking({
          period: 'daily',
          unitPriceCents: price,
          start: '2026-01-01',
          end: new Date(Date.UTC(2026, 0, 1 + days)).toISOString().slice(0, 10),
          timeZone: NY,
          isFirstTransaction: first,
        });
        expect(quote.units).toBe(days);
        expect(quote.totalCents).toBe(price * days);
        expect(quote.platformFeeCents).toBeGreaterThanOrEqual(0);
        expect(quote.platformFeeCents).toBeLessThanOrEqual(quote.totalCents);
        expect(Math.abs(quote.platformFeeCents * 10 - (first ? quote.totalCents : 0))).toBeLessThanOrEqual(5);
        expect(quote.ownerPayoutCents + quote.platformFeeCents).toBe(quote.totalCents);
      }),
    );
  });
});

describe('the payment minimum', () => {
  const quote = (unitPriceCents: number, end = '2026-01-02') =>
    quoteBooking({ period: 'daily', unitPriceCents, start: '2026-01-01', end, timeZone: NY, isFirstTransaction: true });

  it('refuses a total under $1.00 as "Invalid Amount", and takes $1.00', () => {
    expect(() => quote(50)).toThrow(BookingAmountError);
    expect(() => quote(99)).toThrow(/^Invalid Amount: a booking must cost at least \$1\.00\.$/);
    expect(() => quote(0)).toThrow(BookingRuleError);
    expect(quote(100).totalCents).toBe(100);
    expect(quote(50, '2026-01-03').totalCents).toBe(100); // two days at 50 cents
  });

  it('quotes exactly the totals from the minimum to the maximum (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 3 }), (price, days) => {
        const end = new Date(Date.UTC(2026, 0, 1 + days)).toISOString().slice(0, 10);
        if (price * days < MIN_BOOKING_TOTAL_CENTS) expect(() => quote(price, end)).toThrow(BookingAmountError);
        else expect(quote(price, end).totalCents).toBe(price * days);
      }),
    );
  });
});

describe('bookings cannot start in the past', () => {
  const now = new Date('2026-06-10T14:30:00Z'); // 10:30 in New York
  it('allows today for daily spaces and the current hour for hourly ones, in the space time zone', () => {
    expect(earliestBookingStart('daily', now, NY).toISOString()).toBe('2026-06-10T04:00:00.000Z');
    expect(earliestBookingStart('hourly', now, NY).toISOString()).toBe('2026-06-10T14:00:00.000Z');
    const today = resolveBookingRange('daily', '2026-06-10', '2026-06-11', NY);
    expect(() => assertNotInPast('daily', today.startAt, now, NY)).not.toThrow();
    const yesterday = resolveBookingRange('daily', '2026-06-09', '2026-06-11', NY);
    expect(() => assertNotInPast('daily', yesterday.startAt, now, NY)).toThrow('Bookings cannot start in the past.');
    const thisHour = resolveBookingRange('hourly', '2026-06-10T10:00', '2026-06-10T11:00', NY);
    expect(() => assertNotInPast('hourly', thisHour.startAt, now, NY)).not.toThrow();
    const lastHour = resolveBookingRange('hourly', '2026-06-10T09:00', '2026-06-10T11:00', NY);
    expect(() => assertNotInPast('hourly', lastHour.startAt, now, NY)).toThrow(BookingRuleError);
  });

  it('uses the local date, not the UTC one, near midnight', () => {
    const lateEvening = new Date('2026-06-11T02:00:00Z'); // still June 10 in Los Angeles
    const la = 'America/Los_Angeles';
    const june10 = resolveBookingRange('daily', '2026-06-10', '2026-06-11', la);
    expect(() => assertNotInPast('daily', june10.startAt, lateEvening, la)).not.toThrow();
  });
});
