import { LoaderCircle } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { describeDates } from '@/shared/booking-notices';
import { centsOf } from '@/client/lib/format';
import { formatUsd } from '@/shared/money';
import type { Booking } from '@/shared/schemas/bookings';
import type { RescheduleRequest } from '@/shared/schemas/reschedules';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { isApiError } from '@/client/lib/api-client';
import { toast } from '@/client/lib/use-toast';
import { useRescheduleQuote } from '../api/quote-reschedule';
import { getReschedulesQueryOptions, useReschedules } from '../api/get-reschedules';
import { useRescheduleBooking } from '../api/reschedule-booking';

/** The new time as the pickers hand it: the booking format of its space, '' while not chosen. */
export interface RescheduleTimesField {
  value: { startDate: string; endDate: string };
  onChange: (value: { startDate: string; endDate: string }) => void;
  autoFocus: boolean;
}

/** A signed amount ("-40.00") in words: what the renter is refunded or pays. */
function differenceLine(amount: string): string {
  const negative = amount.startsWith('-');
  const cents = centsOf(negative ? amount.slice(1) : amount) ?? 0;
  if (cents === 0) return 'No price difference';
  return negative ? `Refund to your card: ${formatUsd(cents)}` : `To pay: ${formatUsd(cents)}`;
}

/**
 * "Change date or time" for a booking the renter may still move (docs/decisions/040-rescheduling.md):
 * a dialog with the space's booking calendar (`renderTimes`, the page hands in the schedules
 * feature's pickers as the booking dialog does), then the price difference asked from the server,
 * said as cancelling would cost outside the free window, before "Confirm change". On a
 * request-to-book listing the change is asked of the owner: while it waits, the row says so instead.
 */
export function RescheduleButton({
  booking,
  renderTimes,
  onChanged,
}: {
  booking: Pick<Booking, 'id' | 'startDate' | 'endDate' | 'space' | 'instantBook'>;
  renderTimes: (field: RescheduleTimesField) => ReactNode;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [dates, setDates] = useState<RescheduleRequest>({ startDate: '', endDate: '' });
  const quote = useRescheduleQuote(booking.id, open ? dates : { startDate: '', endDate: '' });
  const queryClient = useQueryClient();
  const history = useReschedules(booking.id, !booking.instantBook);
  const change = useRescheduleBooking(booking.id, () => {
    onChanged();
    void queryClient.invalidateQueries({ queryKey: getReschedulesQueryOptions(booking.id).queryKey });
  });
  const period = booking.space?.pricePeriod ?? 'daily';
  const timeZone = booking.space?.timeZone ?? 'UTC';
  const waiting = history.data?.find((reschedule) => reschedule.status === 'requested');

  const openChange = (next: boolean) => {
    if (change.isPending) return;
    setOpen(next);
    if (!next) setDates({ startDate: '', endDate: '' });
  };
  const confirm = () => {
    change.mutate(
      { ...dates, currentStartDate: booking.startDate },
      {
        onSuccess: (answer) => {
          setOpen(false);
          setDates({ startDate: '', endDate: '' });
          if (answer.status === 'reschedule_requested') {
            toast({ title: 'Change requested', description: 'The owner will accept or decline your new time.' });
          } else {
            const moved = answer;
            toast({
              title: 'Booking changed',
              description: describeDates({ startAt: moved.startDate, endAt: moved.endDate, timeZone, pricePeriod: period }),
            });
          }
        },
        onError: (error) => {
          const message = isApiError(error, 400, 409) ? error.serverMessage : undefined;
          toast({ variant: 'destructive', title: 'Could not change the booking', description: message ?? 'Please try again later.' });
        },
      },
    );
  };

  if (waiting) {
    return (
      <p className="text-sm text-slate-700" data-testid="reschedule-waiting">
        Change to {describeDates({ startAt: waiting.toStartDate, endAt: waiting.toEndDate, timeZone, pricePeriod: period })} requested:
        waiting for the owner.
      </p>
    );
  }
  const chosen = Boolean(dates.startDate && dates.endDate);
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Change date or time
      </Button>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Change date or time</DialogTitle>
          <DialogDescription>
            {booking.space?.title ?? 'Medical space'}: now{' '}
            {describeDates({ startAt: booking.startDate, endAt: booking.endDate, timeZone, pricePeriod: period })}
          </DialogDescription>
        </DialogHeader>
        {renderTimes({ value: dates, onChange: setDates, autoFocus: true })}
        <div className="grid gap-1 text-sm text-slate-700" aria-live="polite" data-testid="reschedule-quote">
          {!chosen ? (
            <p>Choose the new time to see the price difference.</p>
          ) : quote.isPending ? (
            <p>Checking the price…</p>
          ) : quote.isError ? (
            <p className="text-red-800">
              {isApiError(quote.error, 400, 409) ? quote.error.serverMessage : 'Could not check the price. Please try again later.'}
            </p>
          ) : (
            <>
              <p className="text-base text-slate-900">
                New time: {describeDates({ startAt: quote.data.startDate, endAt: quote.data.endDate, timeZone, pricePeriod: period })}
              </p>
              <p className="text-base font-medium text-slate-900" data-testid="price-difference">
                {differenceLine(quote.data.priceDifference)}
              </p>
              <p>{quote.data.explanation}</p>
              {quote.data.needsOwnerAnswer ? <p>The owner must accept the change; until then your booking stays as it is.</p> : null}
            </>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => openChange(false)} disabled={change.isPending}>
            Keep current time
          </Button>
          <Button onClick={confirm} disabled={change.isPending || !quote.isSuccess}>
            {change.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Confirm change
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
