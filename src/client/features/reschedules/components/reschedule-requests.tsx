import { LoaderCircle } from 'lucide-react';
import { describeDates } from '@/shared/booking-notices';
import { formatUsd } from '@/shared/money';
import type { RescheduleRequestItem } from '@/shared/schemas/reschedules';
import { Button } from '@/client/components/ui/button';
import { LoadError } from '@/client/components/ui/states';
import { isApiError } from '@/client/lib/api-client';
import { centsOf } from '@/client/lib/format';
import { toast } from '@/client/lib/use-toast';
import { useAnswerReschedule } from '../api/answer-reschedule';
import { useRescheduleRequests } from '../api/get-reschedule-requests';

/** The dates of a booking or of the time asked, in its space's zone. */
function when(item: RescheduleRequestItem, startAt: string, endAt: string): string {
  const space = item.booking.space;
  return describeDates({ startAt, endAt, timeZone: space?.timeZone ?? 'UTC', pricePeriod: space?.pricePeriod ?? 'daily' });
}

/** What the change gives back to the renter, if anything. */
function refundNote(amount: string): string | null {
  if (!amount.startsWith('-')) return null;
  return `The renter is refunded ${formatUsd(centsOf(amount.slice(1)) ?? 0)}.`;
}

/**
 * Renters' requests to move bookings of the owner's request-to-book spaces
 * (docs/decisions/040-rescheduling.md), each with Accept (the dates are checked again and the booking
 * moves) and Decline (it stays). Shows nothing when there is none, so the page can place it beside
 * the booking requests.
 */
export function RescheduleRequests({ userId, onChanged }: { userId: string; onChanged: () => void }) {
  const requests = useRescheduleRequests(userId);
  const answer = useAnswerReschedule(userId, onChanged);
  if (requests.isPending) return null;
  if (requests.isError) return <LoadError>Failed to load change requests. Please try again later.</LoadError>;
  if (requests.data.length === 0) return null;

  const respond = (bookingId: string, kind: 'accept' | 'decline') =>
    answer.mutate(
      { bookingId, answer: kind },
      {
        onSuccess: () => toast({ title: kind === 'accept' ? 'Change accepted' : 'Change declined' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: kind === 'accept' ? 'Failed to accept the change' : 'Failed to decline the change',
            description: (isApiError(error, 400, 409) ? error.serverMessage : undefined) ?? 'Please try again later.',
          }),
      },
    );

  return (
    <section className="grid gap-3" aria-labelledby="reschedule-requests-title">
      <h2 id="reschedule-requests-title" className="text-lg leading-tight font-semibold text-slate-900">
        Requests to Change a Booking
      </h2>
      {requests.data.map((item) => {
        const busy = answer.isPending && answer.variables?.bookingId === item.bookingId ? answer.variables.answer : null;
        const renter = item.booking.renter ? `${item.booking.renter.firstName} ${item.booking.renter.lastName}` : 'The renter';
        return (
          <div
            key={item.id}
            className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
            data-testid="reschedule-request"
          >
            <div className="min-w-0 text-sm text-slate-700">
              <p className="font-medium text-slate-900">
                {renter} asks to move their booking of {item.booking.space?.title ?? 'your space'}
              </p>
              <p>From {when(item, item.fromStartDate, item.fromEndDate)}</p>
              <p>To {when(item, item.toStartDate, item.toEndDate)}</p>
              {refundNote(item.priceDifference) ? <p>{refundNote(item.priceDifference)}</p> : null}
            </div>
            <div className="flex gap-2">
              <Button size="sm" onClick={() => respond(item.bookingId, 'accept')} disabled={answer.isPending}>
                {busy === 'accept' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                Accept change
              </Button>
              <Button size="sm" variant="outline" onClick={() => respond(item.bookingId, 'decline')} disabled={answer.isPending}>
                {busy === 'decline' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                Decline change
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
