import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { CANCELLATION_POLICY_TEXT } from '@/shared/cancellation';
import { formatUsd } from '@/shared/money';
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
import { centsOf } from '@/client/lib/format';
import { useCancelBookingSeries, useSeriesCancellationQuote } from '../api/cancel-booking-series';

const money = (amount: string) => formatUsd(centsOf(amount) ?? 0);

/**
 * "Cancel the rest of the series" (docs/decisions/026-booking-series.md): the confirm dialog first
 * shows what cancelling every remaining upcoming booking refunds now (each by its own policy tier,
 * asked from the server) and why, then cancels them all with one refund.
 */
export function CancelSeriesButton({
  seriesId,
  spaceTitle,
  upcoming,
  userId,
}: {
  seriesId: string;
  spaceTitle: string;
  /** How many bookings are left to cancel. */
  upcoming: number;
  userId: string;
}) {
  const [open, setOpen] = useState(false);
  const quote = useSeriesCancellationQuote(seriesId, open);
  const cancel = useCancelBookingSeries(userId);

  const confirm = () => {
    cancel.mutate(seriesId, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Bookings cancelled', description: `Refund: ${quote.data ? money(quote.data.refundAmount) : 'as quoted'}.` });
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
        Cancel the rest of the series
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel the rest of the series?</AlertDialogTitle>
          <AlertDialogDescription>
            {upcoming} upcoming {upcoming === 1 ? 'booking' : 'bookings'} at {spaceTitle}. Past bookings stay as they are.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-2 text-sm text-slate-700" aria-live="polite">
          {quote.isPending ? (
            <p>Checking your refund…</p>
          ) : quote.isError ? (
            <p className="text-red-800">Could not check the refund. Please try again later.</p>
          ) : (
            <>
              <p className="text-base text-slate-900" data-testid="series-refund-quote">
                Refund if you cancel now: <strong>{money(quote.data.refundAmount)}</strong> of {money(quote.data.totalPrice)}
              </p>
              {quote.data.keptFeeAmount !== '0.00' ? (
                <p className="text-slate-900">
                  Platform fee kept: <strong>{money(quote.data.keptFeeAmount)}</strong>
                </p>
              ) : null}
              <p data-testid="series-refund-reason">{quote.data.reason}</p>
              <p>{CANCELLATION_POLICY_TEXT[quote.data.cancellationPolicyTier]}</p>
            </>
          )}
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep bookings</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: the dialog stays open until the server has answered. */}
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending || !quote.isSuccess}>
            {cancel.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Cancel the rest
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
