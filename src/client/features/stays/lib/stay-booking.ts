import type { Booking } from '@/shared/schemas/bookings';
import type { NoShowBooking } from '@/shared/stays';

/** What the rules of the day of the stay (src/shared/stays.ts) read of a booking as the API answers it. */
export function stayBookingOf(booking: Booking): NoShowBooking {
  return {
    status: booking.status,
    startDate: booking.startDate,
    endDate: booking.endDate,
    checkedInAt: booking.checkedInAt,
    checkedOutAt: booking.checkedOutAt,
    requiresCheckIn: booking.requiresCheckIn,
    noShowMarkedAt: booking.noShow?.markedAt ?? null,
  };
}
