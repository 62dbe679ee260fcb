import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { cancellationPolicyText } from '@/shared/stays';
import type { Booking } from '@/shared/schemas/bookings';
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
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { useCancelBooking, useCancellationQuote } from '../api/cancel-booking';
import { shortBookingDay } from '../lib/booking-dates';
import { formatRefund } from '../lib/booking-outcome';

/**
 * Cancel for a confirmed booking ("Cancel Tue, Dec 1" for an occurrence of a series): the confirm dialog first shows what
 * cancelling now refunds (asked from the server, by the listing's policy),
 * any first-booking fee kept and why (docs/decisions/008-first-booking-fee-on-cancellation.md),
 * then the outcome as a toast ('Booking cancelled' with the refund decided).
 */
export function CancelBookingButton({
  booking,
  userId,
}: {
  booking: Pick<Booking, 'id' | 'cancellationPolicyTier' | 'space' | 'seriesId' | 'startDate' | 'requiresCheckIn'>;
  userId: string;
}) {
  const [open, setOpen] = useState(false);
  const quote = useCancellationQuote(booking.id, open);
  const cancel = useCancelBooking(userId);

  const confirm = () => {
    cancel.mutate(booking.id, {
      onSuccess: (cancelled) => {
        setOpen(false);
        toast({ title: 'Booking cancelled', description: `Refund: ${formatRefund(cancelled.refundAmount)}.` });
      },
      onError: (error) => {
        const serverMessage = isApiError(error, 409) ? error.serverMessage : undefined;
        toast({ variant: 'destructive', title: 'Failed to cancel booking', description: serverMessage ?? 'Please try again later.' });
      },
    });
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {/* A series' rows look alike: each Cancel names its own day. */}
        {booking.seriesId ? `Cancel ${shortBookingDay(booking)}` : 'Cancel'}
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel this booking?</AlertDialogTitle>
          <AlertDialogDescription>{booking.space?.title ?? 'Medical space'}</AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-2 text-sm text-slate-700" aria-live="polite">
          {quote.isPending ? (
            <p>Checking your refund…</p>
          ) : quote.isError ? (
            <p className="text-red-800">Could not check the refund. Please try again later.</p>
          ) : (
            <>
              <p className="text-base text-slate-900" data-testid="refund-quote">
                Refund if you cancel now: <strong>{formatRefund(quote.data.refundAmount)}</strong> of {formatRefund(quote.data.totalPrice)}
              </p>
              {quote.data.keptFeeAmount !== '0.00' ? (
                <p className="text-slate-900" data-testid="kept-fee">
                  Platform fee kept: <strong>{formatRefund(quote.data.keptFeeAmount)}</strong>
                </p>
              ) : null}
              <p data-testid="refund-reason">{quote.data.reason}</p>
              <p>{cancellationPolicyText(quote.data.cancellationPolicyTier, booking.requiresCheckIn)}</p>
            </>
          )}
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep booking</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: the dialog stays open until the server has answered. */}
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending || !quote.isSuccess}>
            {cancel.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Cancel booking
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
