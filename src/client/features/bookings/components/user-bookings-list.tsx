import { CalendarDays } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import type { Booking } from '@/shared/schemas/bookings';
import { EmptyState, LoadError, SkeletonRows } from '@/client/components/ui/states';
import { cn } from '@/client/lib/cn';
import { centsOf, formatAmount } from '@/client/lib/format';
import { paths } from '@/client/lib/paths';
import { useUserBookings } from '../api/get-user-bookings';
import { bookingHasEnded, formatBookingRange } from '../lib/booking-dates';
import { useFreshForLink, useLinkedBooking, useLinkedRow } from '../lib/linked-booking';
import { bookingOutcome, formatRefund } from '../lib/booking-outcome';
import { AddToCalendarLink, offersCalendarFile } from './add-to-calendar-link';
import { BookingPaperLinks } from './booking-paper-links';
import { BookingsByTime } from './bookings-by-time';
import { BookingStatusBadge } from './booking-status-badge';
import { CancelBookingButton } from './cancel-booking-button';
import { StayTimes } from './stay-times';

/**
 * The signed-in user's bookings, upcoming then past: space, dates, total, status ('completed' once a
 * confirmed stay has ended), what happened, its papers (receipt, agreement), and Cancel for
 * confirmed bookings that have not ended. `renderList` lays out the loaded bookings instead of one
 * row each (the page groups a recurring series' occurrences), drawing each booking with `renderRow`.
 */
export function UserBookingsList({
  userId,
  renderList,
}: {
  userId: string;
  renderList?: (bookings: Booking[], renderRow: (booking: Booking) => ReactNode) => ReactNode;
}) {
  const bookings = useUserBookings(userId);
  // When the list was opened: a booking that has ended by then offers no Cancel (the server re-checks).
  const [openedAt] = useState(() => Date.now());
  const linked = useLinkedBooking();
  useFreshForLink(linked?.bookingId, bookings);

  if (bookings.isPending) return <SkeletonRows label="Loading bookings" />;
  if (bookings.isError) return <LoadError>Failed to load bookings. Please try again later.</LoadError>;
  if (bookings.data.length === 0) {
    return (
      <EmptyState icon={CalendarDays} title="No bookings yet">
        <Link href={paths.search()} className="text-primary underline underline-offset-2">
          Browse available spaces
        </Link>{' '}
        to make your first booking.
      </EmptyState>
    );
  }

  const renderRow = (booking: Booking) => (
    <BookingRow booking={booking} userId={userId} now={openedAt} linked={linked?.bookingId === booking.id} />
  );
  return <BookingsByTime bookings={bookings.data} now={openedAt} renderRow={renderRow} renderList={renderList} />;
}

/** Whether the provider has refunded any of the booking's payment (what it actually refunded, not what was decided). */
const refunded = (booking: Booking) => (centsOf(booking.amountRefunded) ?? 0) > 0;

/** One booking; the one a link points at (`linked`) stands out and takes focus once. */
function BookingRow({ booking, userId, now, linked }: { booking: Booking; userId: string; now: number; linked: boolean }) {
  const outcome = bookingOutcome(booking);
  const ended = bookingHasEnded(booking, now);
  const cancellable = booking.status === 'confirmed' && !ended;
  const row = useLinkedRow(linked);
  return (
    <div
      {...row}
      className={cn(
        'flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between',
        row.className,
      )}
      data-testid="booking-row"
      data-booking-id={booking.id}
    >
      <div className="min-w-0">
        <Link href={paths.space(booking.spaceId)} className="font-medium text-slate-900 hover:text-primary hover:underline">
          {booking.space?.title ?? 'Medical space'}
        </Link>
        <p className="text-sm text-slate-600">
          {formatBookingRange(booking)}
          {booking.space ? ` · ${booking.space.city}, ${booking.space.state}` : ''}
        </p>
        {outcome ? <p className="mt-1 text-sm text-slate-700">{outcome}</p> : null}
        <StayTimes booking={booking} />
        {refunded(booking) ? (
          <p className="mt-1 text-sm font-medium text-emerald-700" data-testid="booking-refunded">
            Refunded {formatRefund(booking.amountRefunded)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-semibold text-slate-900">{formatAmount(booking.totalPrice)}</span>
        <BookingStatusBadge status={booking.status} ended={ended} />
        {offersCalendarFile(booking) ? <AddToCalendarLink booking={booking} /> : null}
        {/* A series' papers are its card's, one for its one payment. */}
        {booking.seriesId ? null : <BookingPaperLinks booking={booking} viewer="renter" />}
        {cancellable ? <CancelBookingButton booking={booking} userId={userId} /> : null}
      </div>
    </div>
  );
}
