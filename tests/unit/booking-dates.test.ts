/** A booking's start and end for people (src/client/features/bookings/lib/booking-dates.ts). */
import { describe, expect, it } from 'vitest';
import { formatBookingInstant } from '../../src/client/features/bookings/lib/booking-dates';

describe('formatBookingInstant', () => {
  it('shows the time of bookings made by the hour or by the session, and only the date of the others', () => {
    expect(formatBookingInstant('2025-03-04T08:00', 'session', 'America/New_York')).toBe('Mar 4, 2025 8:00 AM');
    expect(formatBookingInstant('2025-03-04T13:30', 'hourly', 'America/New_York')).toBe('Mar 4, 2025 1:30 PM');
    expect(formatBookingInstant('2025-03-04', 'daily', 'America/New_York')).toBe('Mar 4, 2025');
  });

  it("reads an instant in the space's zone", () => {
    expect(formatBookingInstant('2025-03-04T13:00:00.000Z', 'session', 'America/New_York')).toBe('Mar 4, 2025 8:00 AM');
  });
});
