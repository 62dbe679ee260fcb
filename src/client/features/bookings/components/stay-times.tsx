import type { Booking } from '@/shared/schemas/bookings';
import { formatBookingInstant } from '../lib/booking-dates';

/**
 * When the renter checked in and out (src/shared/stays.ts), in the space's zone, for both sides'
 * lists: "Checked in Mar 3, 2026 9:02 AM · Checked out Mar 3, 2026 11:58 AM". Nothing before a check-in.
 */
export function StayTimes({ booking }: { booking: Pick<Booking, 'checkedInAt' | 'checkedOutAt' | 'space'> }) {
  if (!booking.checkedInAt) return null;
  const timeZone = booking.space?.timeZone;
  // Times of the day of the stay always show the time, whatever the space's pricing period.
  const at = (value: string) => formatBookingInstant(value, 'hourly', timeZone);
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="stay-times">
      Checked in {at(booking.checkedInAt)}
      {booking.checkedOutAt ? ` · Checked out ${at(booking.checkedOutAt)}` : ''}
    </p>
  );
}
