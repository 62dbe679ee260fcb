import { CalendarCheck, ShieldAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { displayName } from '@/shared/names';
import type { OwnerBooking } from '@/shared/schemas/bookings';
import { EmptyState, LoadError, SkeletonRows } from '@/client/components/ui/states';
import { cn } from '@/client/lib/cn';
import { formatAmount } from '@/client/lib/format';
import { paths } from '@/client/lib/paths';
import { useSpaceBookings } from '../api/get-space-bookings';
import { bookingHasEnded, formatBookingRange } from '../lib/booking-dates';
import { useFreshForLink, useLinkedBooking, useLinkedRow } from '../lib/linked-booking';
import { disputeLabel } from '../lib/dispute';
import { AddToCalendarLink, offersCalendarFile } from './add-to-calendar-link';
import { BookingPaperLinks } from './booking-paper-links';
import { BookingsByTime } from './bookings-by-time';
import { BookingStatusBadge } from './booking-status-badge';
import { OutsideScheduleNote } from './outside-schedule';
import { RenterCredentials } from './renter-credentials';
import { StayTimes } from './stay-times';

/**
 * 'Bookings of My Spaces': what became of the bookings of the owner's spaces
 * (confirmed, cancelled, or disputed by the renter's bank), upcoming (soonest first) then past (latest first):
 * space, renter, dates, total, status, the dispute when there is one, and the booking's papers
 * (receipt, agreement, payout statement).
 */
export function SpaceBookings({
  userId,
  renderList,
}: {
  userId: string;
  /** Lays out the loaded bookings instead of one row each (the page groups a recurring series), drawing each with `renderRow`. */
  renderList?: (bookings: OwnerBooking[], renderRow: (booking: OwnerBooking) => ReactNode) => ReactNode;
}) {
  const linked = useLinkedBooking();
  // When the list was opened: what has ended by then is past.
  const [openedAt] = useState(() => Date.now());
  const renderRow = (booking: OwnerBooking) => (
    <SpaceBookingRow booking={booking} linked={linked?.bookingId === booking.id} ended={bookingHasEnded(booking, openedAt)} />
  );
  const bookings = useSpaceBookings(userId);
  useFreshForLink(linked?.bookingId, bookings);
  return (
    <section aria-labelledby="space-bookings-heading" className="grid gap-3">
      <h2 id="space-bookings-heading" className="text-lg leading-tight font-semibold text-slate-900">
        Bookings of My Spaces
      </h2>
      {bookings.isPending ? (
        <SkeletonRows label="Loading bookings of your spaces" count={2} />
      ) : bookings.isError ? (
        <LoadError>Failed to load the bookings of your spaces. Please try again later.</LoadError>
      ) : bookings.data.length === 0 ? (
        <EmptyState icon={CalendarCheck} title="No bookings of your spaces yet">
          Confirmed and cancelled bookings of your spaces show here.
        </EmptyState>
      ) : (
        <BookingsByTime bookings={bookings.data} now={openedAt} renderRow={renderRow} renderList={renderList} />
      )}
    </section>
  );
}

/** Closed disputes in calm colours; an open one (or a lost one) in red. */
const DISPUTE_TONES: Record<string, string> = { won: 'text-emerald-700', warning_closed: 'text-slate-700' };

/** One booking; the one a link points at (`linked`) stands out and takes focus once. */
function SpaceBookingRow({ booking, linked, ended }: { booking: OwnerBooking; linked: boolean; ended: boolean }) {
  const renter = booking.renter ? displayName(booking.renter) : 'A renter';
  const dispute = disputeLabel(booking.disputeStatus);
  const row = useLinkedRow(linked);
  return (
    <div
      {...row}
      className={cn(
        'flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between',
        row.className,
      )}
      data-testid="space-booking"
      data-booking-id={booking.id}
    >
      <div className="min-w-0">
        <Link href={paths.space(booking.spaceId)} className="font-medium text-slate-900 hover:text-primary hover:underline">
          {booking.space?.title ?? 'Medical space'}
        </Link>
        <p className="text-sm text-slate-600">
          {renter} · {formatBookingRange(booking)}
        </p>
        {booking.outsideSchedule ? <OutsideScheduleNote /> : null}
        <StayTimes booking={booking} />
        <RenterCredentials booking={booking} />
        {dispute ? (
          <p
            className={cn('mt-1 flex items-center gap-1 text-sm font-medium', DISPUTE_TONES[booking.disputeStatus ?? ''] ?? 'text-red-700')}
            data-testid="dispute"
          >
            <ShieldAlert className="size-4" aria-hidden="true" />
            {dispute}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-semibold text-slate-900">{formatAmount(booking.totalPrice)}</span>
        <BookingStatusBadge status={booking.status} ended={ended} />
        {offersCalendarFile(booking) ? <AddToCalendarLink booking={booking} /> : null}
        {/* A series' papers are its card's, one for its one payment. */}
        {booking.seriesId ? null : <BookingPaperLinks booking={booking} viewer="owner" />}
      </div>
    </div>
  );
}
