import { LoaderCircle } from 'lucide-react';
import type { CalendarConflict } from '@/shared/schemas/calendar-imports';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/client/components/ui/alert-dialog';
import { Button } from '@/client/components/ui/button';
import { useResolveCalendarConflict } from '../api/resolve-calendar-conflict';
import { zonedRangeText } from '../lib/conflict-text';
import { requestErrorText } from '../lib/feed-text';

/**
 * Asks before cancelling the booking of `conflict` (null: closed): the renter is refunded in full and
 * told. Stays open until the server has answered, and shows its words when it refuses (409: a
 * request to decline instead, a conflict already decided).
 */
export function CancelConflictBookingDialog({
  userId,
  conflict,
  onClose,
  onCancelled,
}: {
  userId: string;
  conflict: CalendarConflict | null;
  onClose: () => void;
  onCancelled: (conflict: CalendarConflict) => void;
}) {
  const cancel = useResolveCalendarConflict(userId);
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <AlertDialog open={conflict !== null} onOpenChange={(open) => !open && !cancel.isPending && close()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel this booking?</AlertDialogTitle>
          <AlertDialogDescription>
            {conflict
              ? `${conflict.booking.renterFirstName}’s booking of ${conflict.spaceTitle} (${zonedRangeText(conflict.booking.startAt, conflict.booking.endAt, conflict.timeZone)}) is cancelled. ${conflict.booking.renterFirstName} is refunded in full and told at once. This cannot be undone.`
              : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {cancel.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {requestErrorText(cancel.error, 'The booking could not be cancelled. Please try again later.')}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep the booking</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() =>
              conflict &&
              cancel.mutate(
                { conflict, action: 'cancel_booking' },
                {
                  onSuccess: () => {
                    cancel.reset();
                    onCancelled(conflict);
                  },
                },
              )
            }
          >
            {cancel.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Cancel booking
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
