import { CalendarCheck } from 'lucide-react';
import { type ComponentType, useId, useRef, useState } from 'react';
import type { BookingStatus } from '@/shared/constants';
import type { CalendarConflict } from '@/shared/schemas/calendar-imports';
import { Button } from '@/client/components/ui/button';
import { LoadError, SkeletonRows } from '@/client/components/ui/states';
import { useCalendarConflicts } from '../api/get-calendar-conflicts';
import { CalendarConflictItem } from './calendar-conflict-item';
import { CancelConflictBookingDialog } from './cancel-conflict-booking-dialog';

/**
 * The owner's conflict inbox on the calendar page (docs/decisions/038-calendar-import.md): each open
 * conflict between an imported busy time and a booking, with "Keep booking" (the busy time is ignored
 * for it) and "Cancel booking" (asked first: full refund, the renter told). A decided conflict leaves
 * the list, and what happened is announced; `StatusBadge` shows the booking's status.
 */
export function CalendarConflictsInbox({ userId, StatusBadge }: { userId: string; StatusBadge: ComponentType<{ status: BookingStatus }> }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const conflicts = useCalendarConflicts(userId);
  const [cancelling, setCancelling] = useState<CalendarConflict | null>(null);
  const [outcome, setOutcome] = useState('');

  /** After a decision the item is gone: focus returns to the section, and the outcome is read out. */
  const decided = (text: string) => {
    setOutcome(text);
    heading.current?.focus();
  };

  let body;
  if (conflicts.isPending) body = <SkeletonRows label="Loading your calendar conflicts" count={1} rowClassName="h-24" />;
  else if (conflicts.isError) {
    body = (
      <div className="grid justify-items-start gap-2">
        <LoadError>Failed to load your calendar conflicts. Please try again.</LoadError>
        <Button variant="outline" onClick={() => void conflicts.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (conflicts.data.length === 0) {
    // One line, not a large empty box: the section sits above the calendar of every owner.
    body = (
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <CalendarCheck className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
        <span>
          <span className="font-medium text-slate-900">No conflicts with your imported calendars.</span> When a busy time in one of them
          overlaps a booking already made, it is listed here for you to decide.
        </span>
      </p>
    );
  } else {
    body = (
      <ul className="grid gap-3" aria-label="Open calendar conflicts">
        {conflicts.data.map((conflict) => (
          <CalendarConflictItem
            key={conflict.id}
            userId={userId}
            conflict={conflict}
            StatusBadge={StatusBadge}
            onKept={decided}
            onCancel={setCancelling}
          />
        ))}
      </ul>
    );
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      data-testid="calendar-conflicts"
    >
      <div className="grid gap-1">
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          Calendar conflicts
          {conflicts.data && conflicts.data.length > 0 ? (
            <span className="font-normal text-slate-600"> ({conflicts.data.length})</span>
          ) : null}
        </h2>
        <p className="text-sm text-slate-600">
          Bookings that overlap a busy time of a calendar you imported. Nothing is cancelled unless you choose to.
        </p>
      </div>
      {body}
      <p role="status" className="sr-only">
        {outcome}
      </p>
      <CancelConflictBookingDialog
        userId={userId}
        conflict={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={(conflict) => {
          setCancelling(null);
          decided(`The booking of ${conflict.spaceTitle} by ${conflict.booking.renterFirstName} is cancelled.`);
        }}
      />
    </section>
  );
}
