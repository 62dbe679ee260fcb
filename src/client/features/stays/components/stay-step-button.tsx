import { LoaderCircle, LogIn } from 'lucide-react';
import { useState } from 'react';
import type { Booking } from '@/shared/schemas/bookings';
import { nextStayStep } from '@/shared/stays';
import { Button } from '@/client/components/ui/button';
import { isApiError } from '@/client/lib/api-client';
import { toast } from '@/client/lib/use-toast';
import { useTakeStayStep } from '../api/take-stay-step';
import { stayBookingOf } from '../lib/stay-booking';
import { CheckOutDialog } from './check-out-dialog';

/**
 * "Check in" or "Check out" on the renter's booking, when the rules of the day of the stay
 * (src/shared/stays.ts) allow it as the list was opened; the server checks again. "Check out" opens
 * the turnover checklist first ({@link CheckOutDialog}). `onTaken` is told the booking as it now is
 * (the page refreshes its lists).
 */
export function StayStepButton({ booking, onTaken }: { booking: Booking; onTaken: (booking: Booking) => void }) {
  const [openedAt] = useState(() => new Date());
  const take = useTakeStayStep(onTaken);
  const step = nextStayStep(stayBookingOf(booking), openedAt);
  if (!step) return null;
  if (step === 'check_out') return <CheckOutDialog booking={booking} onTaken={onTaken} />;
  const onClick = () =>
    take.mutate(
      { bookingId: booking.id, step },
      {
        onSuccess: () => toast({ title: 'Checked in' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to check in',
            description: (isApiError(error, 409) ? error.serverMessage : undefined) ?? 'Please try again later.',
          }),
      },
    );
  return (
    <Button size="sm" onClick={onClick} disabled={take.isPending}>
      {take.isPending ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <LogIn className="size-4" aria-hidden="true" />
      )}
      Check in
    </Button>
  );
}
