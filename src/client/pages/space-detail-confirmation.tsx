import { CircleCheckBig } from 'lucide-react';
import { Link } from 'wouter';
import { bookingLink } from '@/shared/booking-notices';
import type { SpaceDetail } from '@/shared/schemas/spaces';
import { useUserBookings } from '@/client/features/bookings/api/get-user-bookings';
import { AddToCalendarLink } from '@/client/features/bookings/components/add-to-calendar-link';
import { SeriesConfirmation } from '@/client/features/booking-series/components/series-confirmation';
import { ARRIVAL_FOCUS } from '@/client/lib/route-focus';

/**
 * The space page's confirmation after paying (`?payment_success=true&booking=<id>`,
 * docs/product.md#behaviour), shown only for a booking of this space that the signed-in user has:
 * confirmed or requested, "Add to calendar", and for a weekly series its bookings
 * (docs/decisions/026-booking-series.md). Loaded only on the payment's return, apart from the page.
 */
export function SpacePaymentConfirmation({
  space,
  userId,
  bookingId,
}: {
  space: Pick<SpaceDetail, 'id' | 'instantBook' | 'pricePeriod' | 'timeZone'>;
  userId: string | undefined;
  bookingId: string | null;
}) {
  const bookings = useUserBookings(userId);
  const confirmedBooking = bookings.data?.find((booking) =>
    bookingId ? booking.id === bookingId : booking.spaceId === space.id && (booking.status === 'confirmed' || booking.status === 'pending'),
  );
  if (!confirmedBooking || confirmedBooking.spaceId !== space.id) return null;
  return (
    <div role="status" className="mt-4 flex flex-wrap items-start gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
      <CircleCheckBig className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        {/* The heading that takes the focus once the payment has gone through (lib/route-focus.ts). */}
        <h2 id={ARRIVAL_FOCUS.bookingConfirmation} className="inline font-semibold">
          {space.instantBook ? 'Your booking is confirmed.' : 'Your request has been sent.'}
        </h2>{' '}
        <p className="inline">
          {space.instantBook ? null : 'The owner has 48 hours to accept; your card is only charged if they do. '}
          <Link href={bookingLink(confirmedBooking.id)} className="font-medium underline underline-offset-2">
            View my bookings
          </Link>
        </p>
      </div>
      <AddToCalendarLink booking={confirmedBooking} />
      {confirmedBooking.seriesId ? (
        <SeriesConfirmation seriesId={confirmedBooking.seriesId} period={space.pricePeriod} timeZone={space.timeZone} />
      ) : null}
    </div>
  );
}
