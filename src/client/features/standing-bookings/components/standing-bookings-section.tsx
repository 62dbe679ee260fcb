import { CalendarClock, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { describeInstant } from '@/shared/booking-notices';
import { formatUsd, toCents } from '@/shared/money';
import type { StandingBooking } from '@/shared/schemas/standing-bookings';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/client/components/ui/alert-dialog';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { LoadError, SkeletonRows } from '@/client/components/ui/states';
import { isApiError } from '@/client/lib/api-client';
import { toast } from '@/client/lib/use-toast';
import { useEndStandingBooking, useStandingBookings } from '../api/standing-bookings';

const WEEKDAY_NAMES: Record<string, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** A local `YYYY-MM-DD` as "Tue, Mar 3, 2026" (a date of the space, shown as written). */
const formatDay = (date: string) => describeInstant(`${date}T00:00:00Z`, 'UTC', 'daily');

/** An occurrence's local start (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`) as "Tue, Mar 3, 2026, 8:00". */
function formatStart(startDate: string): string {
  return startDate.length > 10 ? `${formatDay(startDate.slice(0, 10))}, ${startDate.slice(11)}` : formatDay(startDate);
}

/**
 * "Standing bookings" on the Bookings tab (docs/decisions/041-standing-bookings.md): each of the
 * user's, as renter or owner, with its schedule and billing, what is paid, the next charge, the
 * next occurrences, "Ends on <date>" once notice is given, and "End with notice". Nothing is shown
 * when there are none.
 */
export function StandingBookingsSection({ userId }: { userId: string }) {
  const standing = useStandingBookings(userId);
  if (standing.isPending) return <SkeletonRows label="Loading standing bookings" count={1} />;
  if (standing.isError) return <LoadError>Failed to load standing bookings. Please try again later.</LoadError>;
  if (standing.data.length === 0) return null;
  return (
    <section className="grid gap-3" aria-labelledby="standing-bookings-title" data-testid="standing-bookings">
      <h2 id="standing-bookings-title" className="text-lg leading-tight font-semibold text-slate-900">
        Standing bookings
      </h2>
      <ul className="grid gap-3">
        {standing.data.map((booking) => (
          <StandingBookingCard key={booking.id} booking={booking} userId={userId} />
        ))}
      </ul>
    </section>
  );
}

function StandingBookingCard({ booking, userId }: { booking: StandingBooking; userId: string }) {
  const today = new Date().toISOString().slice(0, 10);
  const upcoming = booking.occurrences.filter(
    (occurrence) => occurrence.status !== 'expired' && occurrence.startDate.slice(0, 10) >= today,
  );
  const viewer = booking.renterId === userId ? 'renter' : 'owner';
  return (
    <li className="grid gap-2 rounded-md border border-slate-200 p-3 text-sm" data-testid="standing-booking">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 font-medium text-slate-900">
          <CalendarClock className="size-4" aria-hidden="true" />
          {booking.spaceTitle}
        </p>
        <Badge variant={booking.status === 'active' ? 'default' : 'secondary'}>
          {booking.status === 'active' ? 'Active' : booking.status === 'ending' ? `Ends on ${formatDay(booking.endsOn!)}` : 'Ended'}
        </Badge>
      </div>
      <p className="text-slate-700">
        Every {booking.weekdays.map((day) => WEEKDAY_NAMES[day]).join(', ')} since {formatDay(booking.startedOn)}, billed {booking.billing}{' '}
        in advance. {booking.noticeDays} days&apos; notice.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
        <dt className="text-slate-500">Paid through</dt>
        <dd>{booking.paidThrough ? formatDay(booking.paidThrough) : 'Not paid yet'}</dd>
        {booking.nextChargeOn && booking.nextChargeAmount ? (
          <>
            <dt className="text-slate-500">Next charge</dt>
            <dd data-testid="standing-next-charge">
              {formatUsd(toCents(booking.nextChargeAmount))} on {formatDay(booking.nextChargeOn)}
            </dd>
          </>
        ) : null}
      </dl>
      {upcoming.length > 0 ? (
        <div>
          <p className="text-slate-500">Next bookings</p>
          <ul className="text-slate-700">
            {upcoming.slice(0, 4).map((occurrence) => (
              <li key={occurrence.bookingId}>
                {formatStart(occurrence.startDate)}
                {occurrence.status === 'awaiting_payment' ? ' (charged before it starts)' : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {booking.status === 'active' ? <EndWithNoticeButton booking={booking} userId={userId} viewer={viewer} /> : null}
    </li>
  );
}

/** "End with notice": a dialog says what ends when, and the server decides the date. */
function EndWithNoticeButton({ booking, userId, viewer }: { booking: StandingBooking; userId: string; viewer: 'renter' | 'owner' }) {
  const [open, setOpen] = useState(false);
  const end = useEndStandingBooking(userId);
  const confirm = () =>
    end.mutate(booking.id, {
      onSuccess: (ended) => {
        setOpen(false);
        toast({ title: `Ends on ${formatDay(ended.endsOn!)}`, description: 'Both of you have been told.' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to end the standing booking',
          description: (isApiError(error, 409) ? error.serverMessage : undefined) ?? 'Please try again later.',
        }),
    });
  const term = booking.minimumTermMonths > 0 ? `, and not before the end of its ${booking.minimumTermMonths}-month minimum term` : '';
  return (
    <AlertDialog open={open} onOpenChange={(next) => !end.isPending && setOpen(next)}>
      <div>
        <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
          End with notice
        </Button>
      </div>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>End this standing booking?</AlertDialogTitle>
          <AlertDialogDescription>
            It ends {booking.noticeDays} days from today{term}. Bookings on or after that day are cancelled
            {viewer === 'renter' ? ' and what you paid for them is refunded in full' : ' and refunded to the renter in full'}; nothing more
            is charged for them.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={end.isPending}>Keep it</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={end.isPending}>
            {end.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
            End with notice
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
