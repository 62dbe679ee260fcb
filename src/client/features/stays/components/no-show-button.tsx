import { LoaderCircle, UserX } from 'lucide-react';
import { useState } from 'react';
import type { Booking } from '@/shared/schemas/bookings';
import { canMarkNoShow } from '@/shared/stays';
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
import { isApiError } from '@/client/lib/api-client';
import { toast } from '@/client/lib/use-toast';
import { useMarkNoShow } from '../api/no-show';
import { stayBookingOf } from '../lib/stay-booking';

/**
 * "Mark no-show" on the owner's booking, when the rules (`canMarkNoShow`, src/shared/stays.ts) allow
 * it as the list was opened; a dialog confirms first, and the server checks again. `onMarked` is
 * told the booking as it now is (the page refreshes its lists).
 */
export function NoShowButton({ booking, onMarked }: { booking: Booking; onMarked: (booking: Booking) => void }) {
  const [openedAt] = useState(() => new Date());
  const [open, setOpen] = useState(false);
  const mark = useMarkNoShow(onMarked);
  if (!canMarkNoShow(stayBookingOf(booking), openedAt)) return null;
  const renter = booking.renter ? `${booking.renter.firstName} ${booking.renter.lastName}`.trim() : 'The renter';
  const confirm = () =>
    mark.mutate(booking.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Marked a no-show', description: 'The renter has been told.' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to mark a no-show',
          description: (isApiError(error, 409) ? error.serverMessage : undefined) ?? 'Please try again later.',
        }),
    });
  return (
    <AlertDialog open={open} onOpenChange={(next) => !mark.isPending && setOpen(next)}>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <UserX className="size-4" aria-hidden="true" />
        Mark no-show
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Mark this booking a no-show?</AlertDialogTitle>
          <AlertDialogDescription>
            {renter} has not checked in to {booking.space?.title ?? 'your space'}. No-shows are not refunded; the renter is told and may
            dispute it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mark.isPending}>Keep booking</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={mark.isPending}>
            {mark.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
            Mark no-show
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
