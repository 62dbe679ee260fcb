import { CalendarPlus } from 'lucide-react';
import type { Booking } from '@/shared/schemas/bookings';
import { bookingCalendarFileUrl } from '../api/booking-calendar-file';

/** Whether a booking is worth adding to a calendar: a request waiting for its owner, or a confirmed booking. */
export const offersCalendarFile = (booking: Pick<Booking, 'status'>) => booking.status === 'pending' || booking.status === 'confirmed';

/** "Add to calendar": downloads the booking's .ics; its accessible name names the space, so a list's links differ. */
export function AddToCalendarLink({ booking }: { booking: Booking }) {
  return (
    <a
      href={bookingCalendarFileUrl(booking.id)}
      download
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-2 hover:underline"
      data-testid="add-to-calendar"
    >
      <CalendarPlus className="size-4" aria-hidden="true" />
      Add to calendar
      <span className="sr-only">: {booking.space?.title ?? 'this booking'}</span>
    </a>
  );
}
