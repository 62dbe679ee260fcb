import { format } from 'date-fns';
import { LoaderCircle } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import type { BookingStatus } from '@/shared/constants';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FieldError } from '@/client/components/ui/form-field';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { useUnblockDates } from '../api/unblock-dates';
import { type CalendarItem, wallClock } from '../lib/calendar-items';
import { rangeLabel } from '../lib/range-label';

/** A booking's times as the calendar shows them: whole days as dates, others with their hours (the space's local time). */
function bookingTimes(item: Extract<CalendarItem, { kind: 'booking' }>): string {
  const { start, end } = item.booking;
  if (item.allDay) return rangeLabel(start.slice(0, 10), format(new Date(wallClock(end).getTime() - 1), 'yyyy-MM-dd'));
  const day = format(wallClock(start), 'EEE, MMM d');
  return start.slice(0, 10) === end.slice(0, 10)
    ? `${day}, ${start.slice(11)}–${end.slice(11)}`
    : `${day} ${start.slice(11)} – ${format(wallClock(end), 'EEE, MMM d')} ${end.slice(11)}`;
}

/**
 * What a calendar item opens: a booking's details, or a blocked range with "Unblock".
 * `StatusBadge` draws a booking's status (the bookings feature's badge, passed in by the page).
 */
export function ItemDialog({
  userId,
  item,
  onClose,
  StatusBadge,
}: {
  userId: string;
  item: CalendarItem | null;
  onClose: () => void;
  StatusBadge: ComponentType<{ status: BookingStatus }>;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        {item?.kind === 'blocked' ? <BlockedDetails key={item.id} userId={userId} item={item} onDone={onClose} /> : null}
        {item?.kind === 'booking' ? (
          <>
            <DialogHeader>
              <DialogTitle>{item.booking.spaceTitle}</DialogTitle>
              <DialogDescription>Booked by {item.booking.renterFirstName}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-600">Status</dt>
              <dd>
                <StatusBadge status={item.booking.status} />
              </dd>
              <dt className="text-slate-600">When</dt>
              <dd className="text-slate-900">{bookingTimes(item)} (the space’s local time)</dd>
            </dl>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function BlockedDetails({
  userId,
  item,
  onDone,
}: {
  userId: string;
  item: Extract<CalendarItem, { kind: 'blocked' }>;
  onDone: () => void;
}) {
  const unblock = useUnblockDates(userId);
  const [failure, setFailure] = useState<string>();
  const { blocked } = item;
  const label = rangeLabel(blocked.start, blocked.end);
  const confirm = () =>
    unblock.mutate(
      { spaceId: blocked.spaceId, blockedId: blocked.id },
      {
        onSuccess: () => {
          toast({ title: 'Dates unblocked', description: `${label} can be booked again at ${blocked.spaceTitle}.` });
          onDone();
        },
        onError: (error) => setFailure(isApiError(error) ? error.message : 'Could not unblock these dates. Please try again.'),
      },
    );
  return (
    <>
      <DialogHeader>
        <DialogTitle>Blocked {label}</DialogTitle>
        <DialogDescription>{blocked.spaceTitle}</DialogDescription>
      </DialogHeader>
      {blocked.note ? <p className="text-sm text-slate-700">Note: {blocked.note}</p> : null}
      <FieldError message={failure} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Keep blocked
        </Button>
        <Button onClick={confirm} disabled={unblock.isPending}>
          {unblock.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Unblock
        </Button>
      </DialogFooter>
    </>
  );
}
