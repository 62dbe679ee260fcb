import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { LoadError, SkeletonRows } from '@/client/components/ui/states';
import { paths } from '@/client/lib/paths';
import { useUserBookings } from '../api/get-user-bookings';
import { bookingHasEnded, formatBookingInstant } from '../lib/booking-dates';
import { BookingStatusBadge } from './booking-status-badge';

/** How many bookings Recent Activity shows (docs/product.md#constants). */
export const RECENT_ACTIVITY_COUNT = 3;

/** Recent Activity on the profile (docs/product.md#pages): the first 3 of the user's bookings, each with space title, start date and status. */
export function RecentBookings({ userId }: { userId: string }) {
  const bookings = useUserBookings(userId);
  const [openedAt] = useState(() => Date.now());

  if (bookings.isPending) return <SkeletonRows label="Loading recent activity" rowClassName="h-12" />;
  if (bookings.isError) return <LoadError>Failed to load bookings. Please try again later.</LoadError>;
  if (bookings.data.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <CalendarDays className="size-4" aria-hidden="true" />
        No recent activity yet.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200" data-testid="recent-activity">
      {bookings.data.slice(0, RECENT_ACTIVITY_COUNT).map((booking) => (
        <li key={booking.id} className="flex flex-wrap items-center justify-between gap-2 py-3 first:pt-0 last:pb-0">
          <div className="min-w-0">
            <Link href={paths.space(booking.spaceId)} className="font-medium text-slate-900 hover:text-primary hover:underline">
              {booking.space?.title ?? 'Medical space'}
            </Link>
            <p className="text-sm text-slate-600">
              Starts {formatBookingInstant(booking.startDate, booking.space?.pricePeriod ?? 'daily', booking.space?.timeZone)}
            </p>
          </div>
          <BookingStatusBadge status={booking.status} ended={bookingHasEnded(booking, openedAt)} />
        </li>
      ))}
    </ul>
  );
}
