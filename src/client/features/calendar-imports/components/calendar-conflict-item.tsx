import { CalendarClock, CalendarX2, Check, LoaderCircle } from 'lucide-react';
import { type ComponentType, useId } from 'react';
import type { BookingStatus } from '@/shared/constants';
import type { CalendarConflict } from '@/shared/schemas/calendar-imports';
import { Button } from '@/client/components/ui/button';
import { useResolveCalendarConflict } from '../api/resolve-calendar-conflict';
import { zonedRangeText } from '../lib/conflict-text';
import { requestErrorText } from '../lib/feed-text';

/**
 * One open conflict: the booking (space, renter, times in the space's zone, status) and the busy time
 * of the imported calendar over it; "Keep booking" decides at once (`onKept` with what happened),
 * "Cancel booking" asks first (`onCancel`).
 */
export function CalendarConflictItem({
  userId,
  conflict,
  StatusBadge,
  onKept,
  onCancel,
}: {
  userId: string;
  conflict: CalendarConflict;
  StatusBadge: ComponentType<{ status: BookingStatus }>;
  onKept: (outcome: string) => void;
  onCancel: (conflict: CalendarConflict) => void;
}) {
  const id = useId();
  const keep = useResolveCalendarConflict(userId);
  const { booking } = conflict;
  const bookingTimes = zonedRangeText(booking.startAt, booking.endAt, conflict.timeZone);
  const who = `${conflict.spaceTitle}, booked by ${booking.renterFirstName}`;

  return (
    <li
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50/40 p-3 sm:p-4"
      aria-labelledby={`${id}-title`}
      data-testid="calendar-conflict"
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p id={`${id}-title`} className="min-w-0 font-medium break-words text-slate-900">
            {conflict.spaceTitle}
            <span className="font-normal text-slate-700"> · {booking.renterFirstName}</span>
          </p>
          <StatusBadge status={booking.status} />
        </div>
        <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-3">
          <dt className="flex items-center gap-1.5 font-medium text-slate-900">
            <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
            Booking
          </dt>
          <dd className="break-words" data-testid="conflict-booking-times">
            {bookingTimes}
          </dd>
          <dt className="flex items-center gap-1.5 font-medium text-slate-900">
            <CalendarX2 className="size-4 shrink-0" aria-hidden="true" />
            Busy in “{conflict.importName}”
          </dt>
          <dd className="break-words" data-testid="conflict-busy-times">
            {zonedRangeText(conflict.busyStartAt, conflict.busyEndAt, conflict.timeZone)}
          </dd>
        </dl>
      </div>
      {keep.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2.5 text-sm text-red-800">
          {requestErrorText(keep.error, 'The booking could not be kept. Please try again later.')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={keep.isPending}
          aria-label={`Keep booking: ${who}, ${bookingTimes}`}
          onClick={() =>
            keep.mutate(
              { conflict, action: 'keep' },
              { onSuccess: () => onKept(`The booking of ${conflict.spaceTitle} by ${booking.renterFirstName} is kept.`) },
            )
          }
        >
          {keep.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
          Keep booking
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          disabled={keep.isPending}
          aria-label={`Cancel booking: ${who}, ${bookingTimes}`}
          onClick={() => onCancel(conflict)}
        >
          Cancel booking
        </Button>
      </div>
    </li>
  );
}
